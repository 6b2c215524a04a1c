"""Listing and favorite repositories against real databases, and the search engine fed by
their outbox (inline indexing: each commit is applied before the next line): storage,
search, facets, vocabulary.

Size: one adapter test file per area (docs/architecture.md, Tests): storage, search, facets and
vocabulary read the same seeded listings.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import event, text

from adapters.search.engine import SUGGESTION_SECONDS, VOCABULARY_SECONDS, TantivySearch
from adapters.sqlalchemy import catalog as catalog_adapter
from application.catalog_search import search_words
from application.ports.catalog import ListingFilter, ListingSort, position, sort_value
from application.shared.paging import After
from domain.catalog import Category, Condition, ListingStatus, Size
from domain.errors import Conflict
from domain.listings import Listing, ListingImage
from domain.vacation import Vacation
from entrypoints.container import Container
from entrypoints.settings import Settings
from tests.support import NOW, a_listing, add_user

pytestmark = pytest.mark.adapters


def image(n: int) -> ListingImage:
    return ListingImage(f"/media/products/{n}.webp", f"/media/products/{n}-t.webp")


def item(seller_id: int, title: str, price: str = "20.00", *, brand: str = "Nike",
         description: str = "A lovely piece in good shape.", category: Category = Category.TOPS,
         size: Size = Size.M, condition: Condition = Condition.GOOD, age_days: float = 1,
         watchers: int = 0, images: int = 2) -> Listing:
    at = NOW - timedelta(days=age_days)
    return a_listing(seller_id, title=title, description=description, price=price, brand=brand,
                     size=size, condition=condition, category=category,
                     images=[image(n) for n in range(images)], created_at=at, updated_at=at,
                     watch_count=watchers)


async def seller(container: Container, name: str = "maya") -> int:
    """A verified member (the seller cards show the badge)."""
    return (await add_user(container.uow(), name, verified=True)).id


async def store(container: Container, listings: list[Listing]) -> list[int]:
    async with container.uow() as uow:
        ids = await uow.listings.add_many(listings)
        await uow.commit()
    return ids


async def engine_listings(container: Container, query: ListingFilter, sort: ListingSort,
                          limit: int, after: After | None = None) -> list[Listing]:
    """The engine's page of ids, read by id from the database (as the catalog does)."""
    ids = await container.search().ids(query, sort, limit, after)
    async with container.uow() as uow:
        found = await uow.listings.get_many(ids)
    return [found[i] for i in ids if i in found]


async def search(container: Container, query: ListingFilter = ListingFilter(),
                 sort: ListingSort = ListingSort.MOST_RECENT, limit: int = 50,
                 after: After | None = None) -> list[str]:
    found = await engine_listings(container, query, sort, limit, after)
    return [listing.title for listing in found]


async def found(container: Container, words: tuple[str, ...]) -> list[str]:
    """Titles matching ``words``, alphabetically."""
    return sorted(await search(container, ListingFilter(words=words)))


async def test_listing_round_trip_keeps_every_field(container: Container) -> None:
    seller_id = await seller(container)
    original = item(seller_id, "Denim jacket", "1234.56", images=3)
    original.price_drop, original.verified = True, True
    async with container.uow() as uow:
        await uow.listings.add(original)
        await uow.commit()
    async with container.uow() as uow:
        loaded = await uow.listings.get(original.id)
        cards = await uow.listings.sellers({seller_id, 999})
    assert loaded == original
    assert loaded.price == Decimal("1234.56")
    assert loaded.created_at.tzinfo is not None
    assert list(cards) == [seller_id]
    assert cards[seller_id].username == "maya" and cards[seller_id].verified


