"""``rethread moderation`` and ``rethread audit`` against a real database (issue 37)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adapters.sqlalchemy.engine import create_engine, create_session_factory
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from application.audit import record_audit
from application.shared.clock import SystemClock
from domain.catalog import ListingStatus
from domain.moderation import AuditAction
from domain.reports import Report, ReportReason, ReportTarget
from entrypoints.cli.main import app
from entrypoints.cli.runtime import console
from entrypoints.settings import get_settings
from tests.support import NOW, add_listing, add_users

pytestmark = pytest.mark.adapters


@pytest.fixture
def cli(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CliRunner]:
    monkeypatch.setenv("RETHREAD_DATABASE_URL", db)
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "test-secret-key-test-secret-key-0123456789")
    monkeypatch.setenv("COLUMNS", "160")
    # Rich read COLUMNS when the console was made, on import (pytest-xdist's workers set 80).
    monkeypatch.setattr(console, "width", 160)
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


def test_operators_suspend_lift_and_read_the_audit_log(cli: CliRunner) -> None:
    made = cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    empty = cli.invoke(app, ["moderation", "reports"])
    assert empty.exit_code == 0 and empty.output == "No open reports.\n"  # as `orders list`
    suspended = cli.invoke(app, ["moderation", "suspend", "maya", "--reason", "Spam",
                                 "--days", "3"])
    assert suspended.exit_code == 0, suspended.output
    assert "Suspended maya (until " in suspended.output
    assert " UTC)" in suspended.output  # format_moment, as every server text says a moment
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
    assert disputes.exit_code == 0 and disputes.output == "No open disputes.\n"
    unknown = cli.invoke(app, ["disputes", "resolve", "99", "--outcome", "refund"])
    assert unknown.exit_code == 1 and "Dispute not found" in unknown.output
    only = cli.invoke(app, ["audit", "list", "--action", "user_suspended"])
    assert "user_unsuspended" not in only.output and "Spam (for 3 days)" in only.output
    assert "Member @maya" in only.output


async def _listing_of(url: str, username: str, title: str = "Wool coat") -> int:
    """A new available listing of ``username``'s, stored in the database at ``url``."""
    engine = create_engine(url)
    try:
        uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
        async with uow:
            seller = await uow.users.get_by_login(username)
        assert seller is not None and seller.id is not None
        listing = await add_listing(uow, seller.id, title=title)
        assert listing.id is not None
        return listing.id
    finally:
        await engine.dispose()


async def _status(url: str, listing_id: int) -> ListingStatus:
    """The listing's status as the database at ``url`` holds it now."""
    engine = create_engine(url)
    try:
        uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
        async with uow:
            listing = await uow.listings.get(listing_id)
        assert listing is not None
        return listing.status
    finally:
        await engine.dispose()


def test_operators_cannot_restore_what_a_suspension_hid(cli: CliRunner, db: str) -> None:
    """The terminal goes through the same rule as the desk: a listing its seller's
    suspension hid stays hidden until the suspension is lifted."""
    made = cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    coat = asyncio.run(_listing_of(db, "maya"))
    suspended = cli.invoke(app, ["moderation", "suspend", "maya", "--reason", "Spam"])
    assert suspended.exit_code == 0, suspended.output
    refused = cli.invoke(app, ["moderation", "restore", "listing", str(coat)])
    assert refused.exit_code == 1, refused.output
    assert "hidden while its seller is suspended" in " ".join(refused.output.split())
    assert asyncio.run(_status(db, coat)) is ListingStatus.HIDDEN
    lifted = cli.invoke(app, ["moderation", "unsuspend", "maya"])
    assert lifted.exit_code == 0, lifted.output
    assert asyncio.run(_status(db, coat)) is ListingStatus.AVAILABLE


async def _hidden_by(url: str, username: str, listing_id: int) -> None:
    """An audit entry of ``username``'s, as the desk records one (the CLI acts as the
    operator, who has no account)."""
    engine = create_engine(url)
    try:
        uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
        async with uow:
            admin = await uow.users.get_by_login(username)
            await record_audit(uow, admin, AuditAction.LISTING_HIDDEN, "listing", listing_id,
                               "Counterfeit", SystemClock())
            await uow.commit()
    finally:
        await engine.dispose()


