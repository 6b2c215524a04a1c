"""``rethread serve`` keeps its long-lived heap out of the cycle collector's full passes:
frozen once started (``entrypoints/cli/frozen_heap.py``)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from entrypoints.cli.frozen_heap import freeze_when_loaded


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the test run collects as usual


def collected(thing: object) -> bool:
    """Is ``thing`` in a generation the cycle collector walks (not frozen)?"""
    return gc.is_tracked(thing) and any(seen is thing for seen in gc.get_objects())


async def test_the_heap_is_frozen_at_start(unfrozen: None) -> None:
    before = [0]
    assert collected(before)
    await freeze_when_loaded(SimpleNamespace(state=SimpleNamespace()))  # type: ignore[arg-type]
    assert gc.get_freeze_count() > 0 and not collected(before)
