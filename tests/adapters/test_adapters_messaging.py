"""The message repository against real databases: a thread is both directions of one pair
newest first, the inbox is one line per partner (the newest message and what is unread from
them), and marking read touches one sender's messages to one receiver."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.errors import Conflict
from domain.messaging import Message
from entrypoints.container import Container
from tests.support import NOW, add_listing, add_users, ids_of

pytestmark = pytest.mark.adapters


def a_message(sender: int, receiver: int, content: str, minutes: int = 0,
              product_id: int | None = None, read: bool = False) -> Message:
    return Message(id=None, sender_id=sender, receiver_id=receiver, content=content,
                   message_type="text", created_at=NOW + timedelta(minutes=minutes),
                   product_id=product_id, read=read)


async def test_a_thread_is_both_directions_of_one_pair_newest_first(
        container: Container) -> None:
    sam, maya, lee = ids_of(await add_users(container.uow(), "sam", "maya", "lee"))
    coat = (await add_listing(container.uow(), sam)).id
    async with container.uow() as uow:
        asked = await uow.messages.add(a_message(maya, sam, "Still available?", 0, coat))
        await uow.messages.add_many([a_message(sam, maya, "Yes!", 1),
                                     a_message(lee, sam, "Hi", 2),
                                     a_message(maya, sam, "Great", 3)])
        await uow.commit()
    assert asked.id is not None
    async with container.uow() as uow:
        for one, other in ((sam, maya), (maya, sam)):
            thread = await uow.messages.thread(one, other, None, limit=10)
            assert [m.content for m in thread] == ["Great", "Yes!", "Still available?"]
        page = await uow.messages.thread(sam, maya, None, limit=2)
        older = await uow.messages.thread(sam, maya, page[-1].id, limit=2)
        assert [m.id for m in older] == [asked.id]
        assert (older[0].product_id, older[0].created_at, older[0].read) == (coat, NOW, False)
        assert [m.content for m in await uow.messages.thread(lee, sam, None, 10)] == ["Hi"]
        assert await uow.messages.thread(lee, maya, None, 10) == []
    with pytest.raises(Conflict):  # the table refuses a message to oneself
        async with container.uow() as uow:
            await uow.messages.add(a_message(sam, sam, "Note to self"))
            await uow.commit()


async def test_the_inbox_has_one_line_per_partner_newest_first_with_its_unread_count(
        container: Container) -> None:
    sam, maya, lee, zoe = ids_of(await add_users(container.uow(), "sam", "maya", "lee", "zoe"))
    async with container.uow() as uow:
        await uow.messages.add(a_message(maya, sam, "Read already", read=True))
        for minutes, (sender, receiver, content) in enumerate((
                (maya, sam, "Hi Sam"), (lee, sam, "Hello"), (maya, sam, "Price?"),
                (sam, lee, "Hi Lee"), (zoe, maya, "Not Sam's"), (maya, sam, "Still there?"))):
            await uow.messages.add(a_message(sender, receiver, content, minutes + 1))
        await uow.commit()
    async with container.uow() as uow:
        inbox = await uow.messages.conversations(sam, limit=10)
        assert [(c.partner.username, c.last_message.content, c.unread_count)
                for c in inbox] == [("maya", "Still there?", 3), ("lee", "Hi Lee", 1)]
        assert [c.partner.id for c in await uow.messages.conversations(sam, limit=1)] == [maya]
        assert [c.partner.id for c in await uow.messages.conversations(maya, 10)] == [sam, zoe]


async def test_marking_read_touches_one_senders_unread_messages_to_one_receiver(
        container: Container) -> None:
    sam, maya, lee = ids_of(await add_users(container.uow(), "sam", "maya", "lee"))
    async with container.uow() as uow:
        for sender, receiver in ((maya, sam), (maya, sam), (lee, sam), (sam, maya),
                                 (maya, lee)):
            await uow.messages.add(a_message(sender, receiver, "Hi"))
        await uow.commit()
    async with container.uow() as uow:
        assert (await uow.messages.unread_count(sam), await uow.messages.unread_count(maya)) == (
            3, 1)
        assert await uow.messages.mark_read(maya, sam) == 2
        assert await uow.messages.mark_read(maya, sam) == 0  # already read: not counted
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.messages.unread_count(sam) == 1  # lee's
        assert await uow.messages.unread_count(maya) == 1  # sam's to maya untouched
        assert await uow.messages.unread_count(lee) == 1  # maya's to lee too
        read = await uow.messages.thread(sam, maya, None, 10)
        assert [(m.sender_id, m.read) for m in read] == [(sam, False), (maya, True),
                                                         (maya, True)]