def test_the_audit_log_names_the_administrator_and_the_target_as_the_desk_does(
        cli: CliRunner, db: str) -> None:
    made = cli.invoke(app, ["users", "create", "boss", "--email", "boss@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    coat = asyncio.run(_listing_of(db, "boss"))
    asyncio.run(_hidden_by(db, "boss", coat))
    log = cli.invoke(app, ["audit", "list"])
    assert log.exit_code == 0, log.output
    row = next(line for line in log.output.splitlines() if "listing_hidden" in line)
    assert "boss" in row and "Counterfeit" in row
    assert "Listing “Wool coat”" in row and f"listing {coat}" not in row  # the desk's label


def test_the_audit_log_never_wraps_an_action_that_filters_it(
        cli: CliRunner, db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action column is copied into ``--action``: whole at 80 columns, as the keys."""
    made = cli.invoke(app, ["users", "create", "boss", "--email", "boss@example.com",
                            "--password", "secret123"])
    assert made.exit_code == 0, made.output
    jacket = asyncio.run(_listing_of(db, "boss", "Oversized denim jacket, mid-wash denim"))
    hidden = cli.invoke(app, ["moderation", "hide", "listing", str(jacket), "--note",
                              "Counterfeit: the label, the stitching and the zip are not the "
                              "brand's, as three buyers said"])
    assert hidden.exit_code == 0, hidden.output
    monkeypatch.setattr(console, "width", 80)
    log = cli.invoke(app, ["audit", "list"])
    assert log.exit_code == 0, log.output
    assert " listing_hidden " in log.output


def test_the_audit_log_of_an_administrator_says_who_did_nothing_and_who_is_nobody(
        cli: CliRunner) -> None:
    """An empty log says so, as ``orders list``; an id that is nobody's is a mistake."""
    made = cli.invoke(app, ["users", "create", "maya", "--email", "maya@example.com",
                            "--password", "secret123", "--admin"])
    assert made.exit_code == 0, made.output
    maya = made.output.split("(id ")[1].split(",")[0]
    quiet = cli.invoke(app, ["audit", "list", "--admin-id", maya])
    assert quiet.exit_code == 0, quiet.output
    assert quiet.output == f"No entries by maya (id {maya}) in the audit log.\n"
    nobody = cli.invoke(app, ["audit", "list", "--admin-id", "999999"])
    assert nobody.exit_code == 1
    assert "Could not read the audit log: No account has the id 999999" in nobody.output
    none = cli.invoke(app, ["audit", "list", "--action", "dispute_resolved"])
    assert none.output == "No dispute_resolved entries in the audit log.\n"


async def _reported_listing(url: str, reporters: int) -> int:
    """A listing of maya's that ``reporters`` members reported; the first report's id."""
    engine = create_engine(url)
    try:
        uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
        maya, *others = await add_users(uow, "maya", *(f"member{n}" for n in range(reporters)))
        assert maya.id is not None
        listing = await add_listing(uow, maya.id, title="Wool coat")
        assert listing.id is not None
        async with uow:
            reports = [await uow.reports.add(Report(
                reporter_id=other.id, target_type=ReportTarget.LISTING, target_id=listing.id,
                target_owner_id=maya.id, reason=ReportReason.SPAM, details="",
                created_at=NOW)) for other in others if other.id is not None]
            await uow.commit()
        assert reports[0].id is not None
        return reports[0].id
    finally:
        await engine.dispose()


@pytest.mark.parametrize(("reporters", "said"), [(1, "Resolved 1 report\n"),
                                                  (3, "Resolved 3 reports\n")])
def test_resolving_says_how_many_reports_it_closed(cli: CliRunner, db: str, reporters: int,
                                                   said: str) -> None:
    first = asyncio.run(_reported_listing(db, reporters))
    done = cli.invoke(app, ["moderation", "resolve", str(first), "--action", "dismiss"])
    assert done.exit_code == 0, done.output
    assert said in done.output
