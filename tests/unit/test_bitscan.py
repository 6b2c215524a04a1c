"""The compiled bitmap passes against their NumPy versions and against plain Python, on
drawn bitmaps (sizes past the compiled count's 4 KB blocks, any density) and walks."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters import bitscan

compiled = bitscan.compiled


@pytest.fixture(params=compiled.supported() if compiled is not None else ["none"],
                autouse=True)
def loops(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test once per set of loops this CPU runs (AVX-512, popcnt, plain C): the one
    picked at import is the only one a server runs here, but another machine picks
    another."""
    if compiled is None:
        yield "none"
        return
    yield compiled.use(request.param)
    compiled.use("best")


def test_the_compiled_passes_are_built() -> None:
    # ``make install`` builds them (setup.py); without a C compiler the index runs the
    # NumPy versions, several times slower: this says so rather than passing quietly.
    assert compiled is not None and compiled.supported()[0] == bitscan.KERNELS
    assert bitscan.and_into is compiled.and_into and bitscan.walk is compiled.walk
    with pytest.raises(ValueError):
        compiled.use("sse9")


def drawn_bitmap(seed: int, words: int, density: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.packbits(rng.random(words * 64) < density, bitorder="little")


def ones(bits: np.ndarray) -> set[int]:
    return set(np.flatnonzero(np.unpackbits(bits, bitorder="little")).tolist())


bitmaps = st.builds(drawn_bitmap, seed=st.integers(0, 2**32 - 1),
                    words=st.sampled_from([1, 7, 512, 513, 1500]),
                    density=st.sampled_from([0.0, 0.001, 0.05, 0.5, 1.0]))


@settings(max_examples=60, deadline=None)
@given(seeds=st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=5),
       words=st.sampled_from([1, 3, 512, 1025]),
       density=st.sampled_from([0.01, 0.3, 0.9]), in_place=st.booleans())
def test_and_into_is_the_and_and_its_count(seeds: list[int], words: int, density: float,
                                           in_place: bool) -> None:
    parts = [drawn_bitmap(seed, words, density) for seed in seeds]
    expected = set.intersection(*(ones(part) for part in parts))
    for and_into in (compiled.and_into, bitscan.numpy_and_into):
        given_parts = [part.copy() for part in parts]
        out = given_parts[0] if in_place else np.empty_like(parts[0])
        found = and_into(out, *given_parts)
        assert found == len(expected)
        assert ones(out) == expected


@settings(max_examples=80, deadline=None)
@given(bits=bitmaps, up_to=st.none() | st.integers(0, 100_000))
def test_counts_are_exact_or_at_least_their_cap(bits: np.ndarray, up_to: int | None) -> None:
    exact = len(ones(bits))
    for population in (bitscan.population, bitscan.numpy_population):
        found = population(bits, up_to)
        if up_to is None or found < up_to:
            assert found == exact
        else:  # stopped at the cap: at least that many, never more than there are
            assert up_to <= found <= exact


@settings(max_examples=60, deadline=None)
@given(a=bitmaps, seed=st.integers(0, 2**32 - 1))
def test_the_count_of_an_and(a: np.ndarray, seed: int) -> None:
    b = drawn_bitmap(seed, len(a) // 8, 0.5)
    assert compiled.population_of_and(a, b) == len(ones(a) & ones(b))
    assert bitscan.numpy_population_of_and(a, b) == len(ones(a) & ones(b))


@settings(max_examples=150, deadline=None)
@given(size=st.integers(0, 3000), seed=st.integers(0, 2**32 - 1),
       density=st.sampled_from([0.0, 0.002, 0.1, 0.9]), descending=st.booleans(),
       limit=st.integers(0, 40), budget=st.sampled_from([0, 1, 5, 300, 60_000]),
       ends=st.tuples(st.integers(-5, 3100), st.integers(-5, 3100)))
def test_a_walk_finds_the_first_matches_of_what_it_tested(
        size: int, seed: int, density: float, descending: bool, limit: int, budget: int,
        ends: tuple[int, int]) -> None:
    rng = np.random.default_rng(seed)
    ids = rng.permutation(size).astype(np.int32)
    bits = np.packbits(rng.random(size + (-size % 64)) < density, bitorder="little")
    low, high = ends
    start, stop = max(low, 0), min(high, size)
    in_order = ids[start:stop].tolist() if start < stop else []
    if descending:
        in_order.reverse()
    matches = [i for i in in_order if bits[i >> 3] >> (i & 7) & 1]
    for walk in (compiled.walk, bitscan.numpy_walk):
        found, left_low, left_high = walk(ids, max(low, 0), min(high, size), descending,
                                          bits, limit, budget)
        left = ids[left_low:left_high].tolist() if left_low < left_high else []
        tested = len(in_order) - len(left)
        # the part not tested is the far end of the range; what was found is the first
        # matches of the part tested, and a page's rest would come from the part left
        walked = in_order[:tested]
        assert sorted(left) == sorted(in_order[tested:])
        assert found == [i for i in walked if bits[i >> 3] >> (i & 7) & 1][:limit]
        assert (found + [i for i in in_order[tested:] if i in set(matches)])[:limit] \
            == matches[:limit]
        if walk is compiled.walk:
            assert tested <= budget and (len(found) == limit or tested == min(
                budget, len(in_order)))


@pytest.mark.parametrize("wrong", ["ids", "lengths"])
def test_wrong_buffers_are_refused(wrong: str) -> None:
    bits = np.zeros(8, np.uint8)
    with pytest.raises(ValueError):
        if wrong == "ids":
            compiled.walk(np.arange(4, dtype=np.int64), 0, 4, False, bits, 1, 10)
        else:
            compiled.and_into(np.zeros(8, np.uint8), bits, np.zeros(16, np.uint8))
