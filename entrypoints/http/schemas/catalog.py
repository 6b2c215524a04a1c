"""The request and response Structs of ``entrypoints/http/catalog.py``: listing bodies (JSON and
form), facets, suggestions."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.catalog import MAX_LISTING_IMAGES, Category, Condition, Size
from domain.validation.listings import (
    BRAND_MAX,
    DESCRIPTION_MAX,
    DESCRIPTION_MIN,
    TITLE_MAX,
    TITLE_MIN,
)
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct

Price = str | float | None
#: The listing fields' limits, documented once for creating and for editing.
LISTING_FIELDS: dict[str, dict[str, Any]] = {
    "title": {"minLength": TITLE_MIN, "maxLength": TITLE_MAX},
    "description": {"minLength": DESCRIPTION_MIN, "maxLength": DESCRIPTION_MAX},
    "brand": {"maxLength": BRAND_MAX},
    "size": {"enum": [s.value for s in Size]},
    "condition": {"enum": [c.value for c in Condition]},
    "category": {"enum": [c.value for c in Category]},
    "images": {"maxItems": MAX_LISTING_IMAGES}}


class SuggestionOut(CamelStruct):
    value: str
    count: int


class SuggestionsOut(CamelStruct):
    """What a search box offers for the typed text: brands (with available listings),
    categories (API values) and catalog words, each at most five, most used first."""

    brands: list[SuggestionOut]
    categories: list[str]
    words: list[str]


@describe(required=["title", "description", "price", "size", "condition", "category"], fields={
    **LISTING_FIELDS,
    "images": {"maxItems": MAX_LISTING_IMAGES,
               "description": "data:image/... base64 URLs (or, on edit, kept photo URLs)"}})
class ListingIn(CamelStruct):
    """Missing fields default to empty so they get the spec's messages (400), not a 500."""

    title: str = ""
    description: str = ""
    price: Price = ""
    brand: str = ""
    size: str = ""
    condition: str = ""
    category: str = ""
    images: list[str] = msgspec.field(default_factory=list)


@describe(fields=LISTING_FIELDS)
class ListingUpdateIn(CamelStruct):
    title: str | None = None
    description: str | None = None
    price: Price = None
    brand: str | None = None
    size: str | None = None
    condition: str | None = None
    category: str | None = None
    images: list[str] | None = None
