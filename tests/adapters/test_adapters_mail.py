"""Mail for real (issue 41): the queue on both databases, a real SMTP server (aiosmtpd)
receiving a password reset whose link works once, messages pending across a restart, and
slow sends that neither lose their claim nor are recorded by a worker that lost it."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from adapters.mail import SMTP_TIMEOUT_SECONDS, JinjaMailTemplates, parse_smtp_url
from adapters.migrations import upgrade
from application.mail import MailDispatcher
from domain.mail import CLAIM_LEASE, Mail, MailStatus
from entrypoints.container import Container, build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.fakes import FixedClock
from tests.support import NOW
from tests.support.mail import browser, deliver, read_eml, token_in

pytestmark = pytest.mark.adapters


class Inbox:
    """An aiosmtpd handler that keeps every message it receives."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        self.messages.append(message_from_bytes(envelope.content,  # type: ignore[arg-type]
                                                policy=policy.default))
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    with socket.socket() as probe:  # a free port (aiosmtpd checks it by connecting)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


async def test_a_reset_mail_arrives_over_smtp_its_link_works_once_and_sessions_end(
        db: str, tmp_path: Path, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    settings = make_settings(db, tmp_path, RETHREAD_SMTP_URL=f"smtp://127.0.0.1:{port}",
                             RETHREAD_MAIL_FROM="Rethread <hello@rethread.test>",
                             RETHREAD_PUBLIC_URL="https://shop.example")
    container = build_container(settings)
    app = create_app(settings, container)
    try:
        async with browser(app) as client, browser(app) as other:
            await client.register("maya")
            await other.login("maya")
            await client.post("/api/password-reset", json={"email": "maya@example.com"})
            await deliver(container)
            resets = [m for m in inbox.messages if "reset" in m["Subject"].lower()]
            assert len(resets) == 1
            reset = resets[0]
            assert reset["From"] == "Rethread <hello@rethread.test>"
            assert reset["To"] == "maya@example.com"
            assert reset.get_body(("html",)) is not None
            token = token_in(reset, "/reset-password")
            assert f"https://shop.example/reset-password?token={token}" in str(
                reset.get_body(("plain",)).get_content())  # type: ignore[union-attr]
            ok = await client.post("/api/password-reset/confirm",
                                   json={"token": token, "password": "brand-new-pw"})
            assert ok.status_code == 200
            assert (await other.get("/api/user")).status_code == 401
            again = await client.post("/api/password-reset/confirm",
                                      json={"token": token, "password": "another-pw"})
            assert again.status_code == 400
            assert (await client.login("maya", "brand-new-pw")).status_code == 200
    finally:
        await shutdown(container)


async def test_an_unreachable_smtp_server_leaves_the_message_queued(
        db: str, tmp_path: Path, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    closed = make_settings(db, tmp_path, RETHREAD_SMTP_URL="smtp://127.0.0.1:1")
    container = build_container(closed)
    try:
        async with container.uow() as uow:
            await uow.mail.add(Mail("a@example.com", "Hi", "text", "<p>html</p>"), NOW)
            await uow.commit()
        result = await container.mail_dispatcher().deliver_due()
        assert (result.sent, result.retrying) == (0, 1)
        [queued] = await container.mail_dispatcher().queue()
        assert queued.status is MailStatus.PENDING and queued.attempts == 1
        assert queued.last_error
    finally:
        await shutdown(container)
    # The same queue, a server that answers: the message goes out once it is due again.
    opened = make_settings(db, tmp_path, RETHREAD_SMTP_URL=f"smtp://127.0.0.1:{port}")
    container = build_container(opened)
    try:
        async with container.uow() as uow:
            due = await uow.mail.claim_due(datetime.now(UTC) + timedelta(hours=1), 10,
                                           datetime.now(UTC))
            await uow.commit()
        assert [q.mail.subject for q in due] == ["Hi"]
        await deliver(container)
        assert [m["Subject"] for m in inbox.messages] == ["Hi"]
    finally:
        await shutdown(container)


async def test_pending_mail_survives_a_restart(db: str, tmp_path: Path) -> None:
    settings = make_settings(db, tmp_path)
    first = build_container(settings)
    app = create_app(settings, first)
    async with browser(app) as client:
        await client.register("maya")
        await client.post("/api/password-reset", json={"email": "maya@example.com"})
    await shutdown(first)  # the server stops before its worker sent anything
    assert read_eml(settings.mail_dir) == []
    second = build_container(settings)
    try:
        await deliver(second)
        subjects = sorted(m["Subject"] for m in read_eml(settings.mail_dir))
        assert subjects == ["Confirm your email for Rethread", "Reset your Rethread password"]
        assert await second.mail_dispatcher().queue() == []
    finally:
        await shutdown(second)


async def test_two_dispatchers_send_each_message_once(db: str, tmp_path: Path) -> None:
    settings = make_settings(db, tmp_path)
    one, two = build_container(settings), build_container(settings)
    try:
        async with one.uow() as uow:
            for n in range(12):
                await uow.mail.add(Mail(f"p{n}@example.com", f"m{n}", "t", "<p>h</p>"), NOW)
            await uow.commit()
        await asyncio.gather(deliver(one), deliver(two))
        subjects = sorted(m["Subject"] for m in read_eml(settings.mail_dir))
        assert subjects == sorted(f"m{n}" for n in range(12))
    finally:
        await shutdown(one)
        await shutdown(two)


async def _sent_count(container: Container) -> int:
    async with container.uow() as uow:
        return len(await uow.mail.listing((MailStatus.SENT,), 20))


class SlowSender:
    """An SMTP server that takes the sender's whole timeout (on the injected clock) to
    accept each message; what each dispatcher sent, in order. ``sent_five`` is set once
    five messages went out."""

    def __init__(self, clock: FixedClock, log: list[tuple[str, str]], name: str) -> None:
        self.clock, self.log, self.name = clock, log, name
        self.sent_five = asyncio.Event()

    async def send(self, mail: Mail) -> None:
        self.clock.advance(seconds=SMTP_TIMEOUT_SECONDS)
        self.log.append((self.name, mail.recipient))
        if len(self.log) >= 5:
            self.sent_five.set()
        await asyncio.sleep(0)  # the other worker runs while this one records the outcome


async def test_a_slow_batch_never_outlives_the_claim_of_the_message_being_sent(
        container: Container) -> None:
    """A batch of ten taking 30 s a message (five minutes in all) and another worker
    polling 2.5 minutes in: each message is sent once, tried once."""
    clock = FixedClock(NOW)
    async with container.uow() as uow:
        for n in range(10):
            await uow.mail.add(Mail(f"p{n}@example.com", f"m{n}", "t", "<p>h</p>"), NOW)
        await uow.commit()
    sent: list[tuple[str, str]] = []
    slow = SlowSender(clock, sent, "first")
    first = MailDispatcher(container.uow(), slow, clock, batch=20)
    second = MailDispatcher(container.uow(), SlowSender(clock, sent, "second"), clock,
                            batch=20)

    async def poll_later() -> None:
        await slow.sent_five.wait()
        # (once the first has recorded its fifth: the two workers share one injected clock,
        # and each of the second's sends moves it 30 s, so a first worker kept from writing
        # its outcome by the other's transactions, under load, saw its claim lapse in the
        # test's time after a few of them and the message went out twice)
        for _ in range(3000):  # (30 s at most)
            if await _sent_count(container) >= 5:
                break
            await asyncio.sleep(0.01)
        await second.deliver_due()

    await asyncio.gather(first.deliver_due(), poll_later())
    recipients = sorted(recipient for _, recipient in sent)
    assert recipients == sorted(f"p{n}@example.com" for n in range(10))
    async with container.uow() as uow:
        rows = await uow.mail.listing((MailStatus.SENT,), 20)
    assert len(rows) == 10 and {row.attempts for row in rows} == {1}


async def test_only_the_worker_holding_the_claim_records_the_outcome(
        container: Container) -> None:
    """A send that outlived its claim (the lease lapsed and another worker took the message
    over) records nothing: the new holder's outcome stands, whatever the order."""
    async with container.uow() as uow:
        await uow.mail.add(Mail("a@example.com", "Hi", "t", "<p>h</p>"), NOW)
        await uow.commit()
    async with container.uow() as uow:
        [stale] = await uow.mail.claim_due(NOW, 1, NOW + CLAIM_LEASE)
        await uow.commit()
    later = NOW + CLAIM_LEASE + timedelta(seconds=1)
    async with container.uow() as uow:
        [current] = await uow.mail.claim_due(later, 1, later + CLAIM_LEASE)
        await uow.commit()
    assert current.attempts == 2
    async with container.uow() as uow:
        assert not await uow.mail.mark_sent(stale, later)
        assert not await uow.mail.mark_failed_attempt(stale, MailStatus.FAILED, later, "late")
        await uow.commit()
    [row] = await container.mail_dispatcher().queue((MailStatus.PENDING,))
    assert row.next_attempt_at == current.next_attempt_at and row.last_error is None
    async with container.uow() as uow:
        assert await uow.mail.mark_sent(current, later)
        await uow.commit()
    async with container.uow() as uow:
        assert not await uow.mail.mark_sent(stale, later)  # a sent message stays as it is
        [done] = await uow.mail.listing((MailStatus.SENT,), 5)
    assert done.sent_at == later


def test_every_template_renders_text_and_html_with_the_brand() -> None:
    templates = JinjaMailTemplates()
    context = {"brand": "Rethread", "site_url": "https://shop.example",
               "link": "https://shop.example/x?token=<&>", "name": "Maya <b>",
               "email": "m@example.com", "username": "maya", "new_email": "n@example.com",
               "title": "New offer <b>", "body": "Maya offered $60", "kind_label": "Offers",
               "settings_url": "https://shop.example/settings", "on": True,
               "unsubscribe_url": "https://shop.example/unsubscribe?token=t"}
    names = sorted({p.name.split(".")[0] for p in templates.env.loader.searchpath and
                    Path(templates.env.loader.searchpath[0]).glob("*.subject.txt")})  # type: ignore[union-attr]
    assert "password_reset" in names
    for name in names:
        subject, text, html = templates.render(name, context)
        assert subject and "\n" not in subject
        assert "https://shop.example" in text and "Rethread" in html
        assert "Maya <b>" not in html  # autoescaped


class _Tables(HTMLParser):
    """The attributes of every <table> a mail client renders (Outlook's conditional
    comments are comments to everyone else, so their tables are not counted)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append({name: value or "" for name, value in attrs})


def test_every_html_mail_is_fluid_on_a_phone() -> None:
    """No table is wider than a phone (390 px): each is 100% wide, the card capped at
    560 px by its style, and a long link can break."""
    templates = JinjaMailTemplates()
    context = {"brand": "Rethread", "site_url": "https://shop.example",
               "link": "https://shop.example/reset-password?token=" + "x" * 80,
               "name": "Maya", "email": "m@example.com", "username": "maya",
               "new_email": "n@example.com", "title": "Order 42-K3Z0QF placed",
               "body": "First line\nSecond line", "kind_label": "Offers",
               "settings_url": "https://shop.example/settings", "on": True,
               "unsubscribe_url": "https://shop.example/unsubscribe?token=t"}
    for name in ("password_reset", "notice", "verify_email"):
        html = templates.render(name, context)[2]
        parser = _Tables()
        parser.feed(html)
        assert parser.tables, name
        assert all(table.get("width") == "100%" for table in parser.tables), parser.tables
        assert any("max-width:560px" in table.get("style", "") for table in parser.tables)
        assert "word-break:break-all" in html
    notice = templates.render("notice", context)[2]
    assert "<p>First line</p>" in notice and "<p>Second line</p>" in notice


def test_smtp_urls() -> None:
    plain = parse_smtp_url("smtp://user:p%40ss@mail.example:587?starttls=1")
    assert (plain.host, plain.port, plain.starttls, plain.tls) == ("mail.example", 587, True,
                                                                  False)
    assert (plain.username, plain.password) == ("user", "p@ss")
    tls = parse_smtp_url("smtps://mail.example")
    assert (tls.port, tls.tls, tls.starttls) == (465, True, False)
    with pytest.raises(ValueError):
        parse_smtp_url("http://mail.example")


async def test_a_sent_message_keeps_no_body_link_or_headers(db: str, tmp_path: Path) -> None:
    """Once sent, a message's row keeps what an operator needs (recipient, subject, times,
    tries) and forgets everything that carries a token: the bodies, the link and the
    headers (a notice's one-click unsubscribe URL). One still waiting to be sent keeps all
    of it."""
    settings = make_settings(db, tmp_path)
    container = build_container(settings)
    app = create_app(settings, container)
    try:
        async with browser(app) as client:
            await client.register("maya")
            await client.post("/api/password-reset", json={"email": "maya@example.com"})
        await deliver(container)
        [reset_mail] = [m for m in read_eml(settings.mail_dir)
                        if m["Subject"] == "Reset your Rethread password"]
        token = token_in(reset_mail, "/reset-password")
        async with container.uow() as uow:
            await uow.mail.add(Mail("a@example.com", "Later", "t https://x/?token=abc", "<p/>",
                                    {"List-Unsubscribe": "<https://x/u?token=abc>"},
                                    "https://x/?token=abc"), NOW + timedelta(days=1))
            await uow.commit()
            sent = await uow.mail.listing((MailStatus.SENT,), 20)
            [waiting] = await uow.mail.listing((MailStatus.PENDING,), 20)
        assert sorted(q.mail.subject for q in sent) == [
            "Confirm your email for Rethread", "Reset your Rethread password"]
        for queued in sent:
            assert queued.mail.recipient == "maya@example.com"
            assert (queued.mail.text, queued.mail.html) == ("", "")
            assert queued.mail.link is None and queued.mail.headers == {}
            assert queued.attempts == 1 and queued.sent_at is not None
            assert queued.created_at <= queued.sent_at
            assert token not in repr(queued)
        assert waiting.mail.link == "https://x/?token=abc"
        assert waiting.mail.headers == {"List-Unsubscribe": "<https://x/u?token=abc>"}
        assert "token=abc" in waiting.mail.text
    finally:
        await shutdown(container)


async def test_the_upgrade_clears_what_messages_sent_before_it_kept(tmp_path: Path) -> None:
    """0098: rows sent before ``mark_sent`` cleared them lose their bodies, link and
    headers too; a message still waiting keeps everything it needs to go out."""
    path = tmp_path / "old.db"
    url = f"sqlite+aiosqlite:///{path}"
    await asyncio.to_thread(upgrade, url, "0097_sell_saved_searches")
    with sqlite3.connect(path) as old:
        for status in ("sent", "pending"):
            old.execute(
                "INSERT INTO mail_queue (recipient, subject, text_body, html_body, headers, "
                "link, status, attempts, next_attempt_at, created_at, sent_at) VALUES "
                "('a@example.com', 'Reset', 'go https://x/?token=t', '<a>t</a>', "
                "'{\"List-Unsubscribe\": \"<https://x/u?token=t>\"}', 'https://x/?token=t', "
                "?, 1, '2025-01-05 12:00:00.000000', '2025-01-05 12:00:00.000000', NULL)",
                (status,))
    await asyncio.to_thread(upgrade, url)
    with sqlite3.connect(path) as upgraded:
        rows = upgraded.execute("SELECT status, recipient, subject, text_body, html_body, "
                                "headers, link, attempts FROM mail_queue ORDER BY id").fetchall()
    assert rows[0] == ("sent", "a@example.com", "Reset", "", "", "{}", None, 1)
    assert rows[1][0] == "pending" and rows[1][3:] == (
        "go https://x/?token=t", "<a>t</a>",
        '{"List-Unsubscribe": "<https://x/u?token=t>"}', "https://x/?token=t", 1)
