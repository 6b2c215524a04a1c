"""``rethread --help`` and each group's: a command's summary reads as one paragraph, its
docstring's line breaks joined, not kept where the source happened to wrap."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from entrypoints.cli.main import app

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(("group", "summary"), [
    ("orders", "complete delivered ones, publish reviews whose window closed, expire"),
    ("users", "sent by the mail worker or rethread mail send)."),
])
def test_a_group_lists_each_command_in_flowing_sentences(group: str, summary: str) -> None:
    shown = CliRunner().invoke(app, [group, "--help"], env={"COLUMNS": "400"})
    assert shown.exit_code == 0, shown.output
    assert summary in shown.output


def test_users_create_says_what_a_username_takes() -> None:
    shown = CliRunner().invoke(app, ["users", "create", "--help"], env={"COLUMNS": "400"})
    assert shown.exit_code == 0, shown.output
    assert "Login name: 3-30 letters, digits, dots, dashes or underscores." in shown.output
