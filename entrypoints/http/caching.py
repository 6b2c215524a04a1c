"""HTTP caching the standard way: ETag, Cache-Control, 304, HEAD, and the response cache.

- **Every GET and HEAD** (one ASGI middleware, :func:`http_caching`, so a route added later
  needs nothing): a 200 whose length is known gets an ``ETag`` made from its body (the
  version of exactly what was sent) unless it has one already (media, assets); a request
  whose ``If-None-Match`` names it gets ``304 Not Modified`` without a body. A ``HEAD`` gets
  the GET's status and headers without the body (:func:`answer_head_too` registers HEAD
  beside every GET route).
- **Public reads** (``@get(..., **public())``: product pages, searches, facets,
  suggestions, profiles, the blog, the style feed): for a visitor (no session cookie)
  ``Cache-Control: public, max-age=10, stale-while-revalidate=30``, so browsers and a
  proxy in front (``docs/deploy.md``) may keep them; for a signed-in shopper
  ``private, no-cache`` (their answer may show their own data, and a search is counted
  for them). Public reads mint no CSRF cookie (``exclude_from_csrf``): a ``Set-Cookie``
  on a shared cache's copy would hand one visitor's token to everyone. The SPA's pages and
  ``/api/csrf`` still set it.
- **The response cache** (Litestar's own, :func:`response_cache_config`): a visitor's public
  read is kept for 10 s in the ``response_cache`` store, memory by default and Redis when
  ``RETHREAD_REDIS_URL`` is set (shared by every process); signed-in requests are never
  stored nor served from it. Any successful write (POST, PUT, PATCH, DELETE) empties it,
  so a shopper never sees their own change missing; changes made outside HTTP (the order
  timers) show within the 10 s. A write that changes nothing a public read shows (counting
  a listing view) says so with ``opt={KEEPS_PUBLIC_ANSWERS: True}`` and keeps them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from litestar import Controller, Request
from litestar.config.response_cache import ResponseCacheConfig, default_cache_key_builder
from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.stores.base import Store
from litestar.stores.memory import MemoryStore
from litestar.stores.redis import RedisStore
from litestar.types import (
    ASGIApp,
    HTTPResponseStartEvent,
    HTTPScope,
    Message,
    Receive,
    Scope,
    Send,
)

from entrypoints.http.auth import SESSION_COOKIE

PUBLIC_SECONDS = 10
STALE_SECONDS = 30
VISITOR = f"public, max-age={PUBLIC_SECONDS}, stale-while-revalidate={STALE_SECONDS}".encode()
PRIVATE = b"private, no-cache"
PUBLIC_READ = "public_read"  # the opt key :func:`public` sets
KEEPS_PUBLIC_ANSWERS = "keeps_public_answers"  # a write no public read shows
STORE = "response_cache"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_HELD_BYTES = 1024 * 1024  # larger answers pass as they are, without an ETag of ours
_SESSION = SESSION_COOKIE.encode() + b"="


def public(opt: dict[str, Any] | None = None) -> dict[str, Any]:
    """The keyword arguments of a public read's ``@get`` (see the module docstring)."""
    return {"cache": PUBLIC_SECONDS, "cache_key_builder": cache_key,
            "opt": {**(opt or {}), "exclude_from_csrf": True, PUBLIC_READ: True}}


def signed_in(scope: Scope) -> bool:
    return any(name == b"cookie" and _SESSION in value for name, value in scope["headers"])


def cache_key(request: Request[Any, Any, Any]) -> str:
    """Litestar's key (path and sorted query) for a visitor; a signed-in request's key is
    its own (never stored: :func:`_visitors_only`), so it never gets a visitor's copy."""
    key = default_cache_key_builder(request)
    session = request.cookies.get(SESSION_COOKIE)
    return key if session is None else f"{key}#signed-in:{session}"


def _visitors_only(scope: HTTPScope, status: int) -> bool:
    return status == 200 and not signed_in(scope)


def response_cache_config() -> ResponseCacheConfig:
    return ResponseCacheConfig(default_expiration=PUBLIC_SECONDS, store=STORE,
                               cache_response_filter=_visitors_only)


def response_store(redis_url: str | None) -> Store:
    """Memory per process; with Redis one store every process shares, named after the
    Redis database as the realtime channels are."""
    if not redis_url:
        return MemoryStore()
    db = redis_url.rstrip("/").rsplit("/", 1)[-1]
    return RedisStore.with_client(url=redis_url, namespace=f"rethread:{db if db.isdigit() else 0}"
                                                            ":responses")


