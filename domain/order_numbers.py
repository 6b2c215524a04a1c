"""Order numbers (spec section 9): ``"{nonce}-{CODE}"``, e.g. ``"42-K3Z0QF"``.

``nonce`` is a number 0-99 that the caller draws (the domain has no randomness);
``CODE`` is 6 characters of ``0-9A-Z`` derived from the product id alone. The code is
an affine map modulo 36**6 with a multiplier coprime to 36, so it is a bijection: two
product ids below 36**6 (about 2.2 billion) never share a code, and neighbouring ids get
unrelated-looking codes. Two orders for the same product (after a cancellation) can still
collide when the nonce repeats; the adapter checks uniqueness and retries with a new nonce.
"""

from __future__ import annotations

import re

NONCE_LIMIT = 100
CODE_LENGTH = 6
_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MODULUS = len(_ALPHABET) ** CODE_LENGTH
_MULTIPLIER = 2_654_435_761  # prime, so coprime with 36**6 = 2**12 * 3**12
_OFFSET = 1_234_567_891

ORDER_NUMBER_RE = re.compile(r"(?:[1-9]?[0-9])-[0-9A-Z]{6}", re.ASCII)


def product_code(product_id: int) -> str:
    """The 6-character code for ``product_id`` (an integer >= 0)."""
    if product_id < 0:
        raise ValueError(f"product id must not be negative, got {product_id}")
    number = (product_id * _MULTIPLIER + _OFFSET) % _MODULUS
    characters = []
    for _ in range(CODE_LENGTH):
        number, digit = divmod(number, len(_ALPHABET))
        characters.append(_ALPHABET[digit])
    return "".join(reversed(characters))


def order_number(product_id: int, nonce: int) -> str:
    """The order number for ``product_id`` with the caller's ``nonce`` in 0..99."""
    if not 0 <= nonce < NONCE_LIMIT:
        raise ValueError(f"nonce must be in 0..{NONCE_LIMIT - 1}, got {nonce}")
    return f"{nonce}-{product_code(product_id)}"


def is_valid_order_number(text: str) -> bool:
    return ORDER_NUMBER_RE.fullmatch(text) is not None
