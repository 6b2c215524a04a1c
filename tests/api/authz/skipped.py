"""Routes the matrix leaves out, each with the reason."""

from __future__ import annotations

SKIPPED = {
    "/schema": "OpenAPI documentation pages: public, no user data",
    "/schema/openapi.json": "the OpenAPI document: public, no user data",
    "/schema/redoc": "OpenAPI documentation page: public, no user data",
    "/schema/{path:str}": "OpenAPI documentation pages: public, no user data",
    "/media/{file_path:path}": "static, content-addressed uploads: public by design",
    "/": "the webapp's static shell (SPA): the same file for everyone",
    "/{path:path}": "the webapp's catch-all (SPA): the same file for everyone",
}
