"""Product pages, visitors' searches and facets answered before the framework's own work.

``GET /api/products/{id}`` and ``GET /api/products?...`` are the catalog's most requested
reads (every card a shopper opens, every search and filter ticked, every crawler). Under 64
connections at a million listings Litestar's own per-request work (routing, the middleware
chain, the handler's signature model and dependencies, the ``Response`` object and its
header structures) cost more than a product page's read, and a fifth of a search:
in-process 153 us per product page, of which the SQLite statement is 43 and a bare health
check through the same stack 52; 1,049 us per search, of which 820 are the service and
its JSON (``docs/performance.md``, "Product pages before the framework" and "Searches
and facets before the framework, and the listings they show kept").

:class:`CatalogPages` wraps the app's ASGI handler (inside ``Litestar.__call__``, so the
``before_send`` hooks, the security headers among them, still apply to what it sends). It
answers through the same service, built as the controllers' dependency builds it, and
sends the bytes the controller would (``tests/api/test_api_fast_path.py`` compares the two
byte for byte):

- a ``GET`` of exactly ``/api/products/<id>`` with ``1 <= id <= MAX_ID``;
- a ``GET`` of exactly ``/api/products`` from a visitor (no session cookie: a signed-in
  shopper's search is counted for them, which needs the framework's viewer), while the
  search index is loaded (until then searches run in SQL behind the admission gate, whose
  queued requests the framework drops when their client leaves), whose query string holds
  only ``q``, ``brand``, ``category``, ``size``, ``condition``, ``minPrice``,
  ``maxPrice``, ``sort``, ``cursor`` and ``limit`` (as plain digits), read as Litestar
  reads them (``parse_qsl`` over latin-1, blank values kept, a repeated single value: the
  last);
- a ``GET`` of exactly ``/api/products/facets`` from anyone (facets know no viewer),
  while the index is loaded, with only the filters among those parameters;
- a ``GET`` of exactly ``/api/health`` that finds the database healthy (load balancers and
  monitors poll it all day; an unhealthy answer, a 503, is the framework's).

Anything else, and any failure (not found, a bad filter, the database down), goes to the
framework untouched, which answers with its usual status, error shape and logging: only a
page read successfully is served here, so every error has one home. The controller's
handlers stay the documented routes (``/schema``) and answer every request this declines.

``rethread serve`` asks :meth:`CatalogPages.answer` even earlier, in its HTTP protocol, as
soon as a request is read (``entrypoints/cli/http_protocol.py``): an answer ready without
waiting is written there and then, with no ASGI scope, task or framework at all. Its
headers are :meth:`CatalogPages.headers` in both places (the security headers included,
which the framework's hook leaves as they are), and a request the protocol tried and this
declined carries :data:`DECLINED` in its scope, so it is not tried twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qsl

from litestar.serialization import encode_json
from litestar.types import ASGIApp, Receive, Scope, Send

from application.catalog import CatalogService
from application.catalog_search import SearchRequest
from application.system import SystemService
from entrypoints.http.auth import SESSION_COOKIE
from entrypoints.http.guards import MAX_ID
from entrypoints.http.headers import security_headers_for
from entrypoints.http.schemas.products import Cards, facets_out, product_out

JSON = b"application/json"
# The filters' query parameters as the controller names them, and SearchRequest's fields;
# a page of results also reads its sort, cursor and limit.
FILTER_LISTS = {"brand": "brands", "category": "categories", "size": "sizes",
                "condition": "conditions"}
FILTER_VALUES = {"q": "q", "minPrice": "min_price", "maxPrice": "max_price"}
PAGE_VALUES = {**FILTER_VALUES, "sort": "sort", "cursor": "cursor"}
LIMIT = re.compile(r"[1-9][0-9]{0,2}")
HEALTHY = encode_json({"status": "ok"})
SESSION = SESSION_COOKIE.encode() + b"="
# In a request's scope: the server's protocol asked :meth:`CatalogPages.answer` already,
# and it declined (the framework answers).
DECLINED = "rethread.catalog_pages_declined"


def search_request(query_string: bytes, paged: bool = True) -> SearchRequest | None:
    """A search (``paged``: a page of results; else facets) as the controller would read
    it, or None: a parameter this does not read (the framework answers it)."""
    named = PAGE_VALUES if paged else FILTER_VALUES
    values: dict[str, str] = {}
    lists: dict[str, list[str]] = {}
    limit = None
    for name, value in _pairs(query_string.decode("latin-1")):
        if name in FILTER_LISTS:
            lists.setdefault(FILTER_LISTS[name], []).append(value)
        elif name in named:
            values[named[name]] = value
        elif paged and name == "limit" and LIMIT.fullmatch(value):
            limit = int(value)
        else:
            return None
    return SearchRequest(**values, **lists, limit=limit)  # type: ignore[arg-type]


def _pairs(query: str) -> list[tuple[str, str]]:
    """``parse_qsl(query, keep_blank_values=True, separator="&")``, split by hand when
    nothing in it is escaped (``%`` or ``+``): the same pairs at a third of the cost."""
    if "%" in query or "+" in query:
        return parse_qsl(query, keep_blank_values=True, separator="&")
    return [(name, value) for name, _, value in
            (piece.partition("=") for piece in query.split("&") if piece)]


def _signed_in(scope: Scope) -> bool:
    return any(name == b"cookie" and SESSION in value for name, value in scope["headers"])


class CatalogPages:
    """The app's ASGI handler with product pages, visitors' searches, facets and a healthy
    health check served first (see the module docstring). ``catalog`` builds the service as
    the controllers' dependency does; ``products`` is the catalog controller's path;
    ``searchable`` says whether the search index is loaded; ``system`` builds the health
    check's service, answered at ``health``. ``framework`` is the handler every declined
    request goes to."""

    def __init__(self, framework: ASGIApp, catalog: Callable[[], CatalogService],
                 products: str, searchable: Callable[[], bool],
                 system: Callable[[], SystemService] | None = None,
                 health: str | None = None) -> None:
        self.framework, self.catalog = framework, catalog
        self.products, self.searchable = products, searchable
        self.system, self.health = system, health
        self.facet_counts = products + "/facets"
        self.cards = Cards()
        self.security = security_headers_for(products)  # (the same for each path here)
        # The product route in its canonical spelling only: digits without a leading zero
        # (the framework parses the rest).
        self.route = re.compile(re.escape(products) + r"/([1-9][0-9]{0,9})")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and DECLINED not in scope:
            try:
                body = await self.answer(scope)
            except Exception:  # (not found, a bad filter, a failure) the framework answers
                body = None  # it again, in its own shape
            if body is not None:
                await self.send(body, send)
                return
        await self.framework(scope, receive, send)

    def headers(self, length: int) -> list[tuple[bytes, bytes]]:
        """An answer's headers (a 200 of ``length`` bytes of JSON)."""
        return [(b"content-type", JSON), (b"content-length", str(length).encode()),
                *self.security]

    async def send(self, body: bytes, send: Send) -> None:
        """Send an answer as ASGI messages."""
        await send({"type": "http.response.start", "status": 200,
                    "headers": self.headers(len(body))})
        await send({"type": "http.response.body", "body": body})

    async def answer(self, scope: Scope) -> bytes | None:
        """The JSON to send, or None for the framework to answer; raises what the service
        raises (the framework answers those too)."""
        path = scope["path"]
        if path == self.health:
            return None  # the health check now reports the search lag: the framework's
        if path == self.products:
            if _signed_in(scope) or not self.searchable():
                return None
            request = search_request(scope["query_string"])
            return None if request is None else await self.search(request)
        if path == self.facet_counts:
            if not self.searchable():
                return None
            request = search_request(scope["query_string"], paged=False)
            return None if request is None else await self.facets(request)
        found = self.route.fullmatch(path)
        if found is not None and (product_id := int(found[1])) <= MAX_ID:
            return await self.page(product_id)
        return None

    async def page(self, product_id: int) -> bytes:
        return encode_json(product_out(await self.catalog().get(product_id)))

    async def search(self, request: SearchRequest) -> bytes:
        return self.cards.page(await self.catalog().search(request))

    async def facets(self, request: SearchRequest) -> bytes:
        return encode_json(facets_out(await self.catalog().facets(request)))
