"""The ``clock`` of API tests is the app's own: asking for it holds the container's clock still
(a :class:`FixedClock` the test moves) for the app under test.

Held still, answers that count time (Retry-After, expiry, "3 days ago") are exact however long a
busy machine takes. It starts at the wall clock's current second, not at ``tests.support.NOW``:
cookies, signed links and the databases' own timestamps are judged by the real time too. A
test that needs a particular hour moves it (``clock.current = clock.current.replace(hour=12)``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from dependency_injector import providers

from entrypoints.container import Container
from tests.fakes import FixedClock


@pytest.fixture
def clock(container: Container) -> Iterator[FixedClock]:
    still = FixedClock(datetime.now(UTC).replace(microsecond=0))
    with container.clock.override(providers.Object(still)):
        yield still