async def test_the_read_path_gives_what_the_repository_gives(container: Container,
                                                             settings: Settings) -> None:
    """Product and search pages' reads (``ListingReads``, outside any unit of work): the
    same listings, photos in order and seller cards as the repository, on both databases;
    deleted ids are missing; a change is seen once committed, never before."""
    maya, theo = await seller(container), await seller(container, "theo")
    first, second = item(maya, "Denim jacket", "1234.56", images=3), item(theo, "Tee", images=0)
    first.price_drop = True
    ids = [(await store(container, [listing]))[0] for listing in (first, second)]
    reads = container.listing_reads()
    listed, cards = await reads.with_sellers([*ids, 999_999])
    async with container.uow() as uow:
        expected = await uow.listings.get_many(ids)
        expected_cards = await uow.listings.sellers({maya, theo})
    assert listed == expected and list(listed) == ids
    assert [image.url for image in listed[ids[0]].images] == [image(n).url for n in range(3)]
    assert cards == expected_cards and cards[maya].verified
    assert cards[maya].rating == Decimal("0")
    assert await reads.with_sellers([]) == ({}, {})
    # One id (a product page) has statements of its own: the same answer.
    assert await reads.with_sellers([ids[0]]) == ({ids[0]: expected[ids[0]]},
                                                   {maya: expected_cards[maya]})
    assert await reads.with_sellers([999_999]) == ({}, {})
    async with container.uow() as uow:
        await uow.listings.delete(ids[1])
        assert ids[1] in (await reads.with_sellers(ids))[0]  # not committed yet
        await uow.commit()
    assert list((await reads.with_sellers(ids))[0]) == [ids[0]]
    if settings.is_sqlite:  # its connections refuse writes
        assert reads.sqlite is not None
        with reads.sqlite.connect() as connection, pytest.raises(Exception, match="readonly"):
            connection.execute(text("DELETE FROM products"))


async def test_seller_cards_carry_the_vacation_in_the_reads_own_two_statements(
        container: Container, settings: Settings) -> None:
    """A page's seller cards carry each seller's vacation row (the cards' ``away``), read in
    the same statement as the listings and their sellers: a page of several sellers costs
    the read path its two statements (listings with sellers, then photos), not one more per
    card; the repository's cards say the same."""
    maya, theo, sam = (await seller(container), await seller(container, "theo"),
                       await seller(container, "sam"))
    ids = await store(container, [item(who, f"Coat {n}") for n, who in
                                  enumerate((maya, theo, sam, maya))])
    away = Vacation(theo, NOW + timedelta(days=3), "Back soon.", NOW)
    async with container.uow() as uow:
        await uow.vacations.put(away)
        await uow.vacations.put(Vacation(sam, None, "", NOW))
        await uow.commit()
    reads = container.listing_reads()
    await reads.with_sellers(ids)  # warm: connect once before counting
    engine = reads.sqlite if settings.is_sqlite else reads.engine.sync_engine
    assert engine is not None
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", count)
    try:
        listed, cards = await reads.with_sellers(ids)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert len(statements) == 2, statements
    assert list(listed) == ids
    assert cards[theo].vacation == away
    assert cards[sam].vacation == Vacation(sam, None, "", NOW)
    assert cards[maya].vacation is None
    async with container.uow() as uow:
        assert await uow.listings.sellers({maya, theo, sam}) == cards


async def test_save_changes_fields_status_and_photos_but_not_watchers(container: Container
                                                                      ) -> None:
    seller_id = await seller(container)
    [listing_id] = await store(container, [item(seller_id, "Old title", watchers=3)])
    async with container.uow() as uow:
        listing = await uow.listings.get(listing_id)
        listing.title, listing.images, listing.watch_count = "New title", [image(9)], 0
        listing.reserve()
        await uow.listings.save(listing)
        await uow.commit()
    async with container.uow() as uow:
        loaded = await uow.listings.get(listing_id)
    assert (loaded.title, loaded.images, loaded.status) == (
        "New title", [image(9)], ListingStatus.RESERVED)
    assert loaded.watch_count == 3
    assert await search(container, ListingFilter(words=("new",))) == []  # reserved: hidden
    assert await search(container, ListingFilter(words=("new",), include_unavailable=True)) == [
        "New title"]
    assert await search(container, ListingFilter(words=("old",), include_unavailable=True)) == []


