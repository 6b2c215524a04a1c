"""Shared bases for request and response Structs at the HTTP edge."""

from __future__ import annotations

import msgspec


class CamelStruct(msgspec.Struct, rename="camel", kw_only=True):
    """Python names in snake_case, JSON in camelCase (spec §7 field names)."""


class Message(CamelStruct):
    message: str
