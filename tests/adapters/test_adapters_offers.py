"""Offer repository against real databases: the partial unique indexes, conditional saves,
the listing lock, newest-first keyset pages and badge counts."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from application.ports.offers import OfferQuery
from application.shared.paging import After
from domain.errors import Conflict
from domain.offers import Offer, OfferStatus
from entrypoints.container import Container
from tests.support import NOW, add_listing, add_users, ids_of

pytestmark = pytest.mark.adapters


def pending(product: int, buyer: int, seller: int, price: str = "80.00",
            at: datetime = NOW) -> Offer:
    return Offer.make(product_id=product, buyer_id=buyer, seller_id=seller,
                      listing_price=Decimal("100"), offer_price=price, created_at=at)


async def test_round_trip_and_conditional_save(container: Container) -> None:
    maya, sofia = ids_of(await add_users(container.uow(), "maya", "sofia"))
    coat = (await add_listing(container.uow(), maya, price="100.00")).id
    async with container.uow() as uow:
        offer = await uow.offers.add(pending(coat, sofia, maya, "80.55"))
        await uow.commit()
    async with container.uow() as uow:
        stored = await uow.offers.get(offer.id or 0)
        assert stored is not None
        assert (stored.offer_price, stored.listing_price, stored.status) == (
            Decimal("80.55"), Decimal("100.00"), OfferStatus.PENDING)
        assert stored.created_at == NOW and not stored.seller_seen and stored.buyer_seen
        stored.counter(maya, "90.10")
        await uow.offers.save(stored, was=OfferStatus.PENDING)
        await uow.commit()
    async with container.uow() as uow:
        again = await uow.offers.get(offer.id or 0)
        assert again is not None and again.counter_price == Decimal("90.10")
        again.decline("listing_sold")
        with pytest.raises(Conflict):
            await uow.offers.save(again, was=OfferStatus.PENDING)  # it is countered now


async def test_one_open_offer_per_buyer_and_one_accepted_per_listing(container: Container
                                                                     ) -> None:
    maya, sofia, lena = ids_of(await add_users(container.uow(), "maya", "sofia", "lena"))
    coat = (await add_listing(container.uow(), maya, price="100.00")).id

    async def make(buyer: int) -> bool:
        try:
            async with container.uow() as uow:
                await uow.offers.add(pending(coat, buyer, maya))
                await uow.commit()
        except Conflict as error:
            assert error.message == "You already have an open offer on this item."
            return False
        return True

    assert (await asyncio.gather(*(make(sofia) for _ in range(4)))).count(True) == 1
    assert await make(lena)
    async with container.uow() as uow:
        first, second = await uow.offers.open_for_listing(coat)
        first.accept(maya, datetime.now(UTC))
        await uow.offers.save(first, was=OfferStatus.PENDING)
        await uow.commit()
    with pytest.raises(Conflict, match="already been accepted"):
        async with container.uow() as uow:
            second.accept(maya, datetime.now(UTC))
            await uow.offers.save(second, was=OfferStatus.PENDING)
            await uow.commit()
    async with container.uow() as uow:
        assert await uow.offers.has_accepted(coat)
        assert not await uow.offers.has_open(sofia, coat)
        assert await uow.offers.has_open(lena, coat)


async def test_the_listing_lock_queues_competing_answers(container: Container) -> None:
    maya, sofia = ids_of(await add_users(container.uow(), "maya", "sofia"))
    coat = (await add_listing(container.uow(), maya, price="100.00")).id
    async with container.uow() as uow:
        offer = await uow.offers.add(pending(coat, sofia, maya))
        await uow.commit()
    order: list[str] = []

    async def answer(name: str, pause: float) -> str:
        try:
            async with container.uow() as uow:
                await uow.offers.lock_listing(coat)
                order.append(f"{name} locked")
                current = await uow.offers.get(offer.id or 0)
                assert current is not None
                await asyncio.sleep(pause)
                if name == "reject":
                    current.reject(maya)
                else:
                    current.accept(maya, datetime.now(UTC))
                await uow.offers.save(current, was=OfferStatus.PENDING)
                await uow.commit()
        except Conflict:
            return f"{name} refused"
        return f"{name} won"

    results = await asyncio.gather(answer("accept", 0.3), answer("reject", 0))
    assert sorted(results)[0].endswith("won") != sorted(results)[1].endswith("won")


async def test_pages_newest_first_counts_and_seen_marks(container: Container) -> None:
    maya, sofia = ids_of(await add_users(container.uow(), "maya", "sofia"))
    coats = [(await add_listing(container.uow(), maya, price="100.00")).id for _ in range(3)]
    async with container.uow() as uow:
        made = [await uow.offers.add(pending(c, sofia, maya, at=NOW + timedelta(minutes=n)))
                for n, c in enumerate(coats)]
        await uow.commit()
    async with container.uow() as uow:
        newest = await uow.offers.search(OfferQuery(seller_id=maya), 2)
        assert [o.id for o in newest] == [made[2].id, made[1].id]
        rest = await uow.offers.search(OfferQuery(seller_id=maya), 2,
                                       After(newest[-1].created_at, newest[-1].id or 0))
        assert [o.id for o in rest] == [made[0].id]
        only = await uow.offers.search(OfferQuery(buyer_id=sofia, product_id=coats[1],
                                                  statuses=frozenset({OfferStatus.PENDING})), 9)
        assert [o.id for o in only] == [made[1].id]
        assert (await uow.offers.counts(maya)).new_seller_offers == 3
        assert await uow.offers.mark_seller_seen(maya, coats[0]) == 1
        assert await uow.offers.mark_seller_seen(maya) == 2
        stored = await uow.offers.get(made[0].id or 0)
        assert stored is not None
        stored.counter(maya, "95")
        await uow.offers.save(stored, was=OfferStatus.PENDING)
        assert (await uow.offers.counts(sofia)).accepted_buyer_offers == 1
        assert await uow.offers.mark_buyer_seen(sofia) == 1
        assert (await uow.offers.counts(sofia)).accepted_buyer_offers == 0
