"""What the moderation desk tells an administrator about each report group (issue 37), on
every configured database: what is reported (named and pictured by the server), who
reported it, whether Hide can be done, and the words of its outcome and suspensions; and
where the audit log links each entry's target, by the same rule."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from litestar import Litestar

from domain.text import format_moment
from tests.fakes import FixedClock
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.offers import listing

pytestmark = pytest.mark.api


async def _id(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def _report(client: ApiClient, target_type: str, target_id: int,
                  reason: str = "spam") -> int:
    made = await client.post("/api/reports", json={
        "targetType": target_type, "targetId": target_id, "reason": reason})
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


async def _groups(boss: ApiClient, status: str = "open") -> dict[str, dict[str, Any]]:
    answer = await boss.get("/api/admin/reports", params={"status": status})
    assert answer.status_code == 200, answer.text
    return {group["targetType"]: group for group in answer.json()}


async def test_each_group_names_and_pictures_what_is_reported_and_who_reported_it(
        app: Litestar) -> None:
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        maya_id = await _id(maya)
        coat = await listing(maya, title="Wool coat")
        post = (await maya.post("/api/posts", json={
            "content": "Autumn layers with the wool coat I found last week at the market",
            "image": data_url(png())})).json()
        comment = (await maya.post(f"/api/posts/{post['id']}/comments",
                                   json={"content": "Buy from my shop instead"})).json()
        message = (await maya.post("/api/messages", json={
            "receiverId": await _id(sofia), "content": "Pay me outside the site"})).json()
        for reporter in (sofia, theo):
            await _report(reporter, "listing", coat, "counterfeit")
        await _report(sofia, "user", maya_id, "harassment")
        await _report(sofia, "post", post["id"])
        await _report(theo, "comment", comment["id"])
        await _report(sofia, "message", message["id"], "scam")

        groups = await _groups(boss)
        assert {kind: g["targetLabel"] for kind, g in groups.items()} == {
            "listing": "Listing “Wool coat”",
            "user": "Member @maya",
            "post": "Style post “Autumn layers with the wool coat I found last week at the…”",
            "comment": "Comment “Buy from my shop instead”",
            "message": "Message “Pay me outside the site”",
        }
        product = (await boss.get(f"/api/products/{coat}")).json()
        assert groups["listing"]["targetImage"] == product["thumbnails"][0]
        assert groups["post"]["targetImage"] == post["thumbnailUrl"]
        assert groups["user"]["targetImage"] is None
        assert [r["reporterUsername"] for r in groups["listing"]["reports"]] == [
            "sofia", "theo"]
        assert groups["comment"]["reports"][0]["reporterUsername"] == "theo"

        # Hidden or gone, a target still has a name.
        hid = await boss.post(f"/api/admin/reports/{groups['listing']['id']}/resolve",
                              json={"action": "hide", "note": "Fake"})
        assert hid.status_code == 200, hid.text
        assert (await maya.delete(f"/api/comments/{comment['id']}")).status_code == 204
        resolved = await _groups(boss, "resolved")
        assert resolved["listing"]["targetLabel"] == "Listing “Wool coat”"
        after = await _groups(boss)
        assert after["comment"]["targetLabel"] == f"Comment #{comment['id']} (deleted)"
        assert after["comment"]["targetImage"] is None


async def test_hide_is_offered_only_when_it_can_be_done(app: Litestar) -> None:
    """A listing in an order in progress cannot be hidden: the group says so before the
    administrator acts (``canHide`` false, ``hideWhyNot``), and a hide sent anyway is
    refused with the same sentence. Members and messages are never hidden."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(maya, title="Silk scarf")
        placed = await sofia.post("/api/orders", json={"productId": coat})
        assert placed.status_code in (200, 201), placed.text
        await _report(theo, "listing", coat, "counterfeit")
        await _report(theo, "listing", scarf, "counterfeit")
        await _report(theo, "user", await _id(maya), "harassment")
        answer = (await boss.get("/api/admin/reports")).json()
        by_id = {g["targetId"]: g for g in answer if g["targetType"] == "listing"}
        why = "Only an available listing can be hidden: this one is reserved for a buyer."
        assert (by_id[coat]["canHide"], by_id[coat]["hideWhyNot"]) == (False, why)
        assert (by_id[scarf]["canHide"], by_id[scarf]["hideWhyNot"]) == (True, None)
        member = next(g for g in answer if g["targetType"] == "user")
        assert (member["canHide"], member["hideWhyNot"]) == (False, None)
        refused = await boss.post(f"/api/admin/reports/{by_id[coat]['id']}/resolve",
                                  json={"action": "hide"})
        assert refused.status_code == 409
        assert refused.json()["message"] == why


