"""Demo selling data: 30 days of views history (Seller Hub's Stats tab has charts) and saved
searches with new matches."""

from __future__ import annotations

import pytest
from dependency_injector import providers

from domain.accounts import User
from entrypoints.container import Container
from tests.adapters.test_adapters_demo_catalog import QuickPictures

pytestmark = pytest.mark.adapters


async def test_demo_sellers_have_thirty_days_of_views(container: Container) -> None:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    assert await container.demo_seeder().seed(listings=24)
    async with container.uow() as uow:
        sellers = {listing.seller_id
                   for listing in (await uow.listings.get_many(list(range(1, 25)))).values()}
    viewed = []
    for seller_id in sellers:
        user = await _user(container, seller_id)
        stats = await container.seller_stats().of(user)
        assert len(stats.days) == 30
        viewed.append(stats.totals.views)
        assert sum(item.figures.views for item in stats.listings) >= stats.totals.views
    assert sum(viewed) > 0 and sum(1 for v in viewed if v) >= 2


async def _user(container: Container, user_id: int) -> User:
    async with container.uow() as uow:
        user = await uow.users.get(user_id)
    assert user is not None
    return user


async def test_demo_saved_searches_have_new_matches(container: Container) -> None:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    assert await container.demo_seeder().seed(listings=24)
    async with container.uow() as uow:
        maya = await uow.users.get_by_login("maya")
    assert maya is not None
    views = await container.saved_searches().list_for(maya)
    assert {v.search.name for v in views} == {"Levi's", "Jackets"}
    assert sum(v.new_count for v in views) > 0
