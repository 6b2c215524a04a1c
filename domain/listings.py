"""Listings: the aggregate a seller puts up for sale (spec §2 Create listing, §3 Product, §5).

Rules kept here, free of storage and web:

- The fields obey :func:`domain.validation.validate_listing` (400 with the spec's messages).
- Only the seller edits a listing; the seller or an administrator deletes it (403 otherwise).
- A listing in an order (reserved or sold) cannot be edited at all, and one that any order
  names (even a cancelled one), or that is reserved or sold, cannot be deleted: both 409,
  the order keeps the listing as its buyer bought it. :meth:`Listing.rights` tells its
  seller the same ahead of time (the product page offers only what the server allows),
  from the same refusals: the rule has this one home.
- Lowering the price sets the price-drop flag; raising it clears the flag.
- Status moves: available -> reserved (an order is pending) -> sold, and
  reserved -> available (the pending order was cancelled). Anything else is
  :class:`IllegalTransition` (409).
- The card badge is derived, never stored: reserved, else price drop, else verified,
  else just listed when it is less than :data:`JUST_LISTED_DAYS` old, else none.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TypedDict

from domain.catalog import Category, Condition, ListingBadge, ListingStatus, Size, clean_brand
from domain.errors import Conflict, Forbidden, IllegalTransition, require_valid
from domain.money import parse_amount
from domain.validation import validate_listing

JUST_LISTED_DAYS = 7
JUST_LISTED = timedelta(days=JUST_LISTED_DAYS)

# The members ``Listing.badge_listed_after`` names, looked up once: an enum member read off
# its class costs ~85 ns (five reads a card), and a search page's 16 badges took 3-5 us more.
_RESERVED, _SOLD = ListingStatus.RESERVED, ListingStatus.SOLD
_RESERVED_BADGE, _PRICE_DROP_BADGE = ListingBadge.RESERVED, ListingBadge.PRICE_DROP
_VERIFIED_BADGE, _JUST_LISTED_BADGE = ListingBadge.VERIFIED, ListingBadge.JUST_LISTED

# Only a listing that is not (and never was) in an order can be deleted: an order keeps
# its listing for its history, timeline, reviews and disputes (docs/selling.md).
DELETABLE_STATUSES = frozenset({ListingStatus.AVAILABLE, ListingStatus.HIDDEN})
# A listing in these is in an order (pending or sold): no edit of any field.
IN_ORDER_STATUSES = frozenset({ListingStatus.RESERVED, ListingStatus.SOLD})
ORDERED_LISTING = ("This listing is part of an order, so it cannot be deleted: the order's "
                   "history keeps it.")
OWN_LISTING_WATCHED = "You cannot watch your own listing."
# Why a listing in an order is neither edited nor deleted, by its status: the 409's message
# and the sentence its seller's page shows instead of Edit and Delete.
RESERVED_LOCKED = ("A buyer has ordered this item, so it cannot be edited or deleted while "
                   "their order is open.")
SOLD_LOCKED = ("This item has sold, so it can no longer be edited or deleted: its order "
               "keeps it as the buyer bought it.")
IN_ORDER_LOCKS = {ListingStatus.RESERVED: RESERVED_LOCKED, ListingStatus.SOLD: SOLD_LOCKED}

_MOVES: dict[ListingStatus, frozenset[ListingStatus]] = {
    ListingStatus.AVAILABLE: frozenset({ListingStatus.RESERVED, ListingStatus.HIDDEN}),
    ListingStatus.RESERVED: frozenset({ListingStatus.SOLD, ListingStatus.AVAILABLE}),
    ListingStatus.SOLD: frozenset(),
    ListingStatus.HIDDEN: frozenset({ListingStatus.AVAILABLE}),
}


@dataclass(frozen=True, slots=True)
class ListingImage:
    """One photo: the display size and its thumbnail (both site URLs, never data URLs)."""

    url: str
    thumbnail_url: str


@dataclass(frozen=True, slots=True)
class ListingDetails:
    """What a seller types: the form of spec §5, still as text (validated by ``create``)."""

    title: str
    description: str
    price: str | Decimal
    brand: str
    size: str
    condition: str
    category: str

    def errors(self, image_count: int) -> dict[str, str]:
        """Every field error of these details with ``image_count`` photos (spec §5)."""
        return validate_listing(self.title, self.description, self.price, self.brand,
                                self.size, self.condition, self.category, image_count)


@dataclass(frozen=True, slots=True)
class ListingRights:
    """What a listing's seller may do with it now, and why not (``reason``: the refusal's
    own sentence, the edit's first; None when both are allowed)."""

    can_edit: bool
    can_delete: bool
    reason: str | None


