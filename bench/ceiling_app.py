"""The framework's ceiling: a bare Litestar app answering ``{"status": "ok"}``.

``make bench`` serves it with the same Granian and Python as ``rethread serve`` so the
ratio between the two is the cost of Rethread's own stack.
"""

from litestar import Litestar, get


@get("/api/health")
async def health() -> dict[str, str]:
    return {"status": "ok"}


app = Litestar([health])
