"""No Python file over 400 lines and no class over 20 methods without a reason at its top.

Small modules with names that say what they hold (DESIGN §4, STYLE 9): a file or a class
that grows past these sizes is usually two things that want their own names. When splitting
is not worth it, the file's module docstring (or, without one, a comment in its first
lines) says why in a sentence starting ``Size:``; the reason is then read by whoever opens
the file, and this test lets it pass.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "application", "adapters", "entrypoints", "tests", "bench")
MAX_LINES = 400
MAX_METHODS = 20
#: Generated files, not read or written by hand.
GENERATED = ("adapters/alembic/versions/",)
REASON = re.compile(r"(?m)^\s*(?:#\s*)?Size:\s*(\S.{20,})")


def python_files() -> list[Path]:
    files = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not relative.startswith(GENERATED) and "/node_modules/" not in relative:
                files.append(path)
    return files


def head_of(source: str, tree: ast.Module) -> str:
    """The module docstring, or the comment lines the file starts with."""
    docstring = ast.get_docstring(tree, clean=False)
    if docstring:
        return docstring
    lines = []
    for line in source.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def oversized(source: str) -> list[str]:
    """What is too big in one file's source (empty when it has a ``Size:`` reason)."""
    tree = ast.parse(source)
    problems = []
    lines = len(source.splitlines())
    if lines > MAX_LINES:
        problems.append(f"{lines} lines")
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            methods = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                          for item in node.body)
            if methods > MAX_METHODS:
                problems.append(f"class {node.name} has {methods} methods")
    if problems and REASON.search(head_of(source, tree)):
        return []
    return problems


def test_every_file_is_small_or_says_why() -> None:
    found = {}
    for path in python_files():
        problems = oversized(path.read_text(encoding="utf-8"))
        if problems:
            found[path.relative_to(ROOT).as_posix()] = problems
    assert not found, (
        f"Over {MAX_LINES} lines or {MAX_METHODS} methods in a class: split the file or the "
        "class, or put the reason at its top in a sentence starting 'Size:'\n"
        + "\n".join(f"  {path}: {', '.join(problems)}" for path, problems in found.items()))


def test_the_checker_catches_a_long_file_and_a_big_class() -> None:
    long_file = '"""A module."""\n' + "x = 1\n" * MAX_LINES
    big_class = "class Big:\n" + "".join(
        f"    def m{i}(self) -> None: ...\n" for i in range(MAX_METHODS + 1))
    assert oversized(long_file) == [f"{MAX_LINES + 1} lines"]
    assert oversized(big_class) == [f"class Big has {MAX_METHODS + 1} methods"]
    assert oversized("class Small:\n    def m(self) -> None: ...\n" + "y = 2\n" * 10) == []


def test_a_reason_at_the_top_lets_it_pass_and_an_empty_one_does_not() -> None:
    body = "x = 1\n" * MAX_LINES
    reason = "Size: every offer rule in one place is the point of this module."
    assert oversized(f'"""A module.\n\n{reason}\n"""\n{body}') == []
    assert oversized(f"# A script.\n# {reason}\n{body}") == []
    assert oversized(f'"""A module.\n\nSize:\n"""\n{body}') != []
    assert oversized(f'"""A module."""\n{body}# {reason}\n') != []
