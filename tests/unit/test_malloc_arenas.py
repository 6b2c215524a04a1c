"""``rethread serve``'s malloc arena limit (``entrypoints/cli/malloc.py``): threads that
allocate after it share at most that many arenas, counted by glibc's own ``malloc_info``,
in a fresh interpreter (the limit is per process and cannot be undone)."""

from __future__ import annotations

import ctypes.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from entrypoints.cli.malloc import limit_malloc_arenas

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import ctypes, ctypes.util, sys, tempfile, threading
from entrypoints.cli.malloc import limit_malloc_arenas
limited = limit_malloc_arenas(int(sys.argv[1]))
start = threading.Barrier(8)
kept = []

def allocate():
    start.wait()  # eight threads in malloc at once, each small enough for an arena
    kept.append([bytearray(10_000) for _ in range(50)])

threads = [threading.Thread(target=allocate) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
libc = ctypes.CDLL(ctypes.util.find_library("c"))
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = (ctypes.c_char_p, ctypes.c_char_p)
libc.malloc_info.argtypes = (ctypes.c_int, ctypes.c_void_p)
libc.fclose.argtypes = (ctypes.c_void_p,)
with tempfile.NamedTemporaryFile(suffix=".xml") as report:
    out = libc.fopen(report.name.encode(), b"w")
    libc.malloc_info(0, out)
    libc.fclose(out)
    print(limited, open(report.name).read().count("<heap nr="))
"""

glibc = pytest.mark.skipif(
    not hasattr(ctypes.CDLL(ctypes.util.find_library("c") or ""), "malloc_info"),
    reason="glibc only")


def arenas_after(limit: int) -> tuple[bool, int]:
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    out = subprocess.run([sys.executable, "-c", PROBE, str(limit)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True, timeout=60).stdout
    limited, heaps = out.split()
    return limited == "True", int(heaps)


@glibc
def test_threads_share_at_most_the_limit_of_arenas() -> None:
    assert arenas_after(2) == (True, 2)
    limited, heaps = arenas_after(0)  # 0: glibc's default, an arena per thread here
    assert not limited and heaps > 2


def test_an_operators_malloc_arena_max_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert limit_malloc_arenas(2) is False
