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
        return order_out(await orders.place(current_user, data.product_id, data.offer_id,
                                            data.product_ids))

    @get("/")
    async def mine(self, current_user: User, orders: OrderService, as_seller: AsSeller = False,
                   status: StatusFilter = None, limit: Limit = None, cursor: Cursor = None
                   ) -> OrderPageOut:
        page = await orders.list_mine(current_user, as_seller=as_seller, status=_status(status),
                                      limit=limit, cursor=cursor)
        return OrderPageOut(items=[order_out(view) for view in page.items],
                            next_cursor=page.next_cursor)

    @get("/quote", opt={"errors": {404, 409}})
    async def quote(self, current_user: User, orders: OrderService, product_id: ProductId = None,
                    offer_id: OfferId = None, product_ids: ProductIds = None) -> QuoteOut:
        return quote_out(await orders.quote(current_user, product_id, offer_id,
                                            checked_ids(product_ids)))

    @get("/{order_id:int}")
    async def one(self, order_id: int, current_user: User, orders: OrderService) -> OrderOut:
        return order_out(await orders.get(current_user, order_id))

    @put("/{order_id:int}/status")
    async def move(self, order_id: int, data: StatusIn, current_user: User,
                   orders: OrderService) -> OrderOut:
        return order_out(await orders.change_status(current_user, order_id, data.status,
                                                    data.tracking_number, data.tracking_url))

    @post("/{order_id:int}/confirm-payment", status_code=HTTP_200_OK)
    async def confirm_payment(self, order_id: int, admin: User, orders: OrderService
                              ) -> OrderOut:
        return order_out(await orders.confirm_payment(admin, order_id))

    @post("/{order_id:int}/shipping-address", status_code=HTTP_200_OK)
    async def shipping_address(self, order_id: int, data: AddressIn, current_user: User,
                               orders: OrderService) -> OrderOut:
        return order_out(await orders.set_shipping_address(current_user, order_id, data.form()))

    @post("/{order_id:int}/reviews", status_code=HTTP_201_CREATED)
    async def review(self, order_id: int, data: ReviewIn, current_user: User,
                     reviews: ReviewService) -> ReviewOut:
        return review_out(await reviews.write(current_user, order_id, data.rating, data.comment))
