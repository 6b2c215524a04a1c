"""Mail adapters: Jinja2 templates, and the two senders behind the ``MailSender`` port.

- :class:`FileMailSender` (no ``RETHREAD_SMTP_URL``): each message is written as an
  ``.eml`` file under ``<data dir>/mail/`` and its recipient, subject and file are logged,
  so a developer runs the site with no mail server and opens what would have been sent.
  The link is not logged: a reset or verification link carries a live token, and logs are
  kept longer and read by more people than a mailbox.
- :class:`SmtpMailSender`: ``smtp://user:pass@host:587?starttls=1`` (STARTTLS when asked)
  or ``smtps://user:pass@host:465`` (TLS from the start), with the standard library's
  ``smtplib`` in a worker thread.

Both build the same MIME message (:func:`mime_message`): plain text and HTML as
``multipart/alternative``, the extra headers (``List-Unsubscribe``...) included.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from domain.mail import Mail

log = logging.getLogger("rethread.mail")

TEMPLATE_DIR = Path(__file__).resolve().parent / "mail_templates"
SMTP_TIMEOUT_SECONDS = 30
DEFAULT_FROM = "Rethread <no-reply@rethread.local>"


@cache
def _environment(directory: Path) -> Environment:
    """One Jinja environment per template directory and process: it compiles each template
    on first use and keeps it (reloading one whose file changed), however many containers
    the process builds (the tests build one per test, and compiling the templates anew for
    each was a tenth of an API test's time)."""
    return Environment(loader=FileSystemLoader(directory),
                       autoescape=select_autoescape(["html"]),
                       undefined=StrictUndefined, trim_blocks=True,
                       lstrip_blocks=True, keep_trailing_newline=True)


class JinjaMailTemplates:
    """``<name>.subject.txt``, ``<name>.txt`` and ``<name>.html`` per message; the HTML
    ones extend ``base.html`` (brand, footer) and are autoescaped."""

    def __init__(self, directory: Path = TEMPLATE_DIR) -> None:
        self.env = _environment(directory.resolve())

    def render(self, template: str, context: dict[str, Any]) -> tuple[str, str, str]:
        subject = self.env.get_template(f"{template}.subject.txt").render(context)
        text = self.env.get_template(f"{template}.txt").render(context)
        html = self.env.get_template(f"{template}.html").render(context)
        return " ".join(subject.split()), text, html


def mime_message(mail: Mail, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.recipient
    message["Subject"] = mail.subject
    message["Date"] = formatdate(localtime=False, usegmt=True)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2].strip("> ") or None)
    for name, value in mail.headers.items():
        message[name] = value
    message.set_content(mail.text)
    message.add_alternative(mail.html, subtype="html")
    return message


class FileMailSender:
    def __init__(self, directory: Path, sender: str = DEFAULT_FROM) -> None:
        self.directory = directory
        self.sender = sender

    async def send(self, mail: Mail) -> None:
        message = mime_message(mail, self.sender)
        name = message["Message-ID"].strip("<>").replace("@", "_").replace("/", "_")
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{name}.eml"
        await asyncio.to_thread(path.write_bytes, bytes(message))
        log.info("mail to %s: %s (%s)", mail.recipient, mail.subject, path)


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    tls: bool  # smtps: TLS from the first byte
    starttls: bool
    username: str | None
    password: str | None


def parse_smtp_url(url: str) -> SmtpTarget:
    """``smtp://[user:pass@]host[:port][?starttls=1]`` or ``smtps://...``."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("RETHREAD_SMTP_URL must look like smtp://user:pass@host:587?starttls=1 "
                         "or smtps://user:pass@host:465")
    tls = parts.scheme == "smtps"
    query = parse_qs(parts.query)
    starttls = query.get("starttls", ["0"])[0].lower() in ("1", "true", "yes", "on")
    return SmtpTarget(host=parts.hostname, port=parts.port or (465 if tls else 25), tls=tls,
                      starttls=starttls and not tls,
                      username=unquote(parts.username) if parts.username else None,
                      password=unquote(parts.password) if parts.password else None)


class SmtpMailSender:
    def __init__(self, url: str, sender: str = DEFAULT_FROM,
                 context: ssl.SSLContext | None = None) -> None:
        self.target = parse_smtp_url(url)
        self.sender = sender
        self.context = context or ssl.create_default_context()

    async def send(self, mail: Mail) -> None:
        await asyncio.to_thread(self._send, mime_message(mail, self.sender))

    def _send(self, message: EmailMessage) -> None:
        target = self.target
        client: smtplib.SMTP
        if target.tls:
            client = smtplib.SMTP_SSL(target.host, target.port, timeout=SMTP_TIMEOUT_SECONDS,
                                      context=self.context)
        else:
            client = smtplib.SMTP(target.host, target.port, timeout=SMTP_TIMEOUT_SECONDS)
        with client:
            if target.starttls:
                client.starttls(context=self.context)
            if target.username:
                client.login(target.username, target.password or "")
            client.send_message(message)
