"""What a buyer is charged for a listing at checkout (DESIGN §3: the server owns prices).

The price is the listing's, or the agreed price of an accepted offer when that offer
is this buyer's offer on this listing. A price sent by the client is never used.
"""

from __future__ import annotations

from decimal import Decimal

from domain.catalog import ListingStatus
from domain.errors import Conflict, Forbidden
from domain.fees import CheckoutTotals, checkout_totals
from domain.money import round_money
from domain.offers import Offer


def checkout_price(
    *,
    product_id: int,
    listing_price: Decimal,
    listing_status: ListingStatus | str,
    seller_id: int,
    buyer_id: int,
    offer: Offer | None = None,
) -> Decimal:
    """The item price to charge ``buyer_id``; raises when they may not buy it."""
    if buyer_id == seller_id:
        raise Forbidden("You cannot buy your own listing.")
    if not ListingStatus(listing_status).is_purchasable:
        raise Conflict("This item is no longer available.")
    if offer is None:
        return round_money(listing_price)
    if offer.product_id != product_id or offer.buyer_id != buyer_id:
        raise Forbidden("That offer is not yours to pay.")
    agreed = offer.agreed_price
    if agreed is None:
        raise Conflict("That offer has not been accepted.")
    return agreed


def checkout_quote(
    *,
    product_id: int,
    listing_price: Decimal,
    listing_status: ListingStatus | str,
    seller_id: int,
    buyer_id: int,
    offer: Offer | None = None,
) -> CheckoutTotals:
    """:func:`checkout_price` with the service fee and shipping added."""
    price = checkout_price(
        product_id=product_id,
        listing_price=listing_price,
        listing_status=listing_status,
        seller_id=seller_id,
        buyer_id=buyer_id,
        offer=offer,
    )
    return checkout_totals(price)
