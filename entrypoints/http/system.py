"""Operator endpoints: health, and the CSRF cookie for clients that have none yet."""

from __future__ import annotations

from litestar import Controller, Response, get
from litestar.openapi import ResponseSpec
from litestar.status_codes import HTTP_204_NO_CONTENT

from application.system import SystemService

HEALTH = "/health"


class SystemController(Controller):
    path = "/api"
    tags = ["system"]
    health_path = path + HEALTH

    # Load balancers and monitors poll this without cookies: it mints no CSRF cookie (that
    # cost more than the check itself, docs/performance.md) and reads no session.
    # Its 503 is not the error body of the other routes: monitors read the same `status`.
    @get(HEALTH, opt={"exclude_from_csrf": True}, responses={503: ResponseSpec(
        data_container=dict[str, str], generate_examples=False,
        description='The database does not answer: `{"status": "unavailable"}`')})
    async def health(self, system: SystemService) -> Response[dict[str, str | int]]:
        """Check the server's health.

        Public, no cookies needed (load balancers and monitors poll it). 200 with
        `{"status": "ok"}` once the database answers, plus `searchLag`: the outbox rows this
        host's search index has still to apply. 503 with `{"status": "unavailable"}` when
        the database does not answer.
        """
        healthy = await system.health()
        body: dict[str, str | int] = {"status": "ok" if healthy else "unavailable"}
        if healthy:
            lag = await system.search_lag()
            if lag is not None:
                body["searchLag"] = lag
        return Response(body, status_code=200 if healthy else 503)

    @get("/csrf", status_code=HTTP_204_NO_CONTENT)
    async def csrf(self) -> None:
        """Get a CSRF cookie.

        Public. Answers 204 and, when the request carries no `csrftoken` cookie, sets one.
        Send its value back in the `x-csrftoken` header with every POST, PUT, PATCH and
        DELETE (403 without it). Any other GET outside the public catalog sets it too; this
        one exists so a client can ask for it alone.
        """
        return None

