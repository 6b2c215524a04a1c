"""The authorization matrix: what each kind of caller gets from each route (issue 9, item 7).

``tests/api/test_api_authz_matrix.py`` reads every ``ROWS`` list and ``MAKERS`` dict of the
modules in this package (one module per area, so nobody edits another area's file) and
holds the app to them:

- every (method, path) of the app's own route table has exactly one row, and every row
  names a route the app has (``SKIPPED`` lists the few routes left out, with the reason);
- each row is requested as the four callers of :data:`ROLES` on a small real world (see
  :class:`World`) and must answer the status its row says for that caller.

Adding a route: add one line to your area's module (or a new module with ``ROWS``)::

    Row("DELETE", "/api/offers/{offer_id:int}", anonymous=401, other=403, owner=204,
        admin=403, params={"offer_id": "$offer"}),

Placeholders (in ``params``, ``query`` and ``json``, at any depth): ``$owner``, ``$other``,
``$peer``, ``$admin`` (user ids), ``$actor`` (the caller's own id; the owner's for
anonymous), ``$unique`` / ``$unique_email`` (fresh per request) and ``$<maker>``: the id returned by
``MAKERS[<maker>](world)``, an async function that creates the resource through the API,
owned by (or involving) ``world.owner``. A safe (GET) row shares one resource between the
callers; an unsafe row gets a fresh one per caller, so the owner's DELETE does not change
what the next caller sees.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.support import ApiClient

#: The four callers, in the order their columns appear in a row.
ROLES = ("anonymous", "other", "owner", "admin")
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

Expected = int | tuple[int, ...]


@dataclass(frozen=True)
class Row:
    """One (method, path) of the route table and the status each caller gets.

    ``path`` is the route template exactly as Litestar names it (``{id:int}`` included).
    ``json`` is the request body (a valid one, so the answer is about who asks, not about
    what is sent); ``multipart`` sends ``json``'s fields as a form instead.
    ``relogin`` logs the caller in again afterwards (rows that end the session).
    ``check(world, role, response)`` looks inside an answer whose status alone does not
    tell (a list filtered per caller) and returns what is wrong, or None.
    """

    method: str
    path: str
    anonymous: Expected
    other: Expected
    owner: Expected
    admin: Expected
    params: dict[str, Any] = field(default_factory=dict)
    query: dict[str, Any] = field(default_factory=dict)
    json: Any = None
    relogin: bool = False
    check: Callable[[World, str, Any], str | None] | None = None

    @property
    def key(self) -> tuple[str, str]:
        return (self.method, self.path)

    def expected(self, role: str) -> tuple[int, ...]:
        value = getattr(self, role)
        return value if isinstance(value, tuple) else (value,)


def same(status: Expected) -> dict[str, Expected]:
    """Public: everyone gets ``status``."""
    return dict.fromkeys(ROLES, status)


def logged_in(status: Expected) -> dict[str, Expected]:
    """Any logged-in user gets ``status`` (about themselves); visitors get 401."""
    return {"anonymous": 401, "other": status, "owner": status, "admin": status}


def owner_only(status: Expected, *, admin: Expected = 403, other: Expected = 403
               ) -> dict[str, Expected]:
    """Only the owner (or participant) gets ``status``; others 403, visitors 401."""
    return {"anonymous": 401, "other": other, "owner": status, "admin": admin}


def admin_only(status: Expected) -> dict[str, Expected]:
    return {"anonymous": 401, "other": 403, "owner": 403, "admin": status}


def any_of(*statuses: int) -> tuple[int, ...]:
    return statuses


class World:
    """The people of the matrix, each with their own logged-in client, on one app.

    ``owner`` owns (or takes part in) every resource a maker creates; ``other`` is a
    stranger to it; ``peer`` is the other party when a resource needs two people (the
    seller of what the owner buys, the partner of the owner's conversation); ``admin``
    is an administrator who is not a party.
    """

    def __init__(self, clients: dict[str, ApiClient], ids: dict[str, int],
                 makers: dict[str, Callable[[World], Awaitable[Any]]]) -> None:
        self.clients = clients
        self.ids = ids
        self.makers = makers
        self._shared: dict[str, Any] = {}
        self._counter = 0

    @property
    def owner(self) -> ApiClient:
        return self.clients["owner"]

    @property
    def other(self) -> ApiClient:
        return self.clients["other"]

    @property
    def peer(self) -> ApiClient:
        return self.clients["peer"]

    @property
    def admin(self) -> ApiClient:
        return self.clients["admin"]

    def unique(self) -> str:
        self._counter += 1
        return f"matrix{self._counter}"

    async def make(self, name: str, *, fresh: bool) -> Any:
        if name not in self.makers:
            raise KeyError(f"no maker named {name!r} (add it to an area's MAKERS)")
        if fresh:
            return await self.makers[name](self)
        if name not in self._shared:
            self._shared[name] = await self.makers[name](self)
        return self._shared[name]

    async def fill(self, value: Any, role: str, *, fresh: bool) -> Any:
        """``value`` with every ``$placeholder`` string replaced (see the module doc)."""
        if isinstance(value, dict):
            return {k: await self.fill(v, role, fresh=fresh) for k, v in value.items()}
        if isinstance(value, list):
            return [await self.fill(v, role, fresh=fresh) for v in value]
        if not (isinstance(value, str) and value.startswith("$")):
            return value
        name = value[1:]
        if name == "actor":
            name = "owner" if role == "anonymous" else role
        if name in self.ids:
            return self.ids[name]
        if name == "unique":
            return self.unique()
        if name == "unique_email":
            return f"{self.unique()}@example.com"
        return await self.make(name, fresh=fresh)


def load() -> tuple[list[Row], dict[str, Callable[[World], Awaitable[Any]]], dict[str, str]]:
    """Every area module's ROWS, MAKERS and SKIPPED, merged (duplicates are an error)."""
    rows: list[Row] = []
    makers: dict[str, Callable[[World], Awaitable[Any]]] = {}
    skipped: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        rows.extend(getattr(module, "ROWS", []))
        for name, maker in getattr(module, "MAKERS", {}).items():
            assert name not in makers, f"maker {name!r} is defined twice ({info.name})"
            makers[name] = maker
        skipped.update(getattr(module, "SKIPPED", {}))
    return rows, makers, skipped
