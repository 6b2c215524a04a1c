"""What ``rethread serve`` asks of Granian: the served app, the bounds on a request head and
on a slow client, the shutdown grace (``entrypoints/cli/serve.py``). The limits themselves
are tested against a live server in ``tests/api/test_api_served_limits.py``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from granian.constants import HTTPModes, Interfaces

from entrypoints.cli import serve as serve_module
from entrypoints.settings import get_settings, load_settings


@pytest.fixture(autouse=True)
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "k")
    monkeypatch.delenv("RETHREAD_EVENT_LOOP", raising=False)
    monkeypatch.delenv("RETHREAD_HEADER_TIMEOUT_SECONDS", raising=False)
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    # (set here so that what serve() writes there is undone after each test)
    monkeypatch.setenv("RETHREAD_HOST", "127.0.0.1")
    monkeypatch.setenv("RETHREAD_PORT", "8000")
    monkeypatch.delenv("RETHREAD_PUBLIC_URL", raising=False)
    # (the port and database checks open sockets: tests/adapters/test_adapters_setup_cli.py)
    monkeypatch.setattr(serve_module, "check_port_free", lambda host, port: None)
    monkeypatch.setattr(serve_module, "ensure_database", lambda url: None)
    monkeypatch.setattr(serve_module, "ensure_redis", lambda url: None)
    get_settings.cache_clear()  # type: ignore[attr-defined]
    yield
    get_settings.cache_clear()  # type: ignore[attr-defined]
    # (serve() sets these for the workers it starts; the rest of the run must not see them)
    for name in ("PROMETHEUS_MULTIPROC_DIR", "RETHREAD_SEARCH_CACHE_SECONDS"):
        os.environ.pop(name, None)


class Recorded:
    """Stands for Granian's ``Server``: records what it was asked to serve."""

    options: dict[str, Any] = {}

    def __init__(self, **options: Any) -> None:
        Recorded.options = options

    def serve(self) -> None:
        Recorded.options["served"] = True


def test_one_worker_serves_the_frozen_heap_app_with_bounded_heads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve_module, "Server", Recorded)
    serve_module.serve(host="127.0.0.1", port=0, workers=1)
    ran = Recorded.options
    assert ran["served"] and ran["target"] == "entrypoints.cli.frozen_heap:create_served_app"
    assert ran["factory"] is True and ran["workers"] == 1
    assert ran["interface"] == Interfaces.ASGI and ran["http"] == HTTPModes.http1
    assert ran["http1_settings"].max_buffer_size == 64 * 1024
    assert ran["http1_settings"].header_read_timeout == 10_000
    assert ran["workers_kill_timeout"] == serve_module.SHUTDOWN_GRACE_SECONDS
    assert "PROMETHEUS_MULTIPROC_DIR" not in os.environ


def test_the_head_timeout_is_a_setting_for_servers_behind_a_proxy(tmp_path: Path) -> None:
    settings = load_settings({"RETHREAD_DATA_DIR": str(tmp_path), "RETHREAD_SECRET_KEY": "k",
                              "RETHREAD_HEADER_TIMEOUT_SECONDS": "45"})
    options = serve_module.server_options(settings, "127.0.0.1", 8000, 2)
    assert options["http1_settings"].header_read_timeout == 45_000 and options["workers"] == 2


def test_several_workers_share_their_metrics_through_files_of_this_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ``rethread serve`` gets a new, empty folder of its own, outside the data dir that
    other hosts (or another server of this host) may share."""
    monkeypatch.setattr(serve_module, "Server", Recorded)
    serve_module.serve(host="127.0.0.1", port=0, workers=2)
    assert Recorded.options["workers"] == 2
    first = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    assert first.is_dir() and list(first.iterdir()) == []
    assert not first.is_relative_to(tmp_path)
    serve_module.serve(host="127.0.0.1", port=0, workers=2)
    assert Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]) != first


def test_the_port_flag_is_the_variable_for_every_worker_and_for_links(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``rethread serve --port 8765``: the workers bind 8765, and without
    RETHREAD_PUBLIC_URL the emails' links name 8765 too (not 8000)."""
    monkeypatch.setattr(serve_module, "Server", Recorded)
    serve_module.serve(host=None, port=8765, workers=1)
    assert Recorded.options["port"] == 8765 and Recorded.options["address"] == "127.0.0.1"
    assert os.environ["RETHREAD_PORT"] == "8765"
    assert get_settings().public_url == "http://127.0.0.1:8765"
