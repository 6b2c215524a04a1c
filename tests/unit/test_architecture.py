"""The dependency rule, checked: domain <- application <- adapters, entrypoints.

Walks every module's imports (ast, no execution), so a stray import fails the build.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
STDLIB = set(sys.stdlib_module_names)
ALLOWED = {
    "domain": {"domain"},
    "application": {"domain", "application"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def offenders(layer: str) -> dict[str, set[str]]:
    found = {}
    for path in sorted((ROOT / layer).rglob("*.py")):
        bad = {r for r in imported_roots(path) if r not in STDLIB and r not in ALLOWED[layer]}
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_inner_layers_import_only_inwards(layer: str) -> None:
    assert offenders(layer) == {}


def test_the_checker_catches_an_outward_import(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("import sqlalchemy\nfrom adapters.sqlalchemy import base\nimport json\n")
    assert imported_roots(module) - STDLIB == {"sqlalchemy", "adapters"}


def test_adapters_never_import_entrypoints() -> None:
    for path in (ROOT / "adapters").rglob("*.py"):
        assert "entrypoints" not in imported_roots(path), path


# Controllers share Structs through entrypoints/http/schemas/, dependencies through auth.py
# and the error table through errors.py; app.py assembles them. No area's controller imports
# another area's controller.
# openapi.py (``describe``), guards.py (the id range) and bodies.py (JSON or multipart bodies
# a handler reads itself) are shared HTTP infrastructure too, and so is pages/ (the webapp's
# route table, read by spa.py and seo.py), precompressed.py (built assets sent
# precompressed, read by spa.py), and abandoned.py (the middleware and the route option that
# marks a read to drop when its client has gone), headers.py (the security headers every
# response carries) and caching.py (``public()``, the option a public read declares) with
# response_store.py (the response cache's store), and background.py (the loops that run
# beside the server: the scheduler and the mail worker).
HTTP_SHARED = {"entrypoints.http.schemas", "entrypoints.http.auth", "entrypoints.http.errors",
               "entrypoints.http.openapi", "entrypoints.http.guards", "entrypoints.http.pages",
               "entrypoints.http.bodies", "entrypoints.http.precompressed",
               "entrypoints.http.abandoned", "entrypoints.http.headers",
               "entrypoints.http.caching", "entrypoints.http.response_store",
               "entrypoints.http.background"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}


def controller_offenders(http: Path) -> dict[str, set[str]]:
    found = {}
    for path in sorted(http.glob("*.py")):
        if path.name in {"app.py", "__init__.py"}:
            continue
        own = f"entrypoints.http.{path.stem}"
        bad = {m for m in imported_modules(path) if m.startswith("entrypoints.http.")
               and m != own and not any(m == s or m.startswith(s + ".") for s in HTTP_SHARED)}
        if bad:
            found[path.name] = bad
    return found


def test_controllers_never_import_another_areas_controller() -> None:
    assert controller_offenders(ROOT / "entrypoints" / "http") == {}


def test_the_controller_checker_catches_a_borrowed_struct(tmp_path: Path) -> None:
    (tmp_path / "favorites.py").write_text(
        "from entrypoints.http.catalog import ProductOut\n"
        "from entrypoints.http.schemas.products import product_out\n")
    assert controller_offenders(tmp_path) == {"favorites.py": {"entrypoints.http.catalog"}}
