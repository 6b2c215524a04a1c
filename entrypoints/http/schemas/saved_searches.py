"""The request and response Structs of ``entrypoints/http/saved_searches.py``: the saved query,
lists, new matches."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from domain.saved_searches import SavedQuery
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.products import ProductOut

Text = Annotated[str, msgspec.Meta(max_length=200)]
Values = str | Annotated[list[Text], msgspec.Meta(max_length=20)] | None
def _values(value: Values) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


class SavedQueryIn(CamelStruct):
    """The shop's query and filters; each filter one value or a list of them."""

    q: Text | None = None
    brand: Values = None
    category: Values = None
    size: Values = None
    condition: Values = None
    min_price: Text | None = None
    max_price: Text | None = None

    def parsed(self) -> SavedQuery:
        return SavedQuery(self.q or "", _values(self.brand), _values(self.category),
                          _values(self.size), _values(self.condition),
                          self.min_price, self.max_price)


class SavedSearchIn(CamelStruct):
    query: SavedQueryIn
    name: Text | None = None


class SavedQueryOut(CamelStruct):
    q: str
    brand: list[str]
    category: list[str]
    size: list[str]
    condition: list[str]
    min_price: str | None
    max_price: str | None


class SavedSearchOut(CamelStruct):
    id: int
    name: str
    query: SavedQueryOut
    new_count: int  # matches new since it was last opened (of the newest 100)
    created_at: datetime
    opened_at: datetime


class SavedSearchListOut(CamelStruct):
    items: list[SavedSearchOut]


class MatchesOut(CamelStruct):
    search: SavedSearchOut
    items: list[ProductOut]  # the newest 48 matches
    new_ids: list[int]  # those new since it was last opened
