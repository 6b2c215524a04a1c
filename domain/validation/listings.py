"""The create-listing form (spec section 5).

Maximum lengths beyond the spec's (description 5000, brand 50) are Rethread's, so a
listing always fits its columns and cards. A field left blank is "required" (the spec's
wording for brand, size, condition, category and price); the spec's "at least N
characters" messages are for text that is there but too short.
"""

from __future__ import annotations

from decimal import Decimal

from domain._labels import LabelledStrEnum
from domain.catalog import MAX_LISTING_IMAGES, Category, Condition, Size
from domain.money import AmountProblem, problem_message, read_amount
from domain.validation._rules import FieldErrors, clean, length_error, required_message

TITLE_MIN, TITLE_MAX = 3, 100
DESCRIPTION_MIN, DESCRIPTION_MAX = 10, 5000
BRAND_MAX = 50

TITLE_TOO_SHORT = "Title must be at least 3 characters"
TITLE_TOO_LONG = "Title must be less than 100 characters"
TITLE_REQUIRED = required_message("Title")


def title_error(title: str | None) -> str | None:
    """Shared by listings and blog posts: 3 to 100 characters."""
    return length_error(
        clean(title),
        min_len=TITLE_MIN,
        max_len=TITLE_MAX,
        too_short=TITLE_TOO_SHORT,
        too_long=TITLE_TOO_LONG,
        required=TITLE_REQUIRED,
    )


def price_error(price: str | Decimal | int | None) -> str | None:
    """A listing price: a positive amount of at most $1,000,000.00 in whole cents."""
    amount = read_amount(price)
    # An empty price is missing ("Price is required", the spec's wording for a missing
    # field), not too small.
    if amount is AmountProblem.NEGATIVE:
        return "Price must be positive"
    if isinstance(amount, AmountProblem):
        return problem_message(amount, "Price")
    return "Price must be positive" if amount <= 0 else None


def _choice_error(value: str | None, enum: type[LabelledStrEnum], required: str,
                  invalid: str) -> str | None:
    if not clean(value):
        return required
    return invalid if enum.parse(value) is None else None


def _images_error(image_count: int) -> str | None:
    if image_count < 1:
        return "At least one image is required"
    if image_count > MAX_LISTING_IMAGES:
        return f"You can upload at most {MAX_LISTING_IMAGES} images"
    return None


def validate_listing(
    title: str | None,
    description: str | None,
    price: str | Decimal | int | None,
    brand: str | None,
    size: str | None,
    condition: str | None,
    category: str | None,
    image_count: int,
) -> dict[str, str]:
    """All field errors of a new or edited listing."""
    errors = FieldErrors()
    errors.add("title", title_error(title))
    errors.add(
        "description",
        length_error(
            clean(description),
            min_len=DESCRIPTION_MIN,
            max_len=DESCRIPTION_MAX,
            too_short="Description must be at least 10 characters",
            too_long="Description must be at most 5000 characters",
            required=required_message("Description"),
        ),
    )
    errors.add("price", price_error(price))
    errors.add(
        "brand",
        length_error(
            clean(brand),
            min_len=1,
            max_len=BRAND_MAX,
            too_short=required_message("Brand"),
            too_long="Brand must be at most 50 characters",
        ),
    )
    errors.add("size", _choice_error(size, Size, "Size is required", "Please choose a valid size"))
    errors.add(
        "condition",
        _choice_error(
            condition, Condition, "Condition is required", "Please choose a valid condition"
        ),
    )
    errors.add(
        "category",
        _choice_error(category, Category, "Category is required", "Please choose a valid category"),
    )
    errors.add("images", _images_error(image_count))
    return errors.result()
