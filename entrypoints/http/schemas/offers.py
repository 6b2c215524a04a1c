"""The request and response Structs of ``entrypoints/http/offers.py``: making and answering offers,
their lists, badge counts."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from litestar.params import Parameter

from domain.errors import ValidationError
from entrypoints.http.schemas import CamelStruct

MAX_ID = 2**31 - 1
Amount = str | int | float | None


class OfferIn(CamelStruct):
    product_id: Annotated[int, Parameter(ge=1, le=MAX_ID)] | None = None
    offer_price: Amount = None
    offer_amount: Amount = None
    message: str | None = None

    def required_product_id(self) -> int:
        if self.product_id is None:
            raise ValidationError({"productId": "productId is required"})
        return self.product_id

    def price(self) -> str | None:
        price = self.offer_price if self.offer_price is not None else self.offer_amount
        return None if price is None else str(price)


class WatcherOfferIn(CamelStruct):
    price: Amount = None


class WatcherOffersOut(CamelStruct):
    sent: int  # how many watchers got the offer
    price: str
    expires_at: datetime


class RespondIn(CamelStruct):
    status: str | None = None
    counter_price: Amount = None


class MarkReadIn(CamelStruct):
    product_id: Annotated[int, Parameter(ge=1, le=MAX_ID)] | None = None


class PersonOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None


class OfferProductOut(CamelStruct):
    id: int
    title: str
    price: str
    status: str
    images: list[str]
    thumbnails: list[str]


class OfferOut(CamelStruct):
    id: int
    product_id: int
    buyer_id: int
    seller_id: int
    status: str
    original_price: str
    offer_price: str
    counter_price: str | None
    agreed_price: str | None
    message: str | None
    decline_reason: str | None
    reserved_until: datetime | None
    from_seller: bool  # the seller's offer to the watchers of the listing
    expires_at: datetime | None  # when an offer to a watcher ends unanswered
    order_id: int | None
    created_at: datetime
    updated_at: datetime | None
    product: OfferProductOut
    buyer: PersonOut | None
    seller: PersonOut | None


class OfferPageOut(CamelStruct):
    items: list[OfferOut]
    next_cursor: str | None


class OfferCountsOut(CamelStruct):
    accepted_buyer_offers: int
    new_seller_offers: int


class MarkedOut(CamelStruct):
    updated: int
