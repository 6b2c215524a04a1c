"""SocialService on the in-memory fakes."""

from __future__ import annotations

import pytest

from domain.errors import Forbidden, NotFound, ValidationError
from tests.fakes import World
from tests.fakes.samples import DETAILS, PNG

pytestmark = pytest.mark.unit


async def test_follow_rules_and_profile(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    with pytest.raises(Forbidden):
        await world.social.follow(sofia, maya.id, sofia.id)
    with pytest.raises(ValidationError):
        await world.social.follow(sofia, sofia.id, sofia.id)
    with pytest.raises(NotFound):
        await world.social.follow(sofia, sofia.id, 999)
    await world.social.follow(sofia, sofia.id, maya.id)
    await world.catalog.create(maya, DETAILS, [PNG])
    profile = await world.social.profile(maya.id, sofia)
    assert (profile.follower_count, profile.following_count, profile.listing_count) == (1, 0, 1)
    assert profile.is_following
    assert not (await world.social.profile(maya.id, None)).is_following
