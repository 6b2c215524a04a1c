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
  :func:`describe`;
- a handler's docstring is its operation's text: the first line its summary ("List my
  orders", in the viewer's menu), the paragraphs after it its description (what it answers,
  who may ask, when it refuses and with which status). The decorator passes neither
  ``summary=`` nor ``description=``;
- a success response Litestar describes with the standard library's wording ("Request
  fulfilled, document follows") says its status's name instead ("OK", "Created"); a
  handler's own ``response_description=`` stays;
- the controllers' ``tags`` are declared in :data:`TAGS`: the viewer's sections, in that
  order, each with its sentence (and its name capitalised as the heading).

The viewer at ``/schema`` (Redoc) shows the same finished document and runs from the
webapp's build (``assets/redoc-<hash>.js``, copied from the ``redoc`` npm package by
``webapp/vite.config.ts``), so the page needs no network beyond this server.
"""

from __future__ import annotations

import html
import http
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from litestar import Litestar, Request
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, RedocRenderPlugin
from litestar.openapi.spec import Tag
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
#: The reference's opening page: what every operation has in common.
INTRO = """The JSON API behind Rethread's web app.

- **Sessions**: `POST /api/login` (or `POST /api/register`) sets the `rethread_session`
  cookie; send it back with every request.
- **CSRF**: every POST, PUT, PATCH and DELETE carries the value of the `csrftoken` cookie in
  an `x-csrftoken` header (403 without it); `GET /api/csrf` sets the cookie.
- **Errors** are `{"message": "...", "errors": {"field": "..."}}` (`errors` only when fields
  are at fault, named as sent) with an honest status: 400 bad input, 401 not signed in, 403
  not allowed, 404 missing, 409 in conflict with the current state, 413 too large, 429 too
  many requests (with `Retry-After`).
- **Lists** come a page at a time: `limit`, and `cursor` set to the previous page's
  `nextCursor` (null on the last page).
