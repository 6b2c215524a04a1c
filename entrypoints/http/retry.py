"""Run a service call again when its transaction lost a race for the database.

Every service reaches the controllers through ``app._service``, which passes it through
:func:`with_retries`, so a service written later gets the retry without doing anything. A
service method is one or more ``async with self.uow`` blocks; when the unit of work raises
:class:`WriteConflict` (SQLite stayed busy, a PostgreSQL deadlock or serialization failure)
nothing of that transaction was kept, and the whole call runs again from its first read after
a short random pause. After ``ATTEMPTS`` tries the client gets the 409.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from domain.errors import WriteConflict

ATTEMPTS = 4
BASE_PAUSE_SECONDS = 0.02
S = TypeVar("S")


def retrying(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def call(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return await method(*args, **kwargs)
            except WriteConflict:
                if attempt == ATTEMPTS:
                    raise
                pause = BASE_PAUSE_SECONDS * 2**attempt
                await asyncio.sleep(random.uniform(pause / 2, pause))
        raise AssertionError("unreachable")  # pragma: no cover

    return call


_RETRYING: dict[type, type] = {}


def _retrying_class(kind: type) -> type:
    """A subclass of ``kind`` whose public coroutines retry, made once per service class
    (wrapping every method of every service on every request cost more than the reads)."""
    made = _RETRYING.get(kind)
    if made is None:
        methods = {name: retrying(method) for name, method
                   in inspect.getmembers(kind, inspect.iscoroutinefunction)
                   if not name.startswith("_")}
        made = _RETRYING[kind] = type(kind.__name__, (kind,), {
            **methods, "__slots__": (), "__module__": kind.__module__,
            "__qualname__": kind.__qualname__})
    return made


def with_retries(service: S) -> S:
    """The same service object (Litestar checks its type), its public coroutines retried."""
    service.__class__ = _retrying_class(type(service))
    return service