async def test_the_outcome_and_a_suspension_read_as_sentences(app: Litestar) -> None:
    """A suspension made from a report with no note gives the member a sentence as its
    reason; the audit note says "for 1 day"; a resolved report names what was done."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        maya_id = await _id(maya)
        report = await _report(sofia, "user", maya_id, "harassment")
        done = await boss.post(f"/api/admin/reports/{report}/resolve",
                               json={"action": "suspend", "days": 1})
        assert done.status_code == 200, done.text
        login = await maya.login("maya")
        assert login.status_code == 403
        assert login.json()["message"].endswith(
            "Reason: Reported by other members for harassment.")
        entries = (await boss.get("/api/admin/audit",
                                  params={"action": "user_suspended"})).json()["items"]
        assert entries[0]["note"] == "Reported by other members for harassment. (for 1 day)"
        resolved = await _groups(boss, "resolved")
        item = resolved["user"]["reports"][0]
        assert (item["action"], item["actionLabel"]) == ("suspend", "Member suspended")


async def test_a_resolved_group_says_its_outcome_as_it_stands_now(
        app: Litestar, clock: FixedClock) -> None:
    """"Hidden" until an administrator restores it, then "Hidden, restored on …"; a
    suspension's answer says whose and until when, and its group reads "Member suspended"
    until it is lifted; a dismissal stays "Dismissed". Moments as server texts say them."""
    async with people(app, "maya", "theo", "sofia", "boss") as p:
        maya, theo, sofia, boss = p["maya"], p["theo"], p["sofia"], p["boss"]
        maya_id = await _id(maya)
        scarf = await listing(theo, title="Silk scarf")
        hats = await listing(theo, title="Wool hat")
        reports = {"scarf": await _report(sofia, "listing", scarf),
                   "hats": await _report(sofia, "listing", hats),
                   "maya": await _report(sofia, "user", maya_id, "harassment")}

        async def outcomes() -> dict[int, str]:
            answer = await boss.get("/api/admin/reports", params={"status": "resolved"})
            return {g["targetId"]: g["outcome"] for g in answer.json()}

        for name, action in (("scarf", "hide"), ("hats", "dismiss")):
            done = await boss.post(f"/api/admin/reports/{reports[name]}/resolve",
                                   json={"action": action})
            assert done.json() == {"resolved": 1, "suspension": None}
        assert await outcomes() == {scarf: "Hidden", hats: "Dismissed"}
        assert (await boss.get("/api/admin/reports")).json()[0]["outcome"] is None  # open

        clock.advance(hours=2)
        restored_at = clock.current
        assert (await boss.post(f"/api/admin/listings/{scarf}/restore")).status_code == 200
        restored = f"Hidden, restored on {format_moment(restored_at, clock.current)}"
        assert await outcomes() == {scarf: restored, hats: "Dismissed"}

        suspended = await boss.post(f"/api/admin/reports/{reports['maya']}/resolve",
                                    json={"action": "suspend", "days": 7})
        assert suspended.status_code == 200, suspended.text
        made = suspended.json()["suspension"]
        assert (made["userId"], made["reason"]) == (
            maya_id, "Reported by other members for harassment.")
        assert datetime.fromisoformat(made["endsAt"]) == clock.current + timedelta(days=7)
        assert (await outcomes())[maya_id] == "Member suspended"
        clock.advance(days=1)
        assert (await boss.post(f"/api/admin/users/{maya_id}/unsuspend")).status_code == 200
        assert (await outcomes())[maya_id] == (
            f"Member suspended, lifted on {format_moment(clock.current, clock.current)}")


async def test_a_group_resolved_twice_shows_the_last_resolutions_note(app: Litestar) -> None:
    """A target reported again after a dismissal is resolved again: the group's outcome and
    its note are the last resolution's, not the first report's."""
    async with people(app, "theo", "sofia", "maya", "boss") as p:
        theo, sofia, maya, boss = p["theo"], p["sofia"], p["maya"], p["boss"]
        scarf = await listing(theo, title="Silk scarf")
        first = await _report(sofia, "listing", scarf)
        done = await boss.post(f"/api/admin/reports/{first}/resolve",
                               json={"action": "dismiss", "note": "Photos look genuine"})
        assert done.status_code == 200, done.text
        again = await _report(maya, "listing", scarf, "counterfeit")
        open_group = (await boss.get("/api/admin/reports")).json()
        assert [(g["outcome"], g["outcomeNote"]) for g in open_group] == [(None, None)]
        done = await boss.post(f"/api/admin/reports/{again}/resolve",
                               json={"action": "hide", "note": "Logo is a copy"})
        assert done.status_code == 200, done.text
        [group] = (await boss.get("/api/admin/reports", params={"status": "resolved"})).json()
        assert (group["outcome"], group["outcomeNote"]) == ("Hidden", "Logo is a copy")
        assert [r["note"] for r in group["reports"]] == ["Photos look genuine", "Logo is a copy"]


async def test_each_group_links_to_its_target_in_place_and_quotes_a_long_message_whole(
        app: Litestar) -> None:
    """The server says where a moderator sees each target: a comment at its place on its
    post's page; a message on no page (a conversation is its two members' alone), so its
    words come whole and its owner is its sender. A target gone since has no link."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        maya_id = await _id(maya)
        coat = await listing(maya, title="Wool coat")
        post = (await sofia.post("/api/posts", json={
            "content": "Autumn layers", "image": data_url(png())})).json()
        comment = (await maya.post(f"/api/posts/{post['id']}/comments",
                                   json={"content": "Buy from my shop instead"})).json()
        words = ("Pay me outside the site, it is cheaper for both of us.\n"
                 "Send the money to my bank account and I ship tomorrow.")
        message = (await maya.post("/api/messages", json={
            "receiverId": await _id(sofia), "content": words})).json()
        await _report(theo, "listing", coat)
        await _report(theo, "user", maya_id)
        await _report(theo, "post", post["id"])
        await _report(theo, "comment", comment["id"])
        await _report(sofia, "message", message["id"], "scam")

        groups = await _groups(boss)
        assert {kind: g["targetLink"] for kind, g in groups.items()} == {
            "listing": f"/product/{coat}",
            "user": f"/profile/{maya_id}",
            "post": f"/post/{post['id']}",
            "comment": f"/post/{post['id']}#comment-{comment['id']}",
            "message": None,
        }
        assert groups["message"]["targetLabel"] == (
            "Message “Pay me outside the site, it is cheaper for both of us. Send…”")
        assert groups["message"]["targetText"] == words
        assert groups["message"]["owner"]["username"] == "maya"  # the sender
        assert groups["comment"]["targetText"] is None  # its label quotes it whole

        assert (await maya.delete(f"/api/comments/{comment['id']}")).status_code == 204
        after = await _groups(boss)
        assert (after["comment"]["targetLink"], after["comment"]["targetText"]) == (None, None)


