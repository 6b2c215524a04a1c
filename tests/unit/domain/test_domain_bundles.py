"""Bundle discount tiers and the bundle price (issue 38 item 1)."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.bundles import (
    MAX_TIERS,
    BundleTier,
    best_tier,
    bundle_totals,
    validate_tiers,
)
from domain.errors import ValidationError
from domain.fees import SERVICE_FEE_RATE, SHIPPING_FEE, checkout_totals
from domain.money import CENT, round_money

pytestmark = pytest.mark.unit

prices = st.decimals(min_value=CENT, max_value=Decimal("5000.00"), places=2)


@st.composite
def valid_tiers(draw: st.DrawFn) -> list[BundleTier]:
    count = draw(st.integers(0, MAX_TIERS))
    items = sorted(draw(st.sets(st.integers(2, 10), min_size=count, max_size=count)))
    percents = sorted(draw(st.sets(st.integers(1, 50), min_size=count, max_size=count)))
    return [BundleTier(n, p) for n, p in zip(items, percents, strict=True)]


@given(valid_tiers())
def test_increasing_tiers_in_range_are_accepted_as_given(tiers: list[BundleTier]) -> None:
    assert validate_tiers([(t.min_items, t.percent) for t in tiers]) == tiers


@given(st.lists(st.tuples(st.integers(-5, 60), st.integers(-5, 60)), max_size=5))
def test_anything_else_is_refused_with_a_sentence(raw: list[tuple[int, int]]) -> None:
    ok = (len(raw) <= MAX_TIERS
          and all(2 <= n <= 10 and 1 <= p <= 50 for n, p in raw)
          and all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(raw)))
    if ok:
        assert [(t.min_items, t.percent) for t in validate_tiers(raw)] == raw
    else:
        with pytest.raises(ValidationError) as refused:
            validate_tiers(raw)
        message = refused.value.errors["tiers"]
        assert message[0].isupper() and message.endswith(".")


def test_the_messages_say_what_is_wrong() -> None:
    cases = {((1, 10),): "between 2 and 10", ((2, 60),): "between 1 and 50",
             ((3, 10), (2, 15)): "must need more items than discount 1",
             ((2, 10), (3, 10)): "must save more than discount 1",
             ((2, 5), (3, 6), (4, 7), (5, 8)): "at most 3"}
    for raw, words in cases.items():
        with pytest.raises(ValidationError, match=words):
            validate_tiers(list(raw))


def test_labels_read_like_the_product_page() -> None:
    assert BundleTier(2, 10).label == "Buy 2, save 10%"


@given(valid_tiers(), st.integers(1, 20))
def test_the_best_tier_is_the_largest_reached(tiers: list[BundleTier], count: int) -> None:
    tier = best_tier(tiers, count)
    reached = [t for t in tiers if t.min_items <= count]
    if not reached:
        assert tier is None
    else:
        assert tier is not None and tier.min_items <= count
        assert all(t.percent <= tier.percent for t in reached)


@given(st.lists(prices, min_size=1, max_size=12), valid_tiers())
def test_the_bundle_price(items: list[Decimal], tiers: list[BundleTier]) -> None:
    bill = bundle_totals(items, tiers)
    subtotal = sum(items, Decimal(0))
    tier = best_tier(tiers, len(items))
    percent = 0 if tier is None else tier.percent
    # Every amount is whole cents.
    for amount in (bill.subtotal, bill.discount, bill.discounted, bill.service_fee, bill.total):
        assert amount == round_money(amount)
    assert bill.subtotal == subtotal
    assert bill.discount == round_money(subtotal * percent / Decimal(100))
    assert bill.discounted == subtotal - bill.discount
    # The fee is charged on the discounted subtotal; ONE shipping, whatever the count.
    assert bill.service_fee == round_money(bill.discounted * SERVICE_FEE_RATE)
    assert bill.shipping == SHIPPING_FEE
    assert bill.total == bill.discounted + bill.service_fee + SHIPPING_FEE
    # A discount never makes the bundle cost more than buying the items one by one.
    assert bill.total <= sum((checkout_totals(p).total for p in items), Decimal(0))
    assert bill.discount >= 0 and bill.discounted > 0


@given(prices)
def test_one_item_costs_what_a_single_order_costs(price: Decimal) -> None:
    bill = bundle_totals([price], [BundleTier(2, 10)])
    assert bill.checkout == checkout_totals(price)
    assert bill.tier is None and bill.discount == 0


def test_a_worked_example() -> None:
    bill = bundle_totals([Decimal("40.00"), Decimal("25.00"), Decimal("19.99")],
                         validate_tiers([(2, 10), (3, 15)]))
    assert (bill.subtotal, bill.discount, bill.discounted) == (
        Decimal("84.99"), Decimal("12.75"), Decimal("72.24"))
    assert (bill.service_fee, bill.shipping, bill.total) == (
        Decimal("3.61"), Decimal("5.00"), Decimal("80.85"))
