"""The operator's setup mistakes, told by every ``rethread`` command in one line with exit
status 1, never as a traceback: a setting the server cannot use, a database it cannot
reach or open, one ``rethread db upgrade`` never ran on, a search folder it cannot use; a
command's own bad input (a value an option cannot take) as a usage error, exit status 2."""

from __future__ import annotations

import fcntl
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from adapters.migrations import current_heads
from entrypoints.cli import serve as serve_module
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
    """The output as one line (the error console wraps at its width, a usage error's box
    at its border); no traceback."""
    assert isinstance(result.exception, SystemExit), result.exception
    return " ".join(result.output.replace("│", " ").split())


def said(result: Result) -> str:
    """A command's output (it succeeded) as one line."""
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
    ("RETHREAD_DATABASE_URL", "mysql://rethread:s3cret@db/rethread",
     "RETHREAD_DATABASE_URL must start with sqlite+aiosqlite:/// or postgresql+asyncpg://"),
    ("RETHREAD_DATABASE_URL", "rethread.db", "RETHREAD_DATABASE_URL is not a database URL"),
    ("RETHREAD_REDIS_URL", "localhost:6379", "RETHREAD_REDIS_URL must start with redis://"),
    ("RETHREAD_SMTP_URL", "mail.example", "RETHREAD_SMTP_URL must start with smtp://"),
    ("RETHREAD_HOST", "localhost", "RETHREAD_HOST must be an IP address"),
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


@pytest.mark.parametrize(("command", "said"), [
    (["moderation", "reports", "--status", "closed"],
     "Invalid value for '--status': Unknown status 'closed'. Choose one of: open, resolved."),
    (["disputes", "list", "--status", "closed"],
     "Invalid value for '--status': Unknown status 'closed'. Choose one of: open, resolved."),
    (["moderation", "resolve", "1", "--action", "ban"],
     "Invalid value for '--action': Unknown action 'ban'. Choose one of: dismiss, hide, "
     "suspend."),
    (["disputes", "resolve", "1", "--outcome", "keep"],
     "Invalid value for '--outcome': Unknown outcome 'keep'. Choose one of: release, refund."),
    (["moderation", "suspend", "maya", "--reason", "Spam", "--days", "99999"],
     "Invalid value for '--days'"),
    (["moderation", "hide", "listing", str(2**31)], "Invalid value for 'target_id'"),
    (["audit", "list", "--admin-id", str(2**31)], "Invalid value for '--admin-id'"),
    (["users", "list", "--after", str(2**63)], "Invalid value for '--after'"),
    (["serve", "--host", "localhost"],
     "Invalid value for '--host': 'localhost' is not an IP address of this machine"),
])
def test_a_value_an_option_cannot_take_is_a_usage_error(
        env: pytest.MonkeyPatch, command: list[str], said: str) -> None:
    """Exit status 2, as Click's own (``--limit 0``), before the database is asked (an id
    past the databases' integers would be a traceback from the driver): 1 is for a failure
    of the operation itself."""
    env.setattr(serve_module, "Server", NotServed)
    env.setenv("RETHREAD_HOST", "127.0.0.1")  # (restored after: serve sets it from --host)
    result = invoke(*command)
    assert result.exit_code == 2, result.output
    assert said in told(result)


def test_db_upgrade_says_what_it_migrated(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'rethread.db'}"
    [head] = current_heads(url)
    first = invoke("db", "upgrade", "0100_orders_delivered_at")
    assert first.exit_code == 0, first.output
    assert "Migrated an empty database to 0100_orders_delivered_at" in said(first)
    rest = invoke("db", "upgrade")
    assert rest.exit_code == 0, rest.output
    assert f"Migrated the database from 0100_orders_delivered_at to {head}" in said(rest)
    again = invoke("db", "upgrade")
    assert again.exit_code == 0, again.output
    assert f"Database is already up to date at {head}" in said(again)
    assert "Migrated" not in again.output


def test_db_upgrade_of_a_migrated_database_says_it_is_up_to_date(
        env: pytest.MonkeyPatch, db: str) -> None:
    """On SQLite and PostgreSQL alike: Alembic's revision read back from the database."""
    env.setenv("RETHREAD_DATABASE_URL", db)
    result = invoke("db", "upgrade")
    assert result.exit_code == 0, result.output
    assert f"Database is already up to date at {current_heads(db)[0]}" in said(result)


