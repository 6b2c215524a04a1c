"""argon2id password hashing, off the event loop and bounded.

One argon2id hash takes ~64 MiB and tens of milliseconds of CPU. Run on the event loop, 50
logins at once stall every other request (and hold database locks meanwhile); run on
unbounded threads they take gigabytes. So hashes run on a small thread pool of their own:
at most ``HASH_THREADS`` at a time, the rest queue without blocking the loop.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher as _Argon2
from argon2.exceptions import InvalidHashError, VerificationError

HASH_THREADS = 2


class Argon2PasswordHasher:
    def __init__(self, hasher: _Argon2 | None = None, threads: int = HASH_THREADS) -> None:
        self._hasher = hasher or _Argon2()
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="argon2")
        # Verified against when the login names nobody, so both answers take the same time.
        # Made by the first such login, in the pool: made here, it was hashed on the event
        # loop by the first request that needed a viewer (this is built with the accounts
        # service), stalling every connection and taking 64 MiB at once on servers that
        # may never see a login (measured in `git log -p docs/performance.md`).
        self._dummy_hash: str | None = None

    async def hash(self, password: str) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._hasher.hash, password)

    async def verify(self, password_hash: str | None, password: str) -> bool:
        """``None`` (no such user) costs the same as a real check (the process's first such
        check makes the dummy hash too) and answers False."""
        loop = asyncio.get_running_loop()
        target = await self._dummy() if password_hash is None else password_hash
        matches = await loop.run_in_executor(self._pool, self._check, target, password)
        return matches and password_hash is not None

    async def _dummy(self) -> str:
        """The dummy hash (two first logins at once may both make it: the same thing)."""
        if self._dummy_hash is None:
            self._dummy_hash = await self.hash("rethread-no-such-user")
        return self._dummy_hash

    def _check(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)
