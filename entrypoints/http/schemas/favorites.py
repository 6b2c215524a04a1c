"""The request and response Structs of ``entrypoints/http/favorites.py``: the watch list."""

from __future__ import annotations

from datetime import datetime

from domain.errors import ValidationError
from entrypoints.http.guards import MAX_ID
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.products import ProductOut


@describe(required=["productId"], fields={"productId": {"minimum": 1, "maximum": MAX_ID}})
class FavoriteIn(CamelStruct):
    product_id: int | None = None

    def required_id(self) -> int:
        if self.product_id is None:
            raise ValidationError({"productId": "productId is required"})
        return self.product_id


class FavoriteOut(CamelStruct):
    id: int
    product_id: int
    created_at: datetime


class WatchedOut(FavoriteOut):
    product: ProductOut


class FavoriteCheckOut(CamelStruct):
    is_favorited: bool
