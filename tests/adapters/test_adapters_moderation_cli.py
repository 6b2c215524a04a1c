"""``rethread moderation`` and ``rethread audit`` against a real database (issue 37)."""

from __future__ import annotations

from collections.abc import Iterator
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
    monkeypatch.setenv("COLUMNS", "160")
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


def test_operators_suspend_lift_and_read_the_audit_log(cli: CliRunner) -> None:
    made = cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    empty = cli.invoke(app, ["moderation", "reports"])
    assert empty.exit_code == 0 and "Open reports" in empty.output
    suspended = cli.invoke(app, ["moderation", "suspend", "maya", "--reason", "Spam",
                                 "--days", "3"])
    assert suspended.exit_code == 0, suspended.output
    assert "Suspended maya" in suspended.output
    twice = cli.invoke(app, ["moderation", "unsuspend", "maya"])
    assert twice.exit_code == 0, twice.output
    again = cli.invoke(app, ["moderation", "unsuspend", "maya"])
    assert again.exit_code == 1 and "not suspended" in again.output
    missing = cli.invoke(app, ["moderation", "hide", "listing", "999"])
    assert missing.exit_code == 1 and "not found" in missing.output
    for kind, name in (("post", "Style post"), ("comment", "Comment")):
        gone = cli.invoke(app, ["moderation", "restore", kind, "999"])  # not "not hidden"
        assert gone.exit_code == 1 and f"{name} not found" in gone.output, gone.output
    log = cli.invoke(app, ["audit", "list"])
    assert log.exit_code == 0, log.output
    assert "user_unsuspended" in log.output and "user_suspended" in log.output
    assert "operator" in log.output
    disputes = cli.invoke(app, ["disputes", "list"])
    assert disputes.exit_code == 0 and "Open disputes" in disputes.output
    unknown = cli.invoke(app, ["disputes", "resolve", "99", "--outcome", "refund"])
    assert unknown.exit_code == 1 and "Dispute not found" in unknown.output
    only = cli.invoke(app, ["audit", "list", "--action", "user_suspended"])
    assert "user_unsuspended" not in only.output and "Spam (for 3 days)" in only.output
