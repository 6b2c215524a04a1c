"""The operators' commands against a real database: users list, grant/revoke admin, analytics."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from entrypoints.cli.main import app
from entrypoints.settings import get_settings

pytestmark = pytest.mark.adapters


@pytest.fixture
def cli(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CliRunner]:
    monkeypatch.setenv("RETHREAD_DATABASE_URL", db)
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "test-secret-key-test-secret-key-0123456789")
    monkeypatch.setenv("RETHREAD_ADMIN_EMAILS", "boss@example.com")
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


def test_operators_list_users_and_grant_and_revoke_admin(cli: CliRunner) -> None:
    for name in ("maya", "boss"):
        made = cli.invoke(app, ["users", "create", name, "--email", f"{name}@example.com",
                                "--password", "secret123"])
        assert made.exit_code == 0, made.output
    listed = cli.invoke(app, ["users", "list"])
    assert listed.exit_code == 0 and "maya@example.com" in listed.output
    assert "admin" in listed.output  # boss, through RETHREAD_ADMIN_EMAILS
    granted = cli.invoke(app, ["users", "grant-admin", "maya"])
    assert granted.exit_code == 0 and "maya is now admin" in granted.output
    again = cli.invoke(app, ["users", "grant-admin", "maya"])
    assert again.exit_code == 1 and "already an administrator" in again.output
    revoked = cli.invoke(app, ["users", "revoke-admin", "maya"])
    assert revoked.exit_code == 0 and "maya is now user" in revoked.output
    boss = cli.invoke(app, ["users", "revoke-admin", "boss"])
    assert boss.exit_code == 1 and "RETHREAD_ADMIN_EMAILS" in boss.output
    missing = cli.invoke(app, ["users", "grant-admin", "nobody"])
    assert missing.exit_code == 1 and "No user named 'nobody'" in missing.output
    page = cli.invoke(app, ["users", "list", "--limit", "1"])
    assert "--after 1" in page.output and "boss" not in page.output
    scripted = cli.invoke(app, ["users", "list", "--json"])
    assert scripted.exit_code == 0, scripted.output
    rows = json.loads(scripted.stdout)
    assert [(r["username"], r["email"], r["role"]) for r in rows] == [
        ("maya", "maya@example.com", "user"), ("boss", "boss@example.com", "admin")]
    assert {"id", "displayName", "joined"} <= set(rows[0])


@pytest.mark.parametrize(("given", "said"), [
    (["x"], "Invalid value for 'username': Username must be at least 3 characters"),
    (["x", "--display-name", "Maya"],
     "Invalid value for 'username': Username must be at least 3 characters"),
    (["maya", "--display-name", "M"],
     "Invalid value for '--display-name': Display name must be at least 2 characters"),
    (["x", "--display-name", "M"], "Invalid value for 'username' / '--display-name': "
                                   "Username must be at least 3 characters; Display name"),
])
def test_users_create_names_what_was_typed_wrong(cli: CliRunner, given: list[str],
                                                 said: str) -> None:
    """A display name drawn from the username is not said wrong as well: only the
    username was typed."""
    made = cli.invoke(app, ["users", "create", *given, "--email", "maya@example.com",
                            "--password", "secret123"], env={"COLUMNS": "200"})
    assert made.exit_code == 2
    told = " ".join(made.output.replace("│", " ").split())
    assert said in told
    if "--display-name" not in given:
        assert "Display name" not in told


def test_users_list_says_when_there_is_no_one(cli: CliRunner) -> None:
    assert cli.invoke(app, ["users", "list"]).output == "No users.\n"
    made = cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    past = cli.invoke(app, ["users", "list", "--after", "99999"])
    assert past.exit_code == 0 and past.output == "No users after id 99999.\n"

def test_the_analytics_summary_prints_as_tables(cli: CliRunner) -> None:
    cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                     "--password", "secret123"])
    shown = cli.invoke(app, ["analytics", "summary"])
    assert shown.exit_code == 0, shown.output
    # Figures, dates and counts are key columns: whole at any terminal width.
    assert "Total users" in shown.output and "Transaction success rate" in shown.output
    assert "Daily activity" in " ".join(shown.output.split())  # a title may wrap
    assert datetime.now(UTC).date().isoformat() in shown.output
    scripted = cli.invoke(app, ["analytics", "summary", "--json"])
    assert scripted.exit_code == 0, scripted.output
    body = json.loads(scripted.stdout)  # the shape GET /api/analytics/summary answers
    assert body["totalUsers"] == 1 and len(body["dailyMetrics"]) == 30
    assert set(body["dailyMetrics"][-1]) >= {"date", "searchQueries", "offersMade"}
