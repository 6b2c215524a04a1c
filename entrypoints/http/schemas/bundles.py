"""The request and response Structs of ``entrypoints/http/bundles.py``: a seller's discount tiers
and a member's bag."""

from __future__ import annotations

from typing import Annotated

import msgspec

from entrypoints.http.guards import MAX_ID
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.products import ProductOut, SellerOut

Small = Annotated[int, msgspec.Meta(ge=-1000, le=1000)]


class TierIn(CamelStruct):
    min_items: Small
    percent: Small


@describe(required=["tiers"])
class BundleDiscountsIn(CamelStruct):
    tiers: Annotated[list[TierIn], msgspec.Meta(max_length=20)]


class TierOut(CamelStruct):
    min_items: int
    percent: int
    label: str  # "Buy 2, save 10%"


class BundleDiscountsOut(CamelStruct):
    tiers: list[TierOut]


@describe(required=["productId"], fields={"productId": {"minimum": 1, "maximum": MAX_ID}})
class BagItemIn(CamelStruct):
    product_id: Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]


class BagItemOut(CamelStruct):
    product: ProductOut
    available: bool


class BagGroupOut(CamelStruct):
    """One seller's items; the money is what checking the available ones out charges."""

    seller: SellerOut | None
    seller_id: int
    items: list[BagItemOut]
    tiers: list[TierOut]
    item_count: int  # available items, the ones a checkout would buy
    subtotal: str
    discount: str
    discount_percent: int
    price: str  # subtotal - discount
    service_fee: str
    shipping: str
    total: str
    next_tier: TierOut | None  # the discount more items would reach


class BagOut(CamelStruct):
    count: int
    groups: list[BagGroupOut]
