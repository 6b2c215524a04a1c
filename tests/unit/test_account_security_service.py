"""Password reset, verification and the mail dispatcher on the in-memory fakes, with the
clock injected (issue 41)."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from application.account_security import AccountSecurity
from application.accounts import AccountService, Registration, SignedIn
from domain.errors import Conflict, ValidationError
from domain.mail import MAX_ATTEMPTS, MailStatus, retry_delay
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.fakes.mail import FakeMailSender

pytestmark = pytest.mark.unit


def token_of(uow: FakeUnitOfWork, path: str) -> str:
    for queued in sorted(uow.mail.rows.values(), key=lambda q: -q.id):
        link = queued.mail.link or ""
        if urlsplit(link).path == path:
            return parse_qs(urlsplit(link).query)["token"][0]
    raise AssertionError(f"no mail links to {path}")


async def signed_up(container: Container) -> SignedIn:
    accounts: AccountService = container.accounts()
    result = await accounts.register(
        Registration("maya", "Maya Chen", "maya@example.com", "secret123"), "10.0.0.1")
    assert isinstance(result, SignedIn)
    return result


async def test_a_reset_link_dies_after_one_hour(container: Container, uow: FakeUnitOfWork,
                                                clock: FixedClock) -> None:
    await signed_up(container)
    security: AccountSecurity = container.account_security()
    assert await security.send_password_reset("MAYA@example.com")
    token = token_of(uow, "/reset-password")
    clock.advance(hours=1)
    with pytest.raises(ValidationError, match="invalid or has expired"):
        await security.reset_password(token, "brand-new-pw")


async def test_a_reset_within_the_hour_ends_every_session(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    signed = await signed_up(container)
    security: AccountSecurity = container.account_security()
    await security.send_password_reset("maya@example.com")
    clock.advance(minutes=59)
    await security.reset_password(token_of(uow, "/reset-password"), "brand-new-pw")
    assert await container.sessions().user_for_session(signed.token) is None
    with pytest.raises(ValidationError):
        await security.reset_password(token_of(uow, "/reset-password"), "again-new-pw")


async def test_no_reset_mail_for_an_unknown_email(container: Container,
                                                  uow: FakeUnitOfWork) -> None:
    security: AccountSecurity = container.account_security()
    assert not await security.send_password_reset("nobody@example.com")
    assert uow.mail.rows == {}


async def test_an_email_change_is_pending_until_its_link_expires(
        container: Container, clock: FixedClock) -> None:
    signed = await signed_up(container)
    security: AccountSecurity = container.account_security()
    await security.change_email(signed.user, "secret123", "maya@new.example")
    pending = await security.pending_email_change(signed.user)
    assert pending is not None
    assert (pending.email, pending.created_at) == ("maya@new.example", clock.now())
    clock.advance(days=3)
    assert await security.pending_email_change(signed.user) is None
    with pytest.raises(Conflict, match="No email change is waiting"):
        await security.resend_email_change(signed.user)
    assert not await security.cancel_email_change(signed.user)


async def test_the_dispatcher_retries_with_backoff_then_keeps_the_failure(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    await signed_up(container)  # queues the verification email
    sender: FakeMailSender = container.mail_sender()
    sender.failing = True
    dispatcher = container.mail_dispatcher()
    for attempt in range(1, MAX_ATTEMPTS + 1):
        result = await dispatcher.deliver_due()
        assert result.total == 1
        [queued] = uow.mail.rows.values()
        assert queued.attempts == attempt
        if attempt < MAX_ATTEMPTS:
            assert queued.status is MailStatus.PENDING
            assert queued.next_attempt_at == clock.now() + retry_delay(attempt)
            assert (await dispatcher.deliver_due()).total == 0  # not due yet
            clock.advance(seconds=retry_delay(attempt).total_seconds())
    [queued] = uow.mail.rows.values()
    assert queued.status is MailStatus.FAILED
    assert "mail server is down" in (queued.last_error or "")
    assert [q.id for q in await dispatcher.queue()] == [queued.id]
    assert sender.sent == []


async def test_a_message_goes_out_once_the_server_answers_again(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    await signed_up(container)
    sender: FakeMailSender = container.mail_sender()
    sender.failing = True
    dispatcher = container.mail_dispatcher()
    await dispatcher.deliver_due()
    sender.failing = False
    clock.advance(minutes=5)
    assert (await dispatcher.deliver_due()).sent == 1
    assert [m.recipient for m in sender.sent] == ["maya@example.com"]
    assert (await dispatcher.deliver_due()).total == 0  # sent once, not again
    clock.advance(days=1)
    assert (await dispatcher.deliver_due()).total == 0
    assert timedelta(0) < clock.now() - next(iter(uow.mail.rows.values())).created_at
