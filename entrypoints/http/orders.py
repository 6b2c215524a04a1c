"""Orders over HTTP (spec §7): place, list, show, move, confirm payment, shipping address,
review. Thin: parse, call one service, map the result."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post, put
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.orders import OrderService
from application.reviews import ReviewService
from domain.accounts import User
from domain.errors import ValidationError
from domain.order_rules import OrderStatus
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.orders import (
    AddressIn,
    OrderIn,
    OrderOut,
    OrderPageOut,
    QuoteOut,
    ReviewIn,
    ReviewOut,
    StatusIn,
    order_out,
    quote_out,
    review_out,
)

AsSeller = Annotated[bool, Parameter(query="as_seller")]
ProductId = Annotated[int | None, Parameter(query="productId", ge=1, le=2**31 - 1)]
ProductIds = Annotated[list[int] | None, Parameter(query="productIds", max_items=20)]
OfferId = Annotated[int | None, Parameter(query="offerId", ge=1, le=2**31 - 1)]
StatusFilter = Annotated[str | None, Parameter(query="status")]


def _status(text: str | None) -> OrderStatus | None:
    if text is None or text == "":
        return None
    status = OrderStatus.parse(text)
    if status is None:
        raise ValidationError({"status": "Please choose a valid order status"})
    return status


def checked_ids(ids: list[int] | None) -> list[int] | None:
    """Query-string ids in range (the guard checks single integers, not lists)."""
    if ids and any(not 1 <= i <= 2**31 - 1 for i in ids):
        raise ValidationError({"productIds": "Please choose valid items."})
    return ids


class OrderController(Controller):
    path = "/api/orders"
    tags = ["orders"]

    @post("/", status_code=HTTP_201_CREATED)
    async def place(self, data: OrderIn, current_user: User, orders: OrderService) -> OrderOut:
        """Place an order.

        Signed-in members only (401 for visitors). One listing (`productId`, at its price,
        or at the price of this buyer's accepted offer named by `offerId`), or a bundle of
        up to 20 of one seller's listings (`productIds`, less the seller's best bundle
        discount). The server sets the price; every listing is reserved at once and leaves
        the caller's bag. 201 with the pending order (totals with the 5% service fee and
        $5.00 shipping, and how to pay). 400 for no listing, a bundle that mixes sellers, or
        an offer with a bundle; 403 for the caller's own listing, an offer that is not
        theirs, a suspended or closed buyer, or members who blocked each other; 404 for an
        unknown listing; 409 when a listing is no longer available, or the seller is away,
        suspended or gone.
        """
        return order_out(await orders.place(current_user, data.product_id, data.offer_id,
                                            data.product_ids))

    @get("/")
    async def mine(self, current_user: User, orders: OrderService, as_seller: AsSeller = False,
                   status: StatusFilter = None, limit: Limit = None, cursor: Cursor = None
                   ) -> OrderPageOut:
        """List my orders.

        Signed-in members only (401 for visitors). The caller's purchases, or their sales
        with `as_seller=true`, newest first, a page at a time (`limit`, `cursor`),
        optionally one `status`. 400 for an unknown status.
        """
        page = await orders.list_mine(current_user, as_seller=as_seller, status=_status(status),
                                      limit=limit, cursor=cursor)
        return OrderPageOut(items=[order_out(view) for view in page.items],
                            next_cursor=page.next_cursor)

    @get("/quote", opt={"errors": {404, 409}})
    async def quote(self, current_user: User, orders: OrderService, product_id: ProductId = None,
                    offer_id: OfferId = None, product_ids: ProductIds = None) -> QuoteOut:
        """Price an order before placing it.

        Signed-in members only (401 for visitors). What `POST /api/orders` would charge now
        for the same `productId`, `offerId` or `productIds`: item total, bundle discount,
        fee, shipping and total. Refuses as placing the order would: 400, 403, 404 for an
        unknown listing, 409 for one no longer available.
        """
        return quote_out(await orders.quote(current_user, product_id, offer_id,
                                            checked_ids(product_ids)))

    @get("/{order_id:int}")
    async def one(self, order_id: int, current_user: User, orders: OrderService) -> OrderOut:
        """Read an order.

        Its buyer, its seller or an administrator: 401 for visitors, 403 for anyone else,
        404 for an unknown id. The order with its items, totals, timeline of events,
        reviews, the moves the caller may make and the deadline it waits for; payment
        instructions for an unpaid buyer, the payout for the seller; the shipping address
        for the buyer, administrators, and the seller once payment is confirmed.
        """
        return order_out(await orders.get(current_user, order_id))

    @put("/{order_id:int}/status")
    async def move(self, order_id: int, data: StatusIn, current_user: User,
                   orders: OrderService) -> OrderOut:
        """Move an order to its next status.

        Its buyer, its seller or an administrator, each for the moves that are theirs: the
        seller confirms, ships (with a tracking number) and marks delivered; the buyer
        completes a delivered order; an administrator confirms payment; the buyer, the
        seller or an administrator cancels an unpaid order. 401 for visitors; 403 for
        someone not in the order or a move that is not theirs; 404 for an unknown id; 409
        for a move the order's status does not allow (or the order changed meanwhile); 400
        for an unknown status or a missing or bad tracking number.
        """
        return order_out(await orders.change_status(current_user, order_id, data.status,
                                                    data.tracking_number, data.tracking_url))

    @post("/{order_id:int}/confirm-payment", status_code=HTTP_200_OK)
    async def confirm_payment(self, order_id: int, admin: User, orders: OrderService
                              ) -> OrderOut:
        """Confirm an order's payment.

        Administrators only (401 for visitors, 403 for members, and for an administrator who
        is the order's buyer or seller). The off-platform payment arrived: the order moves
        to payment confirmed, the seller may ship, and the confirmation goes to the audit
        log. 404 for an unknown id; 409 when the order is not waiting for payment.
        """
        return order_out(await orders.confirm_payment(admin, order_id))

    @post("/{order_id:int}/shipping-address", status_code=HTTP_200_OK)
    async def shipping_address(self, order_id: int, data: AddressIn, current_user: User,
                               orders: OrderService) -> OrderOut:
        """Set an order's shipping address.

        The buyer (the checkout's rules) or an administrator who is not its seller (required
        fields only; the edit goes to the audit log): 401 for visitors, 403 for anyone else,
        404 for an unknown id. 400 names each field to correct; 409 once the order has
        shipped or is over.
        """
        return order_out(await orders.set_shipping_address(current_user, order_id, data.form()))

    @post("/{order_id:int}/reviews", status_code=HTTP_201_CREATED)
    async def review(self, order_id: int, data: ReviewIn, current_user: User,
                     reviews: ReviewService) -> ReviewOut:
        """Review a completed order.

        The order's buyer or seller, once each: 401 for visitors, 403 for anyone else, 404
        for an unknown order. A rating of 1 to 5 and an optional comment; reviews are
        double-blind, shown once both have written or the window closes. 400 for a rating or
        comment the rules refuse; 409 before the order is completed, after the 14-day
        window, or for a second review.
        """
        return review_out(await reviews.write(current_user, order_id, data.rating, data.comment))
