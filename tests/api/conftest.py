"""API tests' ``app`` and ``clock``.

One built app serves every test of a worker that has the same settings: building Litestar's
routes was over half of an ordinary API test's time (0.2 s a test). Each test still gets a
fresh container (``entrypoints.http.app.serve_with`` points the app at it), emptied tables, an
emptied data directory and an empty response cache. A test with other settings (its own
``make_settings``, a ``rate_limit_scale`` mark) gets an app of its own.

The ``clock`` of API tests is the app's own: asking for it holds the container's clock still
(a :class:`FixedClock` the test moves) for the app under test.

Held still, answers that count time (Retry-After, expiry, "3 days ago") are exact however long a
busy machine takes. It starts at the wall clock's current second, not at ``tests.support.NOW``:
cookies, signed links and the databases' own timestamps are judged by the real time too. A
test that needs a particular hour moves it (``clock.current = clock.current.replace(hour=12)``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from dependency_injector import providers
from litestar import Litestar
from sqlalchemy import make_url

from entrypoints.container import Container
from entrypoints.http.app import create_app, serve_with
from entrypoints.http.caching import STORE
from entrypoints.settings import Settings
from tests.conftest import standard_settings
from tests.fakes import FixedClock

_APPS: dict[Settings, Litestar] = {}


@pytest.fixture
def settings(db: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
             ) -> Settings:
    """The usual settings, on this worker's data directory for the database, emptied: the
    same directory for each test, so that one app's media router serves them all."""
    data_dir = tmp_path_factory.getbasetemp() / f"api-data-{make_url(db).get_backend_name()}"
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir()
    return standard_settings(db, data_dir, request)


def _access_lines_at_once(app: Litestar) -> None:
    """The app answers in the test client's own thread, where the access log writes a
    request's line on the loop's next turn: for a test's last request that could come
    after pytest stopped capturing the test, printing the line among the run's dots.
    Written as each request ends, it stays in the test's captured output."""
    access = getattr(app.state, "access_log", None)
    if access is None:
        return
    batched = access.line

    def line(*args: Any) -> None:
        batched(*args)
        access.flush()

    access.line = line


@pytest.fixture
async def app(settings: Settings, container: Container) -> Litestar:
    built = _APPS.get(settings)
    if built is None:
        built = _APPS[settings] = create_app(settings, container)
        _access_lines_at_once(built)
    else:
        serve_with(built, container, settings)
        await built.stores.get(STORE).delete_all()
    return built


@pytest.fixture
def clock(container: Container) -> Iterator[FixedClock]:
    still = FixedClock(datetime.now(UTC).replace(microsecond=0))
    with container.clock.override(providers.Object(still)):
        yield still
