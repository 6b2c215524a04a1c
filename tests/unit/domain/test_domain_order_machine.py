"""The order state machine, explored by hypothesis against an independent model.

The model restates spec §4 (and the buyer-protection rule of §9) as its own table, with
the decisions where the spec is silent (docs/orders.md): an unpaid order (pending or
confirmed) may be cancelled by any party and is cancelled by the timer 72 hours after
placement, its listing reserved until then; an administrator who is the order's buyer or
seller acts only as that party. Any move by any actor at any time must succeed exactly
when the model allows it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from domain.catalog import ListingStatus
from domain.errors import DomainError, Forbidden, IllegalTransition, ValidationError
from domain.orders import Actor, Order, OrderStatus
from tests.support import NOW

pytestmark = pytest.mark.unit

BUYER_ID, SELLER_ID = 1, 2

# (from, to): who may, by the spec. "any" = buyer, seller or admin.
TABLE = {
    ("pending", "confirmed"): {"seller"},
    ("pending", "payment_confirmed"): {"admin"},
    ("pending", "cancelled"): {"buyer", "seller", "admin"},
    ("confirmed", "payment_confirmed"): {"admin"},
    ("confirmed", "shipped"): {"seller"},
    ("confirmed", "cancelled"): {"buyer", "seller", "admin"},
    ("payment_confirmed", "shipped"): {"seller"},
    ("shipped", "delivered"): {"seller"},
    ("delivered", "completed"): {"buyer"},
}
TERMINAL = {"completed", "cancelled"}
UNPAID = {"pending", "confirmed"}
tracking_numbers = st.sampled_from([None, "", "   ", "1Z999AA10123456784"])
tracking_urls = st.sampled_from([None, "", "https://track.example.com/x", "nope"])


class OrderMachine(RuleBasedStateMachine):
    @initialize(seller_is_admin=st.booleans(), buyer_is_admin=st.booleans())
    def place(self, seller_is_admin: bool, buyer_is_admin: bool) -> None:
        self.actors = {
            "buyer": Actor(BUYER_ID, is_admin=buyer_is_admin),
            "seller": Actor(SELLER_ID, is_admin=seller_is_admin),
            "admin": Actor(9, is_admin=True),
            "stranger": Actor(3),
        }
        self.order = Order.place(
            order_number="7-ABC123",
            product_id=1,
            buyer_id=BUYER_ID,
            seller_id=SELLER_ID,
            price=Decimal("30"),
            created_at=NOW,
        )
        self.now = NOW
        self.status = "pending"
        self.delivered_at: datetime | None = None
        self.terminal_as: str | None = None
        self.successes = 0

    def roles(self, name: str) -> set[str]:
        actor = self.actors[name]
        found = {role for role, uid in (("buyer", BUYER_ID), ("seller", SELLER_ID))
                 if actor.user_id == uid}  # fmt: skip
        # An administrator who is a party to the order plays only that part.
        return found or ({"admin"} if actor.is_admin else set())

    def protection_over(self) -> bool:
        return self.delivered_at is not None and self.now >= self.delivered_at + timedelta(days=3)

    def expected_error(self, name: str, target: str, number: str | None, url: str | None):
        roles = self.roles(name)
        if not roles:
            return Forbidden
        allowed = TABLE.get((self.status, target))
        if allowed is None:
            return IllegalTransition
        if target == "completed" and self.protection_over():
            allowed = {"buyer", "seller", "admin"}
        if not roles & allowed:
            return Forbidden
        if target == "shipped" and (not (number or "").strip() or url == "nope"):
            return ValidationError
        return None

    @rule(
        name=st.sampled_from(["buyer", "seller", "admin", "stranger"]),
        to=st.sampled_from([s.value for s in OrderStatus]),
        number=tracking_numbers,
        url=tracking_urls,
    )
    def move(self, name: str, to: str, number: str | None, url: str | None) -> None:
        target = to  # "target" is reserved by @rule
        expected = self.expected_error(name, target, number, url)
        before = (self.order.status, self.order.tracking_number, len(self.order.events))
        try:
            self.order.transition(self.actors[name], target, self.now, number, url)
        except DomainError as error:
            assert expected is not None, f"{name} -> {target} refused: {error}"
            assert type(error) is expected
            after = (self.order.status, self.order.tracking_number, len(self.order.events))
            assert after == before, "a refused move changed the order"
            return
        assert expected is None, f"{name} moved {self.status} -> {target}"
        self.status = target
        self.successes += 1
        if target == "delivered":
            self.delivered_at = self.now

    @rule(data=st.data())
    def move_forward(self, data: st.DataObject) -> None:
        """A move the table knows from here, so deep states are reached often."""
        options = sorted(to for (start, to) in TABLE if start == self.status) or ["pending"]
        self.move(
            data.draw(st.sampled_from(["buyer", "seller", "admin"]), label="name"),
            data.draw(st.sampled_from(options), label="to"),
            data.draw(st.sampled_from(["1Z999", "1Z999", None]), label="number"),
            data.draw(tracking_urls, label="url"),
        )

    @rule(hours=st.integers(min_value=0, max_value=96))
    def wait(self, hours: int) -> None:
        self.now += timedelta(hours=hours)

    @rule()
    def sweep(self) -> None:
        should = self.status == "delivered" and self.protection_over()
        assert self.order.complete_if_protection_expired(self.now) == should
        if should:
            self.status = "completed"
            self.successes += 1

    @rule()
    def sweep_unpaid(self) -> None:
        should = self.status in UNPAID and self.now >= NOW + timedelta(hours=72)
        assert self.order.cancel_if_unpaid_expired(self.now) == should
        if should:
            self.status = "cancelled"
            self.successes += 1

    @invariant()
    def status_matches_the_model(self) -> None:
        assert self.order.status == self.status

    @invariant()
    def terminal_states_stay_terminal(self) -> None:
        if self.terminal_as is not None:
            assert self.order.status == self.terminal_as
        elif self.status in TERMINAL:
            self.terminal_as = self.status
        assert self.order.is_terminal == (self.status in TERMINAL)

    @invariant()
    def the_listing_follows_the_order(self) -> None:
        expected = {"pending": ListingStatus.RESERVED, "confirmed": ListingStatus.RESERVED,
                    "cancelled": ListingStatus.AVAILABLE}
        assert self.order.listing_status is expected.get(self.status, ListingStatus.SOLD)
        assert self.order.releases_listing == (self.status == "cancelled")

    @invariant()
    def shipped_orders_carry_tracking_and_delivered_ones_a_date(self) -> None:
        if self.status in {"shipped", "delivered", "completed"}:
            assert self.order.tracking_number
        assert self.order.delivered_at == self.delivered_at

    @invariant()
    def allowed_transitions_are_exactly_the_legal_moves(self) -> None:
        for name, actor in self.actors.items():
            legal = {
                OrderStatus(target)
                for target in (s.value for s in OrderStatus)
                if self.expected_error(name, target, "1Z", None) is None
            }
            assert self.order.allowed_transitions(actor, self.now) == legal

    @invariant()
    def every_change_recorded_one_event(self) -> None:
        assert len(self.order.events) == 1 + self.successes


OrderMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
TestOrderMachine = OrderMachine.TestCase
