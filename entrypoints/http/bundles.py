"""Bundles over HTTP: a seller's bundle discounts and a member's bag (issue 38 item 1).
Thin: parse, call one service, map the result. Checking a bag group out is
``POST /api/orders`` with ``productIds``."""

from __future__ import annotations

from litestar import Controller, get, post, put
from litestar import delete as delete_route
from litestar.status_codes import HTTP_200_OK

from application.bundles import BagGroup, BagView, BundleService
from domain.accounts import User
from domain.bundles import BundleTier
from domain.money import format_amount
from entrypoints.http.schemas.bundles import (
    BagGroupOut,
    BagItemIn,
    BagItemOut,
    BagOut,
    BundleDiscountsIn,
    BundleDiscountsOut,
    TierOut,
)
from entrypoints.http.schemas.products import product_out, seller_out


def tiers_out(tiers: list[BundleTier]) -> BundleDiscountsOut:
    return BundleDiscountsOut(tiers=[_tier(t) for t in tiers])


def _tier(tier: BundleTier) -> TierOut:
    return TierOut(min_items=tier.min_items, percent=tier.percent, label=tier.label)


def _group(group: BagGroup) -> BagGroupOut:
    bill, card = group.bill, group.seller
    money = {name: format_amount(0) for name in
             ("subtotal", "discount", "price", "service_fee", "shipping", "total")}
    if bill is not None:
        money = {"subtotal": format_amount(bill.subtotal),
                 "discount": format_amount(bill.discount),
                 "price": format_amount(bill.discounted),
                 "service_fee": format_amount(bill.service_fee),
                 "shipping": format_amount(bill.shipping), "total": format_amount(bill.total)}
    seller = None if card is None else seller_out(
        card, group.items[0].away if group.items else None)
    next_tier = group.next_tier
    return BagGroupOut(
        seller=seller, seller_id=group.seller_id,
        items=[BagItemOut(product=product_out(v), available=v.listing.id in group.available_ids)
               for v in group.items],
        tiers=[_tier(t) for t in group.tiers], item_count=len(group.available_ids),
        discount_percent=0 if bill is None else bill.percent,
        next_tier=None if next_tier is None else _tier(next_tier), **money)


def bag_out(view: BagView) -> BagOut:
    return BagOut(count=view.count, groups=[_group(g) for g in view.groups])


class BundleController(Controller):
    path = "/api"
    tags = ["bundles"]

    @put("/user/bundle-discounts")
    async def set_discounts(self, data: BundleDiscountsIn, current_user: User,
                            bundles: BundleService) -> BundleDiscountsOut:
        """Set my bundle discounts.

        Signed-in members only (401 for visitors), for their own listings. Up to 3 tiers,
        each "buy `minItems` or more (2 to 10), save `percent`% (1 to 50)", both rising from
        one tier to the next; the list replaces the current one (an empty list removes
        them). 400 with a sentence when a tier breaks these rules.
        """
        return tiers_out(await bundles.set_tiers(
            current_user, [(t.min_items, t.percent) for t in data.tiers]))

    @get("/users/{user_id:int}/bundle-discounts")
    async def discounts(self, user_id: int, bundles: BundleService) -> BundleDiscountsOut:
        """Read a seller's bundle discounts.

        Public. The seller's tiers, fewest items first (an empty list when they have none).
        404 for an unknown member.
        """
        return tiers_out(await bundles.tiers_of(user_id))

    @get("/bag")
    async def bag(self, current_user: User, bundles: BundleService) -> BagOut:
        """Read my bag.

        Signed-in members only (401 for visitors). The listings in the caller's bag, grouped
        by seller, each group with the seller's tiers and what its available items would
        cost as one bundle (none for a seller blocked either way).
        """
        return bag_out(await bundles.bag(current_user))

    @post("/bag/items", status_code=HTTP_200_OK, opt={"errors": {404, 409}})
    async def add(self, data: BagItemIn, current_user: User, bundles: BundleService) -> BagOut:
        """Put a listing in my bag.

        Signed-in members only (401 for visitors). 200 with the bag; adding a listing
        already there changes nothing. 400 for the caller's own listing; 403 when the caller
        may not buy from the seller (blocked either way, suspended, closed); 404 for an
        unknown listing; 409 when it is not available, the seller is away, suspended or
        gone, or the bag already holds 100 listings.
        """
        return bag_out(await bundles.add(current_user, data.product_id))

    @delete_route("/bag/items/{product_id:int}", status_code=HTTP_200_OK)
    async def remove(self, product_id: int, current_user: User, bundles: BundleService
                     ) -> BagOut:
        """Take a listing out of my bag.

        Signed-in members only (401 for visitors). 200 with the bag; 404 when the listing is
        not in the caller's bag.
        """
        return bag_out(await bundles.remove(current_user, product_id))
