"""What the audit log tells an administrator about each entry's target (issue 37), on every
configured database: its name for people (``targetLabel``: the desk's name for a listing,
member, style post or comment; an order by its number, a report with what it was about, a
dispute with its order's number; one gone since says so), read in one query per kind
whatever the page holds; and its pages, followed with ``nextCursor``, the action filter
included."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from sqlalchemy import event

from application.audit import record_audit
from domain.moderation import AuditAction
from entrypoints.container import Container
from tests.api.test_api_disputes import DETAILS, _order
from tests.fakes import FixedClock
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.offers import listing

pytestmark = pytest.mark.api


async def _id(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def _done(boss: ApiClient, path: str, body: dict[str, Any] | None = None) -> Any:
    answer = await boss.post(f"/api/admin/{path}", json=body or {})
    assert answer.status_code == 200, answer.text
    return answer.json()


async def _entries(boss: ApiClient, **params: Any) -> list[dict[str, Any]]:
    answer = await boss.get("/api/admin/audit", params={"limit": 50, **params})
    assert answer.status_code == 200, answer.text
    return list(answer.json()["items"])


async def _post(client: ApiClient, caption: str) -> int:
    made = await client.post("/api/posts", json={"content": caption, "image": data_url(png())})
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


async def test_each_target_has_a_name_for_people_even_once_gone(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        maya_id, theo_id = await _id(maya), await _id(theo)
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(maya, title="Silk scarf")
        look = await _post(sofia, "Autumn layers")
        gone = await _post(sofia, "Rainy day")
        comment = (await sofia.post(f"/api/posts/{look}/comments",
                                    json={"content": "Rude words"})).json()["id"]
        report = (await theo.post("/api/reports", json={
            "targetType": "post", "targetId": look, "reason": "spam"})).json()["id"]
        order = await _order(sofia, maya, boss)
        number = (await boss.get(f"/api/orders/{order}")).json()["orderNumber"]
        dispute = (await sofia.post(f"/api/orders/{order}/dispute", json={
            "reason": "damaged", "details": DETAILS})).json()["id"]

        await _done(boss, f"listings/{coat}/hide", {"note": "Fake"})
        await _done(boss, f"listings/{scarf}/hide")
        await _done(boss, f"listings/{scarf}/restore")
        await _done(boss, f"posts/{gone}/hide")
        await _done(boss, f"comments/{comment}/hide")
        await _done(boss, f"reports/{report}/resolve", {"action": "dismiss"})
        await _done(boss, f"users/{maya_id}/suspend", {"reason": "Spam"})
        await _done(boss, f"users/{theo_id}/suspend", {"reason": "Spam"})
        await _done(boss, f"users/{theo_id}/unsuspend")
        await _done(boss, f"disputes/{dispute}/resolve", {"outcome": "refund"})

        def named(entries: list[dict[str, Any]]) -> dict[tuple[str, int], str]:
            return {(e["action"], e["targetId"]): e["targetLabel"] for e in entries}

        assert named(await _entries(boss)) == {
            ("payment_confirmed", order): f"Order {number}",
            ("listing_hidden", coat): "Listing “Wool coat”",
            ("listing_hidden", scarf): "Listing “Silk scarf”",
            ("listing_restored", scarf): "Listing “Silk scarf”",
            ("post_hidden", gone): "Style post “Rainy day”",
            ("comment_hidden", comment): "Comment “Rude words”",
            ("report_resolved", report): f"Report #{report} about style post “Autumn layers”",
            ("user_suspended", maya_id): "Member @maya",
            ("user_suspended", theo_id): "Member @theo",
            ("user_unsuspended", theo_id): "Member @theo",
            ("dispute_resolved", dispute): f"Dispute on order {number}",
        }

        # Gone since: a deleted listing, post and comment, a closed account; the post a
        # report was about.
        assert (await boss.delete(f"/api/products/{scarf}")).status_code == 204
        assert (await sofia.delete(f"/api/posts/{gone}")).status_code == 204
        assert (await sofia.delete(f"/api/comments/{comment}")).status_code == 204
        assert (await sofia.delete(f"/api/posts/{look}")).status_code == 204
        assert (await theo.login("theo")).status_code == 200
        closed = await theo.delete("/api/user", json={"password": "secret123"})
        assert closed.status_code == 200, closed.text
        after = await _entries(boss)
        assert {key: label for key, label in named(after).items()
                if key[0] != "listing_hidden" or key[1] != coat} == {
            ("payment_confirmed", order): f"Order {number}",
            ("listing_hidden", scarf): f"Listing #{scarf} (deleted)",
            ("listing_restored", scarf): f"Listing #{scarf} (deleted)",
            ("post_hidden", gone): f"Style post #{gone} (deleted)",
            ("comment_hidden", comment): f"Comment #{comment} (deleted)",
            ("report_resolved", report): f"Report #{report} about style post #{look} (deleted)",
            ("user_suspended", maya_id): "Member @maya",
            ("user_suspended", theo_id): f"Member #{theo_id} (account closed)",
            ("user_unsuspended", theo_id): f"Member #{theo_id} (account closed)",
            ("dispute_resolved", dispute): f"Dispute on order {number}",
        }
        links = {(e["action"], e["targetId"]): e["targetLink"] for e in after}
        assert links[("listing_hidden", coat)] == f"/product/{coat}"
        assert links[("listing_hidden", scarf)] is None
        assert links[("report_resolved", report)] is None
        assert links[("dispute_resolved", dispute)] is None


async def test_a_payment_confirmation_does_not_repeat_its_order_number_as_its_note(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    """The label names the order; an older entry that kept its number as the note is read
    with none (entries are never edited), and any other note stays."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order = await _order(sofia, maya, boss, deliver=False)
        number = (await boss.get(f"/api/orders/{order}")).json()["orderNumber"]
        uow = container.uow()
        async with uow:
            written = await uow.audit.page(5, action=AuditAction.PAYMENT_CONFIRMED)
            assert [entry.note for entry in written] == [""]  # none written any more
            for note in (number, "Paid in cash at the market"):
                await record_audit(uow, None, AuditAction.PAYMENT_CONFIRMED, "order", order,
                                   note, clock)
            await uow.commit()
        entries = await _entries(boss, action="payment_confirmed")
        assert [(e["targetLabel"], e["note"]) for e in entries] == [
            (f"Order {number}", "Paid in cash at the market"),
            (f"Order {number}", ""),  # the older kind, its note the order's number
            (f"Order {number}", ""),  # confirmed by the administrator just now
        ]


