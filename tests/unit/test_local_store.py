"""The response cache's store of one process (``entrypoints/http/response_store.py``,
``LocalStore``): answers expire, and expired ones are swept when later ones are stored;
answers stored together expire over the last fifth of their lifetime, a page's 304 headers
with it."""

from __future__ import annotations

import time

import pytest

from entrypoints.http.caching import PUBLIC_SECONDS
from entrypoints.http.response_store import LocalStore


async def test_answers_expire_and_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    store = LocalStore()
    await store.set("/a", b"one", expires_in=PUBLIC_SECONDS)
    await store.set("/b", "two", expires_in=PUBLIC_SECONDS * 3)
    await store.set("/c", b"three")
    assert await store.get("/a") == b"one" and await store.get("/b") == b"two"
    assert PUBLIC_SECONDS * 0.8 - 1 <= await store.expires_in("/a") <= PUBLIC_SECONDS
    now[0] += PUBLIC_SECONDS + 1
    assert await store.get("/a") is None and not await store.exists("/a")
    await store.set("/d", b"four", expires_in=1)
    now[0] += PUBLIC_SECONDS * 2 + 1
    await store.set("/e", b"five", expires_in=1)  # sweeps /b and /d, read by no one
    assert set(store._entries) == {"/c", "/e"}
    await store.delete("/c")
    await store.delete_all()
    assert await store.get("/e") is None


async def test_answers_stored_together_do_not_all_expire_together(
        monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    store = LocalStore()
    pages = [f"/api/products/suggestions?q={n}" for n in range(200)]
    for page in pages:
        await store.set(page, b"words", expires_in=PUBLIC_SECONDS)
        await store.set(page + "#304", b"headers", expires_in=PUBLIC_SECONDS)

    async def kept() -> set[str]:
        return {key for key in [*pages, *(p + "#304" for p in pages)]
                if await store.get(key) is not None}

    now[0] += PUBLIC_SECONDS * 0.8 - 0.01
    assert len(await kept()) == 400  # none before four fifths of the lifetime
    now[0] += PUBLIC_SECONDS * 0.1
    halfway = await kept()
    assert 100 < len(halfway) < 300  # spread, not at once
    assert all((page + "#304" in halfway) == (page in halfway) for page in pages)
    now[0] += PUBLIC_SECONDS * 0.1 + 0.02
    assert await kept() == set()  # none past the lifetime
