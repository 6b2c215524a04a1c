"""Mail: what one email is, and the queue's rules for trying again.

A message is complete when it is queued (rendered subject, plain text, HTML, headers): the
worker that sends it later needs nothing else, so a message queued before a restart goes
out after it exactly as it was written. Once sent, only its envelope is kept
(:meth:`Mail.as_sent`): nothing that carries a token stays in the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum

#: How often a message is tried before it is marked failed (and kept, for the operator).
MAX_ATTEMPTS = 8
#: The first retry waits this long; each further one twice as long, up to RETRY_CAP.
FIRST_RETRY = timedelta(seconds=30)
RETRY_CAP = timedelta(hours=2)
#: How long a worker holds a claimed message before another worker may take it over (the
#: first one died while sending): longer than any SMTP conversation's timeout. A worker
#: claims each message just before sending it, never a batch ahead, so the lease covers one
#: conversation however many messages a round sends; and it records the outcome only while
#: it still holds that claim.
CLAIM_LEASE = timedelta(minutes=2)
SUBJECT_MAX = 300


class MailStatus(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"


@dataclass(frozen=True)
class Mail:
    """One message to one recipient. ``link`` is the message's main link (never logged: a
    reset or verification link carries a live token)."""

    recipient: str
    subject: str
    text: str
    html: str
    headers: dict[str, str] = field(default_factory=dict)
    link: str | None = None

    def as_sent(self) -> Mail:
        """What the queue keeps of a message once it is sent: who it went to and its
        subject, for the operator. The bodies, the link and the headers go: a reset,
        verification or email-change link, or a one-click unsubscribe URL, carries a live token
        that must not outlive the message's delivery in the database."""
        return Mail(recipient=self.recipient, subject=self.subject, text="", html="")


@dataclass(frozen=True)
class QueuedMail:
    id: int
    mail: Mail
    status: MailStatus
    attempts: int
    next_attempt_at: datetime
    created_at: datetime
    last_error: str | None = None
    sent_at: datetime | None = None


def retry_delay(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failed try (1, 2, ...): doubling, capped."""
    if attempts < 1:
        return timedelta(0)
    doubling: int = 2 ** min(attempts - 1, 30)  # int ** int is typed Any (x ** -1 is a float)
    return min(FIRST_RETRY * doubling, RETRY_CAP)


def after_failure(attempts: int, now: datetime) -> tuple[MailStatus, datetime]:
    """What a failed try leaves: pending again later, or failed for good after the last."""
    if attempts >= MAX_ATTEMPTS:
        return MailStatus.FAILED, now
    return MailStatus.PENDING, now + retry_delay(attempts)
