"""A handler's dependencies run in the request's own task, one after the other
(``entrypoints/http/dependencies.py``), with the same results and errors as Litestar's."""

from __future__ import annotations

import asyncio

from litestar import Litestar, get
from litestar.di import Provide
from litestar.exceptions import NotAuthorizedException
from litestar.testing import TestClient

from entrypoints.http.dependencies import resolve_dependencies_in_turn

tasks: dict[str, asyncio.Task[object] | None] = {}


async def provide_a() -> str:
    tasks["a"] = asyncio.current_task()
    return "a"


async def provide_b() -> str:
    tasks["b"] = asyncio.current_task()
    return "b"


async def provide_ab(a: str, b: str) -> str:
    return a + b


async def provide_refused() -> str:
    raise NotAuthorizedException("no")


@get("/both")
async def both(a: str, b: str, ab: str) -> dict[str, object]:
    return {"values": [a, b, ab], "same_task": tasks["a"] is tasks["b"] is asyncio.current_task()}


@get("/refused")
async def refused(a: str, refused: str) -> str:
    return refused


def test_dependencies_at_one_depth_run_in_the_request_task_with_the_same_results() -> None:
    resolve_dependencies_in_turn()
    app = Litestar([both, refused], dependencies={
        "a": Provide(provide_a), "b": Provide(provide_b), "ab": Provide(provide_ab),
        "refused": Provide(provide_refused)})
    with TestClient(app) as client:
        answer = client.get("/both")
        assert answer.json() == {"values": ["a", "b", "ab"], "same_task": True}
        assert client.get("/refused").status_code == 401
