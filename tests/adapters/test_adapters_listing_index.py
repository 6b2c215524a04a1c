"""The in-memory search index stays fresh: every write, by any path, shows in the next search.

The search property test (``test_adapters_search_property.py``) holds the index's answers
equal to a brute-force filter of a fixed catalog; these tests change the catalog under a
loaded index, on both databases, through the repository, through plain SQL (as orders and
favorites write), and on PostgreSQL from two transactions that commit out of order.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from sqlalchemy import text

from adapters.listing_index import ListingIndex
from application.catalog_search import SearchRequest
from application.ports.catalog import ListingFilter, ListingSort
from domain.accounts import User
from domain.catalog import Category, Condition, ListingStatus, Size
from domain.listings import Listing, ListingImage
from entrypoints.container import Container

pytestmark = pytest.mark.adapters
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


def make(seller_id: int, title: str, price: str, n: int, **changes: object) -> Listing:
    listing = Listing(
        seller_id=seller_id, title=title, description=f"Piece {n}, worn twice.",
        price=Decimal(price), brand="Zara", size=Size.M, condition=Condition.GOOD,
        category=Category.TOPS, images=[ListingImage(f"/media/{n}.webp", f"/media/{n}-t.webp")],
        created_at=NOW + timedelta(minutes=n), **changes)  # type: ignore[arg-type]
    listing.updated_at = listing.created_at
    return listing


@pytest.fixture
async def seller(container: Container) -> int:
    async with container.uow() as uow:
        user = await uow.users.add(User(username="maya", display_name="Maya", created_at=NOW,
                                        email="maya@example.com", password_hash="x"))
        await uow.commit()
        return user.id


@pytest.fixture
async def index(container: Container, seller: int) -> ListingIndex:
    async with container.uow() as uow:
        await uow.listings.add_many([make(seller, f"Linen shirt {n}", f"{10 + n}.00", n)
                                     for n in range(5)])
        await uow.commit()
    loaded = container.listing_index()
    assert loaded is not None
    await loaded.wait()
    assert loaded.ready and len(loaded.by_created.ids) == 5
    return loaded


async def search(container: Container, query: ListingFilter,
                 sort: ListingSort = ListingSort.MOST_RECENT) -> tuple[list[str], int]:
    async with container.uow() as uow:
        total = await uow.listings.count(query)
        found = await uow.listings.search(query, sort, 50)
    return [item.title for item in found], total


async def test_repository_writes_show_in_the_next_search(
        container: Container, seller: int, index: ListingIndex) -> None:
    loaded = index.version
    async with container.uow() as uow:
        added = await uow.listings.add(make(seller, "Wool coat", "80.00", 9))
        await uow.commit()
    assert await search(container, ListingFilter(words=("wool",))) == (["Wool coat"], 1)
    assert index.version > loaded  # answered by the index, after applying the change

    added.title, added.price = "Tweed coat", Decimal("5.00")
    async with container.uow() as uow:
        await uow.listings.save(added)
        await uow.commit()
    assert await search(container, ListingFilter(words=("wool",))) == ([], 0)
    titles, total = await search(container, ListingFilter(), ListingSort.PRICE_LOW_HIGH)
    assert titles[0] == "Tweed coat" and total == 6

    async with container.uow() as uow:
        assert await uow.listings.claim_status(added.id, ListingStatus.AVAILABLE,
                                               ListingStatus.SOLD, NOW)
        await uow.commit()
    assert await search(container, ListingFilter(words=("tweed",))) == ([], 0)

    async with container.uow() as uow:
        await uow.listings.delete(added.id)
        first = (await uow.listings.search(ListingFilter(), ListingSort.MOST_RECENT, 1))[0]
        await uow.listings.delete(first.id)
        await uow.commit()
    titles, total = await search(container, ListingFilter(words=("linen",)))
    assert total == 4 and first.title not in titles


async def test_plain_sql_writes_show_too(container: Container, index: ListingIndex) -> None:
    """Orders, favorites and hand-written statements change rows behind the repository."""
    for _ in range(2):  # the second look finds nothing new (SQLite: skipped, data version)
        assert (await search(container, ListingFilter(), ListingSort.MOST_POPULAR))[1] == 5
    async with container.uow() as uow:
        await uow.session.execute(text(
            "UPDATE products SET watch_count = 7 WHERE title = 'Linen shirt 2'"))
        await uow.session.execute(text(
            "UPDATE products SET status = 'reserved' WHERE title = 'Linen shirt 3'"))
        await uow.commit()
    titles, total = await search(container, ListingFilter(), ListingSort.MOST_POPULAR)
    assert titles[0] == "Linen shirt 2"
    assert total == 4 and "Linen shirt 3" not in titles
    facets = None
    async with container.uow() as uow:
        facets = await uow.listings.facets(ListingFilter(), brand_limit=5)
    assert [(f.value, f.count) for f in facets.categories] == [("tops", 4)]


async def test_a_word_fetched_while_changes_arrive_is_patched(
        container: Container, seller: int, index: ListingIndex) -> None:
    async with container.uow() as uow:
        assert await uow.listings.count(ListingFilter(words=("linen",))) == 5  # cached
        await uow.listings.add(make(seller, "Linen trousers", "30.00", 8))
        await uow.commit()
    assert (await search(container, ListingFilter(words=("linen",))))[1] == 6
    assert (await search(container, ListingFilter(words=("trouser",))))[1] == 1


async def test_out_of_order_commits_are_not_missed(
        container: Container, seller: int, index: ListingIndex) -> None:
    """PostgreSQL: a transaction that began first but commits last is still seen (the
    feed reads again from the oldest transaction running at the last look)."""
    engine = container.engine()
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite runs one writer at a time")
    async with engine.connect() as older, engine.connect() as newer:
        await older.begin()
        await older.execute(text(
            "UPDATE products SET price_cents = 100 WHERE title = 'Linen shirt 1'"))
        await newer.begin()
        await newer.execute(text(
            "UPDATE products SET price_cents = 200 WHERE title = 'Linen shirt 4'"))
        await newer.commit()
        titles, _ = await search(container, ListingFilter(), ListingSort.PRICE_LOW_HIGH)
        assert titles[:2] == ["Linen shirt 4", "Linen shirt 0"]
        await older.commit()
    titles, _ = await search(container, ListingFilter(), ListingSort.PRICE_LOW_HIGH)
    assert titles[:2] == ["Linen shirt 1", "Linen shirt 4"]


async def test_a_bulk_load_while_serving_shows_too(
        container: Container, seller: int, index: ListingIndex) -> None:
    """SQLite writes a bulk load's change rows per batch (its insert triggers are dropped
    for the load and put back), PostgreSQL's statement trigger per statement."""
    async with container.uow() as uow:
        await uow.listings.add_many([make(seller, f"Cashmere scarf {n}", "25.00", 20 + n)
                                     for n in range(3)])
        await uow.commit()
    assert (await search(container, ListingFilter(words=("cashmere",))))[1] == 3
    async with container.uow() as uow:  # and the triggers are back for single writes
        await uow.listings.add(make(seller, "Cashmere hat", "15.00", 30))
        await uow.commit()
    assert (await search(container, ListingFilter(words=("cashmere",))))[1] == 4


