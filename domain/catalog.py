"""The listing vocabulary: conditions, categories, sizes, statuses, badges, brands.

Each enumeration is a ``StrEnum`` (the member is its API value) with a ``label`` for
people. Lookup is case-insensitive, so ``Category("Tops")`` is ``Category.TOPS``.
"""

from __future__ import annotations

from typing import Self

from domain._labels import LabelledStrEnum
from domain.folding import query_words

MAX_LISTING_IMAGES = 5

FEATURED_BRANDS: tuple[str, ...] = (
    "Nike",
    "Adidas",
    "Zara",
    "H&M",
    "Levi's",
    "North Face",
    "Uniqlo",
    "Michael Kors",
)


class Condition(LabelledStrEnum):
    NEW_WITH_TAGS = "new_with_tags", "New with tags"
    LIKE_NEW = "like_new", "Like new"
    GOOD = "good", "Good"
    FAIR = "fair", "Fair"

    @classmethod
    def _missing_(cls, value: object) -> Self | None:
        # One place in the spec lists "new" instead of "new_with_tags"; accept it.
        if isinstance(value, str) and value.strip().lower() == "new":
            return cls.NEW_WITH_TAGS
        return super()._missing_(value)


class Category(LabelledStrEnum):
    TOPS = "tops", "Tops"
    BOTTOMS = "bottoms", "Bottoms"
    OUTERWEAR = "outerwear", "Outerwear"
    DRESSES = "dresses", "Dresses"
    ACCESSORIES = "accessories", "Accessories"
    FOOTWEAR = "footwear", "Footwear"
    OTHER = "other", "Other"


class Size(LabelledStrEnum):
    XXS = "xxs", "XXS"
    XS = "xs", "XS"
    S = "s", "S"
    M = "m", "M"
    L = "l", "L"
    XL = "xl", "XL"
    XXL = "xxl", "XXL"
    XXXL = "3xl", "3XL"
    OTHER = "other", "Other"


# What a would-be buyer is told (409) when a listing cannot be bought or offered on.
UNAVAILABLE_MESSAGE = "This item is no longer available."


class ListingStatus(LabelledStrEnum):
    """The lifecycle of a listing: available -> reserved (an order is pending) -> sold.

    A cancelled pending order puts a reserved listing back to available. Which order
    status implies which listing status is decided in :mod:`domain.orders`. A moderator
    hides an available listing (it leaves the shop and search, and answers 404 to everyone
    but its seller and administrators) and restores it to available (issue 37).
    """

    AVAILABLE = "available", "Available"
    RESERVED = "reserved", "Reserved"
    SOLD = "sold", "Sold"
    HIDDEN = "hidden", "Hidden"

    @property
    def is_purchasable(self) -> bool:
        """Only an available listing can be ordered or receive offers."""
        return self is ListingStatus.AVAILABLE

    @property
    def unavailable_message(self) -> str:
        """What a would-be buyer is told (409) when this listing cannot be bought."""
        if self is ListingStatus.RESERVED:
            return "This item is reserved for another buyer."
        return UNAVAILABLE_MESSAGE


class ListingBadge(LabelledStrEnum):
    """The badge on a product card (presentation, not lifecycle)."""

    JUST_LISTED = "just_listed", "Just Listed"
    PRICE_DROP = "price_drop", "Price Drop"
    RESERVED = "reserved", "Reserved"
    VERIFIED = "verified", "Verified Authentic"


def clean_brand(brand: str) -> str:
    """A brand as stored and shown: outer and repeated whitespace collapsed."""
    return " ".join(brand.split())


def brand_key(brand: str) -> str:
    """What brands are matched and counted by (search filter, facets, storage): the brand's
    folded words (``domain.folding``: lower case, no accents, an apostrophe or ampersand
    inside a word dropped), so "Levi's", "levis", " LEVI'S " are one brand, and so are
    "H&M" and "hm", "Chloé" and "Chloe"."""
    return " ".join(query_words(brand))
