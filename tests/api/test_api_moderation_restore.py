"""Undoing a moderator's hiding of a style post or a comment (issue 37; docs/trust.md), over
HTTP on every configured database: the restore routes bring it back for everyone, write the
audit entry, and answer 409 when it is not hidden, 404 when it does not exist, 401/403 to
anyone but an administrator. A hidden post says so (``hidden``), with the moderator's
reason (``hiddenReason``), to the two who still see it, its author and administrators.
What a suspension hid is not restored: it comes back when the suspension is lifted."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.mail import mail_to
from tests.support.offers import listing

pytestmark = pytest.mark.api
MISSING = 2_000_000


@pytest.fixture
async def visitor(app: Litestar) -> AsyncIterator[ApiClient]:
    """Not signed in, with the CSRF header (so a refusal is about who asks)."""
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://testserver.local") as client:
        yield ApiClient(client)  # type: ignore[arg-type]


async def _id(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def _post(client: ApiClient) -> int:
    made = await client.post("/api/posts", json={"content": "Look",
                                                  "image": data_url(png())})
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


async def _audit(boss: ApiClient, action: str) -> list[tuple[str, int, str, int | None]]:
    items = (await boss.get("/api/admin/audit", params={"action": action})).json()["items"]
    return [(e["action"], e["targetId"], e["note"], e["adminId"]) for e in items]


async def test_an_administrator_restores_a_hidden_post(
        app: Litestar, visitor: ApiClient) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        post = await _post(maya)
        hidden = await boss.post(f"/api/admin/posts/{post}/hide", json={"note": "Spam"})
        assert hidden.status_code == 200, hidden.text
        for other in (sofia, visitor):
            assert (await other.get(f"/api/posts/{post}")).status_code == 404
        for insider in (maya, boss):  # told it is hidden, and why (boss is offered Restore)
            seen = await insider.get(f"/api/posts/{post}")
            assert (seen.json()["hidden"], seen.json()["hiddenReason"]) == (True, "Spam")
            assert seen.headers["cache-control"] == "private, no-cache"

        # Only administrators: visitors 401, members (the author too) 403.
        assert (await visitor.post(f"/api/admin/posts/{post}/restore")).status_code == 401
        for member in (sofia, maya):
            refused = await member.post(f"/api/admin/posts/{post}/restore", json={})
            assert refused.status_code == 403, refused.text
        assert (await sofia.get(f"/api/posts/{post}")).status_code == 404

        restored = await boss.post(f"/api/admin/posts/{post}/restore",
                                   json={"note": "Hidden by mistake"})
        assert restored.status_code == 200, restored.text
        for reader in (sofia, visitor, maya, boss):
            seen = await reader.get(f"/api/posts/{post}")
            assert seen.status_code == 200
            assert (seen.json()["hidden"], seen.json()["hiddenReason"]) == (False, None)
        assert post in [item["id"] for item in (await sofia.get("/api/posts")).json()["items"]]
        assert await _audit(boss, "post_restored") == [
            ("post_restored", post, "Hidden by mistake", await _id(boss))]
        # The desk names who did it, not only their id.
        [entry] = (await boss.get("/api/admin/audit",
                                  params={"action": "post_restored"})).json()["items"]
        assert entry["adminUsername"] == "boss"

        again = await boss.post(f"/api/admin/posts/{post}/restore")  # no body: no note
        assert again.status_code == 409
        assert again.json()["message"] == "This style post is not hidden."
        missing = await boss.post(f"/api/admin/posts/{MISSING}/restore", json={})
        assert missing.status_code == 404, missing.text
        assert len(await _audit(boss, "post_restored")) == 1


async def test_an_administrator_restores_a_hidden_comment(
        app: Litestar, visitor: ApiClient) -> None:
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        post = await _post(maya)
        made = await sofia.post(f"/api/posts/{post}/comments", json={"content": "Rude words"})
        comment = int(made.json()["id"])
        url = f"/api/posts/{post}/comments"

        async def seen_by(client: ApiClient) -> list[tuple[int, bool]]:
            return [(c["id"], c["hidden"]) for c in (await client.get(url)).json()["items"]]

        assert (await boss.post(f"/api/admin/comments/{comment}/hide",
                                json={})).status_code == 200
        assert await seen_by(maya) == []

        assert (await visitor.post(f"/api/admin/comments/{comment}/restore")).status_code == 401
        for member in (sofia, maya, theo):
            refused = await member.post(f"/api/admin/comments/{comment}/restore", json={})
            assert refused.status_code == 403, refused.text
        assert await seen_by(theo) == []

        restored = await boss.post(f"/api/admin/comments/{comment}/restore", json={})
        assert restored.status_code == 200, restored.text
        # Back for everyone (the post's author and visitors too), no longer marked hidden.
        for client in (maya, theo, visitor, sofia, boss):
            assert await seen_by(client) == [(comment, False)]
        assert await _audit(boss, "comment_restored") == [
            ("comment_restored", comment, "", await _id(boss))]

        again = await boss.post(f"/api/admin/comments/{comment}/restore", json={})
        assert again.status_code == 409
        assert again.json()["message"] == "This comment is not hidden."
        missing = await boss.post(f"/api/admin/comments/{MISSING}/restore", json={})
        assert missing.status_code == 404, missing.text
        assert missing.json()["message"] == "Comment not found"
        assert len(await _audit(boss, "comment_restored")) == 1


async def test_a_listing_its_sellers_suspension_hid_comes_back_only_with_the_lifting(
        app: Litestar, container: Container, visitor: ApiClient) -> None:
    """A suspension from the desk hides the seller's listing (cause ``suspension``, told
    to administrators on its page and on the desk); Restore is refused with 409 and changes
    nothing (still hidden, no audit entry, no "is back" notice or email to the seller);
    lifting the suspension brings it back. A listing a moderator hid still restores."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        maya_id = await _id(maya)
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(theo, title="Silk scarf")
        reported = await sofia.post("/api/reports", json={
            "targetType": "listing", "targetId": coat, "reason": "scam"})
        assert reported.status_code == 201, reported.text
        suspended = await boss.post(f"/api/admin/reports/{reported.json()['id']}/resolve",
                                    json={"action": "suspend"})
        assert suspended.status_code == 200, suspended.text
        assert (await boss.post(f"/api/admin/listings/{scarf}/hide",
                                json={"note": "Fake"})).status_code == 200
        for item, cause, reason in ((coat, "suspension", None), (scarf, "moderator", "Fake")):
            page = (await boss.get(f"/api/products/{item}")).json()
            assert (page["status"], page["hiddenCause"], page["hiddenReason"],
                    page["sellerClosed"]) == ("hidden", cause, reason, False)
        [group] = (await boss.get("/api/admin/reports", params={"status": "resolved"})).json()
        assert (group["targetHidden"], group["targetHiddenCause"], group["ownerSuspended"]) == (
            True, "suspension", True)

        refused = await boss.post(f"/api/admin/listings/{coat}/restore",
                                  json={"note": "Looks fine"})
        assert refused.status_code == 409, refused.text
        assert refused.json()["message"] == (
            "This listing is hidden while its seller is suspended: lift the suspension to "
            "bring it back.")
        for outsider in (sofia, visitor):
            assert (await outsider.get(f"/api/products/{coat}")).status_code == 404
        assert (await boss.get(f"/api/products/{coat}")).json()["status"] == "hidden"
        assert await _audit(boss, "listing_restored") == []

        # The moderator's hiding restores as ever (and tells its seller).
        assert (await boss.post(f"/api/admin/listings/{scarf}/restore")).status_code == 200
        assert (await visitor.get(f"/api/products/{scarf}")).json()["hiddenCause"] is None

        lifted = await boss.post(f"/api/admin/users/{maya_id}/unsuspend")
        assert lifted.status_code == 200, lifted.text
        for reader in (sofia, visitor, boss):
            back = await reader.get(f"/api/products/{coat}")
            assert back.status_code == 200, back.text
            assert (back.json()["status"], back.json()["hiddenCause"]) == ("available", None)
        [group] = (await boss.get("/api/admin/reports", params={"status": "resolved"})).json()
        assert (group["targetHidden"], group["targetHiddenCause"]) == (False, None)
        again = await boss.post(f"/api/admin/listings/{coat}/restore")
        assert again.status_code == 409 and again.json()["message"] == (
            "This listing is not hidden.")
        # The seller never heard of the hiding, nor of a restore that did not happen.
        assert (await maya.login("maya")).status_code == 200
        assert (await maya.get("/api/notifications")).json()["items"] == []
        assert [m["Subject"] for m in await mail_to(container, "maya@example.com")
                if "is back" in m["Subject"]] == []
        assert [e[1] for e in await _audit(boss, "listing_restored")] == [scarf]