async def test_full_text_matches_word_prefixes_in_title_description_and_brand(
        container: Container) -> None:
    seller_id = await seller(container)
    await store(container, [
        item(seller_id, "Air Max 90 sneakers", brand="Nike", category=Category.FOOTWEAR),
        item(seller_id, "Straight jeans", brand="Levi's", description="Classic 501 fit."),
        item(seller_id, "Wool coat", brand="Zara", description="Warm; see nike.com for none"),
        item(seller_id, "Café crop top", brand="H&M"),
    ])
    assert await found(container, ("nik",)) == ["Air Max 90 sneakers", "Wool coat"]
    assert await found(container, ("levi", "501")) == ["Straight jeans"]
    assert await found(container, ("sn",)) == ["Air Max 90 sneakers"]
    assert await found(container, ("hm",)) == ["Café crop top"]  # "H&M" is one term
    assert await found(container, ("caf",)) == ["Café crop top"]
    assert await found(container, ("cafe",)) == ["Café crop top"]  # accents fold
    assert await found(container, ("jeans", "wool")) == []
    assert await found(container, ("and",)) == []


def words(q: str) -> tuple[str, ...]:
    return search_words(q)


async def shopper_catalog(container: Container) -> None:
    """The words of issue 14: plurals, accents, brand punctuation, category words."""
    seller_id = await seller(container)
    await store(container, [
        item(seller_id, "Linen midi dress", brand="Reformation", category=Category.DRESSES,
             age_days=9),
        item(seller_id, "Denim jacket", brand="Levi's", category=Category.OUTERWEAR,
             age_days=8),
        item(seller_id, "Grey zip hoodie", brand="Nike", age_days=7),
        item(seller_id, "Pleated midi skirt", brand="Zara", category=Category.BOTTOMS,
             age_days=6),
        item(seller_id, "Organic cotton tee", brand="Everlane", age_days=5),
        item(seller_id, "Wool overcoat", brand="Patagonia", category=Category.OUTERWEAR,
             description="Goes with a denim jacket or alone.", age_days=4),
        item(seller_id, "Smocked sundress", brand="H&M", category=Category.DRESSES,
             condition=Condition.LIKE_NEW, age_days=3),
        item(seller_id, "Corduroy skirt", brand="H&M", category=Category.BOTTOMS, age_days=2),
        item(seller_id, "Nuptse puffer", brand="North Face", category=Category.OUTERWEAR,
             description="Warm, fits like a dream, holds heat.", age_days=1),
        item(seller_id, "Café racer boots", brand="Dr. Martens", category=Category.FOOTWEAR,
             age_days=0.5),
    ])


@pytest.mark.parametrize(("q", "titles"), [
    ("dresses", ["Linen midi dress", "Smocked sundress"]),  # the sundress by category
    ("dress", ["Linen midi dress", "Smocked sundress"]),
    ("jackets", ["Denim jacket", "Wool overcoat"]),
    ("jäcket", ["Denim jacket", "Wool overcoat"]),
    ("hoodies", ["Grey zip hoodie"]),
    ("skirts", ["Corduroy skirt", "Pleated midi skirt"]),
    ("tees", ["Organic cotton tee"]),
    ("Levis", ["Denim jacket"]),
    ("levi's", ["Denim jacket"]),
    ("levi", ["Denim jacket"]),
    ("h&m", ["Corduroy skirt", "Smocked sundress"]),
    ("hm", ["Corduroy skirt", "Smocked sundress"]),
    ("outerwear", ["Denim jacket", "Nuptse puffer", "Wool overcoat"]),
    ("footwear", ["Café racer boots"]),
    ("shoes", ["Café racer boots"]),
    ("like new", ["Smocked sundress"]),
    ("cafe", ["Café racer boots"]),
    ("CAFÉ", ["Café racer boots"]),
    ("northface", ["Nuptse puffer"]),
    ("jac", ["Denim jacket", "Wool overcoat"]),  # prefixes while typing
    ("jakcet", []),  # typos are the service's job (didYouMean), not the index's
])
async def test_shoppers_words_match_on_both_databases(container: Container, q: str,
                                                      titles: list[str]) -> None:
    await shopper_catalog(container)
    assert await found(container, words(q)) == titles


