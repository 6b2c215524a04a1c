"""Sessions: reading the session of a request, signing out, and a member's own list of
signed-in sessions (issue 41).

Sessions live in the database, stored by the SHA-256 of their token (:func:`hash_token`),
so a leaked table opens nothing; signing in opens one (``application/accounts.py``). Ending
sessions is one place, :func:`end_sessions_in`, inside the caller's transaction (password
reset or change, account closed, sign-out everywhere); after the commit the member's
sockets hear ``session_ended`` (:func:`sessions_ended`, recorded on the unit of work) and the
ones whose session ended close (``entrypoints/http/realtime.py``).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from application.analytics import VisitLog
from application.ports import Clock, UnitOfWork
from domain.accounts import LAST_SEEN_STEP, SessionInfo, User
from domain.analytics import ActivityKind, activity_day
from domain.errors import NotFound

SESSION_LIFETIME = timedelta(days=30)
# Published to a user's sockets when one of their sessions ends: each socket checks its own
# session again instead of asking the database before every message it receives.
SESSION_ENDED: dict[str, str] = {"type": "session_ended"}
SESSION_NOT_FOUND = "No such session"


def hash_token(token: str) -> str:
    """Sessions are stored by the hash of their token, so a leaked table opens nothing."""
    return hashlib.sha256(token.encode()).hexdigest()


async def end_sessions_in(uow: UnitOfWork, user_id: int, keep_token: str | None = None) -> int:
    """Inside the caller's transaction: delete the user's sessions (but ``keep_token``'s);
    after the commit their sockets hear it (:func:`sessions_ended`)."""
    keep = hash_token(keep_token) if keep_token else None
    ended = await uow.sessions.delete_for_user(user_id, keep)
    sessions_ended(uow, user_id)
    return ended


def sessions_ended(uow: UnitOfWork, user_id: int) -> None:
    """Some of the user's sessions end in this transaction: once it commits, their sockets
    check their own session again (and the ones whose session ended close,
    ``entrypoints/http/realtime.py``)."""
    uow.publish([user_id], SESSION_ENDED)


class SessionService:
    def __init__(self, uow: UnitOfWork, clock: Clock, visits: VisitLog | None = None, *,
                 admins_need_two_factor: bool = False) -> None:
        self.uow = uow
        self.clock = clock
        self.visits = visits or VisitLog()
        #: ``RETHREAD_ADMIN_2FA``: an administrator without two-factor sign-in acts as a member.
        self.admins_need_two_factor = admins_need_two_factor

    async def logout(self, token: str | None) -> None:
        """End the session; the user's open sockets hear ``session_ended`` and the ones
        opened with this session close (``entrypoints/http/realtime.py``)."""
        if not token:
            return
        async with self.uow:
            user_id = await self.uow.sessions.user_id_for(hash_token(token), self.clock.now())
            await self.uow.sessions.delete(hash_token(token))
            if user_id is not None:
                sessions_ended(self.uow, user_id)
            await self.uow.commit()

    async def end_sessions(self, user_id: int, keep_token: str | None = None) -> int:
        """End every session of ``user_id`` (but the one of ``keep_token``): the one place
        that signs a member out everywhere (password reset or change, account closed,
        suspension). Their sockets hear ``session_ended``; how many sessions ended."""
        async with self.uow:
            ended = await end_sessions_in(self.uow, user_id, keep_token)
            await self.uow.commit()
        return ended

    async def user_for_session(self, token: str | None) -> User | None:
        """The session's member, or None (ended or expired: enforced here, on every
        request). Its "last seen" moves at most every ``LAST_SEEN_STEP``. Where the operator
        requires it, an administrator without two-factor sign-in comes back without admin
        powers (``User.require_two_factor_for_admin``): every request's viewer is made here,
        so no route can reach an admin power past that rule."""
        if not token:
            return None
        now = self.clock.now()
        async with self.uow:
            found = await self.uow.sessions.lookup(hash_token(token), now)
            user = None if found is None else await self.uow.users.get(found.user_id)
            if found is None or user is None:
                return None
            if found.last_seen_at is None or now - found.last_seen_at >= LAST_SEEN_STEP:
                await self.uow.sessions.touch(found.token_hash, now)
                await self.uow.commit()
            await self._record_visit(user, now)
            if self.admins_need_two_factor:
                user.require_two_factor_for_admin()
            return user

    async def sessions_of(self, user: User, current_token: str | None
                          ) -> list[tuple[SessionInfo, bool]]:
        """The member's signed-in sessions, each with whether it is the one asking."""
        assert user.id is not None
        current = hash_token(current_token) if current_token else None
        async with self.uow:
            found = await self.uow.sessions.for_user(user.id, self.clock.now())
        return [(info, info.token_hash == current) for info in found]

    async def end_session(self, user: User, session_id: str, current_token: str | None
                          ) -> bool:
        """End one of the member's own sessions by its public id (404 for anyone else's);
        True when it was the one asking (the caller clears its cookie)."""
        assert user.id is not None
        current = hash_token(current_token) if current_token else None
        async with self.uow:
            found = next((s for s in await self.uow.sessions.for_user(user.id, self.clock.now())
                          if s.id == session_id), None)
            if found is None:
                raise NotFound(SESSION_NOT_FOUND)
            await self.uow.sessions.delete(found.token_hash)
            sessions_ended(self.uow, user.id)
            await self.uow.commit()
        return found.token_hash == current

    async def _record_visit(self, user: User, now: datetime) -> None:
        """An authenticated visit, written once per user per day (see VisitLog)."""
        assert user.id is not None
        day = activity_day(now)
        if self.visits.seen(user.id, day):
            return
        await self.uow.activity.record(ActivityKind.VISIT, user.id, now)
        await self.uow.commit()
        self.visits.remember(user.id, day)
