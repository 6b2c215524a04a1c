"""Heavy listing reads (search pages, counts, facet passes) take a slot of the admission gate
before their connection and keep it until the unit of work ends; by-id reads and cached
answers never wait there (adapters/sqlalchemy/unit_of_work.py, application/admission.py)."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.ext.asyncio import create_async_engine

from adapters.sqlalchemy.engine import create_session_factory
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from application.admission import Admission
from application.ports.catalog import ListingFilter, ListingSort
from entrypoints.container import Container
from tests.adapters.test_adapters_catalog import item, seller

pytestmark = pytest.mark.adapters


async def test_heavy_reads_hold_a_slot_until_the_unit_of_work_ends(container: Container
                                                                   ) -> None:
    maya = await seller(container)
    async with container.uow() as uow:
        listing = await uow.listings.add(item(maya, "Red tee"))
        await uow.commit()
    gate = Admission(1)
    uow = SqlAlchemyUnitOfWork(container.session_factory(), container.search_cache(), gate)
    async with uow:
        assert await uow.listings.get(listing.id or 0) is not None
        assert gate.running == 0  # a by-id read needs no slot
        assert [x.title for x in await uow.listings.search(
            ListingFilter(words=("red",)), ListingSort.MOST_RECENT, 10)] == ["Red tee"]
        assert gate.running == 1
        assert await uow.listings.count(ListingFilter(), up_to=100) == 1  # same slot
        await uow.listings.facets(ListingFilter(), brand_limit=10)
        assert (gate.running, gate.waiting) == (1, 0)
    assert gate.running == 0

    async with uow:  # answered from the search cache: no slot taken
        assert await uow.listings.count(ListingFilter(), up_to=100) == 1
        await uow.listings.facets(ListingFilter(), brand_limit=10)
        assert gate.running == 0


async def test_a_failing_heavy_read_gives_its_slot_back(container: Container) -> None:
    gate = Admission(1)
    uow = SqlAlchemyUnitOfWork(container.session_factory(), None, gate)
    with pytest.raises(ZeroDivisionError):
        async with uow:
            await uow.listings.count(ListingFilter(), up_to=10)
            assert gate.running == 1
            raise ZeroDivisionError
    assert gate.running == 0


def test_the_app_shares_one_gate_between_units_of_work(container: Container) -> None:
    assert container.uow().heavy_reads is container.uow().heavy_reads is not None


async def test_a_reader_that_queues_gives_its_connection_back_so_nobody_deadlocks(
        db: str) -> None:
    """One pooled connection, one slot: A reads by id (holding the connection), B takes the
    slot and waits for the connection, then A queues for the slot. Unless A gives its
    connection back while it waits, each waits for the other until the pool times out."""
    engine = create_async_engine(db, pool_size=1, max_overflow=0, pool_timeout=5)
    gate, factory = Admission(1), create_session_factory(engine)
    first, second = SqlAlchemyUnitOfWork(factory, None, gate), SqlAlchemyUnitOfWork(
        factory, None, gate)
    try:
        async with first:
            assert await first.listings.get(1) is None  # A now holds the only connection

            async def other() -> int:
                async with second:
                    return await second.listings.count(ListingFilter(), up_to=10)

            task = asyncio.create_task(other())
            for _ in range(20):
                await asyncio.sleep(0)
            assert gate.running == 1  # B has the slot and waits for the connection
            assert await first.listings.count(ListingFilter(), up_to=10) == 0
            assert await task == 0
        assert (gate.running, gate.waiting) == (0, 0)
    finally:
        await engine.dispose()
