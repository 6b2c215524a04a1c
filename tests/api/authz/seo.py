"""robots.txt and sitemap.xml: public, the same for everyone (no user data; drafts never
listed). /metrics: administrators only (and the loopback address, which the matrix's client
is not; RETHREAD_METRICS_PUBLIC=1 opens it to all)."""

from __future__ import annotations

from tests.api.authz import Row, same

ROWS = [
    Row("GET", "/robots.txt", **same(200)),
    Row("GET", "/sitemap.xml", **same(200)),
    Row("GET", "/metrics", anonymous=401, other=403, owner=403, admin=200),
]
