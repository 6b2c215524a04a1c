"""What an owner hears when a moderator hides or restores their listing, style post or
comment (issue 37; docs/trust.md), over HTTP on every configured database: a notice in the
bell and an email, with the reason, and for a listing the reason again on its page
(``hiddenReason``); nobody else hears of it or reads it, and a hiding by a suspension is not
announced."""

from __future__ import annotations

from email.message import EmailMessage

import httpx
import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.mail import mail_to, text_of
from tests.support.offers import listing

pytestmark = pytest.mark.api


async def _notices(client: ApiClient) -> list[dict[str, object]]:
    answer = await client.get("/api/notifications")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["items"])


async def _listing_mail(container: Container, address: str) -> list[EmailMessage]:
    return [m for m in await mail_to(container, address) if "listing" in m["Subject"]]


async def _mail_about(container: Container, address: str, notices: list[dict[str, object]]
                      ) -> list[EmailMessage]:
    """The emails to ``address`` whose subject is one of ``notices``' titles."""
    titles = {n["title"] for n in notices}
    return [m for m in await mail_to(container, address) if m["Subject"] in titles]


async def _post(client: ApiClient, caption: str) -> int:
    made = await client.post("/api/posts", json={"content": caption,
                                                  "image": data_url(png())})
    assert made.status_code == 201, made.text
    return int(made.json()["id"])



async def _hidden_from_the_desk(seller: ApiClient, reporter: ApiClient, admin: ApiClient,
                                title: str) -> int:
    """A new listing of ``seller``'s, reported as counterfeit by ``reporter`` and hidden by
    ``admin`` from the desk with no note (so the reports' reason is the reason given)."""
    item = await listing(seller, title=title)
    report = await reporter.post("/api/reports", json={
        "targetType": "listing", "targetId": item, "reason": "counterfeit"})
    resolved = await admin.post(f"/api/admin/reports/{report.json()['id']}/resolve",
                                json={"action": "hide"})
    assert resolved.status_code == 200, resolved.text
    return item

async def test_the_seller_hears_when_a_moderator_hides_and_restores_their_listing(
        app: Litestar, container: Container) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        hidden = await boss.post(f"/api/admin/listings/{coat}/hide",
                                 json={"note": "The logo is not genuine"})
        assert hidden.status_code == 200, hidden.text
        [notice] = await _notices(maya)
        assert notice["kind"] == "listing_hidden"
        assert notice["link"] == f"/product/{coat}"
        assert "Wool coat" in str(notice["title"]) + str(notice["body"])
        assert "The logo is not genuine" in str(notice["body"])
        [mail] = await _listing_mail(container, "maya@example.com")
        assert mail["Subject"] == notice["title"]
        assert "The logo is not genuine" in text_of(mail)

        restored = await boss.post(f"/api/admin/listings/{coat}/restore", json={})
        assert restored.status_code == 200, restored.text
        kinds = [n["kind"] for n in await _notices(maya)]
        assert kinds == ["listing_restored", "listing_hidden"]
        assert len(await _listing_mail(container, "maya@example.com")) == 2

        # Hidden from the desk with no note: the report's reason is the reason given.
        bag = await _hidden_from_the_desk(maya, sofia, boss, "Leather bag")
        latest = (await _notices(maya))[0]
        assert latest["kind"] == "listing_hidden" and latest["link"] == f"/product/{bag}"
        assert "Counterfeit" in str(latest["body"])
        # The reporter and the administrator hear nothing of it.
        assert await _notices(sofia) == []
        assert await _notices(boss) == []


async def test_the_author_hears_when_a_moderator_hides_and_restores_their_post(
        app: Litestar, container: Container) -> None:
    """Named by a short quote of its caption (cut at a word), linked to its page."""
    caption = ("Thrifted denim jacket with patched elbows, worn with wide trousers and white "
               "sneakers for a rainy city walk")
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        post = await _post(maya, caption)
        hidden = await boss.post(f"/api/admin/posts/{post}/hide",
                                 json={"note": "Not your photo"})
        assert hidden.status_code == 200, hidden.text
        [notice] = await _notices(maya)
        assert notice["kind"] == "post_hidden"
        assert notice["link"] == f"/post/{post}"
        title, body = str(notice["title"]), str(notice["body"])
        assert title.startswith("A moderator hid your style post “Thrifted denim jacket")
        assert title.endswith("…”") and caption not in title
        assert body.startswith("Reason: Not your photo. ")
        assert body.endswith("Contact us if you think this is a mistake.")
        [mail] = await _mail_about(container, "maya@example.com", [notice])
        assert "Not your photo" in text_of(mail)

        restored = await boss.post(f"/api/admin/posts/{post}/restore", json={})
        assert restored.status_code == 200, restored.text
        notices = await _notices(maya)
        assert [(n["kind"], n["link"]) for n in notices] == [
            ("post_restored", f"/post/{post}"), ("post_hidden", f"/post/{post}")]
        assert str(notices[0]["title"]).startswith("Your style post “Thrifted denim jacket")
        assert "is back" in str(notices[0]["title"])
        assert len(await _mail_about(container, "maya@example.com", notices)) == 2

        # Hidden from the desk with no note: the report's reason is the reason given.
        report = await sofia.post("/api/reports", json={
            "targetType": "post", "targetId": post, "reason": "spam"})
        assert report.status_code == 201, report.text
        resolved = await boss.post(f"/api/admin/reports/{report.json()['id']}/resolve",
                                   json={"action": "hide"})
        assert resolved.status_code == 200, resolved.text
        latest = (await _notices(maya))[0]
        assert (latest["kind"], latest["link"]) == ("post_hidden", f"/post/{post}")
        assert str(latest["body"]).startswith("Reason: Spam. ")
        # The reporter and the administrator hear nothing of it.
        assert await _notices(sofia) == []
        assert await _notices(boss) == []


