"""Shared bases for request and response Structs at the HTTP edge."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.params import Parameter


class CamelStruct(msgspec.Struct, rename="camel", kw_only=True):
    """Python names in snake_case, JSON in camelCase (spec §7 field names)."""


class Message(CamelStruct):
    message: str


# Query parameters every paged list takes (the rule behind them: application/shared/paging.py).
Limit = Annotated[int | None, Parameter(query="limit")]
Cursor = Annotated[str | None, Parameter(query="cursor")]