@dataclass(kw_only=True)
class Listing:
    seller_id: int
    title: str
    description: str
    price: Decimal
    brand: str
    size: Size
    condition: Condition
    category: Category
    images: list[ListingImage]
    created_at: datetime
    status: ListingStatus = ListingStatus.AVAILABLE
    price_drop: bool = False
    verified: bool = False
    watch_count: int = 0
    updated_at: datetime | None = None
    id: int | None = None

    @classmethod
    def create(cls, seller_id: int, details: ListingDetails, images: list[ListingImage],
               now: datetime) -> Listing:
        """A new available listing, or :class:`ValidationError` listing every bad field."""
        require_valid(details.errors(len(images)))
        return cls(
            seller_id=seller_id, images=list(images), created_at=now, updated_at=now,
            **_cleaned(details),
        )

    # -- who may do what -------------------------------------------------------------

    def is_owned_by(self, user_id: int | None) -> bool:
        return user_id is not None and user_id == self.seller_id

    def ensure_watchable_by(self, user_id: int | None) -> None:
        """A seller does not watch their own listing (403): a watch is a shopper's, and it
        counts in the listing's popularity (the Most Watched row and sort)."""
        if self.is_owned_by(user_id):
            raise Forbidden(OWN_LISTING_WATCHED)

    def ensure_editable_by(self, user_id: int | None) -> None:
        """403 unless the seller, 409 while in an order (:func:`_edit_refusal`)."""
        if (refusal := _edit_refusal(self, user_id)) is not None:
            raise refusal

    def ensure_deletable_by(self, user_id: int | None, *, is_admin: bool, ordered: bool
                            ) -> None:
        """403 unless the seller or an administrator, 409 once ordered or while in an order
        (:func:`_delete_refusal`)."""
        if (refusal := _delete_refusal(self, user_id, is_admin=is_admin,
                                       ordered=ordered)) is not None:
            raise refusal

    def rights(self, user_id: int | None, *, is_admin: bool, ordered: bool
               ) -> ListingRights:
        """What ``user_id`` may do with the listing now, from the refusals the edit and the
        delete raise (so a page offers exactly what the server then allows)."""
        edit = _edit_refusal(self, user_id)
        delete = _delete_refusal(self, user_id, is_admin=is_admin, ordered=ordered)
        first = edit if edit is not None else delete
        return ListingRights(can_edit=edit is None, can_delete=delete is None,
                             reason=None if first is None else first.message)

    # -- edits -------------------------------------------------------------------------

    def edit(self, user_id: int | None, details: ListingDetails, images: list[ListingImage],
             now: datetime) -> None:
        """Replace the details and photos (owner only, never while in an order); a lower
        price sets the badge."""
        self.ensure_editable_by(user_id)
        require_valid(details.errors(len(images)))
        cleaned = _cleaned(details)
        self._apply_price(cleaned["price"])
        for name, value in cleaned.items():
            if name != "price":
                setattr(self, name, value)
        self.images = list(images)
        self.updated_at = now

    def change_price(self, user_id: int | None, price: str | Decimal, now: datetime) -> None:
        self.ensure_editable_by(user_id)
        require_valid(self.details_with(price=price).errors(len(self.images)))
        self._apply_price(parse_amount(price, "price", "Price"))
        self.updated_at = now

    def details_with(
        self, *, title: str | None = None, description: str | None = None,
        price: str | Decimal | None = None, brand: str | None = None, size: str | None = None,
        condition: str | None = None, category: str | None = None,
    ) -> ListingDetails:
        """The current details, with the fields given (not ``None``) replaced (the base of a
        partial edit)."""
        return ListingDetails(
            title=self.title if title is None else title,
            description=self.description if description is None else description,
            price=self.price if price is None else price,
            brand=self.brand if brand is None else brand,
            size=self.size.value if size is None else size,
            condition=self.condition.value if condition is None else condition,
            category=self.category.value if category is None else category,
        )

    def _apply_price(self, price: Decimal) -> None:
        if price < self.price:
            self.price_drop = True
        elif price > self.price:
            self.price_drop = False
        self.price = price

    # -- lifecycle ---------------------------------------------------------------------

    def reserve(self) -> None:
        """An order is pending: nobody else can buy it now."""
        self._move(ListingStatus.RESERVED)

    def release(self) -> None:
        """The pending order was cancelled: the listing is for sale again."""
        self._move(ListingStatus.AVAILABLE)

    def sell(self) -> None:
        self._move(ListingStatus.SOLD)

    def hide(self) -> None:
        """A moderator takes an available listing out of the shop (issue 37)."""
        self._move(ListingStatus.HIDDEN)

    def visible_to(self, viewer_id: int | None, is_admin: bool) -> bool:
        """A hidden listing is seen only by its seller and administrators."""
        return (self.status is not ListingStatus.HIDDEN or is_admin
                or viewer_id == self.seller_id)

    def _move(self, target: ListingStatus) -> None:
        if target not in _MOVES[self.status]:
            raise IllegalTransition(_transition_message(self.status, target))
        self.status = target

    @property
    def is_searchable(self) -> bool:
        """Reserved and sold listings leave search results (still visible by id)."""
        return self.status is ListingStatus.AVAILABLE

    # -- presentation ------------------------------------------------------------------

    def badge(self, now: datetime) -> ListingBadge | None:
        return self.badge_listed_after(now - JUST_LISTED)

    def badge_listed_after(self, cutoff: datetime) -> ListingBadge | None:
        """:meth:`badge` with ``cutoff`` = now - :data:`JUST_LISTED` (a page of listings
        works it out once: ``application.catalog_views.listing_views``)."""
        status = self.status
        if status is _RESERVED:
            return _RESERVED_BADGE
        if status is _SOLD:
            return None
        if self.price_drop:
            return _PRICE_DROP_BADGE
        if self.verified:
            return _VERIFIED_BADGE
        if self.created_at > cutoff:
            return _JUST_LISTED_BADGE
        return None

    @property
    def cover(self) -> ListingImage | None:
        return self.images[0] if self.images else None


