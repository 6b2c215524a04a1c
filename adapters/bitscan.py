"""The search index's bitmap passes: compiled (``_bitscan.c``) when built, else NumPy.

A search ANDs a few bitmaps of 125 KB (one bit per listing id at a million listings),
counts the result and walks an order of ids testing their bits. In NumPy each of those is a
pass of its own over memory, with a temporary array and a Python call between them: on a
machine whose memory is slow the filter and its count were a quarter of a search
(docs/performance.md, "A search's bitmaps compiled"). ``_bitscan.c`` does the AND and its
count in one pass that writes once, a capped count stops at its cap, and a walk tests one
id after another until its page is full.

The extension is built by ``pip install`` (``setup.py``: ``make install`` does it; it needs
a C compiler and Python's headers). Where it could not be built these functions run the
NumPy versions below: the same answers (``tests/unit/test_bitscan.py`` holds the two
equal on drawn inputs), slower. :data:`KERNELS` says which runs: ``"avx512"``,
``"popcnt"`` or ``"plain"`` (compiled, by the CPU's instructions: the fastest the CPU has,
picked at import; ``compiled.use(name)`` switches, and the tests run each the CPU
supports), or ``"numpy"``.

Bitmaps are ``uint8`` arrays in little-endian bit order (``numpy.packbits(...,
bitorder="little")``) whose length is a multiple of 8 bytes; orders are ``int32`` arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from adapters import _bitscan as compiled  # type: ignore[attr-defined]
except ImportError:  # no compiler where it was installed: the NumPy versions
    compiled = None

KERNELS: str = compiled.KERNELS if compiled is not None else "numpy"
# NumPy's capped count reads this many 64-bit words first (32 KB, a quarter of a bitmap at
# a million listings), then the rest only if the cap is not reached.
COUNT_BLOCK = 4096


def numpy_and_into(out: np.ndarray, *parts: np.ndarray) -> int:
    """``out`` = the AND of ``parts`` (``out`` may be one of them); how many bits it holds."""
    np.bitwise_and(parts[0], parts[1], out=out) if len(parts) > 1 else np.copyto(out, parts[0])
    for part in parts[2:]:
        np.bitwise_and(out, part, out=out)
    return numpy_population(out)


def numpy_population(bits: np.ndarray, up_to: int | None = None) -> int:
    """How many bits are set; with ``up_to``, possibly fewer counted once that many are
    found (then the answer is at least ``up_to``). Counts are summed as 32-bit:
    ``np.sum`` promotes the bytes to 64-bit through Python-level checks."""
    words = bits.view(np.uint64)
    if up_to is None:
        return int(np.add.reduce(np.bitwise_count(words), dtype=np.uint32))
    found = int(np.add.reduce(np.bitwise_count(words[:COUNT_BLOCK]), dtype=np.uint32))
    if found < up_to:  # the rest at once (a call per block cost more than it saved)
        found += int(np.add.reduce(np.bitwise_count(words[COUNT_BLOCK:]), dtype=np.uint32))
    return found


def numpy_population_of_and(a: np.ndarray, b: np.ndarray) -> int:
    return numpy_population(np.bitwise_and(a, b))


def numpy_walk(ids: np.ndarray, low: int, high: int, descending: bool, bits: np.ndarray,
               limit: int, budget: int) -> tuple[list[int], int, int]:
    """Up to ``limit`` ids of ``ids[low:high]`` whose bit is set, from ``low`` up (from
    ``high`` down when ``descending``), testing about ``budget`` of them (in chunks that
    grow fourfold, so possibly more); and the part of ``ids[low:high]`` not tested."""
    found: list[int] = []
    step, tested = max(1, min(max(256, limit * 8), budget)), 0
    while low < high and len(found) < limit and tested < budget:
        if descending:
            chunk = ids[max(low, high - step):high][::-1]
            high -= len(chunk)
        else:
            chunk = ids[low:min(high, low + step)]
            low += len(chunk)
        tested += len(chunk)
        hit = ((bits[chunk >> 3] >> (chunk & 7).astype(np.uint8)) & 1).astype(bool)
        found.extend(chunk[hit][:limit - len(found)].tolist())
        step *= 4
    return found, low, high


if compiled is not None:
    and_into: Any = compiled.and_into
    walk: Any = compiled.walk
    population: Any = compiled.population  # (``up_to`` None or -1: count them all)
    population_of_and: Any = compiled.population_of_and
else:
    and_into, walk = numpy_and_into, numpy_walk
    population, population_of_and = numpy_population, numpy_population_of_and
