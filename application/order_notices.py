"""What an order tells the people around it: the texts of its notices, and (once the offers
and messaging areas are wired) the accepted offer it is priced from, the other offers it
declines, the notice in the buyer-seller thread and the notification.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.errors import Conflict
from domain.events import OrderStatusChanged
from domain.listings import Listing
from domain.offers import Offer
from domain.order_rules import OrderStatus
from domain.orders import Order

# (to the buyer, to the seller) for each new status; None: nobody is told.
STATUS_NOTICES: dict[OrderStatus, tuple[str | None, str | None]] = {
    OrderStatus.CONFIRMED: ("The seller confirmed your order {number}.", None),
    OrderStatus.PAYMENT_CONFIRMED: (
        "We received your payment for order {number}.",
        "Payment confirmed — please ship within 3 business days (order {number})."),
    OrderStatus.SHIPPED: ("Your order {number} has shipped.", None),
    OrderStatus.DELIVERED: (
        "Your order {number} was marked as delivered. Please confirm receipt within 3 days.",
        None),
    OrderStatus.COMPLETED: ("Order {number} is complete. You can now leave a review.",
                            "Order {number} is complete. You can now leave a review."),
    OrderStatus.CANCELLED: ("Order {number} was cancelled.", "Order {number} was cancelled."),
}


def placed_text(order: Order, listing: Listing) -> str:
    return f"New order {order.order_number} for \u201c{listing.title}\u201d (${order.price})."


def status_texts(order: Order, status: OrderStatus) -> tuple[str | None, str | None]:
    buyer, seller = STATUS_NOTICES.get(status, (None, None))
    number = order.order_number
    return (buyer.format(number=number) if buyer else None,
            seller.format(number=number) if seller else None)


class OrderNotices:
    """The order area's calls into offers and messaging, in one replaceable place."""

    async def offer_for(self, uow: Any, offer_id: int | None) -> Offer | None:
        if offer_id is None:
            return None
        raise Conflict("Paying an offer's price is not available yet.")

    async def placed(self, uow: Any, order: Order, listing: Listing, now: datetime) -> None:
        return None

    async def status_changed(self, uow: Any, order: Order, event: OrderStatusChanged,
                             now: datetime) -> None:
        return None

    async def after_commit(self, order: Order) -> None:
        return None
