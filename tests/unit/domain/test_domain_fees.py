"""Checkout totals, seller net and the default offer (spec §9)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.fees import (
    PAYOUT_FIXED_FEE,
    PLATFORM_FEE_RATE,
    PROCESSING_FEE_RATE,
    SERVICE_FEE_RATE,
    SHIPPING_FEE,
    CheckoutTotals,
    checkout_totals,
    default_offer,
    seller_fees,
    seller_net,
)
from domain.money import CENT, MAX_AMOUNT, round_money
from domain.offers import validate_offer_amount

pytestmark = pytest.mark.unit

prices = st.decimals(min_value=0, max_value=MAX_AMOUNT, places=2)
positive_prices = st.decimals(min_value=CENT, max_value=MAX_AMOUNT, places=2)


def test_constants_are_the_spec_numbers():
    assert Decimal("0.05") == SERVICE_FEE_RATE
    assert Decimal("5.00") == SHIPPING_FEE
    assert Decimal("0.05") == PLATFORM_FEE_RATE
    assert Decimal("0.019") == PROCESSING_FEE_RATE
    assert Decimal("0.10") == PAYOUT_FIXED_FEE


@pytest.mark.parametrize(
    ("price", "fee", "total"),
    [
        ("100", "5.00", "110.00"),
        ("10", "0.50", "15.50"),
        ("0.10", "0.01", "5.11"),  # 0.005 rounds half up
        ("0.09", "0.00", "5.09"),
        ("25.99", "1.30", "32.29"),
    ],
)
def test_checkout_totals_examples(price, fee, total):
    totals = checkout_totals(price)
    assert totals == CheckoutTotals(
        item=Decimal(price).quantize(CENT),
        service_fee=Decimal(fee),
        shipping=Decimal("5.00"),
        total=Decimal(total),
    )


@pytest.mark.parametrize(
    ("price", "net"),
    [
        ("100", "93.00"),  # 100 * 0.931 - 0.10
        ("10", "9.21"),
        ("0.11", "0.00"),  # 0.10241 - 0.10 = 0.00241
        ("0.10", "0.00"),  # would be negative: floored at zero
        ("0", "0.00"),
        ("19.99", "18.51"),  # 18.61069 - 0.10 = 18.51069
    ],
)
def test_seller_net_examples(price, net):
    assert seller_net(price) == Decimal(net)
    assert seller_fees(price) == round_money(price) - Decimal(net)


@pytest.mark.parametrize(
    ("price", "offer"), [("100", "90.00"), ("0.01", "0.01"), ("19.99", "17.99"), ("0.05", "0.05")]
)
def test_default_offer_examples(price, offer):
    assert default_offer(price) == Decimal(offer)


@given(prices)
def test_total_is_at_least_price_and_exact_to_the_cent(price):
    totals = checkout_totals(price)
    assert totals.total >= price + SHIPPING_FEE
    assert totals.total == totals.item + totals.service_fee + totals.shipping
    assert totals.total == totals.total.quantize(CENT)
    assert abs(totals.service_fee - price * SERVICE_FEE_RATE) <= CENT / 2


@given(prices)
def test_net_plus_fees_never_exceed_price(price):
    net = seller_net(price)
    assert Decimal(0) <= net <= price
    assert net == net.quantize(CENT)
    assert net + seller_fees(price) == price
    exact = price * (1 - PLATFORM_FEE_RATE - PROCESSING_FEE_RATE) - PAYOUT_FIXED_FEE
    assert net == max(Decimal("0.00"), round_money(exact))


@given(prices, prices)
def test_seller_net_grows_with_price(a, b):
    low, high = sorted((a, b))
    assert seller_net(low) <= seller_net(high)


@given(positive_prices)
def test_default_offer_is_a_valid_offer_not_above_price(price):
    offer = default_offer(price)
    assert CENT <= offer <= price
    assert abs(offer - price * Decimal("0.9")) <= CENT / 2
    assert validate_offer_amount(str(offer), price) == {}
