"""docs/architecture.md's area table ("Area → file in each layer") is held to the code.

- every path the table names exists;
- every module of the layers below is named in some row (a package named by its folder
  counts for all its modules), so a new module cannot be left out;
- an area's module of the same name in a layer (``application/offers.py`` for ``offers``)
  is named in that area's row, in that layer's column: one module per area per layer with
  the same name in each;
- each area has one row.

Short forms in the table: ``ports/`` is ``application/ports/``, ``http/`` is
``entrypoints/http/``, ``cli/`` is ``entrypoints/cli/``, ``features/``, ``entities/``,
``lib/`` and ``app/`` are under ``webapp/src/``; a test file is named by its file name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
HEADING = "### Area → file in each layer"

#: Layers whose every module must be named in the table, and where an area's namesake lives.
LAYERS = {
    "domain": ("domain", "domain/validation"),
    "application": ("application",),
    "ports": ("application/ports",),
    "adapters": ("adapters", "adapters/sqlalchemy", "adapters/search"),
    "HTTP": ("entrypoints/http", "entrypoints/http/schemas", "entrypoints/cli"),
}
#: Rows that are not areas: the mechanisms every area shares (no namesake rule).
NOT_AREAS = {"shared", "demo"}
SHORT = {"ports/": "application/ports/", "http/": "entrypoints/http/",
         "cli/": "entrypoints/cli/", "features/": "webapp/src/features/",
         "entities/": "webapp/src/entities/", "lib/": "webapp/src/lib/", "app/": "webapp/src/app/"}
FULL = ("domain/", "application/", "adapters/", "entrypoints/", "webapp/", "tests/", "bench/",
        "docs/")
TOKEN = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Row:
    area: str
    cells: dict[str, list[str]]


def table_rows(text: str) -> list[Row]:
    """The rows of the table under :data:`HEADING`, each cell's backticked paths."""
    lines = text.split(HEADING, 1)[1].strip().splitlines()
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        assert len(cells) == len(header), f"row has {len(cells)} cells, not {len(header)}: {line}"
        names = TOKEN.findall(cells[0])
        assert names, f"the first cell names the area in backticks: {line}"
        rows.append(Row(names[0], {column: [t for t in TOKEN.findall(cell) if is_path(t)]
                                   for column, cell in zip(header[1:], cells[1:], strict=True)}))
    return rows


def is_path(token: str) -> bool:
    return "/" in token or token.endswith((".py", ".ts", ".tsx"))


def resolve(token: str) -> Path | None:
    """The file or folder a table token names, or None when there is none."""
    path = token.split(" ")[0]
    for short, full in SHORT.items():
        if path.startswith(short):
            return existing(ROOT / (full + path[len(short):]))
    if path.startswith(FULL):
        return existing(ROOT / path)
    if "/" not in path:  # a test file, named by its name
        found = sorted((ROOT / "tests").rglob(path)) + sorted((ROOT / "webapp/src").rglob(path))
        return found[0] if found else None
    return None


def existing(path: Path) -> Path | None:
    return path if path.exists() else None


def layer_modules() -> dict[str, set[Path]]:
    return {layer: {path for folder in folders for path in (ROOT / folder).glob("*.py")
                    if path.name != "__init__.py"}
            for layer, folders in LAYERS.items()}


def named(rows: list[Row]) -> set[Path]:
    """Every file the table names; a folder names every module under it."""
    files: set[Path] = set()
    for row in rows:
        for tokens in row.cells.values():
            for token in tokens:
                path = resolve(token)
                if path is None:
                    continue
                files.update(path.rglob("*.py") if path.is_dir() else [path])
    return files


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return table_rows(DOC.read_text(encoding="utf-8"))


def test_every_path_in_the_table_exists(rows: list[Row]) -> None:
    missing = [f"{row.area}: {token}" for row in rows for tokens in row.cells.values()
               for token in tokens if resolve(token) is None]
    assert not missing, "named in docs/architecture.md but not found:\n" + "\n".join(missing)


def test_every_module_of_every_layer_is_in_the_table(rows: list[Row]) -> None:
    covered = named(rows)
    left_out = sorted(path.relative_to(ROOT).as_posix()
                      for modules in layer_modules().values() for path in modules
                      if path not in covered)
    assert not left_out, (
        "modules missing from the area table of docs/architecture.md (add them to their "
        "area's row, or to `shared`):\n" + "\n".join(left_out))


def test_an_areas_namesake_module_is_in_its_row(rows: list[Row]) -> None:
    wrong = []
    for row in rows:
        if row.area in NOT_AREAS:
            continue
        for layer, folders in LAYERS.items():
            own = {resolve(token) for token in row.cells.get(layer, [])}
            for folder in folders:
                namesake = ROOT / folder / f"{row.area}.py"
                if namesake.exists() and namesake not in own:
                    where = namesake.relative_to(ROOT)
                    wrong.append(f"{row.area}: {where} not in its {layer} cell")
    assert not wrong, "\n".join(wrong)


def test_each_area_has_one_row(rows: list[Row]) -> None:
    areas = [row.area for row in rows]
    assert len(areas) == len(set(areas)), sorted({a for a in areas if areas.count(a) > 1})


def test_the_checks_catch_a_missing_path_and_a_module_left_out() -> None:
    table = (f"{HEADING}\n\n| area | domain | application | ports | adapters | HTTP |\n"
             "|---|---|---|---|---|---|\n"
             "| `offers` | `domain/offers.py` | `application/nowhere.py` | — | — | — |\n")
    [row] = table_rows(table)
    assert resolve(row.cells["application"][0]) is None
    assert resolve(row.cells["domain"][0]) == ROOT / "domain/offers.py"
    assert ROOT / "application/offers.py" not in named([row])
