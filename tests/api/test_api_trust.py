"""Reports, blocks, the moderation desk and the audit log over HTTP (issue 37), on every
configured database."""

from __future__ import annotations

import asyncio
from datetime import datetime

import httpx
import pytest
from litestar import Litestar

from domain.text import format_moment
from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.offers import listing

pytestmark = pytest.mark.api
BLOCKED = "You can't interact with this member"


async def _id(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def _search_ids(client: ApiClient, **query: str) -> list[int]:
    response = await client.get("/api/products", params=query)
    assert response.status_code == 200, response.text
    return [item["id"] for item in response.json()["items"]]


async def test_report_rules(app: Litestar, client: ApiClient) -> None:
    anonymous = await client.post("/api/reports", json={
        "targetType": "listing", "targetId": 1, "reason": "spam"})
    assert anonymous.status_code == 401
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat = await listing(maya, title="Wool coat")
        body = {"targetType": "listing", "targetId": coat, "reason": "counterfeit",
                "details": "  The logo is wrong.  "}
        made = await sofia.post("/api/reports", json=body)
        assert made.status_code == 201, made.text
        assert made.json()["details"] == "The logo is wrong."
        assert made.json()["status"] == "open"
        again = await sofia.post("/api/reports", json=body)
        assert again.status_code == 409
        assert again.json()["message"] == "You have already reported this"
        own = await maya.post("/api/reports", json=body)
        assert own.status_code == 400
        self_report = await maya.post("/api/reports", json={
            "targetType": "user", "targetId": await _id(maya), "reason": "other"})
        assert self_report.status_code == 400
        missing = await sofia.post("/api/reports", json={**body, "targetId": 999_999})
        assert missing.status_code == 404
        bad = await sofia.post("/api/reports", json={
            "targetType": "planet", "targetId": coat, "reason": "rude",
            "details": "x" * 1001})
        assert bad.status_code == 400
        assert set(bad.json()["errors"]) == {"targetType", "reason", "details"}


async def test_message_reports_only_by_the_people_of_the_thread(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "theo") as p:
        maya_id = await _id(p["maya"])
        sent = await p["sofia"].post("/api/messages", json={"receiverId": maya_id,
                                                            "content": "Buy my stuff"})
        message = sent.json()["id"]
        body = {"targetType": "message", "targetId": message, "reason": "spam"}
        assert (await p["theo"].post("/api/reports", json=body)).status_code == 404
        assert (await p["sofia"].post("/api/reports", json=body)).status_code == 400
        assert (await p["maya"].post("/api/reports", json=body)).status_code == 201


async def test_a_block_is_felt_from_both_sides(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        maya_id, sofia_id = await _id(maya), await _id(sofia)
        coat = await listing(maya, title="Wool coat")
        bag = await listing(sofia, title="Leather bag")
        posted = await maya.post("/api/posts", json={"content": "Autumn look",
                                                     "image": (await create_image())})
        post_id = posted.json()["id"]
        await sofia.post("/api/messages", json={"receiverId": maya_id, "content": "Hello"})
        assert coat in await _search_ids(sofia, q="coat")
        for me, theirs in ((sofia, coat), (maya, bag)):
            assert (await me.post("/api/favorites", json={"productId": theirs})).status_code \
                == 201

        blocked = await maya.post("/api/blocks", json={"userId": sofia_id})
        assert blocked.status_code == 201, blocked.text
        assert [b["user"]["id"] for b in (await maya.get("/api/blocks")).json()] == [sofia_id]
        assert (await sofia.get("/api/blocks")).json() == []

        for me, them_id, their_listing in ((sofia, maya_id, coat), (maya, sofia_id, bag)):
            message = await me.post("/api/messages", json={"receiverId": them_id,
                                                           "content": "Still there?"})
            assert (message.status_code, message.json()["message"]) == (403, BLOCKED)
            offer = await me.post("/api/offers", json={"productId": their_listing,
                                                       "offerPrice": "10.00"})
            assert offer.status_code == 403, offer.text
            follow = await me.post("/api/follows", json={"followerId": await _id(me),
                                                         "followingId": them_id})
            assert follow.status_code == 403, follow.text
            order = await me.post("/api/orders", json={"productId": their_listing})
            assert order.status_code == 403, order.text
            assert their_listing not in await _search_ids(me)
            assert their_listing not in await _search_ids(me, sellerId=str(them_id))
            watched = [f["productId"] for f in (await me.get("/api/favorites")).json()]
            assert their_listing not in watched
        # Neither order reserved anything: both listings are still for sale to others.
        assert (await maya.get(f"/api/products/{bag}")).json()["status"] == "available"
        assert (await sofia.get(f"/api/products/{coat}")).json()["status"] == "available"
        # Feed: sofia no longer sees maya's post, by id or in the list.
        assert (await sofia.get(f"/api/posts/{post_id}")).status_code == 404
        feed = (await sofia.get("/api/posts")).json()["items"]
        assert post_id not in [item["id"] for item in feed]
        assert (await maya.get(f"/api/posts/{post_id}")).status_code == 200
        # The old conversation stays readable, and says it is closed to both of them; only
        # the one who blocked is told it was them.
        thread = await maya.get(f"/api/messages/{maya_id}/{sofia_id}")
        assert thread.status_code == 200 and thread.json()["items"]
        assert (thread.json()["closed"], thread.json()["blockedByYou"]) == (True, True)
        theirs = (await sofia.get(f"/api/messages/{sofia_id}/{maya_id}")).json()
        assert theirs["items"] and (theirs["closed"], theirs["blockedByYou"]) == (True, False)

        assert (await maya.delete(f"/api/blocks/{sofia_id}")).status_code == 204
        assert (await maya.delete(f"/api/blocks/{sofia_id}")).status_code == 404
        again = await sofia.post("/api/messages", json={"receiverId": maya_id,
                                                        "content": "Hi again"})
        assert again.status_code == 201
        reopened = (await sofia.get(f"/api/messages/{sofia_id}/{maya_id}")).json()
        assert (reopened["closed"], reopened["blockedByYou"]) == (False, False)
        assert coat in await _search_ids(sofia, q="coat")


async def _walk(client: ApiClient, **query: str) -> tuple[int, list[list[int]]]:
    """The first page's total and every page's ids, following the cursor."""
    pages: list[list[int]] = []
    total, cursor = -1, None
    while True:
        params = {**query, **({"cursor": cursor} if cursor else {})}
        response = await client.get("/api/products", params=params)
        assert response.status_code == 200, response.text
        body = response.json()
        total = body["total"] if total < 0 else total
        pages.append([item["id"] for item in body["items"]])
        cursor = body["nextCursor"]
        if not cursor or len(pages) > 10:
            return total, pages


async def test_blocked_sellers_and_hidden_listings_leave_totals_pages_and_facets(
        app: Litestar) -> None:
    """The engine itself leaves them out, so a total counts only what the pages show and
    every page is full (the filter is not applied after the engine's page is cut)."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        maya_coats = [await listing(maya, title=f"Wool coat {n}", category="outerwear")
                      for n in range(3)]
        theo_coats = [await listing(theo, title=f"Rain coat {n}", category="outerwear")
                      for n in range(3)]
        assert (await _walk(sofia, q="coat", limit="2"))[0] == 6

        async def similar(client: ApiClient) -> set[int]:
            answer = await client.get(f"/api/products/{theo_coats[0]}/similar")
            assert answer.status_code == 200, answer.text
            return {item["id"] for item in answer.json()["items"]}

        assert set(maya_coats) <= await similar(sofia)
        blocked = await sofia.post("/api/blocks", json={"userId": await _id(maya)})
        assert blocked.status_code == 201, blocked.text
        assert not set(maya_coats) & await similar(sofia)
        assert set(maya_coats) <= await similar(theo)
        sofia_bag = await listing(sofia, title="Coat hanger bag", category="accessories")
        for me, total_expected, theirs in ((sofia, 4, maya_coats), (maya, 6, [sofia_bag])):
            total, pages = await _walk(me, q="coat", limit="2")
            shown = [i for page in pages for i in page]
            assert total == len(shown) == total_expected, (total, pages)
            assert not set(shown) & set(theirs)
            assert [len(page) for page in pages][:-1] == [2] * (len(pages) - 1)
        assert (await _walk(theo, q="coat", limit="2"))[0] == 7
        facets = (await sofia.get("/api/products/facets", params={"q": "coat"})).json()
        assert {f["value"]: f["count"] for f in facets["categories"]} == {
            "outerwear": 3, "accessories": 1}
        # A hidden listing leaves a seller's shop with sold items for everyone else, and
        # the shop's total with it; its seller still sees it there.
        hidden = await boss.post(f"/api/admin/listings/{theo_coats[0]}/hide", json={})
        assert hidden.status_code == 200, hidden.text
        shop = {"sellerId": str(await _id(theo)), "includeSold": "true", "limit": "2"}
        total, pages = await _walk(sofia, **shop)
        assert total == 2 and sorted(i for page in pages for i in page) == sorted(
            theo_coats[1:])
        total, pages = await _walk(theo, **shop)
        assert total == 3 and sorted(i for page in pages for i in page) == sorted(theo_coats)
        assert (await _walk(sofia, q="coat", limit="2"))[0] == 3


async def create_image() -> str:
    return data_url(png())


async def test_hidden_listing_is_404_to_others_and_leaves_search(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        offer = await sofia.post("/api/offers", json={"productId": coat, "offerPrice": "90"})
        assert offer.status_code == 201
        watched = await sofia.post("/api/favorites", json={"productId": coat})
        assert watched.status_code == 201, watched.text
        assert (await sofia.post(f"/api/admin/listings/{coat}/hide", json={})).status_code == 403
        hidden = await boss.post(f"/api/admin/listings/{coat}/hide", json={"note": "Fake"})
        assert hidden.status_code == 200, hidden.text
        assert (await boss.post(f"/api/admin/listings/{coat}/hide", json={})).status_code == 409
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 404
        assert (await maya.get(f"/api/products/{coat}")).json()["status"] == "hidden"
        assert (await boss.get(f"/api/products/{coat}")).status_code == 200
        assert coat not in await _search_ids(sofia, q="coat")
        assert coat not in await _search_ids(sofia)
        # It leaves the watch list too, and cannot be watched again while hidden.
        assert (await sofia.get("/api/favorites")).json() == []
        again = await boss.post("/api/favorites", json={"productId": coat})
        assert again.status_code == 201  # administrators see it
        refused = await p["theo"].post("/api/favorites", json={"productId": coat})
        assert refused.status_code == 404
        declined = (await sofia.get(f"/api/offers/{offer.json()['id']}")).json()
        assert declined["status"] == "rejected"
        order = await sofia.post("/api/orders", json={"productId": coat})
        assert order.status_code in (404, 409)
        restored = await boss.post(f"/api/admin/listings/{coat}/restore", json={})
        assert restored.status_code == 200, restored.text
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 200
        assert coat in await _search_ids(sofia, q="coat")
        assert [f["productId"] for f in (await sofia.get("/api/favorites")).json()] == [coat]
        audit = (await boss.get("/api/admin/audit")).json()["items"]
        assert [(e["action"], e["targetId"]) for e in audit][:2] == [
            ("listing_restored", coat), ("listing_hidden", coat)]
        assert audit[1]["note"] == "Fake" and audit[1]["adminId"] == await _id(boss)


async def test_suspended_member_cannot_log_in_and_their_listing_leaves_search(
        app: Litestar, clock: FixedClock) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        maya_id = await _id(maya)
        coat = await listing(maya, title="Wool coat")
        suspended = await boss.post(f"/api/admin/users/{maya_id}/suspend",
                                    json={"reason": "Selling counterfeits", "days": 7})
        assert suspended.status_code == 200, suspended.text
        assert suspended.json()["endsAt"] is not None
        # Her session ended at once, and she cannot log in again.
        assert (await maya.get("/api/user")).status_code == 401
        login = await maya.login("maya")
        assert login.status_code == 403
        # Until when, as every server text says a moment (format_moment: UTC, the year
        # only when it is not this one).
        ends = datetime.fromisoformat(suspended.json()["endsAt"])
        assert login.json()["message"] == (
            f"Your account is suspended until {format_moment(ends, clock.current)}. "
            "Reason: Selling counterfeits")
        assert coat not in await _search_ids(sofia, q="coat")
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 404
        boss_id = await _id(boss)
        assert (await boss.post(f"/api/admin/users/{boss_id}/suspend",
                                json={"reason": "x"})).status_code == 409
        lifted = await boss.post(f"/api/admin/users/{maya_id}/unsuspend")
        assert lifted.status_code == 200
        assert (await maya.login("maya")).status_code == 200
        assert coat in await _search_ids(sofia, q="coat")
        actions = [e["action"] for e in (await boss.get("/api/admin/audit")).json()["items"]]
        assert actions[:2] == ["user_unsuspended", "user_suspended"]
        only = await boss.get("/api/admin/audit", params={"action": "user_suspended"})
        assert [e["action"] for e in only.json()["items"]] == ["user_suspended"]


async def test_a_timed_suspension_ends_by_itself_and_brings_the_listings_back(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    """The order timers' sweep lifts a suspension whose days are over the way an
    administrator does: the listings it hid are back for everyone, and the audit log says
    so (no administrator). An open-ended suspension, or one not over yet, stays."""
    async with people(app, "maya", "theo", "sofia", "boss") as p:
        maya, theo, sofia, boss = p["maya"], p["theo"], p["sofia"], p["boss"]
        maya_id, theo_id = await _id(maya), await _id(theo)
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(theo, title="Silk scarf")
        for member, days in ((maya_id, 1), (theo_id, None)):
            done = await boss.post(f"/api/admin/users/{member}/suspend",
                                   json={"reason": "Spam", "days": days})
            assert done.status_code == 200, done.text
        clock.advance(hours=23)
        assert (await container.order_timers().sweep()).suspensions_ended == []
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 404
        clock.advance(days=1)
        assert (await container.order_timers().sweep()).suspensions_ended == [maya_id]
        assert (await container.order_timers().sweep()).suspensions_ended == []  # once
        seen = await sofia.get(f"/api/products/{coat}")
        assert seen.status_code == 200 and seen.json()["status"] == "available"
        assert coat in await _search_ids(sofia, q="coat")
        assert (await maya.login("maya")).status_code == 200
        assert (await sofia.get(f"/api/products/{scarf}")).status_code == 404  # open-ended
        assert (await theo.login("theo")).status_code == 403
        entries = (await boss.get("/api/admin/audit",
                                  params={"action": "user_unsuspended"})).json()["items"]
        assert [(e["targetId"], e["note"]) for e in entries] == [
            (maya_id, "The suspension's time ran out")]
        assert (await boss.post(f"/api/admin/users/{maya_id}/unsuspend")).status_code == 409


async def test_desk_groups_reports_and_resolves_them_with_one_action(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, boss = p["maya"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        ids = []
        for name, reason in (("sofia", "counterfeit"), ("theo", "scam")):
            made = await p[name].post("/api/reports", json={
                "targetType": "listing", "targetId": coat, "reason": reason})
            ids.append(made.json()["id"])
        groups = (await boss.get("/api/admin/reports")).json()
        assert len(groups) == 1
        group = groups[0]
        assert (group["targetType"], group["targetId"], group["count"]) == ("listing", coat, 2)
        assert group["reasons"] == {"counterfeit": 1, "scam": 1}
        assert group["owner"]["username"] == "maya"
        resolved = await boss.post(f"/api/admin/reports/{ids[1]}/resolve",
                                   json={"action": "hide", "note": "Confirmed fake"})
        assert resolved.status_code == 200, resolved.text
        assert resolved.json() == {"resolved": 2, "suspension": None}
        assert (await boss.get("/api/admin/reports")).json() == []
        done = (await boss.get("/api/admin/reports", params={"status": "resolved"})).json()
        assert done[0]["reports"][0]["action"] == "hide"
        assert (await p["sofia"].get(f"/api/products/{coat}")).status_code == 404
        twice = await boss.post(f"/api/admin/reports/{ids[0]}/resolve",
                                json={"action": "dismiss"})
        assert twice.status_code == 409
        actions = [e["action"] for e in (await boss.get("/api/admin/audit")).json()["items"]]
        assert actions[:2] == ["report_resolved", "listing_hidden"]


async def test_hidden_post_and_comment(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "theo", "boss") as p, httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://testserver.local"
    ) as visitor:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        post = (await maya.post("/api/posts", json={"content": "Look",
                                                    "image": await create_image()})).json()
        comment = (await sofia.post(f"/api/posts/{post['id']}/comments",
                                    json={"content": "Rude words"})).json()
        hidden = await boss.post(f"/api/admin/comments/{comment['id']}/hide", json={})
        assert hidden.status_code == 200
        # Gone for everyone else (the post's author too); its author and administrators
        # still see it, marked hidden, as with a hidden listing or post.
        for other in (maya, p["theo"]):
            listed = (await other.get(f"/api/posts/{post['id']}/comments")).json()["items"]
            assert comment["id"] not in [c["id"] for c in listed]
        assert comment["id"] not in [c["id"] for c in (await visitor.get(
            f"/api/posts/{post['id']}/comments")).json()["items"]]
        for insider in (sofia, boss):
            listed = (await insider.get(f"/api/posts/{post['id']}/comments")).json()["items"]
            assert [(c["id"], c["hidden"]) for c in listed] == [(comment["id"], True)]
        assert (await boss.post(f"/api/admin/posts/{post['id']}/hide",
                                json={})).status_code == 200
        assert (await sofia.get(f"/api/posts/{post['id']}")).status_code == 404
        assert (await maya.get(f"/api/posts/{post['id']}")).status_code == 200
        feed = (await sofia.get("/api/posts")).json()["items"]
        assert post["id"] not in [item["id"] for item in feed]


async def test_two_identical_reports_at_once_make_one(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        coat = await listing(p["maya"], title="Wool coat")
        body = {"targetType": "listing", "targetId": coat, "reason": "spam"}
        answers = await asyncio.gather(*(p["sofia"].post("/api/reports", json=body)
                                         for _ in range(4)))
        assert sorted(a.status_code for a in answers) == [201, 409, 409, 409]
