"""The operator's setup mistakes, told by every ``rethread`` command in one line with exit
status 1, never as a traceback: a setting the server cannot use, a database it cannot
reach or open, one ``rethread db upgrade`` never ran on; and a command's own bad input (an
export to a folder that is not there, an audit action that does not exist)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from entrypoints.cli.main import app
from entrypoints.settings import get_settings

pytestmark = pytest.mark.adapters

#: Nothing listens on port 1: the connection is refused at once.
UNREACHABLE = "postgresql+asyncpg://rethread:s3cret@127.0.0.1:1/rethread"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "test-secret-key-test-secret-key-0123456789")
    get_settings.cache_clear()
    yield monkeypatch
    get_settings.cache_clear()


def invoke(*args: str) -> Result:
    get_settings.cache_clear()
    return CliRunner().invoke(app, list(args))


def told(result: Result) -> str:
    """The output as one line (the error console wraps at its width); no traceback."""
    assert isinstance(result.exception, SystemExit), result.exception
    return " ".join(result.output.split())


@pytest.mark.parametrize("command", [["users", "list"], ["orders", "sweep"], ["db", "upgrade"],
                                     ["demo", "seed"], ["search", "status"]])
def test_an_unreachable_database_is_told_in_one_line(env: pytest.MonkeyPatch,
                                                     command: list[str]) -> None:
    env.setenv("RETHREAD_DATABASE_URL", UNREACHABLE)
    result = invoke(*command)
    assert result.exit_code == 1
    said = told(result)
    assert "Could not reach the database postgresql+asyncpg://rethread:***@127.0.0.1:1/rethread" \
        in said and "s3cret" not in said


def test_a_sqlite_file_that_cannot_be_opened_is_told(env: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "rethread.db"
    env.setenv("RETHREAD_DATABASE_URL", f"sqlite+aiosqlite:///{missing}")
    for command in (["orders", "list"], ["db", "upgrade"]):
        result = invoke(*command)
        assert result.exit_code == 1
        assert "Could not open the database" in told(result)


def test_a_database_never_migrated_asks_for_db_upgrade(env: pytest.MonkeyPatch) -> None:
    result = invoke("users", "list")  # the data dir's own SQLite file, with no tables
    assert result.exit_code == 1
    assert "has no tables yet: run `rethread db upgrade` first" in told(result)
    assert invoke("db", "upgrade").exit_code == 0
    assert invoke("users", "list").exit_code == 0


@pytest.mark.parametrize(("name", "value", "message"), [
    ("RETHREAD_PORT", "eighty", "RETHREAD_PORT must be a whole number, not 'eighty'"),
    ("RETHREAD_PORT", "99999", "RETHREAD_PORT must be a port from 0 to 65535, not 99999"),
    ("RETHREAD_MAIL_POLL_SECONDS", "often", "RETHREAD_MAIL_POLL_SECONDS must be a number"),
    ("RETHREAD_SEARCH_INDEXING", "later", "RETHREAD_SEARCH_INDEXING must be one of"),
])
def test_a_setting_the_server_cannot_use_is_named(env: pytest.MonkeyPatch, name: str,
                                                  value: str, message: str) -> None:
    env.setenv(name, value)
    result = invoke("orders", "list")
    assert result.exit_code == 1
    assert message in told(result)


def test_an_export_to_a_missing_folder_is_refused(env: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "orders.csv"
    result = invoke("orders", "export", "--out", str(target))
    assert result.exit_code == 1
    said = told(result).replace(" ", "")  # (a long path may wrap)
    assert f"Couldnotwrite{target}:Nosuchfileordirectory" in said


def test_a_failed_export_leaves_the_file_that_was_there(env: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    (tmp_path / "exports").mkdir()
    target = tmp_path / "exports" / "orders.csv"
    target.write_text("last week's export\n")
    env.setenv("RETHREAD_DATABASE_URL", UNREACHABLE)
    result = invoke("orders", "export", "--out", str(target))
    assert result.exit_code == 1 and "Could not reach the database" in told(result)
    assert target.read_text() == "last week's export\n"
    assert [p.name for p in target.parent.iterdir()] == ["orders.csv"]  # no partial file


def test_an_unknown_audit_action_lists_the_actions(env: pytest.MonkeyPatch) -> None:
    result = invoke("audit", "list", "--action", "hide")
    assert result.exit_code == 2
    said = told(result)
    assert "Unknown action 'hide'" in said and "listing_hidden" in said
