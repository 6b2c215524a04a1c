"""ContactService on the in-memory fakes: validation, the hourly limit, admin-only pages."""

from __future__ import annotations

import pytest

from application.contact import ContactService
from domain.accounts import Role
from domain.contact import ContactForm
from domain.errors import Forbidden, RateLimited, ValidationError
from domain.rate_limits import DEFAULT_LIMITS
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.support import add_user

pytestmark = pytest.mark.unit


@pytest.fixture
def contact(container: Container) -> ContactService:
    return container.contact()


def form(number: int = 0) -> ContactForm:
    return ContactForm("Maya", "maya@example.com", f"Question {number}",
                       "Where is my parcel, please?")


async def test_send_stores_valid_messages_and_refuses_bad_ones(
        contact: ContactService, uow: FakeUnitOfWork) -> None:
    stored = await contact.send(form(), None, "1.1.1.1")
    assert stored.id == 1 and uow.commits == 1
    with pytest.raises(ValidationError):
        await contact.send(ContactForm("", "x", "", "short"), None, "1.1.1.1")
    assert len(uow.contact_messages.rows) == 1


async def test_a_client_may_send_a_few_per_hour(contact: ContactService,
                                                clock: FixedClock) -> None:
    limit = DEFAULT_LIMITS.contact_address
    assert (limit.limit, limit.seconds) == (5, 3600)
    for number in range(limit.limit):
        await contact.send(form(number), None, "1.1.1.1")
        clock.advance(minutes=10)
    with pytest.raises(RateLimited) as refused:
        await contact.send(form(), None, "1.1.1.1")
    # The first of the five leaves the hour's window 10 minutes from now.
    assert refused.value.retry_after == 10 * 60
    await contact.send(form(), None, "2.2.2.2")
    clock.advance(minutes=10)
    await contact.send(form(), None, "1.1.1.1")


async def test_only_admins_read_and_pages_walk_every_message_once(
        contact: ContactService, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    maya, boss = await add_user(uow, "maya"), await add_user(uow, "boss", Role.ADMIN)
    for number in range(5):
        await contact.send(form(number), None, f"10.0.0.{number}")
        clock.advance(minutes=1)
    with pytest.raises(Forbidden):
        await contact.list_messages(maya)
    subjects, cursor = [], None
    while True:
        page = await contact.list_messages(boss, limit=2, cursor=cursor)
        subjects += [m.subject for m in page.items]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert subjects == [f"Question {n}" for n in reversed(range(5))]
