"""tests/fixtures/policy-figures.json holds the figures the webapp's pages quote (fees, the
shipping promise, buyer protection, the review window) as the server enforces them.

webapp/src/lib/policy.test.ts checks POLICY against the same file, so a fee or a window
changed in domain/ fails a test on both sides until the pages say the new figure.
"""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from domain.fees import (
    PAYOUT_FIXED_FEE,
    PLATFORM_FEE_RATE,
    PROCESSING_FEE_RATE,
    SERVICE_FEE_RATE,
    SHIPPING_FEE,
)
from domain.offers import WATCHER_OFFER_LIFETIME
from domain.order_rules import BUYER_PROTECTION, SHIP_WITHIN_BUSINESS_DAYS
from domain.reviews import REVIEW_WINDOW

pytestmark = pytest.mark.unit

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "policy-figures.json"
FIGURES: dict[str, str] = json.loads(FIXTURE.read_text(encoding="utf-8"))["figures"]


def percent(rate: Decimal) -> str:
    return f"{(rate * 100).normalize():f}%"


def dollars(amount: Decimal) -> str:
    return f"${amount:.2f}"


def test_fees_are_the_servers() -> None:
    assert FIGURES["shippingFee"] == dollars(SHIPPING_FEE)
    assert FIGURES["serviceFee"] == percent(SERVICE_FEE_RATE)
    assert FIGURES["platformFee"] == percent(PLATFORM_FEE_RATE)
    assert FIGURES["processingFee"] == percent(PROCESSING_FEE_RATE)
    assert FIGURES["payoutFee"] == dollars(PAYOUT_FIXED_FEE)


def test_windows_are_the_servers() -> None:
    assert FIGURES["shipWithin"] == f"{SHIP_WITHIN_BUSINESS_DAYS} business days"
    assert BUYER_PROTECTION.seconds == 0 and REVIEW_WINDOW.seconds == 0
    assert FIGURES["inspection"] == f"{BUYER_PROTECTION.days} days"
    assert FIGURES["inspectionWindow"] == f"{BUYER_PROTECTION.days}-day inspection window"
    assert FIGURES["reviewWindow"] == f"{REVIEW_WINDOW.days} days"
    hours, rest = divmod(WATCHER_OFFER_LIFETIME, timedelta(hours=1))
    assert rest == timedelta(0) and FIGURES["watcherOfferLifetime"] == f"{hours} hours"


def test_the_formatting_can_tell_figures_apart() -> None:
    assert percent(Decimal("0.019")) == "1.9%" and percent(Decimal("0.05")) == "5%"
    assert dollars(Decimal("0.1")) == "$0.10"
