"""HTTP caching the standard way: ETag, Cache-Control, 304, HEAD, and the response cache.

- **Every GET and HEAD** (one ASGI middleware, :func:`http_caching`, so a route added later
  needs nothing): a 200 whose length is known gets an ``ETag`` made from its body (the
  version of exactly what was sent) unless it has one already (media, assets); a request
  whose ``If-None-Match`` names it gets ``304 Not Modified`` without a body. A ``HEAD`` gets
  the GET's status and headers without the body (:func:`answer_head_too` registers HEAD
  beside every GET route).
- **Public reads** (``@get(..., **public())``: product pages, the search box's
  suggestions, profiles, the blog, the style feed): for a visitor (no session cookie)
  ``Cache-Control: public, max-age=10, stale-while-revalidate=30``, so browsers and a
  proxy in front (``docs/deploy.md``) may keep them; for a signed-in shopper
  ``private, no-cache`` (their answer may show their own data, and a search is counted
  for them); an error answer (400 and up) carries neither, so no cache keeps it. Public
  reads mint no CSRF cookie (``exclude_from_csrf``): a ``Set-Cookie``
  on a shared cache's copy would hand one visitor's token to everyone. The SPA's pages and
  ``/api/csrf`` still set it.
- **Indexed public reads** (``@get(..., **public(indexed=True))``: searches, facets and
  similar items, which the search engine answers): the same, but a visitor's copy is
  ``public, max-age=1`` and the response cache keeps it 1 s under a key that holds the
  index's version as well (:func:`indexed_cache_key`): a commit of the index, in any
  process of the host, moves every later request to a new key, so a kept answer never
  outlives what it was read from and a search stays as fresh as the engine (a change
  within its second, ``docs/search.md``), while a popular query is computed once per
  commit and second, not once per visitor.
- **The response cache** (Litestar's own, :func:`response_cache_config`): a visitor's public
  read is kept for 10 s (an indexed one 1 s) in the ``response_cache`` store, a dict per
  process by default (``response_store.LocalStore``, where each answer's lifetime is
  shortened by up to a fifth) and Redis when ``RETHREAD_REDIS_URL`` is set (shared by
  every process), with the 304 headers of a public read's last 200, so a visitor's
  revalidation is answered without replaying the cached body
  (:func:`_not_modified_remembered`; an indexed read's revalidation goes through its
  route, where the cached copy answers it); signed-in requests are never stored nor served
  from it. Any successful write (POST, PUT, PATCH, DELETE) empties it,
  so a shopper never sees their own change missing; changes made outside HTTP (the order
  timers) show within the 10 s. A write that changes nothing a public read shows (counting
  a listing view) says so with ``opt={KEEPS_PUBLIC_ANSWERS: True}`` and keeps them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from operator import itemgetter
from typing import Any
from urllib.parse import parse_qsl, urlencode

import msgspec
from litestar import Controller, Request
from litestar.config.response_cache import ResponseCacheConfig
from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.stores.base import Store
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
from entrypoints.http.response_store import REVALIDATION

PUBLIC_SECONDS = 10
STALE_SECONDS = 30
INDEXED_SECONDS = 1
VISITOR = f"public, max-age={PUBLIC_SECONDS}, stale-while-revalidate={STALE_SECONDS}".encode()
INDEXED_VISITOR = f"public, max-age={INDEXED_SECONDS}".encode()
PRIVATE = b"private, no-cache"
PUBLIC_READ = "public_read"  # the opt key :func:`public` sets: True, or INDEXED
INDEXED = "indexed"
INDEX_VERSION = "index_version"  # app.state: () -> the search index's version (app.py)
KEEPS_PUBLIC_ANSWERS = "keeps_public_answers"  # a write no public read shows
STORE = "response_cache"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_HELD_BYTES = 1024 * 1024  # larger answers pass as they are, without an ETag of ours
_SESSION = SESSION_COOKIE.encode() + b"="


def public(opt: dict[str, Any] | None = None, *, indexed: bool = False) -> dict[str, Any]:
    """The keyword arguments of a public read's ``@get``; ``indexed``: the search engine
    answers it (see the module docstring)."""
    return {"cache": INDEXED_SECONDS if indexed else PUBLIC_SECONDS,
            "cache_key_builder": indexed_cache_key if indexed else cache_key,
            "opt": {**(opt or {}), "exclude_from_csrf": True,
                    PUBLIC_READ: INDEXED if indexed else True}}


def signed_in(scope: Scope) -> bool:
    return any(name == b"cookie" and _SESSION in value for name, value in scope["headers"])


def visitor_key(scope: Scope) -> str:
    """A visitor's key of a public read: the path and the query, sorted by name (the values
    of one name in their order), read from the scope as it is."""
    query = scope.get("query_string", b"")
    if not query:
        return scope["path"]
    pairs = sorted(parse_qsl(query.decode("latin-1"), keep_blank_values=True),
                   key=itemgetter(0))
    return f"{scope['path']}?{urlencode(pairs)}"


def cache_key(request: Request[Any, Any, Any]) -> str:
    """The response cache's key: :func:`visitor_key` for a visitor; a signed-in request's
    key is its own (never stored: :func:`_visitors_only`), so it never gets a visitor's copy."""
    key = visitor_key(request.scope)
    if not signed_in(request.scope):
        return key
    return f"{key}#signed-in:{request.cookies.get(SESSION_COOKIE)}"


def indexed_cache_key(request: Request[Any, Any, Any]) -> str:
    """:func:`cache_key` and the version of the search index this process reads."""
    return f"{cache_key(request)}#index:{getattr(request.app.state, INDEX_VERSION)()}"


