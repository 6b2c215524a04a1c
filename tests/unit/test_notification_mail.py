"""Notification emails with fakes and an injected clock (issue 41): which notices are
mailed, when (chat messages after 15 unread minutes, one per conversation per hour), each
exactly once, as the member chose; the signed unsubscribe."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from application.notification_mail import EmailSettings, NotificationMailer, unsubscribe_token
from application.notifications import notify
from domain.accounts import User
from domain.errors import ValidationError
from domain.notification_mail import MESSAGE_DELAY, EmailKind
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock, fake_container
from tests.support import add_user

pytestmark = pytest.mark.unit


async def tell(uow: FakeUnitOfWork, clock: FixedClock, user: User, kind: str,
               link: str = "/messages/9") -> None:
    assert user.id is not None
    async with uow:
        await notify(uow, user_id=user.id, kind=kind, title=f"A {kind}", body="Details",
                     link=link, now=clock.now())
        await uow.commit()


def mails(uow: FakeUnitOfWork) -> list[str]:
    return [queued.mail.subject for queued in uow.mail.rows.values()]


async def test_each_notice_is_mailed_once_with_the_one_click_headers(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    maya = await add_user(uow, created_at=clock.now())
    await tell(uow, clock, maya, "offer_received", "/seller/offers")
    await tell(uow, clock, maya, "price_drop", "/product/3")  # stays in the bell
    mailer: NotificationMailer = container.notification_mailer()
    assert await mailer.sweep() == 1
    assert await mailer.sweep() == 0
    [queued] = uow.mail.rows.values()
    assert queued.mail.subject == "A offer_received"
    assert queued.mail.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert queued.mail.headers["List-Unsubscribe"].startswith("<http")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(waited=st.integers(min_value=0, max_value=40))
async def test_a_message_waits_15_unread_minutes(waited: int) -> None:
    uow, clock = FakeUnitOfWork(), FixedClock()
    with fake_container(uow, clock) as container:
        maya = await add_user(uow, created_at=clock.now())
        await tell(uow, clock, maya, "message")
        clock.advance(minutes=waited)
        await container.notification_mailer().sweep()
        assert len(mails(uow)) == (1 if timedelta(minutes=waited) >= MESSAGE_DELAY else 0)


async def test_one_message_email_per_conversation_per_hour(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    maya = await add_user(uow, created_at=clock.now())
    mailer: NotificationMailer = container.notification_mailer()
    for _ in range(3):  # three unread notices of one conversation, 20 minutes apart
        await tell(uow, clock, maya, "message", "/messages/9")
        clock.advance(minutes=20)
        await mailer.sweep()
    assert mails(uow) == ["A message"]  # the first; the others fell within its hour
    await tell(uow, clock, maya, "message", "/messages/10")  # another conversation
    clock.advance(minutes=16)
    await mailer.sweep()
    assert len(mails(uow)) == 2
    clock.advance(minutes=30)  # 86 minutes after the first email of conversation 9
    await tell(uow, clock, maya, "message", "/messages/9")
    clock.advance(minutes=16)
    await mailer.sweep()
    assert len(mails(uow)) == 3


async def test_a_read_notice_or_a_turned_off_kind_is_not_mailed(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    maya = await add_user(uow, created_at=clock.now())
    assert maya.id is not None
    await tell(uow, clock, maya, "message")
    async with uow:
        await uow.notifications.mark_read(maya.id, None)
        await uow.commit()
    settings_: EmailSettings = container.email_settings()
    await settings_.update(maya, {"order_updates": False})
    await tell(uow, clock, maya, "order_update", "/orders")
    clock.advance(minutes=30)
    await container.notification_mailer().sweep()
    assert mails(uow) == []
    await settings_.update(maya, {"order_updates": True})
    await tell(uow, clock, maya, "order_update", "/orders")
    await container.notification_mailer().sweep()
    assert mails(uow) == ["A order_update"]


async def test_the_unsubscribe_token_is_signed(container: Container, uow: FakeUnitOfWork,
                                               clock: FixedClock) -> None:
    maya = await add_user(uow, created_at=clock.now())
    assert maya.id is not None
    settings_: EmailSettings = container.email_settings()
    token = unsubscribe_token(container.link_signer(), maya.id, EmailKind.MESSAGES)
    assert await settings_.unsubscribe(token) is EmailKind.MESSAGES
    assert await settings_.unsubscribe(token) is EmailKind.MESSAGES  # twice is fine
    off = {s.kind for s in await settings_.of(maya) if not s.on}
    assert off == {EmailKind.MESSAGES}
    for forged in ("", "x" * 400, token[:-2] + "xx", token.replace(".", "", 1)):
        with pytest.raises(ValidationError):
            await settings_.unsubscribe(forged)


async def test_a_saved_search_alert_is_mailed_under_its_own_kind(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    maya = await add_user(uow, created_at=clock.now())
    await tell(uow, clock, maya, "saved_search", "/saved-searches?open=1")
    await container.notification_mailer().sweep()
    [queued] = uow.mail.rows.values()
    assert "saved searches" in queued.mail.html  # the footer names the kind
    await container.email_settings().update(maya, {"saved_searches": False})
    await tell(uow, clock, maya, "saved_search", "/saved-searches?open=1")
    await container.notification_mailer().sweep()
    assert len(uow.mail.rows) == 1
