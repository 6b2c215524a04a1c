"""Input guards every route gets for free: bad input is a 4xx in our shape, never a 500.

One ASGI middleware, installed on the app, so a route added later is covered without doing
anything. It runs after routing (Litestar wraps middleware around each route handler), so it
knows the handler and the parsed path parameters, and before any handler code or database:

- a NUL byte anywhere in the path: 404 (static files, media and the SPA included);
- an integer path parameter outside 1..2^31-1: 404 (ids are INTEGER columns, 32-bit on
  PostgreSQL, so no row of ours has such an id; SQLite would refuse 2^63 and up outright);
- an integer query parameter outside the signed 32-bit range: 400 naming the parameter;
- a request body larger than the route's limit (app default ``MAX_BODY_BYTES``): 413;
- a body that is not multipart/form data must be UTF-8 text, JSON nested at most
  ``MAX_JSON_DEPTH`` deep, with no integer literal outside the signed 64-bit range: 400.

The exception handlers in ``errors.py`` turn the raised domain errors into responses; they
also map the Python errors bad input could still cause deeper down (``OverflowError``,
``RecursionError``, ``UnicodeDecodeError``, decimal overflows) to 400 as a last line.
"""

from __future__ import annotations

import contextlib
import re
import typing
from typing import Any

from litestar.types import ASGIApp, Message, Receive, Scope, Send

from domain.errors import NotFound, TooLarge, ValidationError

MAX_ID = 2**31 - 1  # INTEGER id columns: 32-bit on PostgreSQL
MIN_QUERY_INT = -(2**31)
MAX_JSON_INT, MIN_JSON_INT = 2**63 - 1, -(2**63)  # what SQLite can store at all
MAX_BODY_BYTES = 1024 * 1024  # JSON bodies; routes taking uploads raise their own limit
MAX_JSON_DEPTH = 32
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
FORM_TYPES = (b"multipart/form-data", b"application/x-www-form-urlencoded")
INVALID_BODY = "Invalid request. Please check the fields."

_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_LONG_INTEGER = re.compile(rb"-?\d{19,}")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _mentions_int(annotation: Any) -> bool:
    """``int``, ``int | None``, ``list[int]``, ``Annotated[int, ...]``: not ``bool``."""
    if annotation is int:
        return True
    return any(_mentions_int(arg) for arg in typing.get_args(annotation))


def _int_query_names(handler: Any) -> tuple[str, ...]:
    """The query names whose values the handler parses as integers (cached per handler)."""
    cached = getattr(handler, "_rethread_int_queries", None)
    if cached is not None:
        return cached
    names: list[str] = []
    signature = getattr(handler, "parsed_fn_signature", None)
    for name, field in (signature.parameters.items() if signature else []):
        if _mentions_int(field.annotation):
            kwarg = field.kwarg_definition
            names.append(getattr(kwarg, "query", None) or name)
    result = tuple(names)
    with contextlib.suppress(AttributeError):  # slots: compute it again next time
        handler._rethread_int_queries = result
    return result


def _check_path(scope: Scope) -> None:
    if "\x00" in scope["path"] or "\x00" in scope.get("raw_path", b"").decode("latin-1"):
        raise NotFound("Not found")
    for value in (scope.get("path_params") or {}).values():
        if isinstance(value, int) and not isinstance(value, bool) and not 1 <= value <= MAX_ID:
            raise NotFound("Not found")
        if isinstance(value, str) and "\x00" in value:
            raise NotFound("Not found")


def _query_values(scope: Scope) -> dict[str, list[str]]:
    from urllib.parse import parse_qs

    raw = scope.get("query_string", b"").decode("latin-1")
    return parse_qs(raw, keep_blank_values=True)


def _check_query(scope: Scope, handler: Any) -> None:
    names = _int_query_names(handler)
    if not names or not scope.get("query_string"):
        return
    values = _query_values(scope)
    for name in names:
        for text in values.get(name, []):
            try:
                number = int(text.strip())
            except ValueError:
                continue  # not a number: the handler's own parsing answers 400
            if not MIN_QUERY_INT <= number <= MAX_ID:
                raise ValidationError({name: f"{name} is out of range"}, INVALID_BODY)


def json_depth(body: bytes) -> int:
    """How deep arrays and objects nest in ``body`` (strings skipped)."""
    brackets = _JSON_STRING.sub(b'""', body).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for byte in brackets:
        if byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def check_json_body(body: bytes) -> None:
    """Refuse a body that is not UTF-8, nests too deep or holds an out-of-range integer."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValidationError({"body": "The body must be UTF-8 encoded JSON."},
                              INVALID_BODY) from error
    opening = body.count(b"[") + body.count(b"{")
    if opening > MAX_JSON_DEPTH and json_depth(body) > MAX_JSON_DEPTH:
        raise ValidationError({"body": f"JSON may nest at most {MAX_JSON_DEPTH} levels deep."},
                              INVALID_BODY)
    if _LONG_INTEGER.search(body):
        for literal in _LONG_INTEGER.findall(_JSON_STRING.sub(b'""', body)):
            if not MIN_JSON_INT <= int(literal) <= MAX_JSON_INT:
                raise ValidationError({"body": "A number in the body is out of range."},
                                      INVALID_BODY)


def _body_limit(handler: Any) -> int | None:
    resolve = getattr(handler, "resolve_request_max_body_size", None)
    return resolve() if resolve else MAX_BODY_BYTES


def _content_type(scope: Scope) -> bytes:
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            return value.split(b";")[0].strip().lower()
    return b""


async def _read_body(receive: Receive, limit: int | None) -> tuple[bytes, list[Message]]:
    chunks: list[bytes] = []
    size = 0
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return b"".join(chunks), messages
        chunk = message.get("body", b"")
        size += len(chunk)
        if limit is not None and size > limit:
            raise TooLarge(f"The request body is too large (at most {limit // 1024} KB).")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), messages


def input_guard(app: ASGIApp) -> ASGIApp:
    """The middleware factory installed on the app (see the module docstring)."""

    async def guard(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "websocket":
                _check_path(scope)
            await app(scope, receive, send)
            return
        handler = scope.get("route_handler")
        _check_path(scope)
        _check_query(scope, handler)
        content_type = _content_type(scope)
        if scope.get("method") not in BODY_METHODS or content_type.startswith(FORM_TYPES):
            await app(scope, receive, send)
            return
        body, messages = await _read_body(receive, _body_limit(handler))
        if body:
            check_json_body(body)
        replay = [{"type": "http.request", "body": body, "more_body": False}]
        replay += [m for m in messages if m["type"] != "http.request"]

        async def replayed() -> Message:
            return replay.pop(0) if replay else await receive()

        await app(scope, replayed, send)

    return guard