async def test_the_audit_log_links_each_target_in_its_place_as_the_desk_does(
        app: Litestar) -> None:
    """Each entry's ``targetLink`` comes from the server: a listing, a member's profile, a
    style post, a comment at its place on its post's page; none for a report (no page), nor
    for a target deleted since."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        maya_id = await _id(maya)
        coat = await listing(maya, title="Wool coat")
        post, other = [(await sofia.post("/api/posts", json={
            "content": "Autumn layers", "image": data_url(png())})).json()["id"]
            for _ in range(2)]
        comment = (await sofia.post(f"/api/posts/{other}/comments",
                                    json={"content": "Rude words"})).json()["id"]
        report = await _report(maya, "post", post)
        for path, body in ((f"listings/{coat}/hide", {}), (f"comments/{comment}/hide", {}),
                           (f"reports/{report}/resolve", {"action": "hide"}),
                           (f"users/{maya_id}/suspend", {"reason": "Spam"})):
            done = await boss.post(f"/api/admin/{path}", json=body)
            assert done.status_code == 200, done.text

        async def links() -> dict[str, str | None]:
            answer = await boss.get("/api/admin/audit")
            assert answer.status_code == 200, answer.text
            return {e["action"]: e["targetLink"] for e in answer.json()["items"]}

        assert await links() == {
            "listing_hidden": f"/product/{coat}",
            "comment_hidden": f"/post/{other}#comment-{comment}",
            "post_hidden": f"/post/{post}",
            "report_resolved": None,
            "user_suspended": f"/profile/{maya_id}",
        }
        assert (await sofia.delete(f"/api/comments/{comment}")).status_code == 204
        assert (await boss.post(f"/api/admin/posts/{post}/restore", json={})).status_code == 200
        assert (await sofia.delete(f"/api/posts/{post}")).status_code == 204
        after = await links()
        assert (after["comment_hidden"], after["post_hidden"], after["post_restored"]) == (
            None, None, None)
        assert after["listing_hidden"] == f"/product/{coat}"
