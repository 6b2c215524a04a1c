"""What an order tells the people around it: a notice in the buyer-seller thread and a
notification for the party who did not act, for every placement and status change (a
placement tells the buyer too: what they ordered and how to pay by when); when an
unpaid order is paid or shipped (the listing becomes sold), 'watched item sold' to the
listing's watchers; and ``order_updated`` to both parties. All inside the caller's
transaction: their socket events are recorded on the unit of work, which sends them once
it commits. A placement also tells everyone else who has one of its items in their bag
(``bag_changed``), so an open bag shows the item reserved at once. Offers wiring (the
accepted offer an order is priced from; storing the open offers that
``domain.offers.close_for_sale`` closes) lives here too.
"""

from __future__ import annotations

from datetime import datetime

from application.messaging import post_in_thread
from application.notifications import notify, tell_watchers_sold
from application.offers import close_offers
from application.ports import UnitOfWork
from domain.catalog import ListingStatus
from domain.errors import NotFound
from domain.events import OrderStatusChanged
from domain.listings import Listing
from domain.money import format_usd
from domain.notifications import excerpt
from domain.offers import Offer, close_for_sale
from domain.order_rules import SHIP_WITHIN, OrderStatus, listing_status_for
from domain.orders import Order
from domain.text import count_of

# How much of the item's title the buyer's "order placed" notice quotes.
PLACED_QUOTE_MAX = 80

ORDERS_LINK = "/orders"
SALES_LINK = "/orders?tab=sales"
# The buyer's page of one order: how to pay while it is unpaid, where it is after that.
ORDER_PAGE = "/orders/{id}/confirmed"

# (title, to the buyer, to the seller) for each new status; None: that party is not told.
# A title is the notice's heading in the bell and its email's subject, so it names the order.
STATUS_NOTICES: dict[OrderStatus, tuple[str, str | None, str | None]] = {
    OrderStatus.CONFIRMED: ("Order {number} confirmed", "The seller confirmed order {number}.",
                            None),
    OrderStatus.PAYMENT_CONFIRMED: (
        "Payment confirmed for order {number}",
        "We received your payment for order {number}. The seller will ship it soon.",
        f"Payment confirmed — please ship within {SHIP_WITHIN} (order {{number}})."),
    OrderStatus.SHIPPED: ("Order {number} shipped", "Order {number} has shipped.{tracking}",
                          None),
    OrderStatus.DELIVERED: (
        "Order {number} delivered",
        "Order {number} was marked as delivered. Please confirm receipt within 3 days.",
        None),
    OrderStatus.COMPLETED: (
        "Order {number} completed", "Order {number} is complete. You can now leave a review.",
        "Order {number} is complete. Your payout is released. You can now leave a review."),
    OrderStatus.CANCELLED: ("Order {number} cancelled", "Order {number} was cancelled.",
                            "Order {number} was cancelled. The item is back in the shop."),
    OrderStatus.DISPUTED: (
        "Dispute opened on order {number}",
        "You opened a dispute on order {number}. The payment is on hold.",
        "The buyer opened a dispute on order {number}. Please answer it on the order page."),
}

# (title, to the buyer, to the seller) for the move that resolves a dispute (out of
# ``disputed``, by an administrator): both parties are told, each in their own words, in
# this one notice (and its email) that carries the administrator's note, instead of the
# status's usual notice.
RESOLUTION_NOTICES: dict[OrderStatus, tuple[str, str | None, str | None]] = {
    OrderStatus.COMPLETED: (
        "Dispute resolved on order {number}",
        "We resolved your dispute on order {number}. The payment is released to the seller."
        " You can now leave a review.",
        "We resolved the buyer's dispute on order {number} in your favour. Your payout is"
        " released. You can now leave a review."),
    OrderStatus.REFUNDED: (
        "Dispute resolved on order {number}",
        "We resolved your dispute on order {number} in your favour. You are refunded: your"
        " payment is being returned.",
        "We resolved the buyer's dispute on order {number}. The buyer is refunded."),
}


def is_sale(event: OrderStatusChanged) -> bool:
    """The move that sells the listing: an unpaid order (listing reserved, pending or
    confirmed by the seller) is paid, or shipped by the seller (listing sold,
    ``listing_status_for``). Cancelling releases it instead, and later moves keep it sold,
    so watchers are told exactly once per sale, never before payment or shipping."""
    return (listing_status_for(OrderStatus(event.old_status)) is ListingStatus.RESERVED
            and listing_status_for(OrderStatus(event.new_status)) is ListingStatus.SOLD)


def ordered_text(order: Order, listing: Listing, quote_max: int | None = None) -> str:
    """What an order holds: “Wool coat”, or “Wool coat” and 2 more items (a bundle);
    the title cut to ``quote_max`` characters when given (``excerpt``)."""
    more = len(order.product_ids) - 1
    title = listing.title if quote_max is None else excerpt(listing.title, quote_max)
    return f"\u201c{title}\u201d" + (
        f" and {count_of(more, 'more item')}" if more else "")


def placed_text(order: Order, listing: Listing) -> str:
    return (f"New order {order.order_number} for {ordered_text(order, listing)} "
            f"(${order.price}). Waiting for payment.")