async def test_relevance_puts_title_and_brand_matches_first_then_newest(
        container: Container) -> None:
    await shopper_catalog(container)
    query = ListingFilter(words=words("denim jacket"))
    # The overcoat is newer but names the words only in its description.
    assert await search(container, query, ListingSort.RELEVANCE) == [
        "Denim jacket", "Wool overcoat"]
    assert await search(container, query, ListingSort.MOST_RECENT) == [
        "Wool overcoat", "Denim jacket"]
    # "H&M": only H&M's two items, newest first (not every h- and m- word).
    assert await search(container, ListingFilter(words=words("H&M")), ListingSort.RELEVANCE
                        ) == ["Corduroy skirt", "Smocked sundress"]


async def test_relevance_pages_continue_across_the_ranks(container: Container) -> None:
    await shopper_catalog(container)
    query = ListingFilter(words=words("outerwear"))
    seen: list[str] = []
    after = None
    async with container.uow():
        while True:
            page = await engine_listings(container, query, ListingSort.RELEVANCE, 1, after)
            if not page:
                break
            seen.extend(p.title for p in page)
            after = position(page[-1], ListingSort.RELEVANCE, query.words)
    assert seen == ["Nuptse puffer", "Wool overcoat", "Denim jacket"]
    query = ListingFilter(words=words("jacket"))
    async with container.uow():
        first = await engine_listings(container, query, ListingSort.RELEVANCE, 1)
        after = position(first[-1], ListingSort.RELEVANCE, query.words)
        rest = await engine_listings(container, query, ListingSort.RELEVANCE, 5, after)
    assert [p.title for p in first + rest] == ["Denim jacket", "Wool overcoat"]


async def test_vocabulary_follows_writes(container: Container, settings: Settings) -> None:
    """Typo correction's vocabulary and the brand suggestions follow writes within
    ``VOCABULARY_SECONDS`` (reading them costs a pass over the term dictionary: a quarter
    of a second at a million listings, too much for every commit)."""
    seconds = [0.0]
    engine = TantivySearch(settings.search_dir, ticks=lambda: seconds[0])

    def later() -> None:  # the index has committed; the kept vocabulary has aged out
        seconds[0] += VOCABULARY_SECONDS + 1

    seller_id = await seller(container)
    [first] = await store(container, [item(seller_id, "Denim jacket", brand="Levi's")])
    async with container.uow() as uow:
        assert (await engine.terms_near("jakcet", 2))["jacket"] == 1
        assert await engine.knows_prefix(("jack",))
        assert not await engine.knows_prefix(("jakc",))
        second = await uow.listings.add(item(seller_id, "Leather jacket"))
        await uow.commit()
    seconds[0] += 1  # a moment later: the index has the write, the kept vocabulary not yet
    assert (await engine.terms_near("jakcet", 2))["jacket"] == 1
    later()
    async with container.uow() as uow:
        assert (await engine.terms_near("jakcet", 2))["jacket"] == 2
        listing = await uow.listings.get(first)
        listing.title = "Denim vest"
        await uow.listings.save(listing)
        await uow.commit()
    later()
    async with container.uow() as uow:
        assert (await engine.terms_near("jakcet", 2))["jacket"] == 1
        assert [s.value for s in await engine.suggest_words("ve", 5)] == ["vest"]
        await uow.listings.delete(second.id)
        await uow.commit()
    later()
    assert "jacket" not in await engine.terms_near("jakcet", 2)
    assert not await engine.knows_prefix(("jack",))
    assert [s.value for s in await engine.suggest_brands("levi", 5)] == ["Levi's"]
    assert [s.value for s in await engine.suggest_brands("le", 5)] == ["Levi's"]


async def test_suggested_words_are_kept_a_few_seconds(container: Container,
                                                     settings: Settings) -> None:
    """A prefix's suggested words are kept ``SUGGESTION_SECONDS`` across commits (adding
    favourites commits many times a second), then read again with the new counts."""
    seconds = [0.0]
    engine = TantivySearch(settings.search_dir, ticks=lambda: seconds[0])
    seller_id = await seller(container)
    await store(container, [item(seller_id, "Velvet vest")])

    async def suggested() -> dict[str, int]:
        return {s.value: s.count for s in await engine.suggest_words("ve", 5)}

    assert await suggested() == {"velvet": 1, "vest": 1}
    await store(container, [item(seller_id, "Velour vest")])
    seconds[0] += 1  # the index has the write; the words asked a second ago are kept
    assert await suggested() == {"velvet": 1, "vest": 1}
    seconds[0] += SUGGESTION_SECONDS
    assert await suggested() == {"velour": 1, "velvet": 1, "vest": 2}


