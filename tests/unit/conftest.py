"""Service tests build services through the container with every port faked.

``container`` here shadows the real-database one of ``tests/conftest.py``: a unit test asks
for ``container`` (and ``uow`` / ``media`` to look inside, the ``clock`` of ``tests/conftest.py``
to move time) and gets ``container.<service>()`` wired exactly like the app, on the fakes of
``tests/fakes``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from entrypoints.container import Container
from tests.fakes import FakeMediaStore, FakeUnitOfWork, FixedClock, World, fake_container


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