- **Money** is a decimal string of dollars (`"80.00"`); times are ISO 8601, in UTC.
- **Realtime**: messages and notifications also arrive over the WebSocket at `/ws`.
"""
#: The controllers' ``tags``, in the viewer's order, each with what its section holds.
TAGS = [Tag(name=name, description=description) for name, description in [
    ("accounts", "Signing up and in, the session, your profile, password, email, two-factor "
                 "authentication and notification settings."),
    ("catalog", "Searching and browsing listings, and selling: create, edit and delete your "
                "listings."),
    ("favorites", "Your watch list of listings."),
    ("saved searches", "Searches you keep, to run again and be told of new matches."),
    ("offers", "Offers on a listing and counter-offers between buyer and seller."),
    ("orders", "Buying: quotes, orders, payment, shipping, status, addresses and reviews."),
    ("bundles", "Sellers' bundle discounts and your bag of listings from one seller."),
    ("disputes", "When an order goes wrong: the buyer opens a dispute, the seller answers, "
                 "administrators resolve it."),
    ("messages", "Conversations between members."),
    ("notifications", "What happened that concerns you, and marking it read."),
    ("social", "Public profiles, following and followers."),
    ("posts", "The style feed: posts, comments, likes, saves, tagged and trending posts."),
    ("blog", "Blog posts: members write them, everyone reads the published ones."),
    ("seller stats", "A seller's figures (views, offers, sales, earnings) and counting "
                     "listing views."),
    ("vacation", "Vacation mode: a member away, with their message and return date."),
    ("trust", "Reporting content and blocking members."),
    ("contact", "The contact form: anyone writes, administrators read."),
    ("admin", "Moderation, order desk, audit log and analytics, for administrators only."),
    ("system", "The server's health, the CSRF cookie and Prometheus metrics."),
]]
#: The viewer's script in the webapp's build (``webapp/vite.config.ts``, ``redocViewer``).
REDOC_GLOB = "assets/redoc-*.js"
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


def _summary_and_description(operation: dict[str, Any]) -> None:
    """The docstring Litestar put in ``description`` (``use_handler_docstrings``), split as
    PEP 257 writes it: the first line is the summary (without its full stop), the rest the
    description. Without a docstring, Litestar's summary (the function's name) stays."""
    text = operation.get("description")
    if not text:
        return
    first, _, rest = text.partition("\n\n")
    operation["summary"] = " ".join(first.split()).removesuffix(".")
    if rest.strip():
        operation["description"] = rest.strip()
    else:
        del operation["description"]


def _plain_successes(responses: dict[str, Any]) -> None:
    """Litestar's default text for a 2xx is the standard library's ("Request fulfilled,
    document follows"): say the status's name ("OK") instead, keeping a handler's own."""
    for code, response in responses.items():
        if code.startswith("2"):
            status = http.HTTPStatus(int(code))
            if response.get("description") == status.description:
                response["description"] = status.phrase


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
    for tag in document.get("tags", []):
        tag.setdefault("x-displayName", tag["name"].capitalize())
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method.upper() not in http.HTTPMethod.__members__:
                continue
            _summary_and_description(operation)
            if method == "head":  # (every GET answers HEAD too: say so, not its text again)
                operation["summary"] = f"{operation.get('summary', 'Read')} (headers only)"
                operation["description"] = f"What `GET {path}` answers, without the body."
            _plain_successes(operation.get("responses", {}))
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
            # A route's own `responses=` stays as it says (the health check's 503 is not an
            # error body); every other 4xx/5xx is our error body.
            own = {str(code) for code in handler.responses or {}}
            for code in [c for c in responses if c.startswith(("4", "5")) and c not in own]:
                del responses[code]
            statuses = error_statuses(method.upper(), handler, route_path,
                                      "requestBody" in operation,
                                      bool(operation.get("parameters")))
            for status in sorted(statuses):
                if str(status) not in own:
                    responses[str(status)] = _error_response(status)
    _apply_hints(components)
    return document


def _finished(request: Request[Any, Any, Any], openapi_schema: dict[str, Any]
              ) -> dict[str, Any]:
    """The app's document, finished once, whichever page asks for it first."""
    if "Error" not in openapi_schema.get("components", {}).get("schemas", {}):
        finish_openapi(request.app, openapi_schema)
    return openapi_schema


class FinishedJsonRenderPlugin(JsonRenderPlugin):
    """``/schema/openapi.json``: Litestar's document, finished once before its first render."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return super().render(request, _finished(request, openapi_schema))

    def receive_router(self, router: Router) -> None:
        """The documentation's routes answer HEAD as every other GET does (called once every
        render plugin's route is on ``router``, before the app registers it)."""
        super().receive_router(router)
        answer_head_too(handler for route in router.routes if isinstance(route, HTTPRoute)
                        for handler in route.route_handlers)


NOT_BUILT = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title></head>"
             "<body><h1>{title}</h1><p>The API reference viewer comes with the webapp's build "
             "(<code>npm run build</code>). The document itself is at "
             "<a href='/schema/openapi.json'>/schema/openapi.json</a>.</p></body></html>")


class LocalRedocRenderPlugin(RedocRenderPlugin):
    """``/schema`` and ``/schema/redoc``: Redoc from the webapp's build (this origin), with
    the finished document, no web fonts and our favicon: the page asks nothing of any other
    host, so it works offline and under the page's strict policy (``headers.SCHEMA_CSP``).
    The script's name has its content's hash, so it is looked up at each render: a new build
    is picked up without a restart. Without a build, a page that says so."""

    def __init__(self, webapp_dir: Path) -> None:
        super().__init__(path=["/", "/redoc"], google_fonts=False,
                         favicon="<link rel='icon' type='image/svg+xml' href='/favicon.svg'>")
        self.webapp_dir = webapp_dir

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        script = min(self.webapp_dir.glob(REDOC_GLOB), default=None)
        if script is None:
            title = html.escape(openapi_schema["info"]["title"])
            return NOT_BUILT.format(title=title).encode()
        self.js_url = "/" + script.relative_to(self.webapp_dir).as_posix()
        return super().render(request, _finished(request, openapi_schema))


def openapi_config(title: str, version: str, webapp_dir: Path) -> OpenAPIConfig:
    """The app's OpenAPI config: the finished JSON, and Redoc at ``/schema`` from the webapp's
    build in ``webapp_dir``. Handlers' docstrings are their operations' summaries and
    descriptions (see the module docstring)."""
    return OpenAPIConfig(title=title, version=version, description=INTRO, path="/schema",
                         tags=TAGS, use_handler_docstrings=True, render_plugins=[
                             FinishedJsonRenderPlugin(), LocalRedocRenderPlugin(webapp_dir)])
