"""What a buyer pays and what a seller keeps (spec section 9).

* Checkout: item price + 5% service fee + a flat $5.00 shipping fee. The spec's product
  page says "+ $4.99 Shipping"; Rethread charges and shows $5.00 everywhere (DESIGN §3).
* Seller net: price x (1 - 0.05 platform - 0.019 processing) - $0.10 payout fee, rounded
  once, half-up, to the cent, and never below $0.00.
* Default offer: 90% of the listing price, rounded half-up to the cent.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from domain.money import ZERO, round_money

SERVICE_FEE_RATE = Decimal("0.05")
SHIPPING_FEE = Decimal("5.00")
PLATFORM_FEE_RATE = Decimal("0.05")
PROCESSING_FEE_RATE = Decimal("0.019")
PAYOUT_FIXED_FEE = Decimal("0.10")
DEFAULT_OFFER_RATE = Decimal("0.90")


@dataclass(frozen=True, slots=True)
class CheckoutTotals:
    """The lines of a checkout summary; ``total = item + service_fee + shipping``."""

    item: Decimal
    service_fee: Decimal
    shipping: Decimal
    total: Decimal


def checkout_totals(price: Decimal | int | str) -> CheckoutTotals:
    """The buyer's bill for an item at ``price`` (rounded to cents first)."""
    item = round_money(price)
    service_fee = round_money(item * SERVICE_FEE_RATE)
    return CheckoutTotals(
        item=item,
        service_fee=service_fee,
        shipping=SHIPPING_FEE,
        total=item + service_fee + SHIPPING_FEE,
    )


def seller_net(price: Decimal | int | str) -> Decimal:
    """What the seller receives for a sale at ``price``; at least $0.00."""
    item = round_money(price)
    keep_rate = 1 - PLATFORM_FEE_RATE - PROCESSING_FEE_RATE
    return max(ZERO, round_money(item * keep_rate - PAYOUT_FIXED_FEE))


def seller_fees(price: Decimal | int | str) -> Decimal:
    """Everything taken from the seller's side: ``price - seller_net(price)``."""
    return round_money(price) - seller_net(price)


def default_offer(price: Decimal | int | str) -> Decimal:
    """The amount the offer dialog starts with: 90% of ``price``."""
    return round_money(round_money(price) * DEFAULT_OFFER_RATE)
