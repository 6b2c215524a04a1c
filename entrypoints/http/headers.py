"""Response headers every response gets: security headers, Secure cookies, cache safety.

Installed as the app's ``before_send`` hook, which Litestar runs for every response it sends
(API, errors, ``/media``, the SPA, unknown routes, 405s), so nothing can be served without
them and a route added later needs nothing.

- ``Content-Security-Policy``: only our own origin. Images also from ``data:`` and ``blob:``
  (photo previews before upload, and data URLs the listing form sends); styles allow inline
  (Mantine sets ``style`` attributes and injects its CSS variables); no framing
  (``frame-ancestors 'none'``), no plugins, forms and ``<base>`` only to ourselves. The
  OpenAPI pages under ``/schema`` (Redoc, from our own build) also get an inline script (the
  call that starts Redoc with the document) and a worker from a ``blob:`` (its search);
  still only our own origin, no framing.
- ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: strict-origin-when-cross-origin``,
  ``X-Frame-Options: DENY`` for browsers without CSP level 2.
- A response marked ``Cache-Control: public`` (media, hashed assets) never carries
  ``Set-Cookie``: a shared cache would hand one visitor's cookie to everyone.
- ``RETHREAD_SECURE_COOKIES=1``: every cookie we set is ``Secure`` and every response
  carries ``Strict-Transport-Security`` (HTTPS deployments: a browser that has seen it once
  never asks over plain HTTP again for a year).
"""

from __future__ import annotations

from collections.abc import Callable

from litestar.types import Message, Scope

CSP = "; ".join([
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SCHEMA_CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
])
STATIC_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
    # In place of the server's own "server: granian": naming the server software tells a
    # scanner which flaws to try.
    (b"server", b"rethread"),
)


# (made once: the hook asks for them on every response the framework sends)
_SECURITY = ((b"content-security-policy", CSP.encode()), *STATIC_HEADERS)
_SCHEMA_SECURITY = ((b"content-security-policy", SCHEMA_CSP.encode()), *STATIC_HEADERS)


def security_headers_for(path: str) -> tuple[tuple[bytes, bytes], ...]:
    """The security headers of a response to ``path``, in the order the hook adds them. The
    hook adds those a response lacks; a response that carries them all already (the catalog
    pages of the response cache, stored with them) is sent as it is."""
    return _SCHEMA_SECURITY if path == "/schema" or path.startswith("/schema/") else _SECURITY


def _secure(value: bytes) -> bytes:
    return value if b"secure" in value.lower() else value + b"; Secure"


HSTS = (b"strict-transport-security", b"max-age=31536000; includeSubDomains")


def security_headers(*, secure_cookies: bool) -> Callable[[Message, Scope], None]:
    """The hook (see the module docstring), called synchronously for every message the app
    sends (``app.py`` runs the app's hooks in one ``before_send``)."""
    https_only = (HSTS,) if secure_cookies else ()
    plain = (*_SECURITY, *https_only)
    schema = (*_SCHEMA_SECURITY, *https_only)

    def before_send(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        path = scope.get("path", "")
        added = schema if path == "/schema" or path.startswith("/schema/") else plain
        present: set[bytes] = set()
        public = cookies = False
        headers = message.get("headers") or []
        for name, value in headers:
            name = name.lower()
            present.add(name)
            if name == b"set-cookie":
                cookies = True
            elif name == b"cache-control" and b"public" in value.lower():
                public = True
        kept = [(bytes(n), bytes(v)) for n, v in headers]
        if cookies and (public or secure_cookies):
            # (no cookie on what a shared cache may keep; every cookie Secure over HTTPS)
            kept = [(n, _secure(v) if secure_cookies and n.lower() == b"set-cookie" else v)
                    for n, v in kept if not (public and n.lower() == b"set-cookie")]
        kept += [header for header in added if header[0] not in present]
        message["headers"] = kept

    return before_send
