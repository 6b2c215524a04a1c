"""The notification repository against real databases: a member's notices newest first in
pages, what is unread and what marking read touches (only the member's own), and deciding
each notice's email once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.notification_mail import MailState
from domain.notifications import Notification
from entrypoints.container import Container
from tests.support import NOW, add_users, ids_of

pytestmark = pytest.mark.adapters

MINUTE = timedelta(minutes=1)


def a_notice(user_id: int, kind: str = "message", link: str | None = "/messages/2",
             minutes: int = 0, read: bool = False, actor_ids: tuple[int, ...] = ()
             ) -> Notification:
    return Notification(id=None, user_id=user_id, kind=kind, title=f"{kind} {minutes}",
                        body="Hello", link=link, created_at=NOW + minutes * MINUTE, read=read,
                        actor_ids=actor_ids)


async def test_a_members_notices_come_newest_first_a_page_at_a_time(
        container: Container) -> None:
    maya, lee = ids_of(await add_users(container.uow(), "maya", "lee"))
    async with container.uow() as uow:
        first = await uow.notifications.add(a_notice(maya, "like", "/posts/1",
                                                     actor_ids=(7, 3)))
        await uow.notifications.add_many([a_notice(maya, minutes=m) for m in (1, 2, 3)]
                                         + [a_notice(lee, minutes=4)])
        await uow.notifications.add_many([])
        await uow.commit()
    async with container.uow() as uow:
        newest = await uow.notifications.page(maya, None, limit=3)
        assert [n.title for n in newest] == ["message 3", "message 2", "message 1"]
        rest = await uow.notifications.page(maya, newest[-1].id, limit=3)
        assert [n.id for n in rest] == [first.id]
        assert rest[0].actor_ids == (7, 3) and rest[0].link == "/posts/1"
        assert [n.user_id for n in await uow.notifications.page(lee, None, 10)] == [lee]
        await uow.notifications.delete(first.id or 0)
        await uow.commit()
    async with container.uow() as uow:
        assert first.id not in [n.id for n in await uow.notifications.page(maya, None, 10)]


async def test_marking_read_touches_only_the_members_own_unread_notices(
        container: Container) -> None:
    maya, lee = ids_of(await add_users(container.uow(), "maya", "lee"))
    async with container.uow() as uow:
        chat = [await uow.notifications.add(a_notice(maya, minutes=m)) for m in (0, 1)]
        await uow.notifications.add(a_notice(maya, link="/messages/3"))
        like = await uow.notifications.add(a_notice(maya, "like", "/posts/1", minutes=2))
        await uow.notifications.add(a_notice(maya, "like", "/posts/9", read=True))
        leess = await uow.notifications.add(a_notice(lee))
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.notifications.unread_count(maya) == 4
        group = await uow.notifications.unread_group(maya, "message", "/messages/2")
        assert group is not None and group.id == chat[1].id
        assert await uow.notifications.unread_group(maya, "like", "/posts/9") is None
        assert await uow.notifications.has_unread(maya, "like", "/posts/1")
        assert not await uow.notifications.has_unread(maya, "like", "/posts/9")
        assert await uow.notifications.exists(maya, "like", "/posts/9")
        assert not await uow.notifications.exists(lee, "like", "/posts/9")
        # lee's id in the list is not maya's to mark; an already read one is not counted.
        assert await uow.notifications.mark_read(maya, [like.id or 0, leess.id or 0]) == 1
        assert await uow.notifications.mark_read(maya, [like.id or 0]) == 0
        assert await uow.notifications.mark_read_link(maya, "message", "/messages/2") == 2
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.notifications.unread_count(maya) == 1
        assert await uow.notifications.unread_count(lee) == 1
        assert await uow.notifications.has_unread(maya, "message", "/messages/3")
        assert await uow.notifications.mark_read(maya, None) == 1
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.notifications.unread_count(maya) == 0
        assert all(n.read for n in await uow.notifications.page(maya, None, 10))


async def test_each_notices_email_is_decided_once_oldest_first(container: Container) -> None:
    maya = ids_of(await add_users(container.uow(), "maya"))[0]
    async with container.uow() as uow:
        late, early, at_cutoff, too_new = [
            await uow.notifications.add(a_notice(maya, minutes=m)) for m in (2, 1, 5, 6)]
        await uow.notifications.add(a_notice(maya, "like", minutes=0))  # a kind not mailed
        await uow.commit()
    kinds = frozenset({"message", "order"})
    async with container.uow() as uow:
        waiting = await uow.notifications.unmailed(kinds, NOW + 5 * MINUTE, limit=10)
        assert [n.id for n in waiting] == [early.id, late.id, at_cutoff.id]
        assert too_new.id not in [n.id for n in waiting]
        assert [n.id for n in await uow.notifications.unmailed(kinds, NOW + 5 * MINUTE, 1)] == [
            early.id]
        assert await uow.notifications.claim_mail(early.id or 0, MailState.SENT, NOW)
        assert await uow.notifications.claim_mail(late.id or 0, MailState.SKIPPED, NOW)
        await uow.commit()
    async with container.uow() as uow:
        assert not await uow.notifications.claim_mail(early.id or 0, MailState.SKIPPED, NOW)
        assert [n.id for n in await uow.notifications.unmailed(kinds, NOW + 5 * MINUTE, 10)
                ] == [at_cutoff.id]
        # Only a sent email counts, and only since the moment asked about.
        assert await uow.notifications.mailed_since(maya, "message", "/messages/2", NOW)
        assert not await uow.notifications.mailed_since(maya, "message", "/messages/2",
                                                        NOW + MINUTE)
        assert not await uow.notifications.mailed_since(maya, "message", None, NOW)
        assert not await uow.notifications.mailed_since(maya, "message", "/messages/3", NOW)
