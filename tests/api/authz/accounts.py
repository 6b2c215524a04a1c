"""Accounts, sessions and profiles (the caller's own account)."""

from __future__ import annotations

from tests.api.authz import Row, logged_in, same

PASSWORD = "secret123"

ROWS = [
    Row("GET", "/api/health", **same(200)),
    Row("GET", "/api/csrf", **same(204)),
    Row("GET", "/api/user", **logged_in(200)),
    Row("GET", "/api/session", **same(200)),
    Row("PATCH", "/api/user", **logged_in(200), json={"bio": "Vintage denim."}),
    # Logging in as the owner works from any session; the caller logs back in afterwards.
    Row("POST", "/api/login", **same(200), json={"username": "olive", "password": PASSWORD},
        relogin=True),
    Row("POST", "/api/logout", **same(200), relogin=True),  # no session is no error
    Row("POST", "/api/register", **same(201), relogin=True, json={
        "username": "$unique", "displayName": "New Person", "email": "$unique_email",
        "password": PASSWORD}),
]
