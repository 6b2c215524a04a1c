"""Settings read from the environment: the choices that change how the server runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from entrypoints.settings import Settings, load_settings


def settings_with(tmp_path: Path, **env: str) -> Settings:
    return load_settings({"RETHREAD_DATA_DIR": str(tmp_path), "RETHREAD_SECRET_KEY": "k",
                          **env})


def test_the_server_settings_have_safe_defaults_and_bounds(tmp_path: Path) -> None:
    plain = settings_with(tmp_path)
    assert plain.header_timeout_seconds == 10 and plain.access_log is True
    assert plain.public_url == "http://127.0.0.1:8000" and plain.metrics_public is False
    assert settings_with(tmp_path, RETHREAD_HEADER_TIMEOUT_SECONDS="600"
                         ).header_timeout_seconds == 60  # Granian's ceiling
    assert settings_with(tmp_path, RETHREAD_HEADER_TIMEOUT_SECONDS="0"
                         ).header_timeout_seconds == 1
    assert settings_with(tmp_path, RETHREAD_PUBLIC_URL="https://rethread.example/"
                         ).public_url == "https://rethread.example"
    # Unset, the public address is the server's own (emails' links reach it in development).
    assert settings_with(tmp_path, RETHREAD_PORT="8765").public_url == "http://127.0.0.1:8765"
    assert settings_with(tmp_path, RETHREAD_HOST="0.0.0.0", RETHREAD_PORT="9000"
                         ).public_url == "http://127.0.0.1:9000"
    assert settings_with(tmp_path, RETHREAD_HOST="::1").public_url == "http://[::1]:8000"
    assert settings_with(tmp_path, RETHREAD_PORT="8765", RETHREAD_PUBLIC_URL="https://a.example"
                         ).public_url == "https://a.example"
    assert settings_with(tmp_path, RETHREAD_ACCESS_LOG="0").access_log is False
    assert settings_with(tmp_path, RETHREAD_METRICS_PUBLIC="1").metrics_public is True
    assert settings_with(tmp_path, RETHREAD_EVENT_LOOP=" UVLoop ").event_loop == "uvloop"
    assert plain.malloc_arenas == 2
    assert settings_with(tmp_path, RETHREAD_MALLOC_ARENAS="0").malloc_arenas == 0
    assert settings_with(tmp_path, RETHREAD_MALLOC_ARENAS="-1").malloc_arenas == 0


def test_an_unknown_event_loop_is_refused_with_the_choices(tmp_path: Path) -> None:
    with pytest.raises(ValueError,
                       match="RETHREAD_EVENT_LOOP must be one of auto, asyncio, uvloop"):
        settings_with(tmp_path, RETHREAD_EVENT_LOOP="trio")
