"""``rethread serve``: the API, /ws, media and the built SPA in one server."""

from __future__ import annotations

import typer
import uvicorn

from entrypoints.settings import get_settings


def serve(
    host: str = typer.Option(None, help="Interface to bind (default RETHREAD_HOST)."),
    port: int = typer.Option(None, help="Port (default RETHREAD_PORT)."),
    workers: int = typer.Option(1, min=1, help="Server processes sharing the port."),
) -> None:
    """Serve Rethread."""
    settings = get_settings()
    uvicorn.run(
        "entrypoints.http.app:create_app",
        factory=True,
        host=host or settings.host,
        port=port or settings.port,
        workers=workers,
        proxy_headers=False,
        log_level="info",
    )
