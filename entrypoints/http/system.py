"""Operator endpoints: health, and the CSRF cookie for clients that have none yet."""

from __future__ import annotations

from collections.abc import Callable

from litestar import Controller, Response, get
from litestar.status_codes import HTTP_204_NO_CONTENT

from application.ports import Clock
from application.system import SystemService
from entrypoints.http.telemetry import GaugeSource

HEALTH = "/health"


class SystemController(Controller):
    path = "/api"
    tags = ["system"]
    health_path = path + HEALTH

    # Load balancers and monitors poll this without cookies: it mints no CSRF cookie (that
    # cost more than the check itself, docs/performance.md) and reads no session.
    @get(HEALTH, opt={"errors": {503}, "exclude_from_csrf": True})
    async def health(self, system: SystemService) -> Response[dict[str, str | int]]:
        """``status``: "ok" once the database answers; ``searchLag``: outbox rows this
        host's search index has still to apply (docs/search.md)."""
        healthy = await system.health()
        body: dict[str, str | int] = {"status": "ok" if healthy else "unavailable"}
        if healthy:
            lag = await system.search_lag()
            if lag is not None:
                body["searchLag"] = lag
        return Response(body, status_code=200 if healthy else 503)

    @get("/csrf", status_code=HTTP_204_NO_CONTENT,
         summary="Set the CSRF cookie",
         description="Answers 204 and, when the request carries no `csrftoken` cookie, sets "
                     "one. Send its value back in the `x-csrftoken` header with every POST, "
                     "PUT, PATCH and DELETE. Any other GET outside the public catalog sets "
                     "it too; this one exists so a client can ask for it alone.")
    async def csrf(self) -> None:
        return None


def search_gauges(system: Callable[[], SystemService], clock: Clock) -> GaugeSource:
    """The search index's figures for /metrics: its lag behind the outbox, its documents and
    the age of its last commit (docs/search.md, "Operations")."""

    async def read() -> list[tuple[str, str, float]]:
        status = await system().search_status()
        if status is None:
            return []
        figures = [
            ("rethread_search_lag_rows", "Outbox rows this host's search index has still to "
             "apply", float(status.lag)),
            ("rethread_search_documents", "Listings in this host's search index",
             float(status.documents))]
        if status.committed_at is not None:
            figures.append(("rethread_search_commit_age_seconds", "Seconds since this host's "
                            "search index last committed",
                            (clock.now() - status.committed_at).total_seconds()))
        return figures

    return read
