"""The offer state machine, explored by hypothesis against an independent model.

The model restates spec §4 as a table; every random move by a random actor must
succeed exactly when the model says so, and fail with the error class it predicts.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from domain.errors import DomainError, Forbidden, IllegalTransition, ValidationError
from domain.offers import Offer

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
SETTLED = {"accepted", "rejected", "withdrawn"}


class OfferMachine(RuleBasedStateMachine):
    @initialize(a=cents, b=cents)
    def make_offer(self, a: int, b: int) -> None:
        self.listing = Decimal(max(a, b)) / 100
        self.offer = Offer.make(
            product_id=1,
            buyer_id=BUYER,
            seller_id=SELLER,
            listing_price=self.listing,
            offer_price=Decimal(min(a, b)) / 100,
            created_at=datetime(2025, 1, 1, tzinfo=UTC),
        )
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
        if args:
            self.proposed.add(args[0])

    # -- moves -----------------------------------------------------------------

    @rule(actor=actors)
    def accept(self, actor: int) -> None:
        self.attempt("accept", actor)

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
        self.attempt("accept_counter", actor)

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
    def settled_offers_stay_settled(self) -> None:
        if self.settled_as is not None:
            assert self.offer.status == self.settled_as
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
