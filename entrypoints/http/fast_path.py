"""Product pages answered before the framework's per-request work.

``GET /api/products/{id}`` is the catalog's most requested read (every card a shopper opens,
every shared link, every crawler) and the cheapest: one statement on the lean read path, no
viewer, no query parameters, the same JSON for everyone. Under 64 connections at a million
listings Litestar's own per-request work (routing, the middleware chain, the handler's
signature model and dependencies, the ``Response`` object and its header structures) cost
more than the read itself: in-process 153 us per page, of which the SQLite statement is 43
and a bare health check through the same stack 52 (``docs/performance.md``, "Product pages
before the framework").

:class:`ProductPages` wraps the app's ASGI handler (inside ``Litestar.__call__``, so the
``before_send`` hooks, the security headers among them, still apply to what it sends). For
a ``GET`` of exactly ``/api/products/<id>`` with ``1 <= id <= MAX_ID`` it reads the product
through the same service, builds the same :class:`ProductOut` and sends the bytes the
controller would (``tests/api/test_api_fast_path.py`` compares the two byte for byte).
Anything else, and any failure (the product does not exist, the database is down), goes to
the framework untouched, which answers with its usual 404, error shape and logging: only
the successful page is served here, so there is one home for every error. The controller's
handler stays the documented route (``/schema``) and answers every request this declines
(``HEAD``, a trailing slash, ``05``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from litestar.serialization import encode_json
from litestar.types import ASGIApp, Receive, Scope, Send

from application.catalog import CatalogService
from entrypoints.http.guards import MAX_ID
from entrypoints.http.schemas.products import product_out

JSON = b"application/json"


class ProductPages:
    """The app's ASGI handler with product pages served first (see the module docstring);
    ``catalog`` builds the service as the controllers' dependency does; ``products`` is
    the catalog controller's path. ``framework`` is the handler every declined request
    goes to."""

    def __init__(self, framework: ASGIApp, catalog: Callable[[], CatalogService],
                 products: str) -> None:
        self.framework, self.catalog = framework, catalog
        # The product route in its canonical spelling only: digits without a leading zero
        # (the framework parses the rest).
        self.route = re.compile(re.escape(products) + r"/([1-9][0-9]{0,9})")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = self.route.fullmatch(scope["path"])
            if found is not None and (product_id := int(found[1])) <= MAX_ID:
                body = await self.page(product_id)
                if body is not None:
                    await send({"type": "http.response.start", "status": 200, "headers": [
                        (b"content-type", JSON),
                        (b"content-length", str(len(body)).encode())]})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.framework(scope, receive, send)

    async def page(self, product_id: int) -> bytes | None:
        """The page's JSON, or None for the framework to answer (not found, a failure)."""
        try:
            return encode_json(product_out(await self.catalog().get(product_id)))
        except Exception:  # the framework answers it again, in its own shape
            return None