async def test_the_names_cost_one_query_per_kind_however_many_entries(
        app: Litestar, container: Container) -> None:
    """Twice the entries of every kind, the same statements: nothing is read per entry."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        maya_id = await _id(maya)

        async def one_of_each(n: int) -> None:
            assert (await maya.login("maya")).status_code == 200  # a suspension signs out
            coat = await listing(maya, title=f"Coat {n}")
            look = await _post(sofia, f"Look {n}")
            comment = (await maya.post(f"/api/posts/{look}/comments",
                                       json={"content": f"Rude {n}"})).json()["id"]
            report = (await theo.post("/api/reports", json={
                "targetType": "listing", "targetId": coat, "reason": "spam"})).json()["id"]
            order = await _order(sofia, maya, boss)
            dispute = (await sofia.post(f"/api/orders/{order}/dispute", json={
                "reason": "damaged", "details": DETAILS})).json()["id"]
            await _done(boss, f"posts/{look}/hide")
            await _done(boss, f"comments/{comment}/hide")
            await _done(boss, f"reports/{report}/resolve", {"action": "hide"})
            await _done(boss, f"users/{maya_id}/suspend", {"reason": "Spam"})
            await _done(boss, f"users/{maya_id}/unsuspend")
            await _done(boss, f"disputes/{dispute}/resolve", {"outcome": "release"})

        async def statements() -> int:
            await _entries(boss)  # warm
            engine = container.engine().sync_engine
            seen: list[str] = []

            def count(*args: object) -> None:
                seen.append(str(args[2]))

            event.listen(engine, "before_cursor_execute", count)
            try:
                await _entries(boss)
            finally:
                event.remove(engine, "before_cursor_execute", count)
            return len(seen)

        await one_of_each(1)
        once = await statements()
        await one_of_each(2)
        assert len(await _entries(boss)) == 16
        assert await statements() == once


async def test_pages_follow_the_cursor_with_the_action_filter(app: Litestar) -> None:
    async with people(app, "maya", "boss") as p:
        maya, boss = p["maya"], p["boss"]
        coats = [await listing(maya, title=f"Coat {n}") for n in range(5)]
        for coat in coats:
            await _done(boss, f"listings/{coat}/hide")
        await _done(boss, f"listings/{coats[0]}/restore")

        async def every_page(**params: Any) -> list[list[dict[str, Any]]]:
            pages, cursor = [], None
            while True:
                answer = await boss.get("/api/admin/audit", params={
                    **params, "limit": 2, **({"cursor": cursor} if cursor else {})})
                assert answer.status_code == 200, answer.text
                body = answer.json()
                pages.append(body["items"])
                cursor = body["nextCursor"]
                if cursor is None:
                    return pages

        everything = await every_page()
        assert [len(page) for page in everything] == [2, 2, 2]
        entries = [e for page in everything for e in page]
        assert [(e["action"], e["targetId"]) for e in entries] == [
            ("listing_restored", coats[0]),
            *[("listing_hidden", coat) for coat in reversed(coats)]]
        assert [e["targetLabel"] for e in everything[2]] == ["Listing “Coat 1”",
                                                            "Listing “Coat 0”"]
        hidden = await every_page(action="listing_hidden")
        assert [len(page) for page in hidden] == [2, 2, 1]
        assert {e["action"] for page in hidden for e in page} == {"listing_hidden"}
        assert [e["targetId"] for page in hidden for e in page] == list(reversed(coats))
