"""Demo offers on each database: every state between the demo people, told in their threads."""

from __future__ import annotations

from collections import Counter

import pytest
from dependency_injector import providers

from application.ports.offers import OfferQuery
from entrypoints.container import Container
from tests.adapters.test_adapters_demo_catalog import QuickPictures

pytestmark = pytest.mark.adapters


async def test_demo_offers_cover_every_state_for_maya_and_sofia(container: Container) -> None:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    assert await container.demo_seeder().seed(listings=24)
    async with container.uow() as uow:
        maya = await uow.users.get_by_login("maya")
        sofia = await uow.users.get_by_login("sofia")
        assert maya and maya.id and sofia and sofia.id
        selling = await uow.offers.search(OfferQuery(seller_id=maya.id), 50)
        buying = await uow.offers.search(OfferQuery(buyer_id=sofia.id), 50)
        maya_buying = await uow.offers.search(OfferQuery(buyer_id=maya.id), 50)
        counts = await uow.offers.counts(maya.id)
        threads = await uow.messages.conversations(sofia.id, 20)
    every = {"pending", "countered", "accepted", "rejected", "withdrawn"}
    assert set(Counter(o.status.value for o in selling)) == every
    assert {o.status.value for o in buying} == every
    assert {o.status.value for o in maya_buying} == every
    assert counts.new_seller_offers == 2
    assert len(threads) >= 3
