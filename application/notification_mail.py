"""Notification emails (issue 41): the notices of the bell, also by email, as each member
chose, each with a one-click unsubscribe (RFC 8058) that works without signing in.

The notifications table is the outbox: every notice is a row, written in the transaction
of what caused it. :meth:`NotificationMailer.sweep` (run by the mail worker before it
sends, ``entrypoints/http/mail_worker.py``) takes the notices whose email is not decided
yet and decides each one exactly once (a compare-and-set on the notice, in the same
transaction as queueing its email, so two workers never both send it): queued, or skipped
(the kind is turned off, a chat message was read within 15 minutes, its conversation was
emailed within the hour, or the account is closed). The rules are in
``domain/notification_mail.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from application.mail import Letters
from application.notifications import notify
from application.ports import Clock, UnitOfWork
from application.ports.mail import LinkSigner
from domain.accounts import User
from domain.errors import ValidationError
from domain.notification_mail import (
    AT_ONCE_NOTICES,
    EMAIL_KIND_OF_NOTICE,
    EXPIRY_REMINDER,
    MESSAGE_DELAY,
    MESSAGE_EMAIL_GAP,
    MESSAGE_NOTICES,
    EmailKind,
    MailState,
)
from domain.notifications import Notification
from domain.text import format_moment

UNSUBSCRIBE_PAGE = "/unsubscribe?token="
UNSUBSCRIBE_API = "/api/unsubscribe?token="
SETTINGS_PATH = "/settings#email-notifications"
INVALID_UNSUBSCRIBE = "This unsubscribe link is not valid."
TOKEN_MAX = 300
BATCH = 50


@dataclass(frozen=True)
class EmailSetting:
    kind: EmailKind
    on: bool


class NotificationMailer:
    def __init__(self, uow: UnitOfWork, letters: Letters, clock: Clock,
                 signer: LinkSigner, batch: int = BATCH) -> None:
        self.uow = uow
        self.letters = letters
        self.clock = clock
        self.signer = signer
        self.batch = batch

    async def sweep(self) -> int:
        """Remind buyers whose accepted offer is about to run out, then decide the email
        of every notice that is due; how many were queued."""
        await self._remind_expiring()
        now = self.clock.now()
        async with self.uow:
            due = await self.uow.notifications.unmailed(AT_ONCE_NOTICES, now, self.batch)
            due += await self.uow.notifications.unmailed(MESSAGE_NOTICES, now - MESSAGE_DELAY,
                                                         self.batch)
        queued = 0
        for notice in due:
            queued += await self._decide(notice)
        return queued

    async def _remind_expiring(self) -> None:
        """A notice (so an email too) to each buyer whose accepted offer holds its item for
        less than ``EXPIRY_REMINDER`` more, once per offer."""
        now = self.clock.now()
        async with self.uow:
            for offer in await self.uow.offers.reserving_until(now + EXPIRY_REMINDER,
                                                               self.batch):
                link = f"/buyer/offers?offer={offer.id}"
                if (offer.reserved_until is None or offer.reserved_until <= now
                        or await self.uow.notifications.exists(offer.buyer_id,
                                                               "offer_expiring", link)):
                    continue
                listing = await self.uow.listings.get(offer.product_id)
                what = f"“{listing.title}”" if listing is not None else "the item"
                await notify(self.uow, user_id=offer.buyer_id, kind="offer_expiring",
                             title=f"Your accepted offer on {what} runs out soon",
                             body=(f"The seller accepted ${offer.agreed_price or 0:.2f} for "
                                   f"{what}. It is held for you until "
                                   f"{format_moment(offer.reserved_until, now)}: check out "
                                   "before then."),
                             link=link, now=now)
            await self.uow.commit()

    async def _decide(self, notice: Notification) -> int:
        assert notice.id is not None
        now = self.clock.now()
        kind = EMAIL_KIND_OF_NOTICE[notice.kind]
        async with self.uow:
            user = await self.uow.users.get(notice.user_id)
            skip = (user is None or user.is_closed or notice.read
                    or kind in await self.uow.email_preferences.turned_off(notice.user_id)
                    or (notice.kind in MESSAGE_NOTICES
                        and await self.uow.notifications.mailed_since(
                            notice.user_id, notice.kind, notice.link, now - MESSAGE_EMAIL_GAP)))
            state = MailState.SKIPPED if skip else MailState.SENT
            if not await self.uow.notifications.claim_mail(notice.id, state, now):
                return 0  # another worker decided it
            if state is MailState.SENT:
                assert user is not None
                await self._queue(user, notice, kind)
            await self.uow.commit()
        return 1 if state is MailState.SENT else 0

    async def _queue(self, user: User, notice: Notification, kind: EmailKind) -> None:
        assert user.id is not None
        token = quote(unsubscribe_token(self.signer, user.id, kind))
        page = self.letters.url(UNSUBSCRIBE_PAGE + token)
        one_click = self.letters.url(UNSUBSCRIBE_API + token)
        headers = {
            # RFC 8058: a mail client's "Unsubscribe" POSTs to this URL, without signing in.
            "List-Unsubscribe": f"<{one_click}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
        context: dict[str, Any] = {
            "name": user.display_name, "title": notice.title, "body": notice.body,
            "kind_label": kind.label, "unsubscribe_url": page,
            "settings_url": self.letters.url(SETTINGS_PATH)}
        await self.letters.queue(self.uow, self.clock, user.email, "notice", context,
                                 link=self.letters.url(notice.link or "/"),
                                 headers=headers)


def unsubscribe_token(signer: LinkSigner, user_id: int, kind: EmailKind) -> str:
    return signer.sign({"u": user_id, "k": kind.value})


class EmailSettings:
    """A member's notification email choices, and the one-click unsubscribe."""

    def __init__(self, uow: UnitOfWork, signer: LinkSigner) -> None:
        self.uow = uow
        self.signer = signer

    async def of(self, user: User) -> list[EmailSetting]:
        assert user.id is not None
        async with self.uow:
            off = await self.uow.email_preferences.turned_off(user.id)
        return [EmailSetting(kind, kind not in off) for kind in EmailKind]

    async def update(self, user: User, changes: dict[str, bool]) -> list[EmailSetting]:
        """Turn kinds on or off (``{"messages": false}``); unknown kinds are refused."""
        assert user.id is not None
        known = {kind.value: kind for kind in EmailKind}
        unknown = sorted(name for name in changes if name not in known)
        if unknown:
            raise ValidationError({name: "Unknown kind of email" for name in unknown})
        async with self.uow:
            for name, on in changes.items():
                await self.uow.email_preferences.set(user.id, known[name], bool(on))
            await self.uow.commit()
        return await self.of(user)

    async def unsubscribe(self, token: str) -> EmailKind:
        """Turn off the kind of email a signed unsubscribe link names (RFC 8058 one-click:
        no session needed; doing it twice is fine)."""
        value = self.signer.unsign(token) if token and len(token) <= TOKEN_MAX else None
        if value is None:
            raise ValidationError({"token": INVALID_UNSUBSCRIBE})
        try:
            user_id, kind = int(value["u"]), EmailKind(value["k"])
        except (TypeError, KeyError, ValueError):
            raise ValidationError({"token": INVALID_UNSUBSCRIBE}) from None
        async with self.uow:
            user = await self.uow.users.get(user_id)
            if user is not None and not user.is_closed:
                await self.uow.email_preferences.set(user_id, kind, False)
                await self.uow.commit()
        return kind
