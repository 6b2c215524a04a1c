"""The SQLAlchemy unit of work hands what a transaction recorded to the after-commit
dispatcher once it has committed, on SQLite and PostgreSQL: never before the rows are
visible, never for a rollback, and a failing publisher never fails the commit."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from adapters.sqlalchemy.search_outbox import note
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from application.shared.after_commit import AfterCommit
from domain.errors import Conflict
from domain.mail import Mail
from entrypoints.container import Container
from tests.fakes import FakeRealtime, FixedClock
from tests.support import NOW, a_user, add_user

pytestmark = pytest.mark.adapters


class Witness(FakeRealtime):
    """Reads the database as each event goes out, through a unit of work of its own: the
    users it names must already be committed. ``failures``: the first publishes fail."""

    def __init__(self, container: Container, failures: int = 0) -> None:
        super().__init__()
        self.container = container
        self.failures = failures
        self.seen: list[bool] = []

    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        users = list(user_ids)
        async with self.container.uow() as other:
            self.seen.append(all([await other.users.get(u) is not None for u in users]))
        if self.failures:
            self.failures -= 1
            raise ConnectionError("redis went away")
        await super().publish(users, event)


def unit_of_work(container: Container, realtime: FakeRealtime,
                 woken: list[str] | None = None) -> SqlAlchemyUnitOfWork:
    async def wake(name: str) -> None:
        if woken is not None:
            woken.append(name)

    async def no_pause(_seconds: float) -> None:
        return None

    wakers = {name: (lambda name=name: wake(name)) for name in ("search", "mail")}
    return SqlAlchemyUnitOfWork(container.session_factory(),
                                AfterCommit(realtime, FixedClock(), wakers, sleep=no_pause))


async def test_events_leave_after_the_commit_in_order(container: Container) -> None:
    realtime = Witness(container)
    uow = unit_of_work(container, realtime)
    async with uow:
        maya = await uow.users.add(a_user("maya"))
        sofia = await uow.users.add(a_user("sofia"))
        assert maya.id is not None and sofia.id is not None
        uow.publish([maya.id], {"type": "new_message", "n": 1})
        uow.publish([sofia.id], {"type": "message_sent", "n": 2})
        assert realtime.published == []  # nothing before the commit
        await uow.commit()
    assert [event["n"] for _, event in realtime.published] == [1, 2]
    assert realtime.seen == [True, True]  # each one saw the committed rows


async def test_a_rollback_publishes_nothing(container: Container) -> None:
    realtime = Witness(container)
    uow = unit_of_work(container, realtime)
    with pytest.raises(RuntimeError):
        async with uow:
            uow.publish([1], {"type": "notification"})
            raise RuntimeError("the service failed")
    async with uow:
        uow.publish([1], {"type": "notification"})  # and left without commit()
    maya = await add_user(uow, "maya")  # the next transaction of the same unit of work
    assert realtime.published == []
    with pytest.raises(Conflict):  # the database refuses the commit's change: a lost race
        async with uow:
            uow.publish([maya.id or 0], {"type": "notification"})
            await uow.users.add(a_user("maya"))
            await uow.commit()
    assert realtime.published == []


async def test_a_failing_publisher_never_fails_the_commit(container: Container) -> None:
    realtime = Witness(container, failures=2)
    uow = unit_of_work(container, realtime)
    async with uow:
        maya = await uow.users.add(a_user("maya"))
        assert maya.id is not None
        uow.publish([maya.id], {"type": "notification"})
        await uow.commit()  # the publish failed; the commit stands
    async with uow:
        assert await uow.users.get(maya.id) is not None
    assert uow.after_commit is not None
    await uow.after_commit.drained()
    assert realtime.published == [([maya.id], {"type": "notification"})]


async def test_a_commit_that_wrote_an_outbox_wakes_its_follower(container: Container) -> None:
    woken: list[str] = []
    realtime = Witness(container)
    uow = unit_of_work(container, realtime, woken)
    async with uow:
        await note(uow.session, [1, 2])
        await uow.commit()
    assert woken == ["search"]
    async with uow:
        await uow.mail.add(Mail("maya@example.com", "Hello", "Hi", "<p>Hi</p>"), NOW)
        await uow.commit()
    assert woken == ["search", "mail"]
    await add_user(uow, "maya")  # wrote neither
    assert woken == ["search", "mail"]
    async with uow:
        await note(uow.session, [3])  # rolled back: nothing to apply
    assert woken == ["search", "mail"]
