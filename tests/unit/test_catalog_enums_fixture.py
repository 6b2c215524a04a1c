"""tests/fixtures/catalog-enums.json is the webapp's copy of the listing vocabulary.

webapp/src/lib/catalog-enums.ts is checked against the same file by vitest, so a value or
label changed in domain/catalog.py fails a test on both sides until both agree.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from domain.catalog import (
    FEATURED_BRANDS,
    MAX_LISTING_IMAGES,
    Category,
    Condition,
    ListingBadge,
    Size,
)

pytestmark = pytest.mark.unit

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "catalog-enums.json"
DATA: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def _members(enum: Any) -> list[dict[str, str]]:
    return [{"value": member.value, "label": member.label} for member in enum]


@pytest.mark.parametrize(
    ("key", "enum"),
    [("conditions", Condition), ("categories", Category), ("sizes", Size),
     ("badges", ListingBadge)],
)
def test_enumeration_matches_the_domain_in_order(key: str, enum: type[StrEnum]) -> None:
    assert DATA[key] == _members(enum)


def test_featured_brands_and_photo_limit_match_the_domain() -> None:
    assert DATA["featuredBrands"] == list(FEATURED_BRANDS)
    assert DATA["maxListingImages"] == MAX_LISTING_IMAGES
