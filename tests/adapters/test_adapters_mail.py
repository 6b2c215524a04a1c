"""Mail for real (issue 41): the queue on both databases, a real SMTP server (aiosmtpd)
receiving a password reset whose link works once, and messages pending across a restart."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from adapters.mail import JinjaMailTemplates, parse_smtp_url
from domain.mail import Mail, MailStatus
from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
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


def test_every_template_renders_text_and_html_with_the_brand() -> None:
    templates = JinjaMailTemplates()
    context = {"brand": "Rethread", "site_url": "https://shop.example",
               "link": "https://shop.example/x?token=<&>", "name": "Maya <b>",
               "email": "m@example.com", "username": "maya", "new_email": "n@example.com",
               "title": "New offer <b>", "body": "Maya offered $60", "kind_label": "Offers",
               "settings_url": "https://shop.example/settings",
               "unsubscribe_url": "https://shop.example/unsubscribe?token=t"}
    names = sorted({p.name.split(".")[0] for p in templates.env.loader.searchpath and
                    Path(templates.env.loader.searchpath[0]).glob("*.subject.txt")})  # type: ignore[union-attr]
    assert "password_reset" in names
    for name in names:
        subject, text, html = templates.render(name, context)
        assert subject and "\n" not in subject
        assert "https://shop.example" in text and "Rethread" in html
        assert "Maya <b>" not in html  # autoescaped


def test_smtp_urls() -> None:
    plain = parse_smtp_url("smtp://user:p%40ss@mail.example:587?starttls=1")
    assert (plain.host, plain.port, plain.starttls, plain.tls) == ("mail.example", 587, True,
                                                                  False)
    assert (plain.username, plain.password) == ("user", "p@ss")
    tls = parse_smtp_url("smtps://mail.example")
    assert (tls.port, tls.tls, tls.starttls) == (465, True, False)
    with pytest.raises(ValueError):
        parse_smtp_url("http://mail.example")
