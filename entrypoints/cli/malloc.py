"""How many malloc arenas a server process may have (``RETHREAD_MALLOC_ARENAS``).

glibc gives threads that meet in ``malloc`` arenas of their own, up to eight per core; a
server worker runs many threads (Tantivy's searches, merges and commits, the SQLite reads'
pool, asyncio's default executor), and memory freed in one arena is not reused by another,
so under load the worker's heap grows with fragments (``docs/decisions/worker-memory.md``:
1M listings, searching while indexing, the worker's own memory 330 MB with glibc's default,
173 MB with two arenas, at the same throughput). The limit is glibc's documented
``mallopt(M_ARENA_MAX, n)`` (``man 3 mallopt``), the setting ``MALLOC_ARENA_MAX`` makes,
applied before the server starts its threads or forks its workers, which inherit it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

#: ``M_ARENA_MAX`` of glibc's ``<malloc.h>``.
M_ARENA_MAX = -8


def limit_malloc_arenas(arenas: int) -> bool:
    """At most ``arenas`` malloc arenas for this process and the ones it forks from now on;
    whether the limit was set. Nothing is done for 0, where ``MALLOC_ARENA_MAX`` is set
    already (glibc read it at start: the operator's choice), or without glibc."""
    if arenas <= 0 or os.environ.get("MALLOC_ARENA_MAX"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    mallopt = getattr(ctypes.CDLL(name), "mallopt", None)
    if mallopt is None:  # not glibc (musl has no mallopt arenas)
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, arenas))
