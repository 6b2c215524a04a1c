"""The order tables on the real databases: what the schema itself refuses."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError

from application.orders import OrderService
from domain.errors import Conflict
from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import a_listing, a_user

pytestmark = pytest.mark.adapters


async def test_the_database_refuses_to_delete_a_listing_an_order_names(
        container: Container, clock: FixedClock) -> None:
    """Even past the service's check (migration 0099), deleting a listing that an order
    names, as its product or as a bundle's later item, fails and the order keeps its rows."""
    uow = container.uow()
    async with uow:
        seller = await uow.users.add(a_user("sam", created_at=clock.now()))
        buyer = await uow.users.add(a_user("maya", created_at=clock.now()))
        coat, scarf = [(await uow.listings.add(a_listing(seller.id, title=title,
                                                         created_at=clock.now()))).id
                       for title in ("Wool coat", "Silk scarf")]
        await uow.commit()
    assert coat is not None and scarf is not None
    placed = await OrderService(container.uow(), clock).place(buyer, product_ids=[coat, scarf])
    for product in (coat, scarf):
        uow = container.uow()
        with pytest.raises((IntegrityError, Conflict)):
            async with uow:
                await uow.listings.delete(product)
                await uow.commit()
    uow = container.uow()
    async with uow:
        order = await uow.orders.get(placed.order.id)
        assert order is not None and order.product_ids == [coat, scarf]
        assert await uow.orders.names_product(scarf)
        assert (await uow.listings.get(coat)) is not None