async def test_a_shared_word_fetch_outliving_its_request_keeps_nothing_taken(
        container: Container, index: ListingIndex) -> None:
    """A word's fetch runs in a task that every request missing the word awaits; the
    request that started it may leave first (its client went). Nothing of that request's
    unit of work may be used, or kept, by the fetch: on PostgreSQL its admission slot and
    its connection stayed taken for good, and once both slots were, every search waited."""
    engine = container.engine()
    if engine.dialect.name != "postgresql":
        pytest.skip("SQLite fetches a word on the event loop, in one step, with no slot")
    gate = container.heavy_reads()
    async with gate:  # every slot busy: the fetch will queue for one
        while gate.running < gate.limit:
            await gate.__aenter__()

        async def leaving_search() -> None:
            async with container.uow() as uow:
                await uow.listings.count(ListingFilter(words=("shirt",)))

        request = asyncio.create_task(leaving_search())
        for _ in range(500):  # until the fetch has started (and waits for a slot)
            await asyncio.sleep(0.01)
            if index._fetching:
                break
        assert index._fetching, "the word was not fetched"
        fetch = next(iter(index._fetching.values()))
        request.cancel()
        with pytest.raises(asyncio.CancelledError):
            await request
        for _ in range(gate.limit - 1):
            await gate.__aexit__(None, None, None)
    await asyncio.wait_for(asyncio.shield(fetch), 10)
    assert await search(container, ListingFilter(words=("shirt",))) == (
        [f"Linen shirt {n}" for n in range(4, -1, -1)], 5)
    assert gate.running == 0 and gate.waiting == 0
    assert engine.pool.checkedout() == 0


