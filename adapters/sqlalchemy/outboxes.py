"""Which durable outboxes a transaction wrote, so its commit can wake their followers.

A repository that adds an outbox row (``search_outbox.note``, the mail queue's ``add``)
calls :func:`mark_written` with the outbox's name in the same session; the unit of work
takes the names at ``commit()`` and hands them to the after-commit dispatcher
(``application/shared/after_commit.py``), which wakes the follower registered under that name
(the search indexer, the mail worker). The rows themselves are the durable part: a wake-up
that fails or is lost only delays them until the follower's next poll.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

_KEY = "rethread.outboxes"


def mark_written(session: AsyncSession, name: str) -> None:
    session.info.setdefault(_KEY, set()).add(name)


def take_written(session: AsyncSession) -> frozenset[str]:
    """The outboxes this session's transaction wrote (and forget them: the commit follows)."""
    return frozenset(session.info.pop(_KEY, ()))
