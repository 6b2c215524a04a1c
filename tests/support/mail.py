"""Reading what the site sent: the queue delivered through the real dispatcher into the
default ``.eml`` files, parsed with the standard library."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from tests.support import ApiClient

LINK = re.compile(r"https?://[^\s\"<>]+")


async def deliver(container: Any) -> None:
    """Queue the notification emails due and send everything due, as the server's mail
    worker would."""
    await container.notification_mailer().sweep()
    while (await container.mail_dispatcher().deliver_due()).total:
        pass


def read_eml(directory: Path) -> list[EmailMessage]:
    if not directory.exists():
        return []
    files = sorted(directory.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns)
    return [message_from_bytes(f.read_bytes(), policy=policy.default)  # type: ignore[misc]
            for f in files]


def text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None, "no plain-text part"
    return part.get_content()


def html_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert part is not None, "no HTML part"
    return part.get_content()


def links(message: EmailMessage) -> list[str]:
    return LINK.findall(text_of(message))


def token_in(message: EmailMessage, path: str) -> str:
    """The ``token`` query parameter of the message's link to ``path``."""
    for link in links(message):
        parts = urlsplit(link)
        if parts.path == path:
            return parse_qs(parts.query)["token"][0]
    raise AssertionError(f"no link to {path} in {links(message)}")


async def mail_to(container: Any, address: str) -> list[EmailMessage]:
    await deliver(container)
    directory = container.settings().mail_dir
    return [m for m in read_eml(directory) if m["To"] == address]


@asynccontextmanager
async def browser(app: Any) -> AsyncIterator[ApiClient]:
    """Another person's (or device's) cookies on the same app, on the test's event loop."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as raw:
        yield ApiClient(raw)  # type: ignore[arg-type]
