"""Create-listing messages (spec §5)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.catalog import Category, Condition, Size
from domain.validation import validate_listing

pytestmark = pytest.mark.unit

VALID = {
    "title": "Vintage denim jacket",
    "description": "Barely worn, warm and sturdy.",
    "price": "45.00",
    "brand": "Levi's",
    "size": "m",
    "condition": "like_new",
    "category": "outerwear",
    "image_count": 3,
}


def listing(**changes):
    return validate_listing(**{**VALID, **changes})


def test_a_valid_listing_has_no_errors():
    assert listing() == {}
    assert listing(price=Decimal("0.01"), image_count=5, size="3XL") == {}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"title": "ab"}, "title", "Title must be at least 3 characters"),
        ({"title": "  ab   "}, "title", "Title must be at least 3 characters"),
        ({"title": "x" * 101}, "title", "Title must be less than 100 characters"),
        ({"description": "too short"}, "description", "Description must be at least 10 characters"),
        (
            {"description": "x" * 5001},
            "description",
            "Description must be at most 5000 characters",
        ),
        ({"price": "0"}, "price", "Price must be positive"),
        ({"price": "-3"}, "price", "Price must be positive"),
        ({"price": ""}, "price", "Price is required"),
        ({"price": "  "}, "price", "Price is required"),
        ({"price": "cheap"}, "price", "Price must be a number, like 12.50"),
        ({"price": "1.999"}, "price", "Price can have at most 2 decimal places"),
        ({"price": "2000000"}, "price", "Price cannot be more than $1,000,000.00"),
        ({"brand": "  "}, "brand", "Brand is required"),
        ({"brand": "b" * 51}, "brand", "Brand must be at most 50 characters"),
        ({"size": ""}, "size", "Size is required"),
        ({"size": "huge"}, "size", "Please choose a valid size"),
        ({"condition": None}, "condition", "Condition is required"),
        ({"condition": "broken"}, "condition", "Please choose a valid condition"),
        ({"category": ""}, "category", "Category is required"),
        ({"category": "hats"}, "category", "Please choose a valid category"),
        ({"image_count": 0}, "images", "At least one image is required"),
        ({"image_count": 6}, "images", "You can upload at most 5 images"),
    ],
)
def test_listing_messages(changes, field, message):
    assert listing(**changes) == {field: message}


def test_all_listing_errors_at_once():
    errors = validate_listing("", "", "", "", "", "", "", 0)
    assert set(errors) == {
        "title",
        "description",
        "price",
        "brand",
        "size",
        "condition",
        "category",
        "images",
    }


@given(
    st.sampled_from(list(Size)),
    st.sampled_from(list(Condition)),
    st.sampled_from(list(Category)),
    st.decimals(min_value=Decimal("0.01"), max_value=1_000_000, places=2),
    st.integers(min_value=1, max_value=5),
    st.booleans(),
)
def test_every_choice_and_price_in_range_is_accepted(
    size, condition, category, price, images, shout
):
    def typed(member):
        return member.value.upper() if shout else member.value

    errors = listing(
        size=typed(size),
        condition=typed(condition),
        category=typed(category),
        price=str(price),
        image_count=images,
    )
    assert errors == {}
