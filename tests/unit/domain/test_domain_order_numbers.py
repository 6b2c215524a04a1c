"""Order numbers: ``{nonce}-{CODE6}``, the code derived from the product id."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.order_numbers import (
    ORDER_NUMBER_RE,
    is_valid_order_number,
    order_number,
    product_code,
)

pytestmark = pytest.mark.unit

product_ids = st.integers(min_value=0, max_value=36**6 - 1)
nonces = st.integers(min_value=0, max_value=99)


def test_examples_are_stable():
    # Stable across releases: printed on payment references people already sent.
    assert order_number(1, 42) == "42-SBEUF8"
    assert order_number(2, 0) == "0-07SM5X"


@pytest.mark.parametrize("nonce", [-1, 100])
def test_nonce_must_be_0_to_99(nonce):
    with pytest.raises(ValueError, match="nonce"):
        order_number(1, nonce)


def test_product_id_must_not_be_negative():
    with pytest.raises(ValueError, match="product id"):
        product_code(-1)


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("0-ABC123", True),
        ("99-ZZZZZZ", True),
        ("100-ABC123", False),
        ("07-ABC123", False),
        ("1-abc123", False),
        ("1-ABC12", False),
        ("ABC123", False),
    ],
)
def test_is_valid_order_number(text, valid):
    assert is_valid_order_number(text) is valid


@given(st.integers(min_value=0, max_value=10**12), nonces)
def test_order_numbers_have_the_spec_format(product_id, nonce):
    number = order_number(product_id, nonce)
    assert ORDER_NUMBER_RE.fullmatch(number)
    assert number.split("-")[0] == str(nonce)
    assert number.endswith(product_code(product_id))


@given(product_ids, product_ids)
def test_distinct_products_get_distinct_codes(a, b):
    assert (product_code(a) == product_code(b)) == (a == b)
