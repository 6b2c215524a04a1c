"""Notifications: each user reads their own."""

from __future__ import annotations

from tests.api.authz import Row, logged_in

ROWS = [
    Row("GET", "/api/notifications", **logged_in(200)),
    Row("POST", "/api/notifications/read", **logged_in(200), json={}),
]
