"""Vacation mode: each member sets their own; anyone reads a seller's."""

from __future__ import annotations

from tests.api.authz import Row, logged_in, same

MAKERS: dict = {}

ROWS = [
    Row("PUT", "/api/user/vacation", **logged_in(200), json={"on": False}),
    Row("GET", "/api/users/{user_id:int}/vacation", **same(200), params={"user_id": "$owner"}),
]
