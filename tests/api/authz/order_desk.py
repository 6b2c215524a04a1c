"""The administrators' order desk: every order, the cards and the CSV, administrators only
(users and sellers alike get 403; the owner here is a buyer, the peer a seller)."""

from __future__ import annotations

from tests.api.authz import Row, admin_only

ROWS = [
    Row("GET", "/api/admin/orders", **admin_only(200), query={"status": "pending_payment"}),
    Row("GET", "/api/admin/orders/summary", **admin_only(200)),
    Row("GET", "/api/admin/orders/export", **admin_only(200), query={"status": "sales"}),
]
