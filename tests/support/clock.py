"""The tests' one "now": every builder's default time and the ``clock`` fixture's start."""

from __future__ import annotations

from datetime import UTC, datetime

#: Sunday 22 November 2026, noon UTC. A test that needs another moment moves the ``clock``
#: fixture (``clock.advance(days=3)``) or passes ``NOW + timedelta(...)``; it never makes
#: its own ``datetime(...)`` "now".
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
