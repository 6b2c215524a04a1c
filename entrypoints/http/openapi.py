"""A truthful OpenAPI document: our error shape, every status a route can answer, real bodies.

Litestar builds the document from the route table; :func:`finish_openapi` then edits it once,
when ``/schema/openapi.json`` is first asked for, so every route (including ones added later)
gets the same treatment without doing anything:

- every 4xx is described with our body, ``{"message", "errors"?}`` (component ``Error``),
  never Litestar's ``{status_code, detail}``;
- the statuses a route can answer come from what it takes (see :func:`error_statuses`): 400
  for any parameter or body, 401 and 403 for routes that know who is asking, 403 for every
  unsafe method (CSRF), 404 for path ids and bodies naming rows, 409 for
  writes, 413 for bodies; a route adds the ones only it knows with
  ``opt={"errors": {429}}`` on its decorator;
- integer path parameters say 1..2^31-1, integer query parameters the 32-bit range (what the
  input guard lets through);
- a handler that reads its body itself (listings, style posts: JSON or multipart) names the
  Structs with ``opt={"body": SomeStruct, "form": SomeStruct}``; the form's file parts are
  ``opt["files"]`` (name -> how many; listings' ``images`` by default) and fields that are not
  plain text (repeated or JSON fields) ``opt["form_fields"]`` (name -> schema);
- input Structs whose fields default to "" (so a missing field gets the spec's message, not
  msgspec's) say which fields are required and their lengths, enums and patterns with
  :func:`describe`.
"""

from __future__ import annotations

import http
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import msgspec
from litestar import Litestar, Request
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, RedocRenderPlugin
from litestar.router import Router
from litestar.routes import HTTPRoute

from entrypoints.http.caching import answer_head_too
from entrypoints.http.guards import MAX_ID, MIN_QUERY_INT

ERROR_REF = {"$ref": "#/components/schemas/Error"}
ERROR_SCHEMA = {
    "type": "object",
    "required": ["message"],
    "properties": {
        "message": {"type": "string", "description": "What went wrong, for people."},
        "errors": {"type": "object", "additionalProperties": {"type": "string"},
                   "description": "Per field (camelCase, as sent): what to correct."},
    },
    "additionalProperties": False,
}
#: The viewer at ``/schema``, pinned, from a CDN the page's Content-Security-Policy allows
#: (``headers.SCHEMA_CDN``; Litestar's default, cdn.redoc.ly's "latest", is not allowed there
#: and left the page blank).
REDOC_JS = "https://cdn.jsdelivr.net/npm/redoc@2.5.4/bundles/redoc.standalone.js"
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
USER_DEPENDENCIES = {"current_user", "admin", "viewer"}

T = TypeVar("T", bound=type)
_HINTS: dict[str, dict[str, Any]] = {}


def describe(*, required: Iterable[str] = (),
             fields: dict[str, dict[str, Any]] | None = None) -> Callable[[T], T]:
    """Class decorator for a Struct (an input's mostly; an answer's ``enum`` too):
    ``required`` JSON names, per-field schema additions (``minLength``, ``maxLength``,
    ``enum``, ``pattern``, ``minimum``...)."""

    def mark(struct: T) -> T:
        _HINTS[struct.__name__] = {"required": list(required), "fields": fields or {}}
        return struct

    return mark


def error_statuses(method: str, handler: HTTPRouteHandler, path: str,
                   has_body: bool, has_params: bool) -> set[int]:
    """The error statuses a route can answer (see the module docstring)."""
    names = set(handler.parsed_fn_signature.parameters)
    statuses: set[int] = set(handler.opt.get("errors", ()))
    if has_params or has_body:
        statuses.add(400)
    if names & USER_DEPENDENCIES:
        statuses |= {401, 403}  # not logged in; logged in but not yours
    if "admin" in names:
        statuses.add(403)
    if "{" in path:
        statuses.add(404)
    if method in UNSAFE:
        statuses |= {403, 409}
        if has_body:
            statuses |= {404, 413}
    return statuses


def _error_response(status: int) -> dict[str, Any]:
    return {"description": http.HTTPStatus(status).phrase,
            "content": {"application/json": {"schema": ERROR_REF}}}


def _struct_schema(struct: type, components: dict[str, Any]) -> dict[str, Any]:
    (schema,), defs = msgspec.json.schema_components(
        [struct], ref_template="#/components/schemas/{name}")
    for name, definition in defs.items():
        components.setdefault(name, definition)
    return schema


LISTING_FILES = {"images": 5}


def _file_schema(count: int) -> dict[str, Any]:
    one = {"type": "string", "format": "binary",
           "description": "A photo (JPEG, PNG, WebP or GIF)."}
    if count == 1:
        return one
    return {"type": "array", "items": one, "maxItems": count,
            "description": "Photos (JPEG, PNG, WebP or GIF)."}


