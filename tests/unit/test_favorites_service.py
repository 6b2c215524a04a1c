"""FavoriteService on the in-memory fakes."""

from __future__ import annotations

import pytest

from domain.errors import NotFound
from tests.fakes import World
from tests.fakes.samples import DETAILS, PNG

pytestmark = pytest.mark.unit


async def test_favorites_are_idempotent_and_check_products(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    view = await world.catalog.create(maya, DETAILS, [PNG])
    first, created = await world.favorites.add(sofia, view.listing.id)
    again, created_again = await world.favorites.add(sofia, view.listing.id)
    assert created and not created_again and first == again
    assert await world.favorites.is_favorited(sofia, view.listing.id)
    [watched] = await world.favorites.watch_list(sofia)
    assert watched.product.listing.watch_count == 1
    await world.favorites.remove(sofia, view.listing.id)
    await world.favorites.remove(sofia, view.listing.id)
    assert await world.favorites.watch_list(sofia) == []
    with pytest.raises(NotFound):
        await world.favorites.add(sofia, 999)
