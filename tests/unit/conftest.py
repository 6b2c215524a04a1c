"""Service tests build services through the container with every port faked.

``container`` here shadows the real-database one of ``tests/conftest.py``: a unit test asks
for ``container`` (and ``uow`` / ``media`` to look inside, the ``clock`` of ``tests/conftest.py``
to move time) and gets ``container.<service>()`` wired exactly like the app, on the fakes of
``tests/fakes``.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from entrypoints.container import Container
from tests.fakes import FakeMediaStore, FakeUnitOfWork, FixedClock, World, fake_container

NETWORK = (socket.AF_INET, socket.AF_INET6)


def _refused(real: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(sock: socket.socket, *args: Any) -> Any:
        if sock.family in NETWORK:
            raise AssertionError("a unit test opened a network socket: it belongs in "
                                 "tests/adapters or tests/api")
        return real(sock, *args)
    return guarded


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """The unit tier runs on fakes: connecting or listening on a port fails the test."""
    for name in ("connect", "connect_ex", "bind"):
        monkeypatch.setattr(socket.socket, name, _refused(getattr(socket.socket, name)))


@pytest.fixture
def uow() -> FakeUnitOfWork:
    return FakeUnitOfWork()


@pytest.fixture
def container(tmp_path: Path, uow: FakeUnitOfWork, clock: FixedClock) -> Iterator[Container]:
    with fake_container(uow, clock, data_dir=tmp_path) as built:
        yield built


@pytest.fixture
def media(container: Container) -> FakeMediaStore:
    return container.media_store()


@pytest.fixture
def world(container: Container) -> World:
    return World(container)
