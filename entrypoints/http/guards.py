"""Input guards every route gets for free: bad input is a 4xx in our shape, never a 500.

One ASGI middleware, installed on the app, so a route added later is covered without doing
anything. It runs after routing (Litestar wraps middleware around each route handler), so it
knows the handler and the parsed path parameters, and before any handler code or database:

- a request head over ``MAX_HEAD_BYTES`` or with more than ``MAX_HEADER_LINES`` header
  lines: 431 and the connection closed (the server refuses most such heads before they are
  read whole, ``entrypoints/cli/serve.py``; this holds the exact limit);
- a NUL byte anywhere in the path: 404 (static files, media and the SPA included);
- a NUL character in the query string, a JSON string (``\u0000``) or a form field: 400
  (PostgreSQL's text cannot hold one; SQLite would store it);
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

from litestar.enums import ScopeType
from litestar.exceptions import HTTPException
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from domain.errors import NotFound, TooLarge, ValidationError

MAX_ID = 2**31 - 1  # INTEGER id columns: 32-bit on PostgreSQL
MIN_QUERY_INT = -(2**31)
MAX_JSON_INT, MIN_JSON_INT = 2**63 - 1, -(2**63)  # what SQLite can store at all
MAX_BODY_BYTES = 1024 * 1024  # JSON bodies; routes taking uploads raise their own limit
MAX_JSON_DEPTH = 32
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MULTIPART = b"multipart/form-data"  # (uploads: read by their routes, bodies.read_form)
URL_ENCODED = b"application/x-www-form-urlencoded"
INVALID_BODY = "Invalid request. Please check the fields."
MAX_HEAD_BYTES = 64 * 1024
MAX_HEADER_LINES = 100
HEAD_TOO_LARGE = "The request's headers are too large."
TOO_LARGE = "too_large"  # a route's opt key: its own 413 message (:func:`too_large_text`)
NUL_TEXT = "Text may not contain NUL characters."
# A JSON escape of NUL (``\u0000``) not itself escaped: an even run of backslashes before it.
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")

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
    cached: tuple[str, ...] | None = getattr(handler, "_rethread_int_queries", None)
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


def _check_head(scope: Scope) -> None:
    headers = list(scope.get("headers", []))
    if len(headers) > MAX_HEADER_LINES or sum(
            len(name) + len(value) + 4 for name, value in headers) + len(
            scope.get("raw_path", b"")) + len(scope.get("query_string", b"")) > MAX_HEAD_BYTES:
        raise HTTPException(status_code=431, detail=HEAD_TOO_LARGE,
                            headers={"connection": "close"})


def contains_nul(raw: bytes) -> bool:
    """Does JSON text ``raw`` hold a NUL character (raw, or escaped in a string or key)?"""
    return b"\x00" in raw or (b"u0000" in raw and _JSON_NUL.search(raw) is not None)


def refuse_nul(value: str, field: str = "body") -> None:
    """400 for text holding NUL: form fields and other text read outside the guard."""
    if "\x00" in value:
        raise ValidationError({field: NUL_TEXT}, INVALID_BODY)


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
    query = scope.get("query_string", b"")
    if b"%00" in query or b"\x00" in query:
        raise ValidationError({"query": NUL_TEXT}, INVALID_BODY)
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
    if contains_nul(body):
        raise ValidationError({"body": NUL_TEXT}, INVALID_BODY)
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


def too_large_text(handler: Any) -> str:
    """A body over the route's limit: the 413's message. A route that takes uploads names
    its own in ``opt={TOO_LARGE: ...}`` (what may be sent, in the shopper's words), which
    this guard and the route's own multipart read (``entrypoints/http/bodies.py``) both use."""
    named = (getattr(handler, "opt", None) or {}).get(TOO_LARGE)
    if named:
        return str(named)
    limit = _body_limit(handler)
    return ("The request body is too large." if limit is None
            else f"The request body is too large (at most {limit // 1024} KB).")


def _content_type(scope: Scope) -> bytes:
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            return value.split(b";")[0].strip().lower()
    return b""


async def _read_body(receive: Receive, limit: int | None, too_large: str
                     ) -> tuple[bytes, list[ReceiveMessage]]:
    chunks: list[bytes] = []
    size = 0
    messages: list[ReceiveMessage] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return b"".join(chunks), messages
        chunk = message.get("body", b"")
        size += len(chunk)
        if limit is not None and size > limit:
            raise TooLarge(too_large)
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), messages


def input_guard(app: ASGIApp) -> ASGIApp:
    """The middleware factory installed on the app (see the module docstring)."""

    async def guard(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            if scope["type"] == ScopeType.WEBSOCKET:
                _check_head(scope)
                _check_path(scope)
            await app(scope, receive, send)
            return
        handler = scope.get("route_handler")
        _check_head(scope)
        _check_path(scope)
        _check_query(scope, handler)
        content_type = _content_type(scope)
        if scope.get("method") not in BODY_METHODS or content_type.startswith(MULTIPART):
            await app(scope, receive, send)
            return
        body, messages = await _read_body(receive, _body_limit(handler),
                                          too_large_text(handler))
        if body and content_type.startswith(URL_ENCODED):
            if b"%00" in body or b"\x00" in body:
                raise ValidationError({"body": NUL_TEXT}, INVALID_BODY)
        elif body:
            check_json_body(body)
        replay: list[ReceiveMessage] = [{"type": "http.request", "body": body, "more_body": False}]
        replay += [m for m in messages if m["type"] != "http.request"]

        async def replayed() -> ReceiveMessage:
            return replay.pop(0) if replay else await receive()

        await app(scope, replayed, send)

    return guard
