"""The bench's loop-lag probe (``entrypoints/http/loop_lag.py``): a callback that holds the
event loop shows as lag in the window it fell in, and the whole run's maximum; the window
lines carry their end time, which is how the bench reads one phase apart from another."""

from __future__ import annotations

import asyncio
import time

import pytest

from entrypoints.http import loop_lag
from entrypoints.http.loop_lag import LoopLagProbe


async def test_a_blocked_loop_shows_in_its_window_and_in_the_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(loop_lag, "WINDOW_SECONDS", 0.05)
    probe = LoopLagProbe()
    await probe.start()
    await asyncio.sleep(0.12)  # a few windows first
    before = time.time()
    time.sleep(0.08)  # noqa: ASYNC251  # the point: a callback holding the loop for 80 ms
    await asyncio.sleep(0.12)
    await probe.stop()
    windows = [line for line in capsys.readouterr().out.splitlines()
               if line.startswith("loop lag window:")]
    lags = [(float(line.split("max ", 1)[1].split(" ms", 1)[0]),
             float(line.rsplit(" ", 1)[1])) for line in windows]
    assert any(lag >= 70 and end >= before for lag, end in lags)
    assert probe.worst * 1000 >= 70