async def test_filters_combine(container: Container) -> None:
    seller_id = await seller(container)
    other = await seller(container, "theo")
    await store(container, [
        item(seller_id, "A", "10.00", brand="Nike", size=Size.S),
        item(seller_id, "B", "20.00", brand="nike ", size=Size.M, category=Category.BOTTOMS),
        item(seller_id, "C", "30.00", brand="Adidas", condition=Condition.FAIR),
        item(other, "D", "40.00", brand="Zara", size=Size.S),
    ])
    by_title = ListingSort.PRICE_LOW_HIGH
    assert await search(container, ListingFilter(brands=frozenset({"nike"})), by_title) == [
        "A", "B"]
    assert await search(container, ListingFilter(sizes=frozenset({Size.S})), by_title) == [
        "A", "D"]
    assert await search(container, ListingFilter(
        min_price=Decimal("20"), max_price=Decimal("30")), by_title) == ["B", "C"]
    assert await search(container, ListingFilter(seller_id=other), by_title) == ["D"]
    assert await search(container, ListingFilter(
        categories=frozenset({Category.TOPS}), conditions=frozenset({Condition.GOOD})),
        by_title) == ["A", "D"]


async def test_sorts_and_keyset_pages_walk_every_item_once(container: Container) -> None:
    seller_id = await seller(container)
    await store(container, [
        item(seller_id, f"T{n}", f"{10 + n % 4}.00", age_days=n % 3, watchers=n % 5)
        for n in range(23)])
    async with container.uow():
        for sort in ListingSort:
            seen: list[Listing] = []
            after = None
            while True:
                page = await engine_listings(container, ListingFilter(), sort, 5, after)
                seen.extend(page)
                if len(page) < 5:
                    break
                after = position(page[-1], sort)
            keys = [(sort_value(s, sort), s.id) for s in seen]
            assert len({s.id for s in seen}) == 23, sort
            assert keys == sorted(keys, reverse=sort.descending), sort
        assert await container.search().count(ListingFilter()) == 23


async def test_facets_count_matches_and_each_ignores_its_own_filter(container: Container
                                                                    ) -> None:
    seller_id = await seller(container)
    await store(container, [
        item(seller_id, "A", brand="Nike", size=Size.S),
        item(seller_id, "B", brand="NIKE", size=Size.M),
        item(seller_id, "C", brand="Adidas", size=Size.M, category=Category.BOTTOMS),
    ])
    async with container.uow():
        facets = await container.search().facets(ListingFilter(brands=frozenset({"nike"})), 10)
    assert [(f.value.lower(), f.count) for f in facets.brands] == [("nike", 2), ("adidas", 1)]
    assert [(f.value, f.count) for f in facets.sizes] == [("m", 1), ("s", 1)]
    assert [(f.value, f.count) for f in facets.categories] == [("tops", 2)]
    assert [(f.value, f.count) for f in facets.conditions] == [("good", 2)]


async def test_deleting_rows_keeps_the_search_index_consistent(container: Container) -> None:
    seller_id = await seller(container)
    ids = await store(container, [item(seller_id, "Vintage scarf"), item(seller_id, "Scarf")])
    async with container.uow() as uow:
        await uow.listings.delete(ids[0])
        await uow.commit()
    assert await search(container, ListingFilter(words=("scarf",))) == ["Scarf"]
    async with container.uow() as uow:
        await uow.listings.delete(ids[1])
        await uow.listings.delete(ids[1])  # (gone already: no outbox row, no error)
        await uow.commit()
    assert await container.search().count(ListingFilter(words=("scarf",))) == 0