async def test_a_listing_a_moderator_hid_waits_for_its_sellers_suspension_to_end(
        app: Litestar, visitor: ApiClient) -> None:
    """A listing a moderator hid before its seller was suspended keeps the moderator's
    cause, but Restore waits for the suspension's end: a suspension keeps every listing of
    theirs out of the shop. Once it is lifted, the listing restores (lifting alone does not
    bring a moderator's hiding back)."""
    async with people(app, "maya", "boss") as p:
        maya, boss = p["maya"], p["boss"]
        maya_id = await _id(maya)
        coat = await listing(maya, title="Wool coat")
        assert (await boss.post(f"/api/admin/listings/{coat}/hide",
                                json={"note": "Fake"})).status_code == 200
        assert (await boss.post(f"/api/admin/users/{maya_id}/suspend",
                                json={"reason": "Scam"})).status_code in (200, 201)
        refused = await boss.post(f"/api/admin/listings/{coat}/restore")
        assert refused.status_code == 409, refused.text
        assert refused.json()["message"] == (
            "This listing's seller is suspended: restore it once the suspension is lifted.")
        assert (await visitor.get(f"/api/products/{coat}")).status_code == 404
        assert await _audit(boss, "listing_restored") == []
        assert (await boss.post(f"/api/admin/users/{maya_id}/unsuspend")).status_code == 200
        assert (await visitor.get(f"/api/products/{coat}")).status_code == 404
        assert (await boss.post(f"/api/admin/listings/{coat}/restore")).status_code == 200
        assert (await visitor.get(f"/api/products/{coat}")).json()["status"] == "available"


