"""Operator endpoints: health."""

from __future__ import annotations

from litestar import Controller, Response, get

from application.system import SystemService


class SystemController(Controller):
    path = "/api"
    tags = ["system"]

    # Keeps the CSRF middleware: the webapp and API clients fetch their csrftoken cookie here.
    @get("/health", opt={"errors": {503}})
    async def health(self, system: SystemService) -> Response[dict[str, str]]:
        healthy = await system.health()
        return Response({"status": "ok" if healthy else "unavailable"},
                        status_code=200 if healthy else 503)
