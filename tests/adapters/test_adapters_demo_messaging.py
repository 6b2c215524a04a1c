"""Demo conversations on each database: maya and sofia log in to lived-in inboxes."""

from __future__ import annotations

import pytest

from application.demo.messaging import THREADS
from application.demo.offers import SCENES
from application.ports.offers import OfferQuery
from entrypoints.container import Container
from tests.adapters.test_adapters_demo_catalog import quick  # noqa: F401 - fixture

pytestmark = pytest.mark.adapters


async def test_demo_seed_writes_conversations_with_unread_messages(
        quick: Container) -> None:  # noqa: F811
    assert await quick.demo_seeder().seed(listings=24)
    async with quick.uow() as uow:
        maya = await uow.users.get_by_login("maya")
        sofia = await uow.users.get_by_login("sofia")
        maya_inbox = await uow.messages.conversations(maya.id, 50)
        sofia_inbox = await uow.messages.conversations(sofia.id, 50)
        maya_unread = await uow.messages.unread_count(maya.id)
        sofia_unread = await uow.messages.unread_count(sofia.id)
        thread = await uow.messages.thread(sofia.id, maya.id, None, 50)
        sofia_notices = await uow.notifications.unread_count(sofia.id)
    # the demo offers (application/demo/offers.py) add their own messages and notices
    assert {c.partner.username for c in maya_inbox} >= {"sofia", "jamal", "emma", "lucas"}
    assert {c.partner.username for c in sofia_inbox} >= {"maya", "theo", "priya"}
    assert maya_unread == 1 and sofia_unread == 2 and sofia_notices >= 2
    newest = [c.last_message.created_at for c in sofia_inbox]
    assert newest == sorted(newest, reverse=True)
    assert len(thread) >= 6 and thread[-1].product_id is not None  # oldest names the listing


async def test_demo_seed_records_its_messages_and_offers_for_the_analytics(
        quick: Container) -> None:  # noqa: F811
    """Known answer: the Analytics tab counts each seeded conversation message once (the
    offers' own thread messages count as offers, as live ones do) and each seeded offer once."""
    assert await quick.demo_seeder().seed(listings=24)
    summary = await quick.analytics().summary()
    async with quick.uow() as uow:
        offers = 0
        for name in {scene.buyer for scene in SCENES}:
            buyer = await uow.users.get_by_login(name)
            assert buyer and buyer.id
            offers += len(await uow.offers.search(OfferQuery(buyer_id=buyer.id), 100))
    conversation_messages = sum(len(thread.lines) for thread in THREADS)
    assert conversation_messages == 22 and offers == len(SCENES) == 15
    assert sum(day.messages_sent for day in summary.daily_metrics) == conversation_messages
    assert sum(day.offers_made for day in summary.daily_metrics) == offers


async def test_demo_people_have_confirmed_emails(quick: Container) -> None:  # noqa: F811
    """Their @rethread.test addresses cannot receive a link: no "confirm your email" banner."""
    assert await quick.demo_seeder().seed(listings=24)
    async with quick.uow() as uow:
        people = [await uow.users.get_by_login(name) for name in ("admin", "maya", "sofia")]
    assert all(person is not None and person.email_verified for person in people)
