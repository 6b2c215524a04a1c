"""Run an async use case from a sync Typer command with a container built from settings."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from rich.console import Console

from entrypoints.container import Container, build_container, shutdown
from entrypoints.settings import get_settings

T = TypeVar("T")
console = Console()
errors = Console(stderr=True)


def run(use_case: Callable[[Container], Awaitable[T]]) -> T:
    async def main() -> T:
        container = build_container(get_settings())
        try:
            return await use_case(container)
        finally:
            await shutdown(container)

    return asyncio.run(main())
