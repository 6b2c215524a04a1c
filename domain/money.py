"""Money: ``Decimal`` amounts in US dollars, rounded half-up to whole cents.

Every amount that leaves the domain is exact to the cent. :func:`round_money` is the one
rounding function (and :func:`round_money_up` where a rule says "rounded up", such as the
lowest offer); nothing else in the code base rounds money. User-typed amounts go
through :func:`read_amount` / :func:`parse_amount`, which never guess: input that is not
a plain, finite, non-negative number with at most two decimals is refused with a reason.
"""

from __future__ import annotations

import re
from decimal import ROUND_CEILING, ROUND_HALF_UP, Context, Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache

from domain.errors import ValidationError

CENT = Decimal("0.01")
_MONEY_CONTEXT = Context(prec=28)
ZERO = Decimal("0.00")
MAX_AMOUNT = Decimal("1000000.00")

# An optional sign, an optional "$", then digits (optionally grouped by thousands with
# commas) with an optional fractional part, or a bare fraction such as ".5".
_AMOUNT_RE = re.compile(
    r"(?P<sign>[+-])?\$?(?P<number>(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)",
    re.ASCII,
)


def round_money(value: Decimal | int | str) -> Decimal:
    """Round to whole cents, half-up (``2.345`` -> ``2.35``, ``-2.345`` -> ``-2.35``)."""
    return _to_cents(value, ROUND_HALF_UP)


def round_money_up(value: Decimal | int | str) -> Decimal:
    """Round up to the next whole cent (``2.341`` -> ``2.35``): for a floor such as the
    lowest offer, which must never fall below the share of the price it stands for."""
    return _to_cents(value, ROUND_CEILING)


def _to_cents(value: Decimal | int | str, rounding: str) -> Decimal:
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value))
    except InvalidOperation:
        raise ValueError(f"money must be a number, not {value!r}") from None
    if not amount.is_finite():
        raise ValueError(f"money must be a finite number, not {value!r}")
    # Enough digits for the whole amount and its cents, whatever the caller's context (a
    # context of its own per call was a tenth of encoding a page of 24 products).
    digits = amount.adjusted() + 4
    context = _MONEY_CONTEXT if digits <= _MONEY_CONTEXT.prec else Context(prec=digits)
    return amount.quantize(CENT, rounding=rounding, context=context)


def to_cents(amount: Decimal) -> int:
    """The whole number of cents in ``amount`` (how the database and the search index store
    money); an amount that is not whole cents is a bug, not something to round."""
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"not a whole number of cents: {amount!r}")
    return int(cents)


def from_cents(cents: int) -> Decimal:
    """The amount ``cents`` stands for: ``from_cents(1250) == Decimal("12.5")``."""
    return Decimal(cents) / 100


class AmountProblem(StrEnum):
    """Why a typed amount was refused; :func:`problem_message` words it for a field."""

    REQUIRED = "required"
    NOT_A_NUMBER = "not_a_number"
    NOT_FINITE = "not_finite"
    NEGATIVE = "negative"
    TOO_LARGE = "too_large"
    TOO_PRECISE = "too_precise"


_MESSAGES = {
    AmountProblem.REQUIRED: "{label} is required",
    AmountProblem.NOT_A_NUMBER: "{label} must be a number, like 12.50",
    AmountProblem.NOT_FINITE: "{label} must be a finite number",
    AmountProblem.NEGATIVE: "{label} cannot be negative",
    AmountProblem.TOO_LARGE: "{label} cannot be more than $1,000,000.00",
    AmountProblem.TOO_PRECISE: "{label} can have at most 2 decimal places",
}


def problem_message(problem: AmountProblem, label: str = "Amount") -> str:
    return _MESSAGES[problem].format(label=label)


def read_amount(text: str | int | Decimal | None) -> Decimal | AmountProblem:
    """The amount written in ``text`` (quantized to cents), or the problem with it."""
    if isinstance(text, (int, Decimal)) and not isinstance(text, bool):
        return _check_value(Decimal(text))
    cleaned = "" if text is None else str(text).strip()
    if not cleaned:
        return AmountProblem.REQUIRED
    match = _AMOUNT_RE.fullmatch(cleaned)
    if match is None:
        return _classify_unreadable(cleaned)
    value = Decimal(match["number"].replace(",", ""))
    if match["sign"] == "-" and value != 0:
        return AmountProblem.NEGATIVE
    return _check_value(value)


def _classify_unreadable(text: str) -> AmountProblem:
    try:
        value = Decimal(text)
    except InvalidOperation:
        return AmountProblem.NOT_A_NUMBER
    return AmountProblem.NOT_A_NUMBER if value.is_finite() else AmountProblem.NOT_FINITE


def _check_value(value: Decimal) -> Decimal | AmountProblem:
    if not value.is_finite():
        return AmountProblem.NOT_FINITE
    if value < 0:
        return AmountProblem.NEGATIVE
    if value > MAX_AMOUNT:
        return AmountProblem.TOO_LARGE
    rounded = round_money(value)
    return rounded if rounded == value else AmountProblem.TOO_PRECISE


def parse_amount(
    text: str | int | Decimal | None, field: str = "amount", label: str = "Amount"
) -> Decimal:
    """Parse a user-entered amount such as ``"12"``, ``"12.5"``, ``"$12.50"`` or ``"1,200"``.

    Raises :class:`ValidationError` ``{field: message}`` for empty, non-numeric,
    non-finite, negative, over-precise (more than 2 decimals) or too large input.
    """
    result = read_amount(text)
    if isinstance(result, AmountProblem):
        raise ValidationError({field: problem_message(result, label)})
    return result


def format_amount(value: Decimal | int | str) -> str:
    """``Decimal("12.5")`` -> ``"12.50"``: how the API sends money."""
    if type(value) is Decimal and value.is_finite():
        return _format_stored(value)
    return _format(value)


def _format(value: Decimal | int | str) -> str:
    rounded = round_money(value)
    if rounded == 0:
        rounded = ZERO  # never "-0.00"
    return f"{rounded:.2f}"


# Stored amounts repeat (a page of 24 listings, the same prices page after page); rounding
# one costs more than looking it up.
_format_stored = lru_cache(maxsize=4096)(_format)


def format_usd(value: Decimal | int | str) -> str:
    """``Decimal("1234.5")`` -> ``"$1,234.50"``; negatives read ``"-$5.00"``."""
    text = f"{Decimal(format_amount(value)):,.2f}"
    return f"-${text[1:]}" if text.startswith("-") else f"${text}"
