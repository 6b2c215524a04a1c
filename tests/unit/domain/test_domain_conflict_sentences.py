"""Issue 36 item 9: every 409 of the state machines reads as a sentence a person would say
(no "A payment confirmed order cannot become payment confirmed.")."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import IllegalTransition
from domain.offers import Offer, OfferStatus
from domain.order_rules import OrderStatus, illegal_move_message, is_move
from tests.support import NOW

pytestmark = pytest.mark.unit

statuses = st.sampled_from(list(OrderStatus))


def reads_as_a_sentence(text: str) -> bool:
    return (text[0].isupper() and text.endswith(".") and "_" not in text
            and not re.search(r"\b(\w+) \1\b", text))


@given(statuses, statuses)
def test_every_illegal_order_move_is_explained_in_a_sentence(source, target):
    if is_move(source, target):
        return
    message = illegal_move_message(source, target)
    assert reads_as_a_sentence(message), message
    assert "cannot become" not in message


def test_confirming_a_confirmed_payment_says_so():
    assert illegal_move_message(OrderStatus.PAYMENT_CONFIRMED, OrderStatus.PAYMENT_CONFIRMED) == (
        "Payment for this order is already confirmed.")
    assert illegal_move_message(OrderStatus.SHIPPED, OrderStatus.CANCELLED) == (
        "This order has already shipped, so it cannot be cancelled any more.")


@given(st.sampled_from(["accept", "reject", "withdraw"]),
       st.sampled_from(["accept", "reject", "counter", "withdraw", "decline"]))
def test_every_refused_offer_answer_is_a_sentence(first, second):
    offer = Offer.make(product_id=1, buyer_id=1, seller_id=2, listing_price=Decimal("100"),
                       offer_price=Decimal("80"), created_at=NOW)
    moves = {
        "accept": lambda: offer.accept(2, NOW), "reject": lambda: offer.reject(2),
        "counter": lambda: offer.counter(2, "90"), "withdraw": lambda: offer.withdraw(1),
        "decline": lambda: offer.decline("listing_sold"),
    }
    moves[first]()
    with pytest.raises(IllegalTransition) as refused:
        moves[second]()
    assert reads_as_a_sentence(refused.value.message), refused.value.message
    assert f"already {offer.status.value}." not in refused.value.message or (
        offer.status is OfferStatus.ACCEPTED)
