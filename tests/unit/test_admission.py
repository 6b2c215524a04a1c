"""The admission gate for heavy reads: at most ``limit`` at once, the rest queued in arrival
order, nothing refused, and a waiter that gives up never loses or leaks a slot
(application/admission.py). No clocks: the tasks are stepped by yielding to the loop."""

from __future__ import annotations

import asyncio

import pytest

from application.admission import ASKER_GONE, Abandoned, Admission

pytestmark = pytest.mark.unit


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


class Reader:
    """A heavy read that holds its slot until told to finish."""

    def __init__(self, gate: Admission, name: str, log: list[str]) -> None:
        self.finish = asyncio.Event()
        self.task = asyncio.create_task(self.run(gate, name, log))

    @staticmethod
    async def _hold(event: asyncio.Event) -> None:
        await event.wait()

    async def run(self, gate: Admission, name: str, log: list[str]) -> None:
        async with gate:
            log.append(name)
            await self._hold(self.finish)


async def test_at_most_limit_run_and_the_rest_start_in_arrival_order() -> None:
    gate, started = Admission(2), []
    readers = [Reader(gate, f"r{n}", started) for n in range(5)]
    await settle()
    assert started == ["r0", "r1"]
    assert (gate.running, gate.waiting) == (2, 3)

    readers[1].finish.set()
    await settle()
    assert started == ["r0", "r1", "r2"]  # the first in line, not any waiter
    assert (gate.running, gate.waiting) == (2, 2)

    for reader in readers:
        reader.finish.set()
    await asyncio.gather(*(reader.task for reader in readers))
    assert started == ["r0", "r1", "r2", "r3", "r4"]  # queued, never refused
    assert (gate.running, gate.waiting) == (0, 0)


async def test_a_cancelled_waiter_leaves_the_queue_and_keeps_no_slot() -> None:
    gate, started = Admission(1), []
    first, second, third = (Reader(gate, name, started) for name in ("a", "b", "c"))
    await settle()
    second.task.cancel()
    await settle()
    assert gate.waiting == 1
    first.finish.set()
    await settle()
    assert started == ["a", "c"]
    third.finish.set()
    await settle()
    assert (gate.running, gate.waiting) == (0, 0)
    assert second.task.cancelled()


async def test_a_waiter_cancelled_after_being_handed_the_slot_passes_it_on() -> None:
    gate, started = Admission(1), []
    first, second, third = (Reader(gate, name, started) for name in ("a", "b", "c"))
    await settle()
    first.finish.set()
    await asyncio.sleep(0)  # "a" leaves and hands its slot to "b", which has not run yet
    await asyncio.sleep(0)
    second.task.cancel()
    await settle()
    assert "c" in started  # the slot went on to the next in line
    third.finish.set()
    await settle()
    assert (gate.running, gate.waiting) == (0, 0)


async def test_an_error_inside_releases_the_slot() -> None:
    gate = Admission(1)
    with pytest.raises(RuntimeError):
        async with gate:
            raise RuntimeError("the query failed")
    assert gate.running == 0
    async with gate:
        assert gate.running == 1


def test_the_default_is_one_per_core_and_at_least_two() -> None:
    assert Admission().limit >= 2
    assert Admission(0).limit == 1  # never zero: that would queue every read forever


def asked(gate: Admission, gone: asyncio.Event, name: str, log: list[str]
          ) -> asyncio.Task[None]:
    """A heavy read for a request whose asker may leave (``gone``), as the HTTP layer sets."""

    async def run() -> None:
        ASKER_GONE.set(gone)
        async with gate:
            log.append(name)

    return asyncio.create_task(run())


async def test_a_waiter_whose_asker_left_leaves_the_queue_without_running() -> None:
    gate, started = Admission(1), []
    first = Reader(gate, "first", started)
    await settle()
    gone = asyncio.Event()
    abandoned = asked(gate, gone, "abandoned", started)
    behind = Reader(gate, "behind", started)
    await settle()
    assert gate.waiting == 2
    gone.set()
    await settle()
    assert abandoned.done() and isinstance(abandoned.exception(), Abandoned)
    assert gate.waiting == 1 and gate.running == 1
    first.finish.set()
    await settle()
    assert started == ["first", "behind"]  # the one behind got the slot, nothing leaked
    behind.finish.set()
    await settle()
    assert (gate.running, gate.waiting) == (0, 0)


async def test_a_waiter_handed_its_slot_as_its_asker_leaves_still_runs_or_passes_it_on(
        ) -> None:
    gate, started = Admission(1), []
    first = Reader(gate, "first", started)
    await settle()
    gone = asyncio.Event()
    late = asked(gate, gone, "late", started)
    await settle()
    first.finish.set()  # hands the slot over ...
    gone.set()  # ... in the same step as the asker leaves
    await settle()
    assert late.done() and late.exception() is None
    assert started == ["first", "late"]
    assert (gate.running, gate.waiting) == (0, 0)


async def test_without_an_asker_event_a_waiter_waits_as_before() -> None:
    gate, started = Admission(1), []
    first = Reader(gate, "first", started)
    second = Reader(gate, "second", started)
    await settle()
    assert ASKER_GONE.get() is None and gate.waiting == 1
    first.finish.set()
    second.finish.set()
    await settle()
    assert started == ["first", "second"] and (gate.running, gate.waiting) == (0, 0)
