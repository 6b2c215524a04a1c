"""CSRF protection: a double-submit cookie, checked by one ASGI middleware on every route.

- A safe request (GET, HEAD, OPTIONS) without a ``csrftoken`` cookie gets one
  (``Set-Cookie: csrftoken=...; Path=/; SameSite=lax``, ``Secure`` with
  ``RETHREAD_SECURE_COOKIES=1``), unless its route says ``opt={"exclude_from_csrf": True}``
  (public reads, health, metrics: a cookie on a cacheable answer would be shared).
- Any other method must send the cookie's value back in the ``x-csrftoken`` header (or, for
  a form without the header, its ``_csrf_token`` field), and both must be tokens this server
  signed, for the same secret: else 403. Excluded routes are not checked.

A token is 64 random hex digits followed by their HMAC-SHA256 under the app's secret key:
the format of Litestar's ``CSRFMiddleware``, which did this before, so cookies handed out by
it stay valid. That middleware built a ``Request``, parsed every cookie and wrote each new
cookie through a dataclass and ``http.cookies`` on every request: on ``/api/csrf`` that was
about half of the request's CPU (``docs/decisions/observability.md``, "Per-request cost").
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from typing import Any

from litestar import Request
from litestar.enums import ScopeType
from litestar.exceptions import PermissionDeniedException
from litestar.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "csrftoken"
HEADER = b"x-csrftoken"
FORM_FIELD = "_csrf_token"
EXCLUDE = "exclude_from_csrf"  # the opt key of a route that neither mints nor checks
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
_FORMS = (b"application/x-www-form-urlencoded", b"multipart/form-data")
_SECRET_HEX = 64
_COOKIE_NAME = COOKIE.encode()


def _sign(secret: bytes, token: str) -> str:
    return hmac.new(secret, token.encode(), hashlib.sha256).hexdigest()


def new_token(secret: bytes) -> str:
    token = secrets.token_hex(_SECRET_HEX // 2)
    return token + _sign(secret, token)


def _unsigned(secret: bytes, token: str) -> str | None:
    """The random part of a token this server signed, else None."""
    if len(token) <= _SECRET_HEX:
        return None
    random_part, signature = token[:_SECRET_HEX], token[_SECRET_HEX:]
    return random_part if hmac.compare_digest(signature, _sign(secret, random_part)) else None


def _cookie(scope: Scope) -> str | None:
    found = None
    for name, value in scope["headers"]:
        if name == b"cookie" and _COOKIE_NAME in value:
            for part in value.split(b";"):
                key, equals, text = part.partition(b"=")
                if equals and key.strip() == _COOKIE_NAME:
                    found = text.strip().decode("latin-1")  # (the last one wins)
    return found


def _header(scope: Scope, wanted: bytes) -> bytes | None:
    return next((value for name, value in scope["headers"] if name == wanted), None)


def csrf_protection(secret_key: str, *, secure: bool) -> Callable[[ASGIApp], ASGIApp]:
    """The middleware factory installed on the app (see the module docstring)."""
    secret = secret_key.encode()
    attributes = b"; Path=/; SameSite=lax" + (b"; Secure" if secure else b"")

    def middleware(app: ASGIApp) -> ASGIApp:
        async def protected(scope: Scope, receive: Receive, send: Send) -> None:
            handler = scope.get("route_handler")
            if scope["type"] != ScopeType.HTTP or (handler is not None
                                                   and handler.opt.get(EXCLUDE)):
                await app(scope, receive, send)
                return
            cookie = _cookie(scope)
            if scope["method"] in SAFE:
                if cookie is not None:
                    await app(scope, receive, send)
                    return
                set_cookie = (b"set-cookie",
                              _COOKIE_NAME + b"=" + new_token(secret).encode() + attributes)

                async def minting(message: Message) -> None:
                    if message["type"] == "http.response.start":
                        message["headers"] = [*message.get("headers", ()), set_cookie]
                    await send(message)

                await app(scope, receive, minting)
                return
            sent = _header(scope, HEADER)
            given = sent.decode("latin-1") if sent is not None else await _form_token(
                scope, receive)
            if given is None or cookie is None or not _same(secret, given, cookie):
                raise PermissionDeniedException("CSRF token verification failed")
            await app(scope, receive, send)

        return protected

    return middleware


def _same(secret: bytes, given: str, cookie: str) -> bool:
    mine, theirs = _unsigned(secret, given), _unsigned(secret, cookie)
    return mine is not None and theirs is not None and hmac.compare_digest(mine, theirs)


async def _form_token(scope: Scope, receive: Receive) -> str | None:
    """A form's ``_csrf_token`` (read through Litestar's request, which keeps the parsed
    form for the handler)."""
    content_type = (_header(scope, b"content-type") or b"").split(b";")[0].strip().lower()
    if content_type not in _FORMS:
        return None
    request: Request[Any, Any, Any] = Request(scope, receive)
    value = (await request.form()).get(FORM_FIELD)
    return value if isinstance(value, str) else None