async def test_favorites_are_unique_and_keep_the_watch_count(container: Container) -> None:
    seller_id = await seller(container)
    buyer = await seller(container, "sofia")
    [listing_id] = await store(container, [item(seller_id, "Bag")])
    async with container.uow() as uow:
        first, created = await uow.favorites.add(buyer, listing_id, NOW)
        again, created_again = await uow.favorites.add(buyer, listing_id, NOW)
        await uow.commit()
    assert created and not created_again and first.id == again.id
    async with container.uow() as uow:
        assert (await uow.listings.get(listing_id)).watch_count == 1
        assert [f.product_id for f in await uow.favorites.list_for(buyer, 10)] == [listing_id]
        assert await uow.favorites.remove(buyer, listing_id)
        assert not await uow.favorites.remove(buyer, listing_id)
        await uow.commit()
        assert (await uow.listings.get(listing_id)).watch_count == 0


async def test_concurrent_favorites_of_one_pair_make_one_row(container: Container) -> None:
    seller_id = await seller(container)
    buyer = await seller(container, "sofia")
    [listing_id] = await store(container, [item(seller_id, "Bag")])

    async def favorite() -> bool:
        async with container.uow() as uow:
            _, created = await uow.favorites.add(buyer, listing_id, NOW)
            await uow.commit()
        return created

    results = await asyncio.gather(*(favorite() for _ in range(6)))
    assert results.count(True) == 1
    async with container.uow() as uow:
        assert (await uow.listings.get(listing_id)).watch_count == 1
        assert len(await uow.favorites.list_for(buyer, 10)) == 1


async def test_bulk_insert_returns_ids_in_order_and_fills_the_index(container: Container
                                                                    ) -> None:
    seller_id = await seller(container)
    listings = [item(seller_id, f"Bulk tee {n}", images=1 + n % 3) for n in range(12)]
    ids = await store(container, listings)
    async with container.uow() as uow:
        loaded = await uow.listings.get_many(ids)
        assert [loaded[i].title for i in ids] == [f"Bulk tee {n}" for n in range(12)]
        assert [len(loaded[i].images) for i in ids] == [1 + n % 3 for n in range(12)]
        assert await container.search().count(ListingFilter(words=("bulk",))) == 12
        assert await uow.listings.count_by_seller(seller_id, include_unavailable=True) == 12


async def test_bulk_insert_reports_each_batch_and_gives_back_the_page_cache(
        container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress comes per statement batch; on SQLite the load's big page cache is the
    connection's own size again afterwards, whether the load worked or failed."""
    monkeypatch.setattr(catalog_adapter, "BATCH", 5)
    seller_id = await seller(container)
    heard: list[int] = []
    async with container.uow() as uow:
        sqlite = uow.session.get_bind().dialect.name == "sqlite"
        size = text("PRAGMA cache_size")
        before = await uow.session.scalar(size) if sqlite else None
        await uow.listings.add_many([item(seller_id, f"Batch tee {n}") for n in range(12)],
                                    heard.append)
        assert (await uow.session.scalar(size) if sqlite else None) == before
        await uow.commit()
    assert heard == [5, 10, 12]
    with pytest.raises(Conflict):
        async with container.uow() as uow:
            await uow.listings.add_many([item(seller_id + 99, "Unknown seller row")])
    async with container.uow() as uow:
        assert (await uow.session.scalar(size) if sqlite else None) == before
    assert await found(container, ("batch",)) == sorted(f"Batch tee {n}" for n in range(12))


async def test_a_failed_bulk_load_keeps_search_in_sync(container: Container) -> None:
    """A failed bulk load rolls its outbox rows back with its listings: search never shows
    what was not committed, and what is committed later shows."""
    seller_id = await seller(container)
    broken = [item(seller_id, "Good row"), item(seller_id + 99, "Unknown seller row")]
    with pytest.raises(Conflict):
        async with container.uow() as uow:
            await uow.listings.add_many(broken)
            await uow.commit()
    await store(container, [item(seller_id, "Later scarf")])
    async with container.uow() as uow:
        listing = await uow.listings.add(item(seller_id, "Single scarf"))
        await uow.commit()
    assert listing.id is not None
    assert await found(container, ("scarf",)) == ["Later scarf", "Single scarf"]
    assert await found(container, ("row",)) == []  # the failed load left nothing behind
