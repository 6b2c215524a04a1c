"""Reading a body a handler takes itself: JSON into a Struct, or ``multipart/form-data``.

Routes that accept uploads (listings, style posts) read the request themselves so one route
takes both JSON (photos as data URLs) and multipart (photos as files). Errors are ours: a body
over the route's limit is 413 with the message the route names (``opt={TOO_LARGE: ...}``,
``entrypoints/http/guards.py:too_large_text``), bad JSON or wrong types 400.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from litestar import Request
from litestar.datastructures import FormMultiDict, UploadFile
from litestar.exceptions.http_exceptions import RequestEntityTooLarge

from application.media import MAX_IMAGE_MB
from domain.errors import TooLarge, ValidationError
from entrypoints.http.guards import refuse_nul, too_large_text

T = TypeVar("T")
INVALID = "Invalid request. Please check the fields."


def too_large_upload(photos: int) -> str:
    """A photo route's 413 message (its ``opt={TOO_LARGE: ...}``): what may be sent."""
    if photos == 1:
        return f"That upload is too large: one photo of at most {MAX_IMAGE_MB} MB."
    return f"That upload is too large: at most {photos} photos of {MAX_IMAGE_MB} MB each."


def is_multipart(request: Request[Any, Any, Any]) -> bool:
    return request.content_type[0] == "multipart/form-data"


async def read_body(request: Request[Any, Any, Any]) -> bytes:
    try:
        return await request.body()
    except RequestEntityTooLarge as error:
        raise TooLarge(too_large_text(request.route_handler)) from error


async def read_form(request: Request[Any, Any, Any]) -> FormMultiDict:
    """The form, its text fields free of NUL characters (400 otherwise, as in JSON)."""
    try:
        form = await request.form()
    except RequestEntityTooLarge as error:
        raise TooLarge(too_large_text(request.route_handler)) from error
    for name, value in form.multi_items():
        if isinstance(value, str):
            refuse_nul(value, name)
    return form


async def form_files(form: FormMultiDict, name: str) -> list[bytes | str]:
    """The uploads named ``name``: file parts as bytes, text parts (a data URL) as text."""
    values = form.getall(name) if name in form else []
    return [await v.read() if isinstance(v, UploadFile) else str(v) for v in values]


def decode_json(raw: bytes, kind: type[T]) -> T:
    try:
        return msgspec.json.decode(raw or b"{}", type=kind)
    except msgspec.ValidationError as error:
        raise ValidationError({"body": str(error)}, INVALID) from error
    except msgspec.DecodeError as error:
        raise ValidationError({"body": "The body is not valid JSON."}, INVALID) from error


def convert(fields: dict[str, Any], kind: type[T]) -> T:
    """Form fields (text, by their JSON names) into ``kind``; numbers are parsed (400)."""
    try:
        return msgspec.convert(fields, kind, strict=False)
    except msgspec.ValidationError as error:
        raise ValidationError({"body": str(error)}, INVALID) from error
