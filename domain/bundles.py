"""Bundles: a seller's discount tiers and the price of several of their items in one order.

A seller sets up to :data:`MAX_TIERS` tiers, each "buy ``min_items`` or more, save
``percent``%": ``min_items`` from 2 to 10 and ``percent`` from 1 to 50, both strictly
increasing from one tier to the next. A bundle of ``n`` items gets the tier with the largest
``min_items`` that ``n`` reaches (so the largest percent), or none.

What a bundle costs (:func:`bundle_totals`): the items' prices add up to the subtotal; the
discount is the tier's percent of it, rounded to the cent; the 5% service fee is charged on
the discounted subtotal and ONE $5.00 shipping is added, whatever the number of items. Every
amount goes through :func:`domain.money.round_money`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from domain.catalog import UNAVAILABLE_MESSAGE
from domain.errors import Conflict, ValidationError
from domain.fees import CheckoutTotals, checkout_totals
from domain.listings import Listing
from domain.money import ZERO, round_money

MAX_TIERS = 3
MIN_ITEMS_RANGE = (2, 10)
PERCENT_RANGE = (1, 50)
# How many items one bundle (one order) may hold: a parcel, not a warehouse.
MAX_BUNDLE_ITEMS = 20
MAX_BAG_ITEMS = 100
OWN_LISTING_IN_BAG = "You cannot add your own listing to your bag."
BAG_FULL = f"Your bag is full ({MAX_BAG_ITEMS} items). Check out or remove some first."


@dataclass(frozen=True, slots=True, order=True)
class BundleTier:
    """Buy ``min_items`` or more of one seller's items, save ``percent`` percent."""

    min_items: int
    percent: int

    @property
    def label(self) -> str:
        """``"Buy 2, save 10%"``, as profiles and product pages show it."""
        return f"Buy {self.min_items}, save {self.percent}%"


def validate_tiers(tiers: Sequence[tuple[int, int]]) -> list[BundleTier]:
    """The tiers as :class:`BundleTier`, or :class:`ValidationError` with a sentence.

    ``tiers`` is a sequence of ``(min_items, percent)`` in the order the seller gave them;
    an empty sequence turns bundle discounts off.
    """
    if len(tiers) > MAX_TIERS:
        raise ValidationError({"tiers": f"You can set at most {MAX_TIERS} bundle discounts."})
    low_items, high_items = MIN_ITEMS_RANGE
    low_percent, high_percent = PERCENT_RANGE
    found: list[BundleTier] = []
    for position, (min_items, percent) in enumerate(tiers, start=1):
        if not low_items <= min_items <= high_items:
            raise ValidationError({"tiers": f"Discount {position}: the number of items must be "
                                            f"between {low_items} and {high_items}."})
        if not low_percent <= percent <= high_percent:
            raise ValidationError({"tiers": f"Discount {position}: the percentage must be "
                                            f"between {low_percent} and {high_percent}."})
        if found and min_items <= found[-1].min_items:
            raise ValidationError({"tiers": f"Discount {position} must need more items than "
                                            f"discount {position - 1}."})
        if found and percent <= found[-1].percent:
            raise ValidationError({"tiers": f"Discount {position} must save more than "
                                            f"discount {position - 1}."})
        found.append(BundleTier(min_items, percent))
    return found


def best_tier(tiers: Iterable[BundleTier], item_count: int) -> BundleTier | None:
    """The tier a bundle of ``item_count`` items gets: the largest one it reaches."""
    reached = [tier for tier in tiers if tier.min_items <= item_count]
    return max(reached, key=lambda tier: (tier.min_items, tier.percent), default=None)


@dataclass(frozen=True, slots=True)
class BundleTotals:
    """A bundle's bill: ``discounted = subtotal - discount``;
    ``total = discounted + service_fee + shipping``."""

    item_count: int
    subtotal: Decimal
    tier: BundleTier | None
    discount: Decimal
    discounted: Decimal
    service_fee: Decimal
    shipping: Decimal
    total: Decimal

    @property
    def percent(self) -> int:
        return 0 if self.tier is None else self.tier.percent

    @property
    def checkout(self) -> CheckoutTotals:
        return CheckoutTotals(item=self.discounted, service_fee=self.service_fee,
                              shipping=self.shipping, total=self.total)


def bundle_totals(prices: Sequence[Decimal], tiers: Iterable[BundleTier]) -> BundleTotals:
    """What one order of items at ``prices`` from one seller costs (see the module)."""
    if not prices:
        raise ValueError("a bundle holds at least one item")
    subtotal = round_money(sum((round_money(p) for p in prices), ZERO))
    tier = best_tier(tiers, len(prices))
    discount = ZERO if tier is None else round_money(subtotal * tier.percent / Decimal(100))
    bill = checkout_totals(subtotal - discount)
    return BundleTotals(item_count=len(prices), subtotal=subtotal, tier=tier,
                        discount=discount, discounted=bill.item, service_fee=bill.service_fee,
                        shipping=bill.shipping, total=bill.total)


def discount_of(subtotal: Decimal, charged: Decimal) -> Decimal:
    """The discount an order was given: its items' sum minus the price it charged."""
    return max(ZERO, round_money(subtotal) - round_money(charged))


# -- what one order may hold, and the bag it is filled from ---------------------------------


def bundle_ids(product_id: int | None, product_ids: list[int] | None,
               offer_id: int | None) -> list[int]:
    """The listings an order asks for, each once, in the order given (400 otherwise)."""
    wanted = list(dict.fromkeys(product_ids or ([] if product_id is None else [product_id])))
    if product_id is not None and product_ids and product_id not in wanted:
        wanted.insert(0, product_id)
    if not wanted:
        raise ValidationError({"productIds": "Please choose at least one item."})
    if len(wanted) > MAX_BUNDLE_ITEMS:
        raise ValidationError({"productIds": f"A bundle can hold at most {MAX_BUNDLE_ITEMS} "
                                             "items."})
    if offer_id is not None and len(wanted) > 1:
        raise ValidationError({"offerId": "An accepted offer pays for its own item only; "
                                          "check it out on its own."})
    return wanted


def one_seller(listings: list[Listing]) -> int:
    """The seller of every listing (400 when a bundle mixes sellers)."""
    sellers = {listing.seller_id for listing in listings}
    if len(sellers) != 1:
        raise ValidationError({"productIds": "A bundle can only hold items from one seller."})
    return sellers.pop()


def ensure_baggable(listing: Listing, member_id: int) -> None:
    """Only someone else's available listing goes in a bag (400 own, 409 unavailable)."""
    if listing.seller_id == member_id:
        raise ValidationError({"productId": OWN_LISTING_IN_BAG})
    if not listing.status.is_purchasable:
        raise Conflict(UNAVAILABLE_MESSAGE)


def ensure_bag_room(held: list[int], product_id: int) -> None:
    """A bag holds at most :data:`MAX_BAG_ITEMS` listings (adding one it holds is a no-op)."""
    if product_id not in held and len(held) >= MAX_BAG_ITEMS:
        raise Conflict(BAG_FULL)

