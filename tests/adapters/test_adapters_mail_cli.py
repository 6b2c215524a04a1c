"""``rethread mail test | send | queue`` and ``rethread users reset-password`` against a
real database, the mail written as ``.eml`` files (issue 41)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pyotp
import pytest
from typer.testing import CliRunner

from entrypoints.cli.main import app
from entrypoints.container import build_container, shutdown
from entrypoints.settings import get_settings
from tests.support.mail import read_eml, token_in

pytestmark = pytest.mark.adapters


@pytest.fixture
def cli(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CliRunner]:
    monkeypatch.setenv("RETHREAD_DATABASE_URL", db)
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "test-secret-key-test-secret-key-0123456789")
    monkeypatch.setenv("COLUMNS", "200")
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


def test_mail_test_sends_at_once_and_the_queue_lists_failures(
        cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = cli.invoke(app, ["mail", "test", "ops@example.com"])
    assert sent.exit_code == 0, sent.output
    [message] = read_eml(tmp_path / "mail")
    assert (message["To"], message["Subject"]) == ("ops@example.com", "Rethread test email")
    assert "The mail queue is empty" in cli.invoke(app, ["mail", "queue"]).output
    monkeypatch.setenv("RETHREAD_SMTP_URL", "smtp://127.0.0.1:1")  # nobody listens there
    get_settings.cache_clear()
    failed = cli.invoke(app, ["mail", "test", "ops@example.com"])
    assert failed.exit_code == 1
    listed = cli.invoke(app, ["mail", "queue"])
    assert "pending" in listed.output and "refused" in listed.output  # the last error
    wrong = cli.invoke(app, ["mail", "test", "not-an-address"])
    assert wrong.exit_code == 2  # a usage error, as any value a parameter cannot take
    assert "Invalid value for 'address': Please enter a valid email" in wrong.output


def test_users_reset_password_queues_a_link_that_mail_send_delivers(
        cli: CliRunner, tmp_path: Path) -> None:
    made = cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    queued = cli.invoke(app, ["users", "reset-password", "maya"])
    assert queued.exit_code == 0 and "maya@example.com" in queued.output
    assert read_eml(tmp_path / "mail") == []  # queued, not sent yet
    sent = cli.invoke(app, ["mail", "send"])
    assert sent.exit_code == 0 and "Sent 1 of 1 due message\n" in sent.output
    [message] = read_eml(tmp_path / "mail")
    assert token_in(message, "/reset-password")
    assert cli.invoke(app, ["users", "reset-password", "nobody"]).exit_code == 1


async def test_users_disable_2fa_turns_it_off_for_an_operator(cli: CliRunner) -> None:
    # Each command runs its own event loop: in a thread, beside this test's.
    made = await asyncio.to_thread(cli.invoke, app, [
        "users", "create", "maya", "--email", "maya@example.com", "--password", "secret123"])
    assert made.exit_code == 0, made.output
    not_on = await asyncio.to_thread(cli.invoke, app, ["users", "disable-2fa", "maya"])
    assert not_on.exit_code == 1
    container = build_container(get_settings())
    try:
        user = await container.accounts().get_user(1)
        setup = await container.two_factor().setup(user)
        await container.two_factor().enable(user, "secret123", pyotp.TOTP(setup.secret).now())
        await container.engine().dispose()  # the command runs on its own event loop
        done = await asyncio.to_thread(cli.invoke, app, ["users", "disable-2fa", "maya"])
        assert done.exit_code == 0 and "off" in done.output
        assert (await container.accounts().get_user(1)).two_factor_enabled is False
    finally:
        await shutdown(container)
