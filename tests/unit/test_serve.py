"""What ``rethread serve`` asks of uvicorn: the served app, its options, and for several
workers a socket each under uvicorn's supervisor (``entrypoints/cli/serve.py``)."""

from __future__ import annotations

import pickle
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from entrypoints.cli import serve as serve_module
from entrypoints.cli.reuseport import supported
from entrypoints.settings import get_settings


@pytest.fixture(autouse=True)
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "k")
    monkeypatch.delenv("RETHREAD_EVENT_LOOP", raising=False)
    monkeypatch.delenv("RETHREAD_KEEP_ALIVE_SECONDS", raising=False)
    get_settings.cache_clear()  # type: ignore[attr-defined]
    yield
    get_settings.cache_clear()  # type: ignore[attr-defined]


def test_one_worker_runs_the_frozen_heap_app_with_a_shutdown_grace(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setattr(serve_module.uvicorn, "run", lambda **options: ran.update(options))
    serve_module.serve(host="127.0.0.1", port=0, workers=1)
    assert ran["app"] == "entrypoints.cli.frozen_heap:create_served_app"
    assert ran["factory"] is True and ran["workers"] == 1 and ran["loop"] == "asyncio"
    assert ran["timeout_graceful_shutdown"] == serve_module.SHUTDOWN_GRACE_SECONDS
    assert ran["http"] is serve_module.ServedHttpProtocol
    assert ran["server_header"] is False
    assert ran["timeout_keep_alive"] == 5  # uvicorn's own default unless told otherwise


def test_the_keep_alive_timeout_is_a_setting_for_servers_behind_a_proxy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setenv("RETHREAD_KEEP_ALIVE_SECONDS", "75")
    monkeypatch.setattr(serve_module.uvicorn, "run", lambda **options: ran.update(options))
    serve_module.serve(host="127.0.0.1", port=0, workers=1)
    assert ran["timeout_keep_alive"] == 75


@pytest.mark.skipif(not supported(), reason="no SO_REUSEPORT here")
def test_several_workers_get_a_socket_each_on_the_reserved_port(
        monkeypatch: pytest.MonkeyPatch) -> None:
    supervised: dict[str, Any] = {}

    class Supervisor:
        def __init__(self, config: Any, sockets: list[Any]) -> None:
            supervised.update(config=config, sockets=sockets)

        def run(self) -> None:
            # what each worker receives: its own socket on the port the parent reserved
            own = [pickle.loads(pickle.dumps(s)) for s in supervised["sockets"]]
            supervised["own"] = [(s.getsockname(), s.getsockopt(
                socket.SOL_SOCKET, socket.SO_REUSEPORT)) for s in own]
            for s in own:
                s.close()

    monkeypatch.setattr(serve_module, "Multiprocess", Supervisor)
    monkeypatch.setattr(serve_module.uvicorn, "run", lambda **_: pytest.fail("shared socket"))
    serve_module.serve(host="127.0.0.1", port=0, workers=2)
    config = supervised["config"]
    assert config.workers == 2 and config.loop == "asyncio"
    assert config.timeout_graceful_shutdown == serve_module.SHUTDOWN_GRACE_SECONDS
    [(address, reuse)] = supervised["own"]
    assert address[0] == "127.0.0.1" and address[1] > 0 and reuse == 1