async def test_the_listings_a_search_keeps_are_as_fresh_as_the_index(
        container: Container, index: ListingIndex) -> None:
    """A search page's listings come from those the index keeps (``Kept``) once shown;
    a write by any path (here plain SQL, as orders and favorites write) makes the next
    search read them again, and the sellers' cards are read afresh every time."""
    catalog = container.catalog()
    cheapest = SearchRequest(sort="price_low_high")
    first = (await catalog.search(cheapest)).items
    assert [view.listing.title for view in first][:2] == ["Linen shirt 0", "Linen shirt 1"]
    kept = index.kept.get(first[0].listing.id)
    assert kept is not None and kept == first[0].listing
    applied = index.version
    shown = (await catalog.search(cheapest)).items[0].listing
    # Not read again. (On PostgreSQL a look reads again the changes made since the oldest
    # transaction then running, anywhere in the cluster: a batch applied again forgets
    # its listings, harmlessly.)
    assert shown is kept or index.version > applied

    async with container.uow() as uow:
        await uow.session.execute(text(
            "UPDATE products SET title = 'Linen blouse', watch_count = 3, price_cents = 900"
            " WHERE title = 'Linen shirt 1'"))
        await uow.session.execute(text("UPDATE users SET display_name = 'Maya R.'"))
        await uow.commit()
    again = (await catalog.search(cheapest)).items
    assert [(view.listing.title, view.listing.watch_count, view.listing.price)
            for view in again][:2] == [("Linen blouse", 3, Decimal("9.00")),
                                       ("Linen shirt 0", 0, Decimal("10.00"))]
    assert {view.seller.display_name for view in again if view.seller} == {"Maya R."}
    async with container.reads() as reads:
        fresh = await reads.listings.get_many([view.listing.id for view in again])
    assert [fresh[view.listing.id] for view in again] == [view.listing for view in again]

    async with container.uow() as uow:  # a seller alone changed: their card is read again
        await uow.session.execute(text("UPDATE users SET display_name = 'Maya Rivera'"))
        await uow.commit()
    shown = (await catalog.search(cheapest)).items
    assert {view.seller.display_name for view in shown if view.seller} == {"Maya Rivera"}


async def test_a_search_the_index_answers_makes_no_session(
        container: Container, seller: int, index: ListingIndex) -> None:
    """The unit of work makes its session on first use: a search the index answers, with
    nothing changed since its last look, needs none (making one cost 25 us of a 450 us
    search, ``docs/performance.md``). A look that finds changes reads them in it."""
    query = ListingFilter(words=("linen",))
    async with container.uow() as uow:
        await uow.listings.count(query)  # the first look after the load
    async with container.uow() as uow:
        assert await uow.listings.count(query) == 5
        ids = await uow.listings.search_ids(query, ListingSort.MOST_RECENT, 3, None)
        assert ids is not None and len(ids) == 3
        if uow.dialect == "sqlite":  # (PostgreSQL may look at changes it has applied
            assert "session" not in uow.__dict__  # while another test's transaction runs)
    async with container.uow() as uow:
        await uow.listings.add(make(seller, "Linen coat", "80.00", 9))
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.listings.count(query) == 6
        assert "session" in uow.__dict__  # the look read the new listing in it
