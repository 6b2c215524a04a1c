"""The webapp's route table on the server: which paths are pages and which can be shared.

The list itself is ``routes.json``, read by the webapp too and checked against its router
by ``webapp/src/app/routes.test.tsx``; a path no route matches answers 404 (with the SPA's
own 404 page).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROUTES_FILE = Path(__file__).with_name("routes.json")
MAX_ID = 2**63 - 1


@dataclass(frozen=True, slots=True)
class SpaRoute:
    path: str
    access: str
    share: str | None
    pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class RouteMatch:
    route: SpaRoute
    param: str | None  # the route's one parameter (id or slug), when it has one

    @property
    def share_id(self) -> int | None:
        """The parameter as a database id, or None when it cannot be one."""
        if self.param is None or not self.param.isdigit():
            return None
        value = int(self.param)
        return value if 1 <= value <= MAX_ID else None


def _compile(path: str) -> re.Pattern[str]:
    parts = [("([^/]+)" if part.startswith(":") else re.escape(part))
             for part in path.strip("/").split("/")]
    return re.compile("/" + "/".join(parts) if path != "/" else "/")


@cache
def spa_routes() -> tuple[SpaRoute, ...]:
    table = json.loads(ROUTES_FILE.read_text(encoding="utf-8"))
    return tuple(SpaRoute(r["path"], r["access"], r.get("share"), _compile(r["path"]))
                 for r in table["routes"])


def match_route(path: str) -> RouteMatch | None:
    """The route a browser path (no query) belongs to; a trailing slash is ignored."""
    clean = "/" + path.strip("/")
    for route in spa_routes():
        found = route.pattern.fullmatch(clean)
        if found:
            return RouteMatch(route, found.group(1) if found.groups() else None)
    return None
