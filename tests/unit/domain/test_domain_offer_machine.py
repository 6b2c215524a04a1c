"""The offer state machine, explored by hypothesis against an independent model.

The model restates spec §4 as a table; every random move by a random actor must
succeed exactly when the model says so, and fail with the error class it predicts.
Time passes too: an accepted offer reserves the item for its buyer for 24 hours, the
reservation is used by placing the order or else the offer expires (docs/offers.md). An
order placed with the offer may be cancelled: the accepted offer is then ``cancelled``
and never holds the item again (issue 36).

Size: OfferMachine is a hypothesis RuleBasedStateMachine: its methods are the rules and
invariants, one per move of the offer.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from domain.errors import Conflict, DomainError, Forbidden, IllegalTransition, ValidationError
from domain.offers import Offer, minimum_offer
from tests.support import NOW

pytestmark = pytest.mark.unit

BUYER, SELLER, STRANGER = 1, 2, 3
actors = st.sampled_from([BUYER, SELLER, STRANGER])
cents = st.integers(min_value=1, max_value=100_000)
# Mostly whole cents near typical prices, sometimes zero, negative or sub-cent.
counter_prices = st.one_of(
    st.integers(min_value=-100, max_value=100_001).map(lambda c: Decimal(c) / 100),
    st.decimals(min_value=0, max_value=1001, places=3),
)

SELLER_MOVES = {"accept": "accepted", "reject": "rejected", "counter": "countered"}
BUYER_MOVES = {"accept_counter": "accepted", "decline_counter": "rejected"}
PENDING_BUYER_MOVES = {"withdraw": "withdrawn"}
SETTLED = {"rejected", "withdrawn", "expired", "cancelled"}
DAY = timedelta(hours=24)


class OfferMachine(RuleBasedStateMachine):
    @initialize(a=cents, b=cents)
    def make_offer(self, a: int, b: int) -> None:
        self.listing = Decimal(max(a, b)) / 100
        self.now = NOW
        self.offer = Offer.make(
            product_id=1,
            buyer_id=BUYER,
            seller_id=SELLER,
            listing_price=self.listing,
            offer_price=max(Decimal(min(a, b)) / 100, minimum_offer(self.listing)),
            created_at=self.now,
        )
        self.deadline: datetime | None = None
        self.status = "pending"
        self.proposed = {self.offer.offer_price}
        self.settled_as: str | None = None
        self.successes = 0

    # -- the model -------------------------------------------------------------

    def expected_error(self, move: str, actor: int, price: Decimal | None = None) -> type | None:
        if move in SELLER_MOVES:
            if actor != SELLER:
                return Forbidden
            if self.status != "pending":
                return IllegalTransition
            if move == "counter" and not self.counter_ok(price):
                return ValidationError
            return None
        if move == "decline":
            return None if self.status in {"pending", "countered"} else IllegalTransition
        if actor != BUYER:
            return Forbidden
        if move in PENDING_BUYER_MOVES:
            return None if self.status == "pending" else IllegalTransition
        return None if self.status == "countered" else IllegalTransition

    def counter_ok(self, price: Decimal) -> bool:
        whole_cents = price == price.quantize(Decimal("0.01"))
        return whole_cents and self.offer.offer_price < price <= self.listing

    def attempt(self, move: str, actor: int, *args: object) -> None:
        expected = self.expected_error(move, actor, *args)
        before = (self.offer.status, self.offer.counter_price, len(self.offer.events))
        try:
            getattr(self.offer, move)(actor, *args)
        except DomainError as error:
            assert expected is not None, f"{move} by {actor} refused: {error}"
            assert type(error) is expected
            after = (self.offer.status, self.offer.counter_price, len(self.offer.events))
            assert after == before, "a refused move changed the offer"
            return
        assert expected is None, f"{move} by {actor} succeeded in {self.status}"
        self.status = {**SELLER_MOVES, **BUYER_MOVES, **PENDING_BUYER_MOVES,
                       "decline": "rejected"}[move]
        self.successes += 1
        if self.status == "accepted":
            self.deadline = self.now + DAY
        if move.startswith("counter"):
            self.proposed.add(args[0])

    # -- moves -----------------------------------------------------------------

    @rule(actor=actors)
    def accept(self, actor: int) -> None:
        self.attempt_accept("accept", actor)

    def attempt_accept(self, move: str, actor: int) -> None:
        expected = self.expected_error(move, actor)
        try:
            getattr(self.offer, move)(actor, self.now)
        except DomainError as error:
            assert type(error) is expected
            return
        assert expected is None
        self.status = "accepted"
        self.deadline = self.now + DAY
        self.successes += 1

    @rule(minutes=st.integers(min_value=0, max_value=2 * 24 * 60))
    def time_passes(self, minutes: int) -> None:
        self.now += timedelta(minutes=minutes)

    @rule()
    def reservation_lapses(self) -> None:
        lapsed = self.status == "accepted" and self.deadline is not None and (
            self.now >= self.deadline)
        try:
            self.offer.expire(self.now)
        except IllegalTransition:
            assert not lapsed
            return
        assert lapsed
        self.status, self.deadline = "expired", None
        self.successes += 1

    @rule()
    def buyer_places_the_order(self) -> None:
        reserving = self.status == "accepted" and self.deadline is not None
        try:
            self.offer.use_reservation(self.now)
        except Conflict:
            assert reserving and self.now >= self.deadline  # type: ignore[operator]
            return
        assert not reserving or self.now < self.deadline  # type: ignore[operator]
        self.deadline = None

    @rule()
    def the_order_is_cancelled(self) -> None:
        """The order placed with the offer (or, for the domain's rule, any order) is cancelled:
        only an accepted offer becomes ``cancelled``; any other status refuses, unchanged."""
        before = self.offer.status
        try:
            self.offer.order_cancelled()
        except IllegalTransition:
            assert self.status != "accepted"
            assert self.offer.status is before
            return
        assert self.status == "accepted"
        self.status, self.deadline = "cancelled", None  # no event: the order tells both
        assert self.offer.reserved_until is None

    @rule(actor=actors)
    def reject(self, actor: int) -> None:
        self.attempt("reject", actor)

    @rule(actor=actors, price=counter_prices)
    def counter(self, actor: int, price: Decimal) -> None:
        self.attempt("counter", actor, price)

    @rule(actor=actors, step=st.integers(min_value=0, max_value=100_000))
    def counter_between_offer_and_listing(self, actor: int, step: int) -> None:
        span = int((self.listing - self.offer.offer_price) * 100)
        self.attempt("counter", actor, self.offer.offer_price + Decimal(step % (span + 1)) / 100)

    @rule(actor=actors)
    def accept_counter(self, actor: int) -> None:
        self.attempt_accept("accept_counter", actor)

    @rule(actor=actors)
    def decline_counter(self, actor: int) -> None:
        self.attempt("decline_counter", actor)

    @rule(actor=actors)
    def withdraw(self, actor: int) -> None:
        self.attempt("withdraw", actor)

    @rule(reason=st.sampled_from(["other_offer_accepted", "listing_sold", "listing_deleted"]))
    def decline(self, reason: str) -> None:
        expected = self.expected_error("decline", 0)
        try:
            self.offer.decline(reason)
        except DomainError as error:
            assert type(error) is expected
            return
        assert expected is None
        self.status = "rejected"
        self.successes += 1
        assert self.offer.decline_reason == reason
        assert not self.offer.buyer_seen

    # -- invariants ------------------------------------------------------------

    @invariant()
    def status_matches_the_model(self) -> None:
        assert self.offer.status == self.status
        assert self.offer.is_open == (self.status in {"pending", "countered"})

    @invariant()
    def only_an_unexpired_reservation_holds_the_item(self) -> None:
        held = self.status == "accepted" and self.deadline is not None and (
            self.now < self.deadline)
        assert self.offer.holds_item_for(BUYER, 1, self.now) == held
        assert not self.offer.holds_item_for(STRANGER, 1, self.now)
        assert not self.offer.holds_item_for(BUYER, 2, self.now)
        assert self.offer.is_lapsed(self.now) == (
            self.status == "accepted" and self.deadline is not None
            and self.now >= self.deadline)

    @invariant()
    def settled_offers_stay_settled(self) -> None:
        if self.settled_as is not None:
            assert self.offer.status == self.settled_as
        elif self.status == "accepted":
            self.settled_as = None  # accepted moves on only by expiring
        elif self.status in SETTLED:
            self.settled_as = self.status

    @invariant()
    def agreed_price_is_a_proposed_price(self) -> None:
        agreed = self.offer.agreed_price
        if self.status != "accepted":
            assert agreed is None
            return
        assert agreed in self.proposed
        assert Decimal("0") < agreed <= self.listing
        assert agreed == agreed.quantize(Decimal("0.01"))

    @invariant()
    def available_actions_are_exactly_the_legal_moves(self) -> None:
        probe = self.listing  # a valid counter whenever any counter is possible
        for actor in (BUYER, SELLER, STRANGER):
            legal = {
                move
                for move in (*SELLER_MOVES, *BUYER_MOVES, *PENDING_BUYER_MOVES)
                if self.expected_error(move, actor, probe) in (None, ValidationError)
            }
            assert self.offer.available_actions(actor) == legal

    @invariant()
    def every_success_recorded_one_event(self) -> None:
        assert len(self.offer.events) == 1 + self.successes


OfferMachine.TestCase.settings = settings(max_examples=200, stateful_step_count=15, deadline=None)
TestOfferMachine = OfferMachine.TestCase
