"""A handler's dependencies resolved one after the other, in the request's own task.

Litestar resolves the dependencies of a handler that sit at the same depth (a service and
``viewer``, or a service and ``current_user``) concurrently: an anyio task group and a
task per dependency, for every request. Ours are a service built from the container
(synchronous, microseconds) and the viewer's session lookup, so running them side by side
gains nothing. The task group cost 6% of a search's CPU under load at a million listings
(py-spy, ``docs/performance.md``, "Fewer turns of the event loop"), and each task waited
for a turn of the event loop, which under 64 connections is a whole round of everyone
else's work. In turn, sorted by name so that which error wins is always the same.

This replaces ``KwargsModel.resolve_dependencies`` of the pinned Litestar (2.25.0) with
the same loop minus the task group; ``tests/unit/test_dependencies.py`` fails if a
Litestar upgrade renames what it replaces.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from litestar._kwargs.cleanup import DependencyCleanupGroup
from litestar._kwargs.dependencies import resolve_dependency
from litestar._kwargs.kwargs_model import KwargsModel

_by_key = attrgetter("key")


async def resolve_in_turn(self: KwargsModel, connection: Any,
                          kwargs: dict[str, Any]) -> DependencyCleanupGroup:
    cleanup_group = DependencyCleanupGroup()
    for batch in self.dependency_batches:
        for dependency in sorted(batch, key=_by_key) if len(batch) > 1 else batch:
            await resolve_dependency(dependency, connection, kwargs, cleanup_group)
    return cleanup_group


def resolve_dependencies_in_turn() -> None:
    """Install :func:`resolve_in_turn` (idempotent; the app factory calls it)."""
    KwargsModel.resolve_dependencies = resolve_in_turn  # type: ignore[method-assign]
