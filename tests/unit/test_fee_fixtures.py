"""tests/fixtures/seller-net.json is shared with the webapp's integer-cent port (lib/fees.ts).

The create-listing page previews "You'll receive $X.XX after fees" and the offer dialog
starts at 90% of the price; both must match what the server computes, to the cent.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from domain.fees import default_offer, seller_net

pytestmark = pytest.mark.unit

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "seller-net.json"
CASES = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]


def test_the_fixture_covers_rounding_and_the_floor() -> None:
    assert len(CASES) >= 30
    assert any(case["net"] == "0.00" for case in CASES)  # never below zero
    assert any(len(case["price"].partition(".")[2]) > 2 for case in CASES)  # input rounding


@pytest.mark.parametrize("case", CASES, ids=[c["price"] for c in CASES])
def test_seller_net_matches_the_shared_fixture(case: dict[str, str]) -> None:
    assert seller_net(case["price"]) == Decimal(case["net"])
    assert str(seller_net(case["price"])) == case["net"]


@pytest.mark.parametrize("case", CASES, ids=[c["price"] for c in CASES])
def test_default_offer_matches_the_shared_fixture(case: dict[str, str]) -> None:
    assert str(default_offer(case["price"])) == case["defaultOffer"]
