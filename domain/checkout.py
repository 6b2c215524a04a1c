"""What a buyer is charged for a listing at checkout (DESIGN §3: the server owns prices).

The price is the listing's, or the agreed price of an accepted offer when that offer
is this buyer's offer on this listing, but never more than the listing's price now (a
seller who lowered the price after the offer charges the lower one). A price sent by the
client is never used.
Only an available listing can be bought, or a reserved one by the buyer whose accepted
offer holds it (``domain/offers.py``, the 24-hour reservation).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from domain.catalog import ListingStatus
from domain.errors import Conflict, Forbidden
from domain.fees import CheckoutTotals, checkout_totals
from domain.money import round_money
from domain.offers import Offer
from domain.orders import ensure_not_own_listing


def checkout_price(
    *,
    product_id: int,
    listing_price: Decimal,
    listing_status: ListingStatus | str,
    seller_id: int,
    buyer_id: int,
    offer: Offer | None = None,
    now: datetime | None = None,
) -> Decimal:
    """The item price to charge ``buyer_id``; raises when they may not buy it."""
    ensure_not_own_listing(buyer_id=buyer_id, seller_id=seller_id)
    status = ListingStatus(listing_status)
    held = (offer is not None and now is not None
            and offer.holds_item_for(buyer_id, product_id, now))
    if not status.is_purchasable and not held:
        raise Conflict(status.unavailable_message)
    if offer is None:
        return round_money(listing_price)
    require_own_offer(offer, product_id=product_id, buyer_id=buyer_id)
    agreed = offer.agreed_price
    if agreed is None:
        raise Conflict("That offer has not been accepted.")
    # The buyer never pays more than the price now (the seller may have lowered it since).
    return min(agreed, round_money(listing_price))


SELLER_CLOSED = "The seller has closed their account, so this item cannot be bought."
BUYER_CLOSED = "Your account is closed."


def ensure_open_accounts(*, buyer_closed: bool, seller_closed: bool) -> None:
    """A closed account takes part in no new order, as buyer (403) or seller (409)."""
    if buyer_closed:
        raise Forbidden(BUYER_CLOSED)
    if seller_closed:
        raise Conflict(SELLER_CLOSED)


def require_own_offer(offer: Offer, *, product_id: int, buyer_id: int) -> None:
    """Only the offer's buyer can pay with it, and only for its listing (403)."""
    if offer.product_id != product_id or offer.buyer_id != buyer_id:
        raise Forbidden("That offer is not yours to pay.")


def checkout_quote(
    *,
    product_id: int,
    listing_price: Decimal,
    listing_status: ListingStatus | str,
    seller_id: int,
    buyer_id: int,
    offer: Offer | None = None,
    now: datetime | None = None,
) -> CheckoutTotals:
    """:func:`checkout_price` with the service fee and shipping added."""
    price = checkout_price(
        product_id=product_id,
        listing_price=listing_price,
        listing_status=listing_status,
        seller_id=seller_id,
        buyer_id=buyer_id,
        offer=offer,
        now=now,
    )
    return checkout_totals(price)
