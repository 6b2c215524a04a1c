"""The listing vocabulary: values, labels and lenient lookup."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.catalog import (
    FEATURED_BRANDS,
    MAX_LISTING_IMAGES,
    Category,
    Condition,
    ListingBadge,
    ListingStatus,
    Size,
    brand_key,
    clean_brand,
)

pytestmark = pytest.mark.unit


def test_values_and_labels_are_the_spec_ones():
    assert Condition.labels() == {
        "new_with_tags": "New with tags",
        "like_new": "Like new",
        "good": "Good",
        "fair": "Fair",
    }
    assert list(Category.labels()) == [
        "tops",
        "bottoms",
        "outerwear",
        "dresses",
        "accessories",
        "footwear",
        "other",
    ]
    assert Category.TOPS.label == "Tops"
    assert Size.labels() == {
        "xxs": "XXS",
        "xs": "XS",
        "s": "S",
        "m": "M",
        "l": "L",
        "xl": "XL",
        "xxl": "XXL",
        "3xl": "3XL",
        "other": "Other",
    }
    assert ListingBadge.labels() == {
        "just_listed": "Just Listed",
        "price_drop": "Price Drop",
        "reserved": "Reserved",
        "verified": "Verified Authentic",
    }
    assert [status.value for status in ListingStatus] == ["available", "reserved", "sold", "hidden"]


def test_members_are_their_api_strings():
    assert Size.XXXL == "3xl"
    assert f"{Category.DRESSES}" == "dresses"
    assert isinstance(Condition.GOOD, str)


@pytest.mark.parametrize(
    ("enum", "text", "member"),
    [
        (Category, "Tops", Category.TOPS),
        (Size, " XL ", Size.XL),
        (Size, "3XL", Size.XXXL),
        (Condition, "new", Condition.NEW_WITH_TAGS),
        (Condition, " NEW ", Condition.NEW_WITH_TAGS),
        (Condition, "Like_New", Condition.LIKE_NEW),
    ],
)
def test_lookup_is_lenient(enum, text, member):
    assert enum(text) is member
    assert enum.parse(text) is member


@pytest.mark.parametrize("value", ["huge", "", None, 3, "new_with_tag"])
def test_parse_returns_none_for_unknown_values(value):
    assert Size.parse(value) is None
    assert Condition.parse(value) is None


def test_only_available_listings_can_be_bought():
    assert ListingStatus.AVAILABLE.is_purchasable
    assert not ListingStatus.RESERVED.is_purchasable
    assert not ListingStatus.SOLD.is_purchasable


def test_constants():
    assert MAX_LISTING_IMAGES == 5
    assert FEATURED_BRANDS[:6] == ("Nike", "Adidas", "Zara", "H&M", "Levi's", "North Face")
    assert len(FEATURED_BRANDS) == 8


def test_brands_are_cleaned_for_showing_and_keyed_for_matching():
    assert clean_brand("  Levi's \t 501 ") == "Levi's 501"
    assert brand_key("  LEVI'S   501") == brand_key("levi's 501") == "levis 501"
    assert brand_key("Levis") == brand_key("Levi\u2019s") == "levis"
    assert brand_key("H&M") == brand_key("hm") == "hm"
    assert brand_key("Chloé") == brand_key("CHLOE") == "chloe"
    assert brand_key("North  Face") == "north face"


@given(st.text(max_size=40))
def test_brand_key_is_stable_and_ignores_case_and_spacing(brand):
    key = brand_key(brand)
    assert brand_key(key) == key
    assert brand_key(f"  {brand.upper()}  ") == brand_key(brand.upper())
    assert key == " ".join(key.split()) and key == key.lower()
