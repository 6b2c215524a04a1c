"""``rethread serve`` keeps its long-lived heap out of the cycle collector's full passes:
frozen once started, and again with the search index once it has loaded
(``entrypoints/cli/frozen_heap.py``)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from adapters.listing_index import ListingIndex
from entrypoints.cli.frozen_heap import freeze_when_loaded


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the test run collects as usual


def app_with(index: ListingIndex | None) -> SimpleNamespace:
    return SimpleNamespace(state=SimpleNamespace(
        container=SimpleNamespace(listing_index=lambda: index)))


def collected(thing: object) -> bool:
    """Is ``thing`` in a generation the cycle collector walks (not frozen)?"""
    return gc.is_tracked(thing) and any(seen is thing for seen in gc.get_objects())


async def test_the_heap_is_frozen_at_start_and_again_with_the_loaded_index(
        unfrozen: None) -> None:
    loading = asyncio.Event()
    before = [0]
    kept: list[list[int]] = []

    async def loader(index: ListingIndex) -> None:
        await loading.wait()
        kept.append([1, 2, 3])  # what the load keeps alive
        assert collected(kept[0])
        index.ready = True

    index = ListingIndex(loader)
    index.start()
    app = app_with(index)
    assert collected(before)
    await freeze_when_loaded(app)  # type: ignore[arg-type]
    assert gc.get_freeze_count() > 0 and not collected(before)
    loading.set()
    await app.state.heap_freezer
    assert kept and not collected(kept[0])


async def test_without_an_index_it_freezes_once(unfrozen: None) -> None:
    app = app_with(None)
    await freeze_when_loaded(app)  # type: ignore[arg-type]
    assert gc.get_freeze_count() > 0
    assert not hasattr(app.state, "heap_freezer")