def _edit_refusal(listing: Listing, user_id: int | None) -> Forbidden | Conflict | None:
    """Only the seller edits (403), and never while the listing is in an order (409): a
    reserved or sold listing is what its buyer ordered, title, description, photos, price
    and every other detail as they are. None: the edit is allowed."""
    if not listing.is_owned_by(user_id):
        return Forbidden("Only the seller can edit this listing.")
    if listing.status in IN_ORDER_STATUSES:
        return Conflict(IN_ORDER_LOCKS[listing.status])
    return None


def _delete_refusal(listing: Listing, user_id: int | None, *, is_admin: bool, ordered: bool
                    ) -> Forbidden | Conflict | None:
    """The seller or an administrator (403 otherwise) deletes a listing nobody ever ordered
    (``ordered``: an order of any status names it) that is available or hidden; otherwise
    409: the listing stays as the record of its orders. None: the delete is allowed."""
    if not (is_admin or listing.is_owned_by(user_id)):
        return Forbidden("Only the seller or an administrator can delete this listing.")
    if listing.status in IN_ORDER_LOCKS:
        return Conflict(IN_ORDER_LOCKS[listing.status])
    if ordered or listing.status not in DELETABLE_STATUSES:
        return Conflict(ORDERED_LISTING)
    return None


def can_move(source: ListingStatus, target: ListingStatus) -> bool:
    return target in _MOVES[source]


def _transition_message(source: ListingStatus, target: ListingStatus) -> str:
    if source is ListingStatus.SOLD:
        return "This item has already been sold."
    if target is ListingStatus.RESERVED:
        return "This item is already reserved by another buyer."
    if target is ListingStatus.HIDDEN:
        return "Only an available listing can be hidden."
    if target is ListingStatus.SOLD:
        return "This item can be sold only through an order."
    return f"This item is already {source.label.lower()}."


class _Cleaned(TypedDict):
    title: str
    description: str
    price: Decimal
    brand: str
    size: Size
    condition: Condition
    category: Category


def _cleaned(details: ListingDetails) -> _Cleaned:
    """Typed, stripped values of already validated details."""
    return {
        "title": details.title.strip(),
        "description": details.description.strip(),
        "price": parse_amount(details.price, "price", "Price"),
        "brand": clean_brand(details.brand),
        "size": Size(details.size),
        "condition": Condition(details.condition),
        "category": Category(details.category),
    }
