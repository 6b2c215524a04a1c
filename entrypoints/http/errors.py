"""The one place that turns application errors into HTTP responses.

Body shape everywhere: ``{"message": "...", "errors": {"field": "message"}}`` (errors optional).
"""

from __future__ import annotations

import decimal
import logging
from typing import Any

from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR

from domain.errors import (
    Conflict,
    DomainError,
    Forbidden,
    NotAuthenticated,
    NotFound,
    RateLimited,
    TooLarge,
    TwoFactorRequired,
    ValidationError,
)

log = logging.getLogger("rethread.http")

STATUS_BY_ERROR: list[tuple[type[DomainError], int]] = [
    (ValidationError, 400),
    (NotAuthenticated, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (Conflict, 409),
    (TooLarge, 413),
    (RateLimited, 429),
]


def error_body(message: str, errors: dict[str, str] | None = None) -> dict[str, Any]:
    return {"message": message, "errors": errors} if errors else {"message": message}


def _json(status: int, body: dict[str, Any]) -> Response[dict[str, Any]]:
    return Response(body, status_code=status, media_type=MediaType.JSON)


def domain_error(_: Request[Any, Any, Any], error: DomainError) -> Response[dict[str, Any]]:
    status = next((code for cls, code in STATUS_BY_ERROR if isinstance(error, cls)), 400)
    body = error_body(error.message, getattr(error, "errors", None))
    if isinstance(error, TwoFactorRequired):
        body["twoFactorRequired"] = True
    response = _json(status, body)
    retry_after = getattr(error, "retry_after", None)
    if retry_after is not None:
        response.headers["Retry-After"] = str(max(1, int(retry_after)))
    return response


def _field_name(key: str | None) -> str:
    if not key:
        return "body"
    return key.removeprefix("$.").split(".")[-1] or "body"


MISSING_BODY = "A JSON object body is required."


def validation_error(_: Request[Any, Any, Any], error: ValidationException) -> Response[Any]:
    """Malformed bodies and parameters (wrong types, bad JSON): 400 with field messages."""
    errors: dict[str, str] = {}
    for item in error.extra or []:
        if isinstance(item, dict):
            key, message = item.get("key"), str(item.get("message", "Invalid value"))
            if key == "data" and message.strip("'") == "data":
                errors["body"] = MISSING_BODY  # Litestar's words for "no body at all"
                continue
            errors[_field_name(key)] = message
    return _json(400, error_body("Invalid request. Please check the fields.", errors or None))


def http_error(_: Request[Any, Any, Any], error: HTTPException) -> Response[Any]:
    return Response(error_body(error.detail), status_code=error.status_code,
                    media_type=MediaType.JSON, headers=error.headers)


def bad_input(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    """Last line for Python errors only bad input causes (huge numbers, deep or broken
    text) when a guard upstream did not catch it first: a 400, logged so it gets a guard."""
    log.warning("bad input reached %s on %s %s: %r", type(error).__name__, request.method,
                request.url.path, error)
    return _json(400, error_body("Invalid request. Please check the fields."))


def unexpected_error(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=error)
    return _json(HTTP_500_INTERNAL_SERVER_ERROR,
                 error_body("Something went wrong on our side. Please try again."))


EXCEPTION_HANDLERS: dict[type[Exception] | int, Any] = {
    DomainError: domain_error,
    ValidationException: validation_error,
    HTTPException: http_error,
    OverflowError: bad_input,
    RecursionError: bad_input,
    UnicodeError: bad_input,
    decimal.DecimalException: bad_input,
    Exception: unexpected_error,
}
