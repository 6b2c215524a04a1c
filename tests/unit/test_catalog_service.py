"""CatalogService on the in-memory fakes (no database, no Pillow)."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from application import catalog as catalog_module
from application.catalog import ListingChanges
from application.catalog_search import SearchRequest, fingerprint, search_words
from application.media import MAX_IMAGE_BYTES
from application.ports.catalog import ListingFilter, ListingSort, sort_value
from application.shared.paging import After, decode_cursor, encode_cursor
from domain.accounts import Role
from domain.catalog import ListingBadge, ListingStatus, Size
from domain.errors import Forbidden, NotFound, RateLimited, TooLarge, ValidationError
from domain.listings import ListingDetails
from domain.moderation import HiddenKind, HideCause
from tests.fakes import World
from tests.fakes.samples import DETAILS, PNG, data_url
from tests.support import a_listing

pytestmark = pytest.mark.unit

async def test_create_stores_photos_and_makes_a_seller(world: World) -> None:
    maya = await world.user("maya")
    view = await world.catalog.create(maya, DETAILS, [data_url(), PNG + b"2"])
    assert view.listing.price == Decimal("80.00")
    assert [i.url for i in view.listing.images] == [
        f"/media/products/{d}.webp" for d in world.media.saved]
    assert view.seller is not None and view.seller.username == "maya"
    assert view.badge is ListingBadge.JUST_LISTED
    async with world.uow:
        assert (await world.uow.users.get(maya.id)).role is Role.SELLER


async def test_a_seller_lists_at_most_30_items_an_hour(world: World) -> None:
    maya, theo = await world.user("maya"), await world.user("theo")
    for _ in range(30):
        await world.catalog.create(maya, DETAILS, [data_url()])
        world.clock.advance(minutes=1)
    saved = len(world.media.saved)
    with pytest.raises(RateLimited) as refused:
        await world.catalog.create(maya, DETAILS, [data_url()])
    assert refused.value.retry_after == 30 * 60  # when the first of the 30 is an hour old
    assert len(world.media.saved) == saved  # refused before any photo work
    await world.catalog.create(theo, DETAILS, [data_url()])  # per seller
    world.clock.advance(minutes=30)
    await world.catalog.create(maya, DETAILS, [data_url()])


async def test_invalid_form_stores_nothing(world: World) -> None:
    maya = await world.user("maya")
    bad = ListingDetails("ab", "short", "-1", "", "", "", "")
    with pytest.raises(ValidationError) as caught:
        await world.catalog.create(maya, bad, [data_url()])
    assert set(caught.value.errors) == {"title", "description", "price", "brand", "size",
                                        "condition", "category"}
    assert world.media.saved == {}
    assert world.uow.listings.rows == {}


async def test_photo_checks(world: World) -> None:
    maya = await world.user("maya")
    with pytest.raises(TooLarge, match="Photo 2 is larger than 10 MB"):
        await world.catalog.create(maya, DETAILS, [PNG, PNG + b"\0" * MAX_IMAGE_BYTES])
    with pytest.raises(TooLarge):
        await world.catalog.create(maya, DETAILS, [data_url(PNG + b"\0" * MAX_IMAGE_BYTES)])
    with pytest.raises(ValidationError, match="Photo 1 is not a JPEG"):
        await world.catalog.create(maya, DETAILS, [data_url(b"not an image")])
    with pytest.raises(ValidationError, match="Photo 1 is not a JPEG"):
        await world.catalog.create(maya, DETAILS, ["data:text/plain;base64,aGVsbG8="])
    with pytest.raises(ValidationError, match="Photo 1 must be an image file"):
        await world.catalog.create(maya, DETAILS, ["/media/products/elsewhere.webp"])
    assert world.uow.listings.rows == {}


async def test_edit_keeps_reorders_and_adds_photos(world: World) -> None:
    maya = await world.user("maya")
    view = await world.catalog.create(maya, DETAILS, [PNG + b"a", PNG + b"b"])
    first, second = view.listing.images
    edited = await world.catalog.update(maya, view.listing.id, ListingChanges(
        price="60", images=[second.thumbnail_url, data_url(PNG + b"c")]))
    assert edited.listing.images[0] == second
    assert edited.listing.images[1] not in (first, second)
    assert edited.badge is ListingBadge.PRICE_DROP
    assert edited.listing.title == "Wool coat"
    theo = await world.user("theo")
    with pytest.raises(Forbidden):
        await world.catalog.update(theo, view.listing.id, ListingChanges(price="1"))
    with pytest.raises(Forbidden):
        await world.catalog.delete(theo, view.listing.id)
    with pytest.raises(NotFound):
        await world.catalog.update(maya, 999, ListingChanges())


async def test_just_listed_expires_with_the_clock(world: World) -> None:
    maya = await world.user("maya")
    view = await world.catalog.create(maya, DETAILS, [PNG])
    world.clock.advance(days=7)
    assert (await world.catalog.get(view.listing.id)).badge is None


async def test_pages_reuse_the_first_total(world: World, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    maya = await world.user("maya")
    for n in range(5):
        await world.catalog.create(maya, DETAILS, [PNG + bytes([n])])
        world.clock.advance(minutes=1)
    counted = []
    original = world.search.count

    async def count(query: ListingFilter, up_to: int | None = None) -> int:
        counted.append(query)
        return await original(query, up_to)

    monkeypatch.setattr(world.search, "count", count)
    first = await world.catalog.search(SearchRequest(limit=2))
    second = await world.catalog.search(SearchRequest(limit=2, cursor=first.next_cursor))
    third = await world.catalog.search(SearchRequest(limit=2, cursor=second.next_cursor))
    assert [p.total for p in (first, second, third)] == [5, 5, 5]
    assert len(counted) == 1
    assert third.next_cursor is None
    ids = [v.listing.id for page in (first, second, third) for v in page.items]
    assert ids == [5, 4, 3, 2, 1]
    narrower = await world.catalog.search(SearchRequest(
        q="zzz", sort="most_recent", cursor=first.next_cursor, limit=2))
    assert narrower.total == 0 and len(counted) == 2  # another filter counts afresh


@given(sort=st.sampled_from(list(ListingSort)), garbage=st.binary(max_size=40))
def test_tampered_cursors_are_400_never_500(sort: ListingSort, garbage: bytes) -> None:
    cursor = base64.urlsafe_b64encode(garbage).decode()
    try:
        decode_cursor(cursor, sort.key_type, s=sort.value)
    except ValidationError as error:
        assert error.errors == {"cursor": "Invalid cursor"}


def test_cursor_round_trip_and_sort_binding() -> None:
    item = a_listing(id=7, price="12.50", watch_count=3)
    print_ = fingerprint(ListingFilter())
    for sort in ListingSort:
        cursor = encode_cursor(After(sort_value(item, sort), 7), s=sort.value, t=40, f=print_)
        position = decode_cursor(cursor, sort.key_type, s=sort.value)
        assert position is not None and position.after.id == 7
        assert position.extra["t"] == 40
        other = next(s for s in ListingSort if s is not sort)
        with pytest.raises(ValidationError):
            decode_cursor(cursor, other.key_type, s=other.value)


FILTER_PRINT = """
from decimal import Decimal
from application.catalog_search import fingerprint
from application.ports.catalog import ListingFilter
from domain.catalog import Category, Size
brands = frozenset({"zara", "nike", "h&m", "levi's"})
print(fingerprint(ListingFilter(words=("linen",), brands=brands, categories=frozenset(Category),
                                sizes=frozenset(Size), min_price=Decimal("LOW"))))
