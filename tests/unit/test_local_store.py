"""The response cache's store of one process (``entrypoints/http/caching.py``,
``LocalStore``): answers expire, and expired ones are swept when later ones are stored."""

from __future__ import annotations

import time

import pytest

from entrypoints.http.caching import PUBLIC_SECONDS, LocalStore


async def test_answers_expire_and_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    store = LocalStore()
    await store.set("/a", b"one", expires_in=PUBLIC_SECONDS)
    await store.set("/b", "two", expires_in=PUBLIC_SECONDS * 3)
    await store.set("/c", b"three")
    assert await store.get("/a") == b"one" and await store.get("/b") == b"two"
    assert await store.expires_in("/a") == PUBLIC_SECONDS
    now[0] += PUBLIC_SECONDS + 1
    assert await store.get("/a") is None and not await store.exists("/a")
    await store.set("/d", b"four", expires_in=1)
    now[0] += PUBLIC_SECONDS * 2 + 1
    await store.set("/e", b"five", expires_in=1)  # sweeps /b and /d, read by no one
    assert set(store._entries) == {"/c", "/e"}
    await store.delete("/c")
    await store.delete_all()
    assert await store.get("/e") is None
