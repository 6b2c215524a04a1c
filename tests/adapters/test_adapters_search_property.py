"""The search engine's answers equal a brute-force filter and sort of the database's rows.

About 40 varied listings (tricky words, shared prices, dates and watch counts, every status)
are stored once per test through the repository, on each database, and reach the Tantivy
index through the outbox; hypothesis then draws filter, sort and page-size combinations and
checks every keyset page, the total and the facets against ``tests/fakes/catalog.py``
(which knows nothing of Tantivy) run over the rows read back from the database.
"""

from __future__ import annotations

import random
from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from application.catalog_search import search_words
from application.ports.catalog import ListingFilter, ListingSort, position
from domain.catalog import Category, Condition, ListingStatus, Size, brand_key
from domain.listings import Listing, ListingImage
from entrypoints.container import Container
from tests.fakes.catalog import facet_counts, ordered, passes
from tests.support import NOW, a_listing, add_users, ids_of

pytestmark = pytest.mark.adapters
VOCABULARY = ["denim", "dress", "dressy", "dresses", "jacket", "jackets", "jack", "crop",
              "cropped", "t-shirt", "Levi's", "nike.com", "café", "Jäcket", "3XL", "501",
              "wool", "vintage", "H&M", "tee", "tees", "hoodie", "hoodies", "baby", "babies"]
BRANDS = ["Nike", "nike", "Adidas", "Levi's", "Levis", "H&M", "hm", "North Face", "Zara"]
# Query words: prefixes of the folded words, whole words, plurals, and the category and
# condition words (their stems and prefixes come from domain.search, as typed by shoppers).
PREFIXES = sorted({w[:n] for v in VOCABULARY + BRANDS for w in search_words(v)
                   for n in (1, 2, 3, 5, 64)}
                  | {"zzz", "com", "shirt", "s", "outerwear", "footwear", "shoes", "like",
                     "new", "jakcet", "cafe", "levi", "northface", "skirts", "tops"})
PRICES = ["5.00", "12.50", "12.50", "40.00", "99.99", "120.00"]


def sample_listings(seller_ids: list[int]) -> list[Listing]:
    rng = random.Random(4)
    listings = []
    for n in range(40):
        words = rng.sample(VOCABULARY, 3)
        listing = a_listing(
            rng.choice(seller_ids), title=" ".join(words[:2]).title()[:100],
            description=f"{words[2]} piece number {n}, worn twice.", price=rng.choice(PRICES),
            brand=rng.choice(BRANDS), size=rng.choice(list(Size)),
            condition=rng.choice(list(Condition)), category=rng.choice(list(Category)),
            images=[ListingImage(f"/media/{n}.webp", f"/media/{n}-t.webp")],
            created_at=NOW - timedelta(days=rng.choice([0, 1, 1, 2, 5])),
            watch_count=rng.choice([0, 0, 1, 3]),
            status=rng.choice([ListingStatus.AVAILABLE] * 4 + list(ListingStatus)),
        )
        listing.updated_at = listing.created_at
        listings.append(listing)
    return listings


@pytest.fixture
async def stored(container: Container) -> list[Listing]:
    seller_ids = ids_of(await add_users(container.uow(), "maya", "theo"))
    async with container.uow() as uow:
        listing_ids = await uow.listings.add_many(sample_listings(seller_ids))
        await uow.commit()
        loaded = await uow.listings.get_many(listing_ids)
    return list(loaded.values())


def subset(values: list) -> st.SearchStrategy[frozenset]:
    return st.frozensets(st.sampled_from(values), max_size=3)


prices = st.none() | st.sampled_from([Decimal(p) for p in ["0", "5", "12.50", "50", "200"]])
filters = st.builds(
    ListingFilter,
    words=st.lists(st.sampled_from(PREFIXES), max_size=2).map(tuple),
    brands=subset([*sorted({brand_key(b) for b in BRANDS}), "gucci"]),
    categories=subset(list(Category)), sizes=subset(list(Size)),
    conditions=subset(list(Condition)), min_price=prices, max_price=prices,
    seller_id=st.none() | st.sampled_from([1, 2]), include_unavailable=st.booleans(),
    exclude_sellers=st.sampled_from([frozenset(), frozenset({1})]),
    include_hidden=st.booleans(),
)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=filters, sort=st.sampled_from(list(ListingSort)),
       page_size=st.integers(min_value=1, max_value=15))
async def test_search_pages_total_and_facets_equal_brute_force(
        container: Container, stored: list[Listing], query: ListingFilter,
        sort: ListingSort, page_size: int) -> None:
    seller_ids = sorted({item.seller_id for item in stored})
    if query.seller_id is not None:  # the drawn 1 or 2 names a real seller of this database
        query = ListingFilter(**{**query.__dict__, "seller_id": seller_ids[query.seller_id - 1]})
    if query.exclude_sellers:
        query = ListingFilter(**{**query.__dict__, "exclude_sellers": frozenset(seller_ids[:1])})
    note(f"{query} {sort} {page_size}")
    expected = [item.id for item in ordered((i for i in stored if passes(i, query)), sort,
                                            query.words)]
    walked: list[int] = []
    engine = container.search()
    by_id = {item.id: item for item in stored}
    total = await engine.count(query)
    after = None
    while True:
        page = [by_id[i] for i in await engine.ids(query, sort, page_size, after)]
        walked.extend(item.id for item in page)
        if len(page) < page_size or len(walked) > len(stored):
            break
        after = position(page[-1], sort, query.words)
    facets = await engine.facets(query, brand_limit=50)
    assert walked == expected
    assert total == len(expected)
    oracle = facet_counts(stored, query, 50)
    # brands by key ("H&M" and "hm" are one brand; which spelling shows may differ)
    assert sorted((brand_key(f.value), f.count) for f in facets.brands) == sorted(
        (brand_key(f.value), f.count) for f in oracle.brands)
    assert facets.categories == oracle.categories
    assert facets.sizes == oracle.sizes
    assert facets.conditions == oracle.conditions
