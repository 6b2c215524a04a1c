"""The listing aggregate: creation rules, owner checks, price drops, status moves, badges."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from domain.catalog import Category, Condition, ListingBadge, ListingStatus, Size
from domain.errors import Conflict, Forbidden, IllegalTransition, ValidationError
from domain.listings import (
    DELETABLE_STATUSES,
    IN_ORDER_LOCKS,
    IN_ORDER_STATUSES,
    JUST_LISTED_DAYS,
    ORDERED_LISTING,
    RESERVED_LOCKED,
    SOLD_LOCKED,
    Listing,
    ListingDetails,
    ListingImage,
    ListingRights,
    can_move,
)
from tests.support import NOW

pytestmark = pytest.mark.unit

PHOTO = ListingImage("/media/products/ab/abc.webp", "/media/products/ab/abc-t.webp")
SELLER = 7

prices = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999999.99"), places=2)


def details(**changes: str | Decimal) -> ListingDetails:
    base: dict[str, str | Decimal] = {
        "title": "Levi's 501 jeans",
        "description": "Barely worn, straight leg.",
        "price": "40.00",
        "brand": "Levi's",
        "size": "m",
        "condition": "like_new",
        "category": "bottoms",
    }
    return ListingDetails(**{**base, **changes})  # type: ignore[arg-type]


def listing(**changes: str | Decimal) -> Listing:
    return Listing.create(SELLER, details(**changes), [PHOTO], NOW)


def test_create_types_and_cleans_the_fields() -> None:
    made = Listing.create(
        SELLER,
        details(
            title="  Denim jacket ",
            brand=" North   Face ",
            size="XL",
            condition="new",
            category="Outerwear",
            price="$1,200.5",
        ),
        [PHOTO],
        NOW,
    )
    assert made.title == "Denim jacket"
    assert made.brand == "North Face"
    assert (made.size, made.condition, made.category) == (
        Size.XL,
        Condition.NEW_WITH_TAGS,
        Category.OUTERWEAR,
    )
    assert made.price == Decimal("1200.50")
    assert made.status is ListingStatus.AVAILABLE
    assert made.is_searchable
    assert made.cover == PHOTO
    assert made.created_at == made.updated_at == NOW


def test_create_reports_every_bad_field_with_the_spec_messages() -> None:
    with pytest.raises(ValidationError) as caught:
        Listing.create(SELLER, ListingDetails("ab", "short", "0", "", "", "", ""), [], NOW)
    assert caught.value.errors == {
        "title": "Title must be at least 3 characters",
        "description": "Description must be at least 10 characters",
        "price": "Price must be positive",
        "brand": "Brand is required",
        "size": "Size is required",
        "condition": "Condition is required",
        "category": "Category is required",
        "images": "At least one image is required",
    }


def test_at_most_five_images() -> None:
    with pytest.raises(ValidationError) as caught:
        Listing.create(SELLER, details(), [PHOTO] * 6, NOW)
    assert set(caught.value.errors) == {"images"}


@given(old=prices, new=prices)
def test_lowering_the_price_sets_the_drop_and_raising_clears_it(old: Decimal, new: Decimal) -> None:
    item = listing(price=old)
    item.change_price(SELLER, new, NOW)
    assert item.price == new
    if new < old:
        assert item.price_drop
        assert item.badge(NOW) is ListingBadge.PRICE_DROP
    elif new > old:
        assert not item.price_drop
    else:
        assert item.price_drop is False  # unchanged from the fresh listing


@given(stranger=st.integers().filter(lambda n: n != SELLER) | st.none())
def test_only_the_seller_edits(stranger: int | None) -> None:
    item = listing()
    with pytest.raises(Forbidden):
        item.change_price(stranger, "1.00", NOW)
    with pytest.raises(Forbidden):
        item.edit(stranger, details(title="Other title"), [PHOTO], NOW)
    assert item.price == Decimal("40.00")
    assert item.title == "Levi's 501 jeans"


@given(shopper=st.integers())
@example(shopper=SELLER)
def test_anyone_but_the_seller_watches_a_listing(shopper: int) -> None:
    item = listing()
    if shopper == SELLER:
        with pytest.raises(Forbidden) as refused:
            item.ensure_watchable_by(shopper)
        assert refused.value.message == "You cannot watch your own listing."
    else:
        item.ensure_watchable_by(shopper)


def test_seller_or_admin_deletes() -> None:
    item = listing()
    item.ensure_deletable_by(SELLER, is_admin=False, ordered=False)
    item.ensure_deletable_by(99, is_admin=True, ordered=False)
    with pytest.raises(Forbidden):
        item.ensure_deletable_by(99, is_admin=False, ordered=False)
    with pytest.raises(Forbidden):
        item.ensure_deletable_by(None, is_admin=False, ordered=False)


@given(status=st.sampled_from(list(ListingStatus)), ordered=st.booleans(),
       admin=st.booleans())
def test_only_a_listing_no_order_names_is_deleted(status: ListingStatus, ordered: bool,
                                                  admin: bool) -> None:
    """Available or hidden and never ordered: deleted by its seller or an administrator;
    reserved, sold, or named by any order (a cancelled one too): 409 for both."""
    item = listing()
    item.status = status
    actor = 99 if admin else SELLER
    if status in IN_ORDER_LOCKS:
        with pytest.raises(Conflict) as locked:
            item.ensure_deletable_by(actor, is_admin=admin, ordered=ordered)
        assert locked.value.message == IN_ORDER_LOCKS[status]
    elif ordered or status not in DELETABLE_STATUSES:
        with pytest.raises(Conflict, match="part of an order"):
            item.ensure_deletable_by(actor, is_admin=admin, ordered=ordered)
    else:
        item.ensure_deletable_by(actor, is_admin=admin, ordered=ordered)
    assert {ListingStatus.AVAILABLE, ListingStatus.HIDDEN} == DELETABLE_STATUSES


@given(status=st.sampled_from(list(ListingStatus)), ordered=st.booleans(),
       reader=st.sampled_from([SELLER, SELLER + 1, None]), admin=st.booleans())
def test_the_rights_a_page_shows_are_what_edit_and_delete_then_do(
        status: ListingStatus, ordered: bool, reader: int | None, admin: bool) -> None:
    """``rights`` says yes exactly when the edit and the delete go through, and its reason
    is the refusal's own message (the edit's first): one home for the rule."""
    item = listing()
    item.status = status
    rights = item.rights(reader, is_admin=admin, ordered=ordered)
    refusals: list[str] = []
    try:
        item.ensure_editable_by(reader)
    except (Forbidden, Conflict) as refused:
        refusals.append(refused.message)
    assert rights.can_edit == (not refusals)
    try:
        item.ensure_deletable_by(reader, is_admin=admin, ordered=ordered)
        deleted = True
    except (Forbidden, Conflict) as refused:
        refusals.append(refused.message)
        deleted = False
    assert rights.can_delete == deleted
    assert rights.reason == (refusals[0] if refusals else None)


def test_a_sold_or_reserved_listing_tells_its_seller_why_nothing_can_change() -> None:
    item = listing()
    item.status = ListingStatus.SOLD
    assert item.rights(SELLER, is_admin=False, ordered=True) == ListingRights(
        can_edit=False, can_delete=False, reason=SOLD_LOCKED)
    item.status = ListingStatus.RESERVED
    assert item.rights(SELLER, is_admin=False, ordered=True) == ListingRights(
        can_edit=False, can_delete=False, reason=RESERVED_LOCKED)
    item.status = ListingStatus.AVAILABLE  # back after a cancelled order
    assert item.rights(SELLER, is_admin=False, ordered=True) == ListingRights(
        can_edit=True, can_delete=False, reason=ORDERED_LISTING)
    assert item.rights(SELLER, is_admin=False, ordered=False) == ListingRights(
        can_edit=True, can_delete=True, reason=None)


def test_edit_replaces_details_and_photos_and_validates() -> None:
    item = listing()
    other = ListingImage("/media/x.webp", "/media/x-t.webp")
    later = NOW + timedelta(hours=1)
    item.edit(SELLER, details(title="Levi's 501 jeans, W32", price="35"), [other, PHOTO], later)
    assert item.title == "Levi's 501 jeans, W32"
    assert item.price == Decimal("35.00")
    assert item.price_drop
    assert item.images == [other, PHOTO]
    assert item.updated_at == later
    with pytest.raises(ValidationError):
        item.edit(SELLER, details(), [], later)
    assert item.images == [other, PHOTO]


@given(status=st.sampled_from(list(ListingStatus)),
       title=st.text(min_size=3, max_size=80).filter(lambda t: t.strip() == t and t),
       description=st.sampled_from(["Now with a longer description.", "Holes, sold as seen"]),
       price=prices, other_photo=st.booleans())
def test_a_listing_in_an_order_refuses_every_edit(
        status: ListingStatus, title: str, description: str, price: Decimal,
        other_photo: bool) -> None:
    """Reserved or sold: any edit (title, description, photos, price) is 409 and changes
    nothing; available or hidden: the seller's valid edit applies."""
    item = listing()
    item.status = status
    before = (item.title, item.description, item.price, list(item.images), item.updated_at)
    photos = [ListingImage("/media/x.webp", "/media/x-t.webp")] if other_photo else [PHOTO]
    changed = details(title=title, description=description, price=price)
    later = NOW + timedelta(hours=1)
    if status in IN_ORDER_STATUSES:
        locked = IN_ORDER_LOCKS[status]
        with pytest.raises(Conflict, match=locked):
            item.edit(SELLER, changed, photos, later)
        with pytest.raises(Conflict, match=locked):
            item.change_price(SELLER, price, later)
        with pytest.raises(Conflict, match=locked):
            item.ensure_editable_by(SELLER)
        assert (item.title, item.description, item.price, item.images,
                item.updated_at) == before
    elif not changed.errors(len(photos)):
        item.edit(SELLER, changed, photos, later)
        assert (item.description, item.price, item.images) == (description, price, photos)
    with pytest.raises(Forbidden):  # a stranger hears 403 whatever the status
        item.ensure_editable_by(SELLER + 1)