def _form_schema(struct: type, components: dict[str, Any], files: dict[str, int],
                 overrides: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The multipart twin of a JSON body: text fields as strings (with their lengths and
    enums), ``files`` (name -> how many) as binary parts, ``overrides`` verbatim."""
    ref = _struct_schema(struct, components)
    name = ref["$ref"].rsplit("/", 1)[-1]
    fields = dict(components[name].get("properties", {}))
    properties = {key: {"type": "string", **{
        k: v for k, v in value.items() if k in ("minLength", "maxLength", "enum")}}
        for key, value in fields.items() if key not in files}
    properties |= overrides
    properties |= {key: _file_schema(count) for key, count in files.items()}
    form: dict[str, Any] = {"type": "object", "properties": properties}
    hints = _HINTS.get(name)
    if hints and hints["required"]:
        form["required"] = hints["required"]
    return form


def _apply_hints(components: dict[str, Any]) -> None:
    for name, hints in _HINTS.items():
        schema = components.get(name)
        if schema is None:
            continue
        if hints["required"]:
            schema["required"] = sorted(set(schema.get("required", [])) | set(hints["required"]))
        properties = schema.setdefault("properties", {})
        for field in [*hints["required"], *hints["fields"]]:
            properties.get(field, {}).pop("default", None)  # "" is a placeholder, not valid
        for field, extra in hints["fields"].items():
            target = properties.setdefault(field, {})
            if "oneOf" in target:  # Optional[...]: constrain the non-null arm
                for arm in target["oneOf"]:
                    if arm.get("type") != "null":
                        arm.update(extra)
            else:
                target.update(extra)


def _bound_integers(operation: dict[str, Any]) -> None:
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        arms = schema.get("oneOf", [schema])
        for arm in arms:
            if arm.get("type") == "integer":
                if parameter.get("in") == "path":
                    arm.setdefault("minimum", 1)
                else:
                    arm.setdefault("minimum", MIN_QUERY_INT)
                arm.setdefault("maximum", MAX_ID)


def _handlers(app: Litestar) -> dict[tuple[str, str], tuple[HTTPRouteHandler, str]]:
    found: dict[tuple[str, str], tuple[HTTPRouteHandler, str]] = {}
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            for method in handler.http_methods:
                found[(route.path_format or "/", method)] = (handler, route.path)
    return found


def finish_openapi(app: Litestar, document: dict[str, Any]) -> dict[str, Any]:
    """Edit Litestar's document in place (see the module docstring) and return it."""
    components = document.setdefault("components", {}).setdefault("schemas", {})
    components["Error"] = ERROR_SCHEMA
    handlers = _handlers(app)
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method.upper() not in http.HTTPMethod.__members__:
                continue
            found = handlers.get((path, method.upper()))
            if found is None:
                continue
            handler, route_path = found
            if (body := handler.opt.get("body")) is not None:
                content = {"application/json": {"schema": _struct_schema(body, components)}}
                if (form := handler.opt.get("form")) is not None:
                    content["multipart/form-data"] = {"schema": _form_schema(
                        form, components, handler.opt.get("files", LISTING_FILES),
                        handler.opt.get("form_fields", {}))}
                operation["requestBody"] = {"required": True, "content": content}
            _bound_integers(operation)
            responses = operation.setdefault("responses", {})
            for code in [c for c in responses if c.startswith(("4", "5"))]:
                del responses[code]
            statuses = error_statuses(method.upper(), handler, route_path,
                                      "requestBody" in operation,
                                      bool(operation.get("parameters")))
            for status in sorted(statuses):
                responses[str(status)] = _error_response(status)
    _apply_hints(components)
    return document


class FinishedJsonRenderPlugin(JsonRenderPlugin):
    """``/schema/openapi.json``: Litestar's document, finished once before its first render."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        if "Error" not in openapi_schema.get("components", {}).get("schemas", {}):
            finish_openapi(request.app, openapi_schema)
        return super().render(request, openapi_schema)

    def receive_router(self, router: Router) -> None:
        """The documentation's routes answer HEAD as every other GET does (called once every
        render plugin's route is on ``router``, before the app registers it)."""
        super().receive_router(router)
        answer_head_too(handler for route in router.routes if isinstance(route, HTTPRoute)
                        for handler in route.route_handlers)


def openapi_config(title: str, version: str) -> OpenAPIConfig:
    """The app's OpenAPI config: the finished JSON, and Redoc at ``/schema``. A handler's
    docstring is its route's description (what it answers, when it refuses), unless the
    decorator gives one."""
    return OpenAPIConfig(title=title, version=version, path="/schema",
                         use_handler_docstrings=True, render_plugins=[
                             FinishedJsonRenderPlugin(),
                             RedocRenderPlugin(js_url=REDOC_JS, path=["/", "/redoc"])])
