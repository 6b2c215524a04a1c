"""Disputes (issue 37): the window, with time passed in as the injected clock would, and the
moves of disputed orders, explored by hypothesis against an independent model."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from domain.catalog import ListingStatus
from domain.disputes import (
    NO_DELIVERY_TIME,
    STEP_STATUS,
    DisputeOutcome,
    DisputeReason,
    claim_window,
    entered_at,
    one_line_per_step,
    validate_dispute,
    why_not_disputable,
)
from domain.errors import DomainError, Forbidden, IllegalTransition
from domain.orders import Actor, Order, OrderStatus
from tests.support import NOW

pytestmark = pytest.mark.unit

BUYER, SELLER, ADMIN, STRANGER = Actor(1), Actor(2), Actor(9, is_admin=True), Actor(3)
reasons = st.sampled_from(list(DisputeReason))
# Offsets in seconds around the edges that matter (3 days, 7 days) and far from them.
offsets = st.one_of(st.integers(0, 20 * 86400),
                    st.sampled_from([3 * 86400 - 1, 3 * 86400, 7 * 86400 - 1, 7 * 86400]))


@given(after=offsets, reason=reasons)
def test_a_delivered_order_is_disputable_for_exactly_three_days(after: int,
                                                                reason: DisputeReason) -> None:
    now = NOW + timedelta(seconds=after)
    why = why_not_disputable(OrderStatus.DELIVERED, reason, NOW, NOW, now)
    assert (why is None) == (after < 3 * 86400)
    if why is not None:
        assert "3 days after delivery" in why


@given(after=offsets, reason=reasons)
def test_a_shipped_order_is_disputable_as_not_received_after_seven_days(
        after: int, reason: DisputeReason) -> None:
    now = NOW + timedelta(seconds=after)
    why = why_not_disputable(OrderStatus.SHIPPED, reason, None, NOW, now)
    assert (why is None) == (reason is DisputeReason.NOT_RECEIVED and after >= 7 * 86400)


@given(after=offsets, reason=reasons)
def test_a_delivered_order_without_a_delivery_time_is_never_disputable(
        after: int, reason: DisputeReason) -> None:
    """Not "disputable forever": the window cannot be shown to be open, so the claim is
    refused with a sentence (the service first looks for the time in the timeline)."""
    why = why_not_disputable(OrderStatus.DELIVERED, reason, None, NOW,
                             NOW + timedelta(seconds=after))
    assert why == NO_DELIVERY_TIME


@given(who=st.sampled_from(["buyer", "seller"]), outcome=st.sampled_from(list(DisputeOutcome)))
def test_an_administrator_who_is_a_party_cannot_resolve_the_dispute(
        who: str, outcome: DisputeOutcome) -> None:
    """A judge is not a party: an administrator who bought or sold the item is refused (403)
    and the order stays disputed; any other administrator resolves it."""
    party = Actor(1 if who == "buyer" else 2, is_admin=True)
    order = Order.place(order_number="42-SBEUF8", product_id=7, buyer_id=1, seller_id=2,
                        price=Decimal("10"), created_at=NOW)
    order.status = OrderStatus.DISPUTED
    with pytest.raises(Forbidden, match="another administrator"):
        order.resolve_dispute(party, outcome, NOW)
    assert order.status is OrderStatus.DISPUTED
    order.resolve_dispute(ADMIN, outcome, NOW)
    assert order.status is not OrderStatus.DISPUTED


@given(status=st.sampled_from([s for s in OrderStatus
                               if s not in (OrderStatus.SHIPPED, OrderStatus.DELIVERED)]),
       reason=reasons, after=offsets)
def test_no_other_status_is_disputable(status: OrderStatus, reason: DisputeReason,
                                       after: int) -> None:
    now = NOW + timedelta(seconds=after)
    assert why_not_disputable(status, reason, NOW, NOW, now) is not None


@given(details=st.text(max_size=60), photos=st.integers(0, 8))
def test_details_need_twenty_characters_and_photos_at_most_five(details: str,
                                                                photos: int) -> None:
    _, errors = validate_dispute("damaged", details, photos)
    assert ("details" in errors) == (len(details.strip()) < 20)
    assert ("photos" in errors) == (photos > 5)


class DisputedOrderMachine(RuleBasedStateMachine):
    """An order walked to shipped, then time, delivery, disputes and resolutions at random."""

    @initialize()
    def ship(self) -> None:
        self.order = Order.place(order_number="7-ABC123", product_id=1, buyer_id=1,
                                 seller_id=2, price=Decimal("40"), created_at=NOW)
        self.order.transition(ADMIN, OrderStatus.PAYMENT_CONFIRMED, NOW)
        self.order.transition(SELLER, OrderStatus.SHIPPED, NOW, "1Z999")
        self.shipped_at = NOW
        self.now = NOW
        self.status = "shipped"
        self.delivered_at: datetime | None = None

    @rule(hours=st.integers(0, 100))
    def wait(self, hours: int) -> None:
        self.now += timedelta(hours=hours)

    @rule()
    def deliver(self) -> None:
        try:
            self.order.transition(SELLER, OrderStatus.DELIVERED, self.now)
        except IllegalTransition:
            assert self.status != "shipped"
            return
        assert self.status == "shipped"
        self.status, self.delivered_at = "delivered", self.now

    @rule(who=st.sampled_from(["buyer", "seller", "admin", "stranger"]), reason=reasons)
    def dispute(self, who: str, reason: DisputeReason) -> None:
        actor = {"buyer": BUYER, "seller": SELLER, "admin": ADMIN, "stranger": STRANGER}[who]
        expected: type[DomainError] | None = None
        if who != "buyer":
            expected = Forbidden
        elif self.status == "delivered":
            assert self.delivered_at is not None
            if self.now >= self.delivered_at + timedelta(days=3):
                expected = IllegalTransition
        elif self.status == "shipped":
            if (reason is not DisputeReason.NOT_RECEIVED
                    or self.now < self.shipped_at + timedelta(days=7)):
                expected = IllegalTransition
        else:
            expected = IllegalTransition
        try:
            self.order.open_dispute(actor, reason, self.now, self.shipped_at)
        except DomainError as error:
            assert type(error) is expected, (who, self.status, error)
            return
        assert expected is None, (who, self.status)
        self.status = "disputed"

    @rule(admin=st.booleans(), outcome=st.sampled_from(list(DisputeOutcome)))
    def resolve(self, admin: bool, outcome: DisputeOutcome) -> None:
        try:
            self.order.resolve_dispute(ADMIN if admin else BUYER, outcome, self.now)
        except Forbidden:
            assert not admin
            return
        except IllegalTransition:
            assert self.status != "disputed"
            return
        assert admin and self.status == "disputed"
        self.status = "completed" if outcome is DisputeOutcome.RELEASE else "refunded"

    @rule()
    def sweep(self) -> None:
        completed = self.order.complete_if_protection_expired(self.now)
        if completed:
            assert self.status == "delivered"
            self.status = "completed"

    @rule(to=st.sampled_from(list(OrderStatus)), who=st.sampled_from([BUYER, SELLER, ADMIN]))
    def no_ordinary_move_leaves_a_dispute(self, to: OrderStatus, who: Actor) -> None:
        if self.status in ("disputed", "refunded"):
            with pytest.raises(DomainError):
                self.order.transition(who, to, self.now, "1Z999")

    @invariant()
    def status_matches_the_model(self) -> None:
        assert self.order.status.value == self.status

    @invariant()
    def a_disputed_order_never_completes_by_itself(self) -> None:
        if self.status == "disputed":
            assert not self.order.protection_expired(self.now + timedelta(days=365))

    @invariant()
    def the_listing_stays_sold(self) -> None:
        assert self.order.listing_status is ListingStatus.SOLD

    @invariant()
    def refunded_is_terminal(self) -> None:
        assert self.order.is_terminal == (self.status in ("completed", "refunded"))


DisputedOrderMachine.TestCase.settings = settings(max_examples=120, stateful_step_count=30,
                                                  deadline=None)
TestDisputedOrderMachine = DisputedOrderMachine.TestCase


@dataclass(frozen=True)
class _Line:
    kind: str
    status: str | None
    at: datetime


_moments = st.sampled_from([NOW + timedelta(minutes=n) for n in range(3)])
_lines = st.lists(st.one_of(
    st.builds(_Line, kind=st.just("status"), at=_moments,
              status=st.sampled_from([s.value for s in OrderStatus])),
    st.builds(_Line, kind=st.just("dispute"), at=_moments,
              status=st.sampled_from(["opened", "response", "release", "refund"])),
    st.builds(_Line, kind=st.sampled_from(["placed", "address"]), at=_moments,
              status=st.none())), max_size=12)


@given(lines=_lines)
def test_the_timeline_shows_a_dispute_step_once(lines: list[_Line]) -> None:
    shown = one_line_per_step(lines)
    # A subsequence: only lines are left out, none is reordered or invented.
    remaining = iter(lines)
    assert all(any(line is other for other in remaining) for line in shown)
    # Every line that is not a status line stays.
    assert [x for x in lines if x.kind != "status"] == [x for x in shown if x.kind != "status"]
    steps = {(STEP_STATUS[x.status], x.at) for x in lines
             if x.kind == "dispute" and x.status in STEP_STATUS}
    for line in lines:
        if line.kind == "status":
            # A status line goes exactly when a dispute step of its moment made that status.
            assert (line in shown) == ((line.status, line.at) not in steps)


# -- what the buyer may claim now, and from when (the order answer's ``disputeReasons`` and
# ``disputeOpensAt``: the webapp shows these, it keeps no copy of the rule) ------------------

_maybe_at = st.one_of(st.none(), st.just(NOW))


@given(status=st.sampled_from(list(OrderStatus)), delivered_at=_maybe_at,
       shipped_at=_maybe_at, after=offsets)
def test_the_claim_window_is_exactly_what_the_rule_takes(
        status: OrderStatus, delivered_at: datetime | None, shipped_at: datetime | None,
        after: int) -> None:
    """The reasons offered now are the ones ``why_not_disputable`` takes now; with none, the
    sentence says why; ``opens_at`` is the first moment a refused claim is taken."""
    now = NOW + timedelta(seconds=after)
    claim = claim_window(status, delivered_at, shipped_at, now)
    assert set(claim.reasons) == {reason for reason in DisputeReason if why_not_disputable(
        status, reason, delivered_at, shipped_at, now) is None}
    assert list(claim.reasons) == [r for r in DisputeReason if r in claim.reasons]
    if claim.reasons:
        assert claim.why_not is None
    else:
        assert claim.why_not == why_not_disputable(status, DisputeReason.NOT_RECEIVED,
                                                   delivered_at, shipped_at, now)
    if claim.opens_at is not None:
        assert not claim.reasons and now < claim.opens_at
        assert claim_window(status, delivered_at, shipped_at, claim.opens_at).reasons == (
            DisputeReason.NOT_RECEIVED,)
        just_before = claim.opens_at - timedelta(microseconds=1)
        assert claim_window(status, delivered_at, shipped_at, just_before).reasons == ()


@given(after=offsets)
def test_not_received_opens_exactly_seven_days_after_shipping_and_alone(after: int) -> None:
    now = NOW + timedelta(seconds=after)
    claim = claim_window(OrderStatus.SHIPPED, None, NOW, now)
    if after < 7 * 86400:
        assert claim.reasons == () and claim.opens_at == NOW + timedelta(days=7)
        assert claim.why_not == ("An item can be reported as not received 7 days after it "
                                 "was shipped.")
    else:
        assert claim.reasons == (DisputeReason.NOT_RECEIVED,) and claim.opens_at is None


@given(after=offsets)
def test_a_delivered_order_offers_every_reason_until_protection_ends(after: int) -> None:
    claim = claim_window(OrderStatus.DELIVERED, NOW, NOW - timedelta(days=2),
                         NOW + timedelta(seconds=after))
    assert claim.opens_at is None
    if after < 3 * 86400:
        assert claim.reasons == tuple(DisputeReason) and claim.why_not is None
    else:
        assert claim.reasons == ()
        assert claim.why_not is not None and "3 days after delivery" in claim.why_not


@given(after=offsets)
def test_a_shipped_order_without_a_shipping_time_never_opens(after: int) -> None:
    """As the server refuses it: no reason now and no moment when one opens."""
    claim = claim_window(OrderStatus.SHIPPED, None, None, NOW + timedelta(seconds=after))
    assert (claim.reasons, claim.opens_at) == ((), None)
    assert claim.why_not == "An item can be reported as not received 7 days after it was shipped."


def test_the_time_an_order_entered_a_status_is_its_last_such_line() -> None:
    lines = [_Line("status", "shipped", NOW - timedelta(days=2)),
             _Line("status", "payment_confirmed", NOW - timedelta(days=1)),
             _Line("status", "shipped", NOW)]
    assert entered_at(lines, OrderStatus.SHIPPED) == NOW
    assert entered_at(lines, OrderStatus.DELIVERED) is None
    assert entered_at([], OrderStatus.SHIPPED) is None
