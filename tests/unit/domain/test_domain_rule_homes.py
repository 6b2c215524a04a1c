"""Rules that have one home in ``domain/`` (issue 39 item 4): every caller asks the same
function, so these properties hold wherever the rule is used."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.addresses import Address
from domain.admin import SalesTotals
from domain.bundles import (
    MAX_BAG_ITEMS,
    MAX_BUNDLE_ITEMS,
    bundle_ids,
    ensure_bag_room,
    ensure_baggable,
    one_seller,
)
from domain.catalog import ListingStatus
from domain.checkout import checkout_price
from domain.disputes import OUTCOME_STATUS
from domain.errors import Conflict, Forbidden, ValidationError
from domain.events import OfferDeclined, WatcherOfferEnded
from domain.listings import Listing, ListingDetails, ListingImage
from domain.money import CENT, from_cents, round_money, round_money_up, to_cents
from domain.offers import (
    WATCHER_END_FOR,
    DeclineReason,
    Offer,
    OfferStatus,
    close_for_acceptance,
    close_for_sale,
    close_open_offers,
)
from domain.order_rules import ADDRESS_RULES, MOVES, TERMINAL_STATUSES, Actor, OrderStatus
from domain.orders import (
    ADDRESS_FIXED_STATUSES,
    ADDRESS_VISIBLE_TO_SELLER,
    OWN_LISTING,
    Order,
    ensure_not_own_listing,
)
from domain.validation.addresses import (
    AddressForm,
    missing_fields_message,
    validate_admin_address,
    validate_shipping_address,
)

pytestmark = pytest.mark.unit

NOW = datetime(2025, 3, 1, tzinfo=UTC)
ids = st.integers(min_value=1, max_value=5)
amounts = st.decimals(min_value=Decimal("-1000000"), max_value=Decimal("1000000"),
                      allow_nan=False, allow_infinity=False, places=6)


# -- nobody buys their own listing ----------------------------------------------------------


@given(buyer=ids, seller=ids)
def test_own_listing_is_refused_by_the_order_and_the_checkout_alike(buyer, seller):
    """The one rule answers for the aggregate and the checkout price, with one message."""
    attempts = [
        lambda: ensure_not_own_listing(buyer_id=buyer, seller_id=seller),
        lambda: Order.place(order_number="42-SBEUF8", product_id=7, buyer_id=buyer,
                            seller_id=seller, price=Decimal("10"), created_at=NOW),
        lambda: checkout_price(product_id=7, listing_price=Decimal("10"),
                               listing_status="available", seller_id=seller, buyer_id=buyer),
    ]
    for attempt in attempts:
        if buyer == seller:
            with pytest.raises(Forbidden) as refused:
                attempt()
            assert refused.value.message == OWN_LISTING == "You cannot buy your own listing."
        else:
            attempt()


# -- money is rounded in domain/money.py only ------------------------------------------------


@given(amounts)
def test_rounding_up_gives_the_smallest_whole_cent_not_below(value):
    up = round_money_up(value)
    assert up % CENT == 0
    assert value <= up < value + CENT
    assert up in (round_money(value), round_money(value) + CENT)


@given(count=st.integers(min_value=0, max_value=1000),
       revenue=st.decimals(min_value=0, max_value=Decimal("1000000"), places=2))
def test_the_average_sale_is_rounded_by_round_money(count, revenue):
    average = SalesTotals(count, revenue).average
    assert average == (Decimal("0.00") if count == 0 else round_money(revenue / count))


@given(st.integers(min_value=-(2**31), max_value=2**31 - 1))
def test_cents_round_trip_through_the_one_conversion(cents):
    """How adapters store money (integer cents) and read it back, exactly."""
    amount = from_cents(cents)
    assert to_cents(amount) == cents
    assert round_money(amount) == amount


def test_an_amount_that_is_not_whole_cents_is_never_stored():
    with pytest.raises(ValueError):
        to_cents(Decimal("12.345"))


def test_the_average_sale_rounds_half_up():
    assert SalesTotals(8, Decimal("0.20")).average == Decimal("0.03")  # 0.025, half-up


# -- the marketplace closes open offers ------------------------------------------------------


def _offers(kinds: list[tuple[bool, str]]) -> list[Offer]:
    """Offers on one listing: ``(to_watcher, status)`` each, ids 1, 2, ..."""
    offers = []
    for number, (to_watcher, status) in enumerate(kinds, start=1):
        if to_watcher:
            offer = Offer.to_watcher(product_id=7, seller_id=99, watcher_id=number,
                                     listing_price=Decimal("100"), price=Decimal("80"),
                                     now=NOW)
        else:
            offer = Offer.make(product_id=7, buyer_id=number, seller_id=99,
                               listing_price=Decimal("100"), offer_price=Decimal("80"),
                               created_at=NOW)
        offer.id = number
        offer.status = OfferStatus(status)
        offer.pull_events()
        offers.append(offer)
    return offers


offer_kinds = st.lists(st.tuples(st.booleans(), st.sampled_from(list(OfferStatus))),
                       min_size=0, max_size=6)


@given(kinds=offer_kinds, reason=st.sampled_from(list(DeclineReason)),
       keep=st.none() | st.integers(min_value=1, max_value=6))
def test_closing_closes_exactly_the_open_offers_but_the_kept_one(kinds, reason, keep):
    offers = _offers(kinds)
    before = {offer.id: offer.status for offer in offers}
    closed = close_open_offers(offers, reason, NOW, keep=keep)
    should = [o.id for o in offers if o.id != keep and before[o.id] in
              (OfferStatus.PENDING, OfferStatus.COUNTERED)]
    assert [item.offer.id for item in closed] == should
    for offer in offers:
        if offer.id not in should:
            assert offer.status is before[offer.id] and offer.events == []
            continue
        item = next(item for item in closed if item.offer is offer)
        assert item.was is before[offer.id]
        assert offer.updated_at == NOW and not offer.is_open
        [event] = offer.events
        if offer.from_seller:  # a watcher's offer ends; it is never "declined"
            assert offer.status is OfferStatus.EXPIRED
            assert isinstance(event, WatcherOfferEnded)
            assert event.reason == WATCHER_END_FOR[reason].value
        else:
            assert offer.status is OfferStatus.REJECTED
            assert offer.decline_reason is reason
            assert isinstance(event, OfferDeclined)


def test_every_decline_reason_ends_a_watchers_offer():
    """Closing an account with an open offer to a watcher once had no ending (a 500)."""
    assert set(WATCHER_END_FOR) == set(DeclineReason)
    [offer] = _offers([(True, "countered")])
    [closed] = close_open_offers([offer], DeclineReason.ACCOUNT_CLOSED, NOW)
    assert closed.offer.status is OfferStatus.EXPIRED


@given(kinds=offer_kinds, kept=st.integers(min_value=1, max_value=6))
def test_a_sale_and_an_acceptance_keep_their_own_offer(kinds, kept):
    for rule, reason in ((close_for_sale, DeclineReason.LISTING_SOLD),
                         (close_for_acceptance, DeclineReason.OTHER_OFFER_ACCEPTED)):
        offers = _offers(kinds)
        own = next((o for o in offers if o.id == kept), None)
        if rule is close_for_sale:
            closed = close_for_sale(offers, NOW, ordered_with=kept)
        elif own is not None:
            closed = close_for_acceptance(offers, own, NOW)
        else:
            continue
        expected = close_open_offers(_offers(kinds), reason, NOW, keep=kept)
        assert [(c.offer.id, c.offer.status, c.was) for c in closed] == [
            (c.offer.id, c.offer.status, c.was) for c in expected]
        assert all(c.offer.id != kept for c in closed)


# -- one address value object ------------------------------------------------------------------

VALID = {"full_name": "Mia Stone", "address_line1": "12 Elm Street", "address_line2": None,
         "city": "Austin", "state": "texas", "zip_code": "73301", "country": None,
         "phone_number": "(512) 555-0100"}
texts = st.none() | st.text(max_size=12) | st.sampled_from(["", " ", "TX", "US", "12345"])


@given(field=st.sampled_from(sorted(VALID)), value=texts, admin_form=st.booleans())
def test_an_address_is_made_only_from_a_form_that_passes_its_rules(field, value, admin_form):
    form = AddressForm(**{**VALID, field: value})
    errors = (validate_admin_address if admin_form else validate_shipping_address)(form)
    if errors:
        with pytest.raises(ValidationError) as refused:
            Address.from_form(form, admin_form=admin_form)
        assert refused.value.errors == errors
        if admin_form:
            assert refused.value.message == missing_fields_message(list(errors))
        return
    address = Address.from_form(form, admin_form=admin_form)
    cleaned = form.fields()
    assert [address.full_name, address.address_line1, address.address_line2, address.city,
            address.state, address.zip_code, address.country,
            address.phone_number] == list(cleaned.values())


def test_an_address_reads_as_a_label():
    address = Address.from_form(AddressForm(**VALID))
    assert address.state == "TX" and address.country == "United States"
    assert address.raw == ("Mia Stone\n12 Elm Street\nAustin, TX 73301\nUnited States\n"
                           "(512) 555-0100")


# -- who sets and sees an order's address ----------------------------------------------------


@given(status=st.sampled_from(list(OrderStatus)), who=st.integers(min_value=1, max_value=3),
       is_admin=st.booleans())
def test_the_address_rules_of_an_order(status, who, is_admin):
    """Buyer 1, seller 2, someone else 3: the buyer uses the checkout form, an administrator
    the admin form unless they are the seller (a party never acts as an administrator on
    its own order), nobody else sets it; it is fixed from shipping on (and once cancelled);
    the seller sees it only once payment is confirmed."""
    order = Order.place(order_number="42-SBEUF8", product_id=7, buyer_id=1, seller_id=2,
                        price=Decimal("10"), created_at=NOW)
    order.status = status
    actor = Actor(who, is_admin)
    if who != 1 and (not is_admin or who == 2):
        with pytest.raises(Forbidden):
            order.address_form_for(actor)
    else:
        assert order.address_form_for(actor) is (who != 1)
    fixed = status in {OrderStatus.SHIPPED, OrderStatus.DELIVERED, OrderStatus.COMPLETED,
                       OrderStatus.CANCELLED, OrderStatus.DISPUTED, OrderStatus.REFUNDED}
    if fixed:
        with pytest.raises(Conflict, match=r"The shipping address can no longer be changed\."):
            order.ensure_address_changeable()
    else:
        order.ensure_address_changeable()
    paid = status in {OrderStatus.PAYMENT_CONFIRMED, OrderStatus.SHIPPED,
                      OrderStatus.DELIVERED, OrderStatus.COMPLETED, OrderStatus.DISPUTED}
    assert order.shows_address_to(actor) is (who == 1 or is_admin or paid)


# Every move an order can make: the status changes of MOVES and the dispute moves (which
# only the dispute use cases make: claim a shipped or delivered order, resolve to completed
# or refunded).
_LIFECYCLE = set(MOVES) | {(OrderStatus.SHIPPED, OrderStatus.DISPUTED),
                           (OrderStatus.DELIVERED, OrderStatus.DISPUTED),
                           *((OrderStatus.DISPUTED, to) for to in OUTCOME_STATUS.values())}


def _reachable(start: OrderStatus) -> set[OrderStatus]:
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for source, target in _LIFECYCLE:
            if source is here and target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_every_status_has_an_address_rule():
    assert set(ADDRESS_RULES) == set(OrderStatus)


@given(status=st.sampled_from(list(OrderStatus)))
def test_the_address_rules_follow_the_lifecycle(status):
    """Derived from the lifecycle, not listed: once the parcel may have left (any status
    reachable from shipped, disputes included) or the order is over, the address is fixed;
    the seller sees it in every status reachable from payment that still concerns the
    parcel (not cancelled or refunded), and never before payment."""
    if status in _reachable(OrderStatus.SHIPPED) or status in TERMINAL_STATUSES:
        assert status.address_fixed and status in ADDRESS_FIXED_STATUSES
    else:
        assert not status.address_fixed and status not in ADDRESS_FIXED_STATUSES
    after_payment = status in _reachable(OrderStatus.PAYMENT_CONFIRMED)
    money_back = status in {OrderStatus.CANCELLED, OrderStatus.REFUNDED}
    assert status.seller_sees_address is (after_payment and not money_back)
    assert (status in ADDRESS_VISIBLE_TO_SELLER) is status.seller_sees_address


# -- what one order may hold -----------------------------------------------------------------


@given(product_id=st.none() | st.integers(min_value=1, max_value=30),
       product_ids=st.none() | st.lists(st.integers(min_value=1, max_value=30), max_size=25),
       offer_id=st.none() | st.just(5))
def test_an_order_asks_for_each_listing_once_within_the_bundle_limit(product_id, product_ids,
                                                                      offer_id):
    asked = list(dict.fromkeys(([product_id] if product_id is not None else [])
                               + (product_ids or [])))
    if (not product_ids and product_id is None) or (product_ids == [] and product_id is None):
        asked = []
    try:
        wanted = bundle_ids(product_id, product_ids, offer_id)
    except ValidationError as refused:
        assert (not asked or len(asked) > MAX_BUNDLE_ITEMS
                or (offer_id is not None and len(asked) > 1)), refused.errors
        return
    assert sorted(wanted) == sorted(asked)
    assert len(set(wanted)) == len(wanted) <= MAX_BUNDLE_ITEMS
    assert product_id is None or wanted[0] == product_id or product_id in wanted
    assert offer_id is None or len(wanted) == 1


@given(held=st.lists(st.integers(min_value=1, max_value=200), unique=True, max_size=101),
       product_id=st.integers(min_value=1, max_value=200))
def test_a_bag_holds_at_most_its_limit(held, product_id):
    if product_id not in held and len(held) >= MAX_BAG_ITEMS:
        with pytest.raises(Conflict):
            ensure_bag_room(held, product_id)
    else:
        ensure_bag_room(held, product_id)


def _listing(seller_id: int, status: ListingStatus = ListingStatus.AVAILABLE) -> Listing:
    details = ListingDetails(title="Levi's 501 jeans", description="Barely worn, straight leg.",
                             price="40.00", brand="Levi's", size="m", condition="like_new",
                             category="bottoms")
    photo = ListingImage("/media/products/ab/abc.webp", "/media/products/ab/abc-t.webp")
    listing = Listing.create(seller_id, details, [photo], NOW)
    listing.status = status
    return listing


@given(sellers=st.lists(st.integers(min_value=1, max_value=3), min_size=1, max_size=5))
def test_a_bundle_holds_one_sellers_items(sellers):
    listings = [_listing(seller) for seller in sellers]
    if len(set(sellers)) == 1:
        assert one_seller(listings) == sellers[0]
    else:
        with pytest.raises(ValidationError) as refused:
            one_seller(listings)
        assert refused.value.errors == {
            "productIds": "A bundle can only hold items from one seller."}


@given(seller=st.integers(min_value=1, max_value=2), status=st.sampled_from(list(ListingStatus)))
def test_only_someone_elses_available_listing_goes_in_a_bag(seller, status):
    listing = _listing(seller, status)
    if seller == 1:
        with pytest.raises(ValidationError) as own:
            ensure_baggable(listing, 1)
        assert own.value.errors == {"productId": "You cannot add your own listing to your bag."}
    elif status is not ListingStatus.AVAILABLE:
        with pytest.raises(Conflict, match=r"^This item is no longer available\.$"):
            ensure_baggable(listing, 1)
    else:
        ensure_baggable(listing, 1)


def test_the_limits_of_a_bundle_and_a_bag():
    with pytest.raises(ValidationError) as too_many:
        bundle_ids(None, list(range(1, MAX_BUNDLE_ITEMS + 2)), None)
    assert too_many.value.errors == {"productIds": "A bundle can hold at most 20 items."}
    full = list(range(1, MAX_BAG_ITEMS + 1))
    with pytest.raises(Conflict, match=r"^Your bag is full \(100 items\)"):
        ensure_bag_room(full, MAX_BAG_ITEMS + 1)
    ensure_bag_room(full, 1)  # already in the bag: nothing to add