async def test_the_author_hears_when_a_moderator_hides_and_restores_their_comment(
        app: Litestar, container: Container) -> None:
    """Named by a quote of the comment, linked to the page of the post it is on; the
    post's author hears of the comment as before, and of its hiding nothing."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        post = await _post(maya, "")
        made = await sofia.post(f"/api/posts/{post}/comments",
                                json={"content": "Rude words\nabout   this"})
        assert made.status_code == 201, made.text
        comment = int(made.json()["id"])
        hidden = await boss.post(f"/api/admin/comments/{comment}/hide",
                                 json={"note": "Be kind"})
        assert hidden.status_code == 200, hidden.text
        [notice] = await _notices(sofia)
        assert notice["kind"] == "comment_hidden"
        assert notice["link"] == f"/post/{post}"
        assert notice["title"] == "A moderator hid your comment “Rude words about this”"
        assert str(notice["body"]).startswith("Reason: Be kind. ")
        assert str(notice["body"]).endswith("Contact us if you think this is a mistake.")
        [mail] = await _mail_about(container, "sofia@example.com", [notice])
        assert "Be kind" in text_of(mail)

        restored = await boss.post(f"/api/admin/comments/{comment}/restore", json={})
        assert restored.status_code == 200, restored.text
        notices = await _notices(sofia)
        assert [(n["kind"], n["link"]) for n in notices] == [
            ("comment_restored", f"/post/{post}"), ("comment_hidden", f"/post/{post}")]
        assert notices[0]["title"] == "Your comment “Rude words about this” is back"
        assert len(await _mail_about(container, "sofia@example.com", notices)) == 2

        # No note and no report: no reason, and the rest of the notice still says what.
        again = await boss.post(f"/api/admin/comments/{comment}/hide", json={})
        assert again.status_code == 200, again.text
        latest = (await _notices(sofia))[0]
        assert latest["kind"] == "comment_hidden" and "Reason" not in str(latest["body"])
        # The post's author heard of the comment, and of nothing else; boss of nothing.
        assert [n["kind"] for n in await _notices(maya)] == ["post_commented"]
        assert await _notices(boss) == []


async def test_a_comment_on_a_hidden_post_is_announced_without_a_link_its_author_cannot_open(
        app: Litestar) -> None:
    """The post a comment is on answers 404 to the commenter once a moderator hid it: the
    notice about the comment then links nowhere; the post's author's own comment keeps its
    link (they can open their hidden post)."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        post = await _post(maya, "Rainy day")
        theirs = await sofia.post(f"/api/posts/{post}/comments", json={"content": "Ugly"})
        mine = await maya.post(f"/api/posts/{post}/comments", json={"content": "Thanks"})
        assert theirs.status_code == mine.status_code == 201, (theirs.text, mine.text)
        assert (await boss.post(f"/api/admin/posts/{post}/hide", json={})).status_code == 200
        assert (await sofia.get(f"/api/posts/{post}")).status_code == 404
        for comment in (theirs, mine):
            hidden = await boss.post(f"/api/admin/comments/{comment.json()['id']}/hide",
                                     json={"note": "Off topic"})
            assert hidden.status_code == 200, hidden.text
        [notice] = await _notices(sofia)
        assert (notice["kind"], notice["link"]) == ("comment_hidden", None)
        assert [(n["kind"], n["link"]) for n in await _notices(maya)
                if n["kind"] != "post_commented"] == [
            ("comment_hidden", f"/post/{post}"), ("post_hidden", f"/post/{post}")]


