"""robots.txt and sitemap.xml: public, the same for everyone (no user data; drafts never listed)."""

from __future__ import annotations

from tests.api.authz import Row, same

ROWS = [
    Row("GET", "/robots.txt", **same(200)),
    Row("GET", "/sitemap.xml", **same(200)),
]