@pytest.mark.parametrize(
    ("source", "target", "allowed"),
    [
        (ListingStatus.AVAILABLE, ListingStatus.RESERVED, True),
        (ListingStatus.AVAILABLE, ListingStatus.SOLD, False),
        (ListingStatus.RESERVED, ListingStatus.SOLD, True),
        (ListingStatus.RESERVED, ListingStatus.AVAILABLE, True),
        (ListingStatus.RESERVED, ListingStatus.RESERVED, False),
        (ListingStatus.SOLD, ListingStatus.AVAILABLE, False),
        (ListingStatus.SOLD, ListingStatus.RESERVED, False),
    ],
)
def test_the_move_table(source: ListingStatus, target: ListingStatus, allowed: bool) -> None:
    assert can_move(source, target) is allowed


def test_refused_moves_explain_themselves() -> None:
    item = listing()
    item.reserve()
    with pytest.raises(IllegalTransition, match="already reserved"):
        item.reserve()
    item.sell()
    with pytest.raises(IllegalTransition, match="already been sold"):
        item.release()
    with pytest.raises(IllegalTransition, match="sold only through an order"):
        listing().sell()


@given(
    age=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=60)),
    verified=st.booleans(),
    drop=st.booleans(),
)
@example(age=timedelta(days=JUST_LISTED_DAYS), verified=False, drop=False)  # the boundary
@example(age=timedelta(days=JUST_LISTED_DAYS, microseconds=-1), verified=False, drop=False)
def test_badge_priority(age: timedelta, verified: bool, drop: bool) -> None:
    item = listing()
    item.verified = verified
    item.price_drop = drop
    now = NOW + age
    if drop:
        expected: ListingBadge | None = ListingBadge.PRICE_DROP
    elif verified:
        expected = ListingBadge.VERIFIED
    elif age < timedelta(days=JUST_LISTED_DAYS):
        expected = ListingBadge.JUST_LISTED
    else:
        expected = None
    assert item.badge(now) is expected
    item.reserve()
    assert item.badge(now) is ListingBadge.RESERVED
    item.sell()
    assert item.badge(now) is None