async def test_a_closed_sellers_listings_never_come_back_but_their_posts_can(
        app: Litestar, visitor: ApiClient) -> None:
    """Closing an account takes its shop down for good: neither the listing a moderator hid
    before, nor one closing hid (with no moderator's row), restores. The closed member's
    posts stay on the site, so a moderator's hiding of one can still be undone."""
    async with people(app, "maya", "boss") as p:
        maya, boss = p["maya"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(maya, title="Silk scarf")
        look = await _post(maya)
        assert (await boss.post(f"/api/admin/listings/{coat}/hide",
                                json={"note": "Fake"})).status_code == 200
        assert (await boss.post(f"/api/admin/posts/{look}/hide",
                                json={"note": "Spam"})).status_code == 200
        closed = await maya.delete("/api/user", json={"password": "secret123"})
        assert closed.status_code == 200, closed.text
        for hidden in (coat, scarf):
            # The product page tells the administrator why, so it offers no Restore.
            page = (await boss.get(f"/api/products/{hidden}")).json()
            assert (page["status"], page["sellerClosed"]) == ("hidden", True)
            refused = await boss.post(f"/api/admin/listings/{hidden}/restore")
            assert refused.status_code == 409, refused.text
            assert refused.json()["message"] == ("This listing's seller has closed their "
                                                 "account: it cannot come back to the shop.")
            assert (await visitor.get(f"/api/products/{hidden}")).status_code == 404
        assert await _audit(boss, "listing_restored") == []
        assert (await boss.post(f"/api/admin/posts/{look}/restore")).status_code == 200
        assert (await visitor.get(f"/api/posts/{look}")).status_code == 200
