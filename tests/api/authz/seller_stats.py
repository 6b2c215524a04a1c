"""Seller stats: anyone may count a view and read a listing's figures; each seller reads
their own stats."""

from __future__ import annotations

from tests.api.authz import Row, logged_in, same

MAKERS: dict = {}

ROWS = [
    Row("POST", "/api/products/{product_id:int}/views", **same(200),
        params={"product_id": "$peer_product"}),
    Row("GET", "/api/products/{product_id:int}/figures", **same(200),
        params={"product_id": "$peer_product"}),
    Row("GET", "/api/user/stats", **logged_in(200)),
]
