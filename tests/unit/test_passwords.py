"""The argon2 hasher (``adapters/passwords.py``): nothing hashed on the event loop, not even
the dummy hash an unknown login is checked against."""

from __future__ import annotations

import threading

from argon2 import PasswordHasher

from adapters.passwords import Argon2PasswordHasher


class Counted(PasswordHasher):
    """argon2 with cheap parameters, noting the thread of every hash it makes."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.threads: list[str] = []

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.threads.append(threading.current_thread().name)
        return super().hash(password, salt=salt)


def test_building_the_hasher_hashes_nothing() -> None:
    """It is built with the accounts service, by the first request that needs a viewer: a
    dummy hash made there ran on the event loop (64 MiB and tens of milliseconds)."""
    argon2 = Counted()
    Argon2PasswordHasher(argon2)
    assert argon2.threads == []


async def test_an_unknown_login_is_checked_against_a_dummy_made_once_off_the_loop() -> None:
    argon2 = Counted()
    hasher = Argon2PasswordHasher(argon2)
    assert await hasher.verify(None, "rethread-no-such-user") is False  # (the dummy's own)
    assert await hasher.verify(None, "secret123") is False
    assert len(argon2.threads) == 1  # made by the first unknown login, kept for the next
    assert argon2.threads[0].startswith("argon2")  # in the hasher's pool, not on the loop


async def test_a_real_hash_still_verifies() -> None:
    hasher = Argon2PasswordHasher(Counted())
    stored = await hasher.hash("secret123")
    assert await hasher.verify(stored, "secret123") is True
    assert await hasher.verify(stored, "secret124") is False