def _revalidation_key(scope: Scope) -> str:
    return visitor_key(scope) + REVALIDATION


def _visitors_only(scope: HTTPScope, status: int) -> bool:
    return status == 200 and not signed_in(scope)


def response_cache_config() -> ResponseCacheConfig:
    return ResponseCacheConfig(default_expiration=PUBLIC_SECONDS, store=STORE,
                               cache_response_filter=_visitors_only)


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


def _store(scope: Scope) -> Store:
    app = scope["litestar_app"]
    store: Store = app.response_cache_config.get_store_from_app(app)
    return store


async def _forget_public_answers(scope: Scope) -> None:
    await _store(scope).delete_all()


_encode_headers = msgspec.msgpack.Encoder().encode
_decode_headers = msgspec.msgpack.Decoder(list[tuple[bytes, bytes]]).decode


async def _not_modified_remembered(scope: Scope, send: Send, if_none_match: bytes) -> bool:
    """Answer 304 from what the last 200 of this visitor's read left in the response
    cache's store (:meth:`_Conditional._remember`), when the client's tag is still the one
    the cached answer carries: the same 304 as through the handler, without replaying the
    cached body to hash it again."""
    remembered = await _store(scope).get(_revalidation_key(scope))
    if remembered is None:
        return False
    headers = _decode_headers(remembered)
    etag = next((value for name, value in headers if name == b"etag"), None)
    if etag is None or not _matches(if_none_match, etag):
        return False
    await send({"type": "http.response.start", "status": 304, "headers": headers})
    await send({"type": "http.response.body", "body": b"", "more_body": False})
    return True


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
        remember = False
        if_none_match = _header(scope["headers"], b"if-none-match")
        read = None if handler is None else handler.opt.get(PUBLIC_READ)
        if read:
            if signed_in(scope):
                policy = PRIVATE
            elif read == INDEXED:
                policy = INDEXED_VISITOR
            else:
                policy = VISITOR
                # (only what the response cache keeps: the same lifetime, emptied with it)
                remember = bool(getattr(handler, "cache", False))
                if remember and if_none_match is not None and \
                        await _not_modified_remembered(scope, send, if_none_match):
                    return
        await app(scope, receive, _Conditional(scope, send, policy, if_none_match,
                                               remember).send)

    return caching


def _forgetting(scope: Scope, send: Send) -> Send:
    async def forgetting(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] < 400:
            await _forget_public_answers(scope)
        await send(message)

    return forgetting


_NOT_IN_304 = frozenset({b"content-length", b"content-type", b"content-encoding"})


class _Conditional:
    """Holds a GET's start until its body is known (when its length is), then sends the
    answer with its ETag and policy, or a 304; a HEAD's body is never sent. A visitor's
    cached public read leaves its 304's headers in the response cache's store."""

    __slots__ = (
        "chunks",
        "head",
        "if_none_match",
        "policy",
        "remember",
        "scope",
        "send_on",
        "start",
    )

    def __init__(self, scope: HTTPScope, send: Send, policy: bytes | None,
                 if_none_match: bytes | None, remember: bool) -> None:
        self.send_on, self.policy, self.scope = send, policy, scope
        self.head = scope["method"] == "HEAD"
        self.if_none_match, self.remember = if_none_match, remember
        self.start: HTTPResponseStartEvent | None = None
        self.chunks: list[bytes] = []

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            cache_control = length = etag = None
            for name, value in headers:
                name = name.lower()
                if name == b"cache-control":
                    cache_control = value
                elif name == b"content-length":
                    length = value
                elif name == b"etag":
                    etag = value
            if self.policy is not None and cache_control is None and message["status"] < 400:
                # (an error is never kept: a hidden listing's 404 must not outlive its
                # restoring in a browser or a proxy, nor one visitor's 429 reach another)
                headers.append((b"cache-control", self.policy))
            start: HTTPResponseStartEvent = {**message, "headers": headers}
            if start["status"] == 200 and etag is not None:
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
        await self._finish(self.chunks[0] if len(self.chunks) == 1 else b"".join(self.chunks))

    async def _finish(self, body: bytes) -> None:
        assert self.start is not None
        headers = list(self.start["headers"])
        etag = _header(headers, b"etag")
        if etag is None:
            etag = _etag(body)
            headers.append((b"etag", etag))
        if self.remember:
            await self._remember(headers)
        if self.if_none_match is not None and _matches(self.if_none_match, etag):
            await self._not_modified(headers)
            await self.send_on({"type": "http.response.body", "body": b"", "more_body": False})
            return
        start: HTTPResponseStartEvent = {**self.start, "headers": headers}
        await self.send_on(start)
        await self.send_on({"type": "http.response.body", "body": b"" if self.head else body,
                           "more_body": False})

    async def _remember(self, headers: list[tuple[bytes, bytes]]) -> None:
        """Keep this answer's 304 headers for :func:`_not_modified_remembered`, expiring
        with the response cache's copy: written when they differ (a fresh answer), not on
        every copy served from the cache, which would outlive it."""
        kept = _encode_headers(_without_body_headers(headers))
        store, key = _store(self.scope), _revalidation_key(self.scope)
        if await store.get(key) != kept:
            await store.set(key, kept, expires_in=PUBLIC_SECONDS)

    async def _not_modified(self, headers: list[tuple[bytes, bytes]]) -> None:
        await self.send_on({"type": "http.response.start", "status": 304,
                            "headers": _without_body_headers(headers)})


def _without_body_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    return [(n, v) for n, v in headers if n.lower() not in _NOT_IN_304]
