"""Settings read from the environment: the choices that change how the server runs."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from entrypoints.cli.serve import event_loop
from entrypoints.settings import Settings, load_settings


def settings_with(tmp_path: Path, **env: str) -> Settings:
    return load_settings({"RETHREAD_DATA_DIR": str(tmp_path), "RETHREAD_SECRET_KEY": "k",
                          **env})


def test_the_event_loop_is_asyncio_unless_several_workers_must_share_a_socket(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    automatic = settings_with(tmp_path)
    assert (event_loop(automatic, 1), event_loop(automatic, 2)) == ("asyncio", "asyncio")
    monkeypatch.delattr(socket, "SO_REUSEPORT", raising=False)  # one socket for all
    assert (event_loop(automatic, 1), event_loop(automatic, 2)) == ("asyncio", "uvloop")
    chosen = settings_with(tmp_path, RETHREAD_EVENT_LOOP=" UVLoop ")
    assert (event_loop(chosen, 1), event_loop(chosen, 4)) == ("uvloop", "uvloop")
    assert event_loop(settings_with(tmp_path, RETHREAD_EVENT_LOOP="asyncio"), 2) == "asyncio"


def test_an_unknown_event_loop_is_refused_with_the_choices(tmp_path: Path) -> None:
    with pytest.raises(ValueError,
                       match="RETHREAD_EVENT_LOOP must be one of auto, asyncio, uvloop"):
        settings_with(tmp_path, RETHREAD_EVENT_LOOP="trio")