def answer_head_too(handlers: Iterable[Any]) -> None:
    """Register HEAD beside GET on every route handler of ``handlers`` (controllers and
    plain handlers): Litestar answers 405 to a HEAD its handler was not registered for.
    :func:`http_caching` sends a HEAD's answer without its body."""
    for item in handlers:
        found = ([v for v in vars(item).values() if isinstance(v, HTTPRouteHandler)]
                 if isinstance(item, type) and issubclass(item, Controller) else [item])
        for handler in found:
            if isinstance(handler, HTTPRouteHandler) and "GET" in handler.http_methods:
                handler.http_methods = {*handler.http_methods, "HEAD"}


def _etag(body: bytes) -> bytes:
    return b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"'


def _matches(if_none_match: bytes, etag: bytes) -> bool:
    tag = etag.removeprefix(b"W/")
    return any(candidate.strip().removeprefix(b"W/") in (tag, b"*")
               for candidate in if_none_match.split(b","))


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    return next((value for key, value in headers if key.lower() == name), None)


async def _forget_public_answers(scope: Scope) -> None:
    app = scope["litestar_app"]
    await app.response_cache_config.get_store_from_app(app).delete_all()


def http_caching(app: ASGIApp) -> ASGIApp:
    """The middleware factory installed on the app (see the module docstring)."""

    async def caching(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        method = scope["method"]
        handler = scope.get("route_handler")
        if method in UNSAFE:
            keeps = handler is not None and handler.opt.get(KEEPS_PUBLIC_ANSWERS)
            await app(scope, receive, send if keeps else _forgetting(scope, send))
            return
        if method not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        policy = None
        if handler is not None and handler.opt.get(PUBLIC_READ):
            policy = PRIVATE if signed_in(scope) else VISITOR
        await app(scope, receive, _Conditional(scope, send, policy).send)

    return caching


def _forgetting(scope: Scope, send: Send) -> Send:
    async def forgetting(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] < 400:
            await _forget_public_answers(scope)
        await send(message)

    return forgetting


class _Conditional:
    """Holds a GET's start until its body is known (when its length is), then sends the
    answer with its ETag and policy, or a 304; a HEAD's body is never sent."""

    def __init__(self, scope: HTTPScope, send: Send, policy: bytes | None) -> None:
        self.send_on, self.policy = send, policy
        self.head = scope["method"] == "HEAD"
        self.if_none_match = _header(scope["headers"], b"if-none-match")
        self.start: HTTPResponseStartEvent | None = None
        self.chunks: list[bytes] = []

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            if self.policy is not None and _header(headers, b"cache-control") is None:
                headers.append((b"cache-control", self.policy))
            start: HTTPResponseStartEvent = {**message, "headers": headers}
            length = _header(headers, b"content-length")
            if start["status"] == 200 and (etag := _header(headers, b"etag")) is not None:
                if self.if_none_match is not None and _matches(self.if_none_match, etag):
                    self.head = True  # (the file's body is not sent)
                    await self._not_modified(headers)
                    return
            elif start["status"] == 200 and length is not None and int(
                    length) <= MAX_HELD_BYTES:
                self.start = start  # held until the body is known
                return
            await self.send_on(start)
            return
        if message["type"] != "http.response.body":
            await self.send_on(message)
            return
        if self.start is None:  # sent already (no length known, or not a 200)
            if not self.head:
                await self.send_on(message)
            elif not message.get("more_body", False):
                await self.send_on({"type": "http.response.body", "body": b"", "more_body": False})
            return
        self.chunks.append(message.get("body", b""))
        if message.get("more_body", False):
            return
        await self._finish(b"".join(self.chunks))

    async def _finish(self, body: bytes) -> None:
        assert self.start is not None
        headers = list(self.start["headers"])
        etag = _header(headers, b"etag")
        if etag is None:
            etag = _etag(body)
            headers.append((b"etag", etag))
        if self.if_none_match is not None and _matches(self.if_none_match, etag):
            await self._not_modified(headers)
            await self.send_on({"type": "http.response.body", "body": b"", "more_body": False})
            return
        start: HTTPResponseStartEvent = {**self.start, "headers": headers}
        await self.send_on(start)
        await self.send_on({"type": "http.response.body", "body": b"" if self.head else body,
                           "more_body": False})

    async def _not_modified(self, headers: list[tuple[bytes, bytes]]) -> None:
        kept = [(n, v) for n, v in headers
                if n.lower() not in (b"content-length", b"content-type", b"content-encoding")]
        await self.send_on({"type": "http.response.start", "status": 304, "headers": kept})
