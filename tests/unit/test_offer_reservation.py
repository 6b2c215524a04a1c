"""Issue 36 item 4: an accepted offer reserves the item for its buyer for 24 hours.

With in-memory fakes and a clock the tests move: others cannot buy or offer (409 with a
sentence), the buyer pays within the window, or the order timers' sweep expires the offer,
returns the listing to the shop and tells both sides.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from application.offers import OfferService
from domain.catalog import ListingStatus
from domain.errors import Conflict
from domain.offers import OfferStatus
from domain.order_rules import OrderStatus
from entrypoints.container import Container
from tests.unit.test_orders_service import World as OrdersWorld

pytestmark = pytest.mark.unit


class World(OrdersWorld):
    def __init__(self, container: Container) -> None:
        super().__init__(container)
        self.offers: OfferService = container.offers()


@pytest.fixture
def world(container: Container) -> World:
    return World(container)


async def accepted(world: World):
    seller, buyer, rival = (await world.user("sam"), await world.user("maya"),
                            await world.user("lena"))
    product = await world.listing(seller)
    offer = (await world.offers.make(buyer, product, "60")).offer
    view = await world.offers.respond(seller, offer.id or 0, "accepted")
    return seller, buyer, rival, product, view.offer


async def test_accepting_reserves_the_item_for_the_buyer_for_24_hours(world: World) -> None:
    _seller, _buyer, rival, product, offer = await accepted(world)
    assert offer.reserved_until == world.clock.now() + timedelta(hours=24)
    assert await world.listing_status(product) is ListingStatus.RESERVED
    with pytest.raises(Conflict, match="reserved for another buyer whose offer was accepted"):
        await world.orders.place(rival, product)
    with pytest.raises(Conflict, match="reserved for another buyer whose offer was accepted"):
        await world.orders.quote(rival, product)
    with pytest.raises(Conflict, match="reserved for another buyer"):
        await world.offers.make(rival, product, "70")


async def test_the_buyer_pays_within_the_window_and_the_offer_no_longer_expires(
        world: World) -> None:
    _seller, buyer, _rival, product, offer = await accepted(world)
    world.clock.advance(hours=23, minutes=59)
    assert (await world.orders.quote(buyer, product, offer.id)).discounted == offer.agreed_price
    order = (await world.orders.place(buyer, product, offer.id)).order
    assert order.price == offer.agreed_price and order.status is OrderStatus.PENDING
    world.clock.advance(hours=1)
    assert (await world.timers.sweep()).offers_expired == []
    stored = world.uow.offers.rows[offer.id or 0]
    assert stored.status is OfferStatus.ACCEPTED and stored.reserved_until is None
    assert await world.listing_status(product) is ListingStatus.RESERVED


async def test_a_lapsed_reservation_expires_the_offer_and_frees_the_item(world: World) -> None:
    seller, buyer, rival, product, offer = await accepted(world)
    world.clock.advance(hours=23, minutes=59)
    assert (await world.timers.sweep()).offers_expired == []
    world.clock.advance(minutes=1)
    with pytest.raises(Conflict):
        await world.orders.place(buyer, product, offer.id)  # the deadline has passed
    assert (await world.timers.sweep()).offers_expired == [offer.id]
    assert world.uow.offers.rows[offer.id or 0].status is OfferStatus.EXPIRED
    assert await world.listing_status(product) is ListingStatus.AVAILABLE
    told = {(n.user_id, n.kind) for n in world.uow.notifications.rows.values()}
    assert {(buyer.id, "offer_expired"), (seller.id, "offer_expired")} <= told
    assert (await world.timers.sweep()).offers_expired == []  # once only
    with pytest.raises(Conflict, match="not been accepted"):
        await world.orders.place(buyer, product, offer.id)
    assert (await world.orders.place(rival, product)).order.price == 80
