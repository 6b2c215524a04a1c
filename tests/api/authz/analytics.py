"""Administrators' analytics."""

from __future__ import annotations

from tests.api.authz import Row, admin_only

ROWS = [
    Row("GET", "/api/analytics/summary", **admin_only(200)),
]