def buyer_placed_text(order: Order, listing: Listing) -> str:
    """The buyer's notice of their new order, a line each (the paragraphs of its email):
    what they ordered and its total, then the order's own payment steps
    (``Order.payment_steps``, the Order Confirmed screen's: amount, account, reference,
    deadline). The title names the order. Written as the order is placed, so its
    deadline's year is left out unless it falls in the next one; the item's title is
    quoted short enough that every step fits in the notice (``BODY_MAX``)."""
    total = format_usd(order.totals.total)
    steps = [f"{number}. {step}"
             for number, step in enumerate(order.payment_steps(order.created_at), 1)]
    item = ordered_text(order, listing, PLACED_QUOTE_MAX)
    return "\n".join([f"You ordered {item} for {total} in all. "
                      "How to pay:", *steps])


def status_texts(order: Order, event: OrderStatusChanged, note: str | None = None
                 ) -> tuple[str, str | None, str | None] | None:
    """(title, to the buyer, to the seller) for the order's move, None when nobody is told:
    a dispute's resolution has its own words (and the administrator's ``note``)."""
    status = OrderStatus(event.new_status)
    resolution = OrderStatus(event.old_status) is OrderStatus.DISPUTED
    table = RESOLUTION_NOTICES if resolution else STATUS_NOTICES
    if status not in table:
        return None
    title, buyer, seller = table[status]
    tracking = f" Tracking number: {order.tracking_number}." if order.tracking_number else ""
    if order.tracking_url:  # in the shipped email too (issue 41)
        tracking += f" Track it: {order.tracking_url}"
    values = {"number": order.order_number, "tracking": tracking}
    after = f" Note: {note}" if resolution and note else ""
    return (title.format(**values), buyer.format(**values) + after if buyer else None,
            seller.format(**values) + after if seller else None)


class OrderNotices:
    """What an order's moves tell people, written in the caller's transaction."""

    async def offer_for(self, uow: UnitOfWork, offer_id: int | None) -> Offer | None:
        """The offer an order is priced from (checkout_price checks it is this buyer's
        accepted offer on this listing)."""
        if offer_id is None:
            return None
        offer = await uow.offers.get(offer_id)
        if offer is None:
            raise NotFound("Offer not found")
        return offer

    async def placed(self, uow: UnitOfWork, order: Order, listing: Listing,
                     now: datetime, offer_id: int | None = None) -> None:
        """The items are reserved: the other open offers on them are declined, the seller
        is told, and the buyer what they ordered and how to pay by when (``listing``: the
        first item)."""
        for product_id in order.product_ids:
            await close_offers(
                uow, product_id,
                lambda offers: close_for_sale(offers, now, ordered_with=offer_id), now)
        text = placed_text(order, listing)
        await self._thread(uow, order.buyer_id, order.seller_id, order, text, now)
        number = order.order_number
        await self._notify(uow, order.seller_id, f"New order {number}", text, SALES_LINK, now)
        await self._notify(uow, order.buyer_id, f"Order {number} placed: how to pay",
                           buyer_placed_text(order, listing), ORDER_PAGE.format(id=order.id),
                           now)
        others = [user for user in await uow.bag.holders(list(order.product_ids))
                  if user != order.buyer_id]
        if others:
            uow.publish(others, {"type": "bag_changed", "productIds": list(order.product_ids)})

    async def status_changed(self, uow: UnitOfWork, order: Order,
                             event: OrderStatusChanged, now: datetime,
                             note: str | None = None) -> None:
        """``note``: the administrator's words on a dispute's resolution, if any."""
        if is_sale(event):
            await self._tell_watchers(uow, order, now)
        texts = status_texts(order, event, note)
        if texts is None:
            return
        title, to_buyer, to_seller = texts
        actor = event.actor_id
        if actor == order.buyer_id:
            sender, receiver = order.buyer_id, order.seller_id
        else:
            sender, receiver = order.seller_id, order.buyer_id
        text = f"{title}." if actor not in (
            order.buyer_id, order.seller_id) or to_buyer is None else to_buyer
        await self._thread(uow, sender, receiver, order, text, now)
        if to_buyer and actor != order.buyer_id:
            await self._notify(uow, order.buyer_id, title, to_buyer, ORDERS_LINK, now)
        if to_seller and actor != order.seller_id:
            await self._notify(uow, order.seller_id, title, to_seller, SALES_LINK, now)

    @staticmethod
    def updated(uow: UnitOfWork, order: Order) -> None:
        """The order changed: both parties' open pages refetch it (``order_updated``) once
        the transaction commits. Call it last, before ``commit()``."""
        uow.publish([order.buyer_id, order.seller_id],
                    {"type": "order_updated", "orderId": order.id, "status": order.status.value})

    async def _tell_watchers(self, uow: UnitOfWork, order: Order, now: datetime) -> None:
        """'Watched item sold' to everyone watching a listing of the order but its buyer and
        seller."""
        for product_id in order.product_ids:
            listing = await uow.listings.get(product_id)
            title = listing.title if listing is not None else "an item you watched"
            await tell_watchers_sold(
                uow, product_id=product_id, title=title, now=now,
                except_user_ids=(order.buyer_id, order.seller_id))

    async def _thread(self, uow: UnitOfWork, sender: int, receiver: int, order: Order,
                      text: str, now: datetime) -> None:
        await post_in_thread(uow, sender_id=sender, receiver_id=receiver, content=text,
                             message_type="order_update", now=now,
                             product_id=order.product_id)

    async def _notify(self, uow: UnitOfWork, user_id: int, title: str, body: str,
                      link: str, now: datetime) -> None:
        await notify(uow, user_id=user_id, kind="order_update", title=title, body=body,
                     link=link, now=now)


