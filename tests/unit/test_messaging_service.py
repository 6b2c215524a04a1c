"""Messaging and notification use cases with the in-memory fakes (no database)."""

from __future__ import annotations

import pytest

from application.messaging import MessagingService, post_in_thread
from application.notifications import (
    NotificationService,
    notify,
    notify_watchers,
    tell_watchers_sold,
)
from domain.errors import Forbidden, ValidationError
from entrypoints.container import Container
from tests.fakes import FakeRealtime, FakeUnitOfWork
from tests.support import NOW, add_users

pytestmark = pytest.mark.unit



@pytest.fixture
def service(container: Container) -> MessagingService:
    return container.messaging()


@pytest.fixture
def realtime(container: Container) -> FakeRealtime:
    return container.realtime()


async def test_send_publishes_after_commit_to_both_sides(
        uow: FakeUnitOfWork, service: MessagingService, realtime: FakeRealtime) -> None:
    maya, sofia = await add_users(uow, "maya", "sofia")
    uow.commits = 0
    sent = await service.send(sofia, sender_id=sofia.id, receiver_id=maya.id, content=" hi ")
    assert sent.content == "hi" and uow.commits == 1
    assert realtime.types_for(maya.id) == ["new_message", "notification"]
    assert realtime.types_for(sofia.id) == ["message_sent"]
    await service.send(sofia, sender_id=sofia.id, receiver_id=maya.id, content="again")
    assert realtime.types_for(maya.id).count("notification") == 1  # one notice per sender


async def test_send_refuses_impersonation_and_empty(uow: FakeUnitOfWork,
                                                    service: MessagingService) -> None:
    maya, sofia = await add_users(uow, "maya", "sofia")
    with pytest.raises(Forbidden):
        await service.send(sofia, sender_id=maya.id, receiver_id=maya.id, content="x")
    with pytest.raises(ValidationError, match="Message cannot be empty"):
        await service.send(sofia, sender_id=sofia.id, receiver_id=maya.id, content="")
    assert uow.messages.rows == {}


async def test_post_in_thread_stays_in_the_callers_transaction(
        uow: FakeUnitOfWork) -> None:
    maya, sofia = await add_users(uow, "maya", "sofia")
    await uow.commit()
    async with uow:
        await post_in_thread(uow, sender_id=sofia.id, receiver_id=maya.id, content="$40?",
                             message_type="offer", now=NOW, offer_id=7)
        await notify(uow, user_id=maya.id, kind="offer_received", title="New offer",
                     body="$40.00", link="/seller/offers", now=NOW)
    assert uow.messages.rows == {} and uow.notifications.rows == {}  # rolled back
    with pytest.raises(ValidationError):
        await post_in_thread(uow, sender_id=sofia.id, receiver_id=maya.id, content="x",
                             message_type="telegram", now=NOW)


async def test_notify_watchers_skips_the_seller(uow: FakeUnitOfWork,
                                                container: Container) -> None:
    maya, sofia, theo = await add_users(uow, "maya", "sofia", "theo")
    uow.favorites.rows[(sofia.id, 5)] = object()  # type: ignore[assignment]
    uow.favorites.rows[(theo.id, 5)] = object()  # type: ignore[assignment]
    uow.favorites.rows[(maya.id, 6)] = object()  # type: ignore[assignment]
    told = await notify_watchers(uow, product_id=5, kind="price_drop", title="Price drop",
                                 body="now $20.00", link="/product/5", now=NOW,
                                 except_user_ids=[theo.id])
    assert told == [sofia.id]
    notifications: NotificationService = container.notifications()
    page = await notifications.page(sofia)
    assert [n.kind for n in page.items] == ["price_drop"] and page.unread_count == 1


async def test_only_participants_read(uow: FakeUnitOfWork, service: MessagingService) -> None:
    maya, sofia, theo = await add_users(uow, "maya", "sofia", "theo")
    with pytest.raises(Forbidden):
        await service.thread(theo, maya.id, sofia.id)
    with pytest.raises(Forbidden):
        await service.unread_count(theo, maya.id)
    with pytest.raises(Forbidden):
        await service.conversations(theo, maya.id)


async def test_watchers_hear_an_item_was_sold(uow: FakeUnitOfWork) -> None:
    maya, sofia, theo = await add_users(uow, "maya", "sofia", "theo")
    for watcher in (sofia, theo):
        uow.favorites.rows[(watcher.id, 9)] = object()  # type: ignore[assignment]
    async with uow:
        told = await tell_watchers_sold(uow, product_id=9, title="Denim jacket", now=NOW,
                                        except_user_ids=[theo.id, maya.id])
        await uow.commit()
    assert told == [sofia.id]
    [notice] = uow.notifications.rows.values()
    assert (notice.user_id, notice.kind, notice.title, notice.link) == (
        sofia.id, "item_sold", "Sold: Denim jacket", "/product/9")