def test_search_commands_refuse_a_search_folder_they_cannot_use(
        env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Not an index of 0 documents never committed, nor a traceback."""
    assert invoke("db", "upgrade").exit_code == 0
    (tmp_path / "a-file").write_text("")
    env.setenv("RETHREAD_SEARCH_DIR", str(tmp_path / "a-file"))
    status = invoke("search", "status")
    assert status.exit_code == 1
    said = told(status)
    assert said.startswith("RETHREAD_SEARCH_DIR ")
    assert "cannot be read: a file of that name is in the way" in said
    for command in ("rebuild", "follow"):
        made = invoke("search", command)
        assert made.exit_code == 1
        assert "cannot be made: a file of that name is in the way" in told(made)


def test_search_status_refuses_a_search_folder_it_may_not_read(
        env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """(The tests run as root, whom no permission stops: the refusal is the system's.)"""
    assert invoke("db", "upgrade").exit_code == 0
    locked = tmp_path / "locked"
    locked.mkdir()
    env.setenv("RETHREAD_SEARCH_DIR", str(locked))
    scandir = os.scandir

    def refused(path: object) -> object:
        if str(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)  # type: ignore[call-overload]

    env.setattr(os, "scandir", refused)
    result = invoke("search", "status")
    assert result.exit_code == 1
    assert "cannot be read: Permission denied" in told(result)


class NotServed:
    """Stands for Granian's server: a test that got this far would otherwise serve."""

    def __init__(self, **options: Any) -> None:
        pass

    def serve(self) -> None:
        raise AssertionError("rethread serve started on a setup it should have refused")


def test_serve_refuses_a_database_never_migrated(env: pytest.MonkeyPatch) -> None:
    """Not a server answering 500 to every request while its log fills with tracebacks."""
    env.setattr(serve_module, "Server", NotServed)
    result = invoke("serve", "--port", "0")
    assert result.exit_code == 1
    assert "has no tables yet: run `rethread db upgrade` first" in told(result)


def test_serve_refuses_a_port_another_server_holds(env: pytest.MonkeyPatch) -> None:
    """Granian binds with SO_REUSEPORT: unchecked, a second server on a port one already
    serves (a second ``make run`` without RETHREAD_PORT) would share it silently."""
    env.setattr(serve_module, "Server", NotServed)
    assert invoke("db", "upgrade").exit_code == 0
    with socket.socket() as held:  # a running server's socket, bound as Granian binds it
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        result = invoke("serve", "--port", str(port))
    assert result.exit_code == 1
    assert (f"Cannot serve on 127.0.0.1:{port}: Address already in use; another server"
            in told(result))


def test_an_unknown_revision_is_a_usage_error(env: pytest.MonkeyPatch) -> None:
    result = invoke("db", "upgrade", "not-a-revision")
    assert result.exit_code == 2
    said = told(result).replace("│", " ")  # (the usage error's box wraps its lines)
    assert "Can't locate revision identified by 'not-a-revision'" in " ".join(said.split())


def test_an_unknown_order_status_tells_statuses_from_groups(env: pytest.MonkeyPatch) -> None:
    """Two groups of the admin desk are named as statuses are: the choices say which is which
    (not one list where ``completed`` shows twice)."""
    result = invoke("orders", "list", "--status", "paid")
    assert result.exit_code == 2
    said = told(result)
    assert "Unknown status 'paid'. Choose a status (pending, confirmed, payment_confirmed," \
        in said
    assert "or a group of the admin desk (pending_payment, payment_confirmed, to_be_shipped, " \
        "completed, sales)" in said


def test_a_second_search_writer_is_told_what_holds_the_index(env: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    assert invoke("db", "upgrade").exit_code == 0
    (tmp_path / "search").mkdir(exist_ok=True)
    with (tmp_path / "search" / "writer.lock").open("a+") as held:  # a server's writer lock
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = invoke("search", "follow")
    assert result.exit_code == 1
    said = told(result)
    assert "Another process of this host is the search writer already" in said
    assert "RETHREAD_SEARCH_INDEXING=off" in said and "stop it first" in said


def test_serve_refuses_a_redis_it_cannot_reach(env: pytest.MonkeyPatch) -> None:
    """Not workers failing their start-up until the supervisor gives up."""
    env.setattr(serve_module, "Server", NotServed)
    assert invoke("db", "upgrade").exit_code == 0
    env.setenv("RETHREAD_REDIS_URL", "redis://:s3cret@127.0.0.1:1/0")  # (refused at once)
    result = invoke("serve", "--port", "0")
    assert result.exit_code == 1
    said = told(result)
    assert "Could not reach Redis at redis://:***@127.0.0.1:1/0" in said and "s3cret" not in said


def test_serve_refuses_a_search_folder_it_cannot_make(env: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    env.setattr(serve_module, "Server", NotServed)
    assert invoke("db", "upgrade").exit_code == 0
    (tmp_path / "a-file").write_text("")
    env.setenv("RETHREAD_SEARCH_DIR", str(tmp_path / "a-file" / "search"))
    result = invoke("serve", "--port", "0")
    assert result.exit_code == 1
    assert "cannot be made: Not a directory" in told(result)
    assert "RETHREAD_SEARCH_DIR" in told(result)