async def test_a_suspension_hides_without_a_moderation_notice(
        app: Litestar, container: Container) -> None:
    """The one hiding that is not a moderator's (cause ``suspension``, listings only) and
    its lifting are not announced: the member is told at sign-in instead."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        maya_id = int((await maya.get("/api/user")).json()["id"])
        coat = await listing(maya, title="Wool coat")
        post = await _post(maya, "Rainy day")
        made = await maya.post(f"/api/posts/{post}/comments", json={"content": "Mine"})
        assert made.status_code == 201, made.text
        suspended = await boss.post(f"/api/admin/users/{maya_id}/suspend",
                                    json={"reason": "Spam", "days": 7})
        assert suspended.status_code == 200, suspended.text
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 404  # hidden
        assert (await boss.post(f"/api/admin/users/{maya_id}/unsuspend")).status_code == 200
        assert (await maya.login("maya")).status_code == 200
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 200  # back
        assert await _notices(maya) == []
        assert [m["Subject"] for m in await mail_to(container, "maya@example.com")
                if "moderator" in m["Subject"] or "is back" in m["Subject"]] == []
        assert await _notices(sofia) == [] and await _notices(boss) == []


async def test_the_desk_suspends_for_a_chosen_time_and_shows_what_can_be_undone(
        app: Litestar) -> None:
    """Resolving with ``suspend`` takes the suspension's days; a resolved group says whether
    its target is still hidden and its owner still suspended, and an administrator sees a
    member's suspension on their profile (nobody else does), so each can be undone."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        maya_id = int((await maya.get("/api/user")).json()["id"])
        coat = await listing(maya, title="Wool coat")
        for target in ({"targetType": "listing", "targetId": coat},
                       {"targetType": "user", "targetId": maya_id}):
            made = await sofia.post("/api/reports", json={**target, "reason": "scam"})
            assert made.status_code == 201, made.text
        [listing_group, user_group] = sorted(
            (await boss.get("/api/admin/reports")).json(), key=lambda g: g["targetType"])
        bad = await boss.post(f"/api/admin/reports/{user_group['id']}/resolve",
                              json={"action": "suspend", "days": 0})
        assert bad.status_code == 400 and "days" in bad.json()["errors"]
        hid = await boss.post(f"/api/admin/reports/{listing_group['id']}/resolve",
                              json={"action": "hide"})
        assert hid.status_code == 200, hid.text
        suspended = await boss.post(f"/api/admin/reports/{user_group['id']}/resolve",
                                    json={"action": "suspend", "days": 7})
        assert suspended.status_code == 200, suspended.text
        profile = (await boss.get(f"/api/users/{maya_id}")).json()
        assert profile["suspension"]["endsAt"] is not None
        assert profile["suspension"]["reason"] == "Reported by other members for scam or fraud."
        assert "suspension" not in (await sofia.get(f"/api/users/{maya_id}")).json()
        resolved = {g["targetType"]: g for g in (await boss.get(
            "/api/admin/reports", params={"status": "resolved"})).json()}
        assert resolved["listing"]["targetHidden"] is True
        assert resolved["user"]["ownerSuspended"] is True
        assert (await boss.post(f"/api/admin/users/{maya_id}/unsuspend")).status_code == 200
        assert (await boss.post(f"/api/admin/listings/{coat}/restore")).status_code == 200
        resolved = {g["targetType"]: g for g in (await boss.get(
            "/api/admin/reports", params={"status": "resolved"})).json()}
        assert resolved["listing"]["targetHidden"] is False
        assert resolved["user"]["ownerSuspended"] is False
        assert (await boss.get(f"/api/users/{maya_id}")).json()["suspension"] is None


async def test_the_product_answer_gives_the_reason_to_the_seller_and_administrators_only(
        app: Litestar) -> None:
    """``hiddenReason``: why a moderator hid the listing (the note, or from the desk the
    reports' reason), for its seller and administrators; everyone else gets 404, and a
    visitor never gets the reason from the response cache (signed-in answers are private
    and never stored)."""
    async with people(app, "maya", "sofia", "boss") as p, httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://testserver.local"
    ) as visitor:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        url = f"/api/products/{coat}"
        shown = await visitor.get(url)  # kept in the response cache for visitors
        assert shown.status_code == 200 and shown.json()["hiddenReason"] is None
        assert (await maya.get(url)).json()["hiddenReason"] is None
        hidden = await boss.post(f"/api/admin/listings/{coat}/hide",
                                 json={"note": "The logo is not genuine"})
        assert hidden.status_code == 200, hidden.text
        for insider in (maya, boss):
            seen = await insider.get(url)
            assert seen.status_code == 200, seen.text
            assert seen.json()["status"] == "hidden"
            assert seen.json()["hiddenReason"] == "The logo is not genuine"
            assert seen.headers["cache-control"] == "private, no-cache"
        # The seller's edit answers as the page does (the webapp shows that answer).
        edited = await maya.put(url, json={"price": "41.00"})
        assert edited.status_code == 200, edited.text
        assert edited.json()["hiddenReason"] == "The logo is not genuine"
        for outsider in (sofia, visitor, visitor):  # the visitor twice: not from a cache
            missing = await outsider.get(url)
            assert missing.status_code == 404
            assert "genuine" not in missing.text
        # No reason from the desk's note: the reports' reason, as the seller was told.
        bag = await _hidden_from_the_desk(maya, sofia, boss, "Leather bag")
        assert (await maya.get(f"/api/products/{bag}")).json()["hiddenReason"] == "Counterfeit"
        # Restored: no reason any more, for anyone.
        assert (await boss.post(f"/api/admin/listings/{coat}/restore")).status_code == 200
        for reader in (maya, boss, sofia, visitor):
            back = await reader.get(url)
            assert back.status_code == 200 and back.json()["hiddenReason"] is None
