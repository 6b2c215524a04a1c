"""Abuse limits per member over HTTP (issue 37): messages, comments, reports, offers and
follows answer 429 with the real Retry-After once a member goes past the numbers of
``domain/rate_limits.py``; a person at a human pace is never stopped; the counts are shared
through Redis by two app instances."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from litestar import Litestar

from domain.rate_limits import DEFAULT_LIMITS
from entrypoints.container import Container
from tests.api.test_api_rate_limits import _client, _two_instances
from tests.fakes import FixedClock
from tests.support.catalog import data_url, listing, png

pytestmark = pytest.mark.api




async def test_a_script_is_stopped_and_a_fast_person_is_not(app: Litestar,
                                                            clock: FixedClock) -> None:
    rule = DEFAULT_LIMITS.messages_member
    async with AsyncExitStack() as stack:
        maya, sofia = await _client(stack, app), await _client(stack, app)
        maya_id = (await maya.register("maya")).json()["id"]
        await sofia.register("sofia")
        # A person typing fast: one message every 2.5 s for two minutes, never refused.
        for n in range(48):
            sent = await sofia.post("/api/messages", json={"receiverId": maya_id,
                                                           "content": f"msg {n}"})
            assert sent.status_code == 201, (n, sent.text)
            clock.advance(seconds=2.5)
        clock.advance(seconds=rule.seconds)
        # A script: the whole window's allowance at once, then refused.
        for n in range(rule.limit):
            sent = await sofia.post("/api/messages", json={"receiverId": maya_id,
                                                           "content": f"spam {n}"})
            assert sent.status_code == 201, (n, sent.text)
        refused = await sofia.post("/api/messages", json={"receiverId": maya_id,
                                                          "content": "more"})
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == str(rule.seconds)
        clock.advance(seconds=rule.seconds)
        assert (await sofia.post("/api/messages", json={"receiverId": maya_id,
                                                        "content": "later"})).status_code == 201


async def test_each_act_is_limited_per_member(app: Litestar, container: Container,
                                              clock: FixedClock) -> None:
    limiter = container.rate_limiter()
    async with AsyncExitStack() as stack:
        maya, sofia = await _client(stack, app), await _client(stack, app)
        maya_id = (await maya.register("maya")).json()["id"]
        sofia_id = (await sofia.register("sofia")).json()["id"]
        coat = (await maya.post("/api/products", json=listing(title="Wool coat"))).json()["id"]
        post = (await maya.post("/api/posts", json={"content": "Look",
                                                    "image": data_url(png())})).json()["id"]
        acts = {
            "comment": (DEFAULT_LIMITS.comments_member, "POST", f"/api/posts/{post}/comments",
                        {"content": "Nice"}),
            "report": (DEFAULT_LIMITS.reports_member, "POST", "/api/reports",
                       {"targetType": "listing", "targetId": coat, "reason": "spam"}),
            "offer": (DEFAULT_LIMITS.offers_member, "POST", "/api/offers",
                      {"productId": coat, "offerPrice": "10.00"}),
            "follow": (DEFAULT_LIMITS.follows_member, "POST", "/api/follows",
                       {"followerId": sofia_id, "followingId": maya_id}),
        }
        now = clock.now().timestamp()
        for act, (rule, method, url, body) in acts.items():
            key = f"abuse:{act}:{sofia_id}"
            for n in range(rule.limit):  # the allowance used up, the first 10 s ago
                await limiter.record(key, rule.seconds, now - 10 + n * 1e-3)
            refused = await sofia.request(method, url, json=body)
            assert refused.status_code == 429, (act, refused.text)
            assert refused.headers["retry-after"] == str(rule.seconds - 10), act
            # Another member is not affected.
            other = await maya.request(method, url, json={**body, "followerId": maya_id,
                                                          "followingId": sofia_id}
                                       if act == "follow" else body)
            assert other.status_code != 429, act


@pytest.mark.redis
async def test_two_app_instances_share_the_message_counts(db: str, tmp_path: Path,
                                                          redis_url: str) -> None:
    rule = DEFAULT_LIMITS.messages_member
    async with _two_instances(db, tmp_path, redis_url) as apps, AsyncExitStack() as stack:
        first, second = await _client(stack, apps[0]), await _client(stack, apps[1])
        maya_id = (await first.register("maya")).json()["id"]
        await first.post("/api/logout")
        await second.register("sofia")
        assert (await first.login("sofia")).status_code == 200  # sofia on both instances
        answers = [(await client.post("/api/messages", json={
            "receiverId": maya_id, "content": f"m{n}"})).status_code
            for n, client in zip(range(rule.limit + 1), [first, second] * rule.limit,
                                 strict=False)]
        assert answers[:rule.limit] == [201] * rule.limit
        assert answers[rule.limit] == 429
