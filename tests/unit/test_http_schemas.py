"""Every HTTP Struct lives in ``entrypoints/http/schemas/``: an area's own in
``schemas/<area>.py``, shared ones in the shared modules. A controller declares none, so a
reader finds an area's request and response shapes in one place."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
HTTP = ROOT / "entrypoints" / "http"
SCHEMAS = HTTP / "schemas"


def structs_declared(source: str) -> list[str]:
    """Classes in ``source`` built on msgspec's Struct or on a Struct from ``schemas``."""
    tree = ast.parse(source)
    struct_bases = {"Struct", "msgspec.Struct"}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "entrypoints.http.schemas"):
            struct_bases.update(alias.asname or alias.name for alias in node.names)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = {ast.unparse(base) for base in node.bases}
            if bases & struct_bases:
                found.append(node.name)
                struct_bases.add(node.name)
    return found


def test_no_struct_is_declared_outside_schemas() -> None:
    inline = {path.relative_to(ROOT).as_posix(): names
              for path in sorted(HTTP.rglob("*.py")) if SCHEMAS not in path.parents
              if (names := structs_declared(path.read_text(encoding="utf-8")))}
    assert not inline, f"move these Structs to entrypoints/http/schemas/<area>.py: {inline}"


def test_the_checker_sees_a_struct_in_a_controller() -> None:
    source = ("import msgspec\nfrom entrypoints.http.schemas import CamelStruct\n"
              "class A(CamelStruct):\n    x: int\n"
              "class B(A, kw_only=True):\n    y: int\n"
              "class C(msgspec.Struct):\n    z: int\n"
              "class D:\n    pass\n")
    assert structs_declared(source) == ["A", "B", "C"]