"""


def test_a_filter_prints_the_same_in_every_process() -> None:
    """A cursor's remembered total is reused on whichever worker serves the next page, and
    after a restart: the print may not depend on a set's order (strings' hashes differ per
    process) nor on how an amount was written."""
    root = Path(__file__).resolve().parents[2]
    prints = {subprocess.run(
        [sys.executable, "-c", FILTER_PRINT.replace("LOW", low)], cwd=root, check=True,
        capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": str(seed)},
    ).stdout for seed, low in ((1, "10"), (2, "10.00"), (3, "10.0"))}
    assert len(prints) == 1 and len(prints.pop().strip()) == 12


@given(st.frozensets(st.sampled_from(["zara", "nike", "h&m", "cos"])),
       st.frozensets(st.sampled_from(list(Size))))
def test_different_filters_print_differently(brands: frozenset[str],
                                             sizes: frozenset[Size]) -> None:
    one = ListingFilter(brands=brands, sizes=sizes)
    assert fingerprint(one) == fingerprint(ListingFilter(brands=frozenset(sorted(brands)),
                                                         sizes=sizes))
    assert fingerprint(one) != fingerprint(replace(one, brands=brands | {"uniqlo"}))
    assert fingerprint(one) != fingerprint(replace(one, min_price=Decimal("5")))


@pytest.mark.parametrize(("request_", "field"), [
    (SearchRequest(sort="newest"), "sort"),
    (SearchRequest(min_price="-5"), "minPrice"),
    (SearchRequest(max_price="lots"), "maxPrice"),
    (SearchRequest(min_price="9", max_price="3"), "maxPrice"),
    (SearchRequest(limit=0), "limit"),
    (SearchRequest(sizes=["huge"]), "size"),
    (SearchRequest(conditions=["mint"]), "condition"),
])
async def test_bad_search_requests(world: World, request_: SearchRequest, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        await world.catalog.search(request_)
    assert field in caught.value.errors


def test_search_words_are_folded_letter_and_digit_runs() -> None:
    assert search_words("Levi's 501 T-Shirt, café_bar! H&M") == (
        "levis", "501", "t", "shirt", "cafe", "bar", "hm")
    assert search_words(None) == ()
    assert len(search_words("a " * 50)) == 8


async def test_totals_past_the_cap_say_so_and_stay_capped_on_later_pages(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    maya = await world.user("maya")
    for n in range(5):
        await world.catalog.create(maya, DETAILS, [PNG + bytes([n])])
    monkeypatch.setattr(catalog_module, "TOTAL_CAP", 3)
    first = await world.catalog.search(SearchRequest(limit=2))
    assert (first.total, first.total_capped) == (3, True)
    second = await world.catalog.search(SearchRequest(limit=2, cursor=first.next_cursor))
    assert (second.total, second.total_capped) == (3, True)
    monkeypatch.setattr(catalog_module, "TOTAL_CAP", 5)
    exact = await world.catalog.search(SearchRequest(limit=2))
    assert (exact.total, exact.total_capped) == (5, False)


async def test_a_typo_is_corrected_against_the_catalogs_words(world: World) -> None:
    maya = await world.user("maya")
    for n, title in enumerate(["Denim jacket", "Leather jacket", "Wool packet coat"]):
        details = replace(DETAILS, title=title)
        await world.catalog.create(maya, details, [PNG + bytes([n])])
        world.clock.advance(minutes=1)
    first = await world.catalog.search(SearchRequest(q="jakcet", limit=1))
    assert first.did_you_mean == "jacket" and first.total == 2
    rest = await world.catalog.search(SearchRequest(q="jakcet", limit=1,
                                                    cursor=first.next_cursor))
    assert rest.did_you_mean == "jacket"
    assert [v.listing.title for v in first.items + rest.items] == [
        "Leather jacket", "Denim jacket"]
    exact = await world.catalog.search(SearchRequest(q="jakcet", exact=True))
    assert exact.total == 0 and exact.did_you_mean is None
    assert (await world.catalog.search(SearchRequest(q="jacket"))).did_you_mean is None
    nothing = await world.catalog.search(SearchRequest(q="zzzzzz"))
    assert nothing.total == 0 and nothing.did_you_mean is None


async def test_suggestions_complete_the_last_word(world: World) -> None:
    maya = await world.user("maya")
    await world.catalog.create(maya, replace(DETAILS, title="Denim jacket", brand="Levi's"),
                               [PNG])
    found = await world.catalog.suggest("denim ja")
    assert found.words == ["denim jacket"]
    assert [b.value for b in (await world.catalog.suggest("levi")).brands] == ["Levi's"]
    assert (await world.catalog.suggest("   ")).words == []


async def test_a_hidden_listing_comes_with_its_reason_for_its_seller_and_admins_only(
        world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    boss = await world.user("boss", Role.ADMIN)
    listing_id = (await world.catalog.create(maya, DETAILS, [data_url()])).listing.id
    assert (await world.catalog.get(listing_id, maya)).hidden_reason is None
    async with world.uow:
        await world.uow.listings.claim_status(listing_id, ListingStatus.AVAILABLE,
                                              ListingStatus.HIDDEN, world.clock.now())
        await world.uow.hidden.add(HiddenKind.LISTING, listing_id, maya.id,
                                   HideCause.MODERATOR, world.clock.now(), reason="Fake logo")
        await world.uow.commit()
    for insider in (maya, boss):
        assert (await world.catalog.get(listing_id, insider)).hidden_reason == "Fake logo"
    for outsider in (sofia, None):
        with pytest.raises(NotFound):
            await world.catalog.get(listing_id, outsider)