class ListingLifecycle(RuleBasedStateMachine):
    """Random walks through reserve/release/sell and price changes keep the rules."""

    def __init__(self) -> None:
        super().__init__()
        self.item = listing()
        self.status = ListingStatus.AVAILABLE
        self.price = Decimal("40.00")
        self.drop = False

    @rule(goal=st.sampled_from(list(ListingStatus)))
    def move(self, goal: ListingStatus) -> None:
        action = {
            ListingStatus.RESERVED: self.item.reserve,
            ListingStatus.AVAILABLE: self.item.release,
            ListingStatus.SOLD: self.item.sell,
            ListingStatus.HIDDEN: self.item.hide,
        }[goal]
        if can_move(self.status, goal):
            action()
            self.status = goal
        else:
            with pytest.raises(IllegalTransition):
                action()

    @precondition(lambda self: self.status is ListingStatus.AVAILABLE)
    @rule(price=prices)
    def reprice(self, price: Decimal) -> None:
        self.item.change_price(SELLER, price, NOW)
        self.drop = True if price < self.price else (False if price > self.price else self.drop)
        self.price = price

    @invariant()
    def matches_the_model(self) -> None:
        assert self.item.status is self.status
        assert self.item.price == self.price
        assert self.item.price_drop is self.drop
        assert self.item.is_searchable is (self.status is ListingStatus.AVAILABLE)


ListingLifecycle.TestCase.settings = settings(max_examples=60, stateful_step_count=20)
test_listing_lifecycle = ListingLifecycle.TestCase
