"""Disputes over HTTP on every configured database (issue 37): the window with a moved
clock, the seller's answer, release and refund, the timeline, the notifications, the audit
log, and two claims sent at once."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

import pytest
from litestar import Litestar

from domain.disputes import NO_DELIVERY_TIME
from entrypoints.container import Container
from tests.api.test_api_orders import ADDRESS
from tests.fakes import FixedClock
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.mail import mail_to
from tests.support.offers import listing

pytestmark = pytest.mark.api
DETAILS = "The lining is torn and the listing said it was like new."




async def _order(buyer: ApiClient, seller: ApiClient, boss: ApiClient, *,
                 deliver: bool = True) -> int:
    coat = await listing(seller, title="Wool coat")
    order = (await buyer.post("/api/orders", json={"productId": coat})).json()["id"]
    assert (await boss.post(f"/api/orders/{order}/confirm-payment")).status_code == 200
    shipped = await seller.put(f"/api/orders/{order}/status",
                               json={"status": "shipped", "trackingNumber": "1Z999"})
    assert shipped.status_code == 200, shipped.text
    if deliver:
        done = await seller.put(f"/api/orders/{order}/status", json={"status": "delivered"})
        assert done.status_code == 200
    return int(order)


async def test_buyer_disputes_seller_answers_admin_refunds(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order = await _order(sofia, maya, boss)
        too_short = await sofia.post(f"/api/orders/{order}/dispute",
                                     json={"reason": "damaged", "details": "torn"})
        assert too_short.status_code == 400 and "details" in too_short.json()["errors"]
        by_seller = await maya.post(f"/api/orders/{order}/dispute",
                                    json={"reason": "damaged", "details": DETAILS})
        assert by_seller.status_code == 403
        clock.advance(days=2)
        opened = await sofia.post(f"/api/orders/{order}/dispute", json={
            "reason": "not_as_described", "details": DETAILS, "photos": [data_url(png())]})
        assert opened.status_code == 201, opened.text
        dispute = opened.json()
        assert dispute["status"] == "open" and dispute["orderStatus"] == "disputed"
        assert len(dispute["photos"]) == 1 and dispute["photos"][0].startswith("/media/")
        again = await sofia.post(f"/api/orders/{order}/dispute",
                                 json={"reason": "damaged", "details": DETAILS})
        assert again.status_code == 409
        # The automatic completion stops: days later the order is still disputed.
        clock.advance(days=5)
        await container.order_timers().sweep()
        seller_view = (await maya.get(f"/api/orders/{order}")).json()
        assert seller_view["status"] == "disputed"
        notices = (await maya.get("/api/notifications")).json()
        assert any("dispute" in str(n).lower() for n in notices.get("items", notices))
        answer = await maya.post(f"/api/disputes/{dispute['id']}/responses",
                                 json={"text": "It was like new when I posted it."})
        assert answer.status_code == 201, answer.text
        assert [r["text"] for r in answer.json()["responses"]] == [
            "It was like new when I posted it."]
        assert (await boss.get("/api/admin/disputes")).json()[0]["id"] == dispute["id"]
        resolved = await boss.post(f"/api/admin/disputes/{dispute['id']}/resolve",
                                   json={"outcome": "refund", "note": "Photos show the tear."})
        assert resolved.status_code == 200, resolved.text
        assert resolved.json()["orderStatus"] == "refunded"
        for client in (sofia, maya):
            seen = (await client.get(f"/api/disputes/{dispute['id']}")).json()
            assert (seen["outcome"], seen["note"]) == ("refund", "Photos show the tear.")
        timeline = (await sofia.get(f"/api/orders/{order}")).json()["events"]
        labels = [e["label"] for e in timeline]
        # One line per step: the dispute's lines say the status changes they made.
        assert labels[-3:] == ["Dispute opened", "Dispute answered",
                               "Dispute resolved: refunded"], labels
        assert "Disputed" not in labels and "Refunded" not in labels
        assert labels.count("Delivered") == 1
        # Every line in sentence case, as "Order placed" is: "Payment confirmed".
        assert "Payment confirmed" in labels
        assert all(label[1:] == label[1:].lower() for label in labels), labels
        twice = await boss.post(f"/api/admin/disputes/{dispute['id']}/resolve",
                                json={"outcome": "release"})
        assert twice.status_code == 409
        closed = await maya.post(f"/api/disputes/{dispute['id']}/responses",
                                 json={"text": "More"})
        assert closed.status_code == 409
        audit = (await boss.get("/api/admin/audit", params={"action": "dispute_resolved"}))
        assert audit.json()["items"][0]["targetId"] == dispute["id"]


async def test_an_answer_refreshes_the_other_sides_open_order(
        app: Litestar, container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """The buyer's open Orders page shows the seller's answer as it comes: the answer sends
    ``order_updated`` to both sides, as opening and resolving do (the page refetches the
    order and its dispute)."""
    realtime = container.realtime()
    sent: list[tuple[list[int], dict[str, Any]]] = []
    publish = realtime.publish

    async def witness(user_ids: Iterable[int], event: dict[str, Any]) -> None:
        sent.append((list(user_ids), event))
        await publish(user_ids, event)

    monkeypatch.setattr(realtime, "publish", witness)
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order = await _order(sofia, maya, boss)
        dispute = (await sofia.post(f"/api/orders/{order}/dispute", json={
            "reason": "damaged", "details": DETAILS})).json()
        sent.clear()
        answer = await maya.post(f"/api/disputes/{dispute['id']}/responses",
                                 json={"text": "It left me in perfect condition."})
        assert answer.status_code == 201, answer.text
        both = {dispute["buyer"]["id"], dispute["seller"]["id"]}
        for _ in range(100):  # published after the commit, by the after-commit dispatcher
            updated = [set(ids) for ids, event in sent if event["type"] == "order_updated"
                       and event["orderId"] == order]
            if updated:
                break
            await asyncio.sleep(0.05)
        assert updated == [both], sent


async def test_release_completes_the_order(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        order = await _order(p["sofia"], p["maya"], p["boss"])
        dispute = (await p["sofia"].post(f"/api/orders/{order}/dispute", json={
            "reason": "damaged", "details": DETAILS})).json()
        released = await p["boss"].post(f"/api/admin/disputes/{dispute['id']}/resolve",
                                        json={"outcome": "release"})
        assert released.json()["orderStatus"] == "completed"
        seen = (await p["sofia"].get(f"/api/orders/{order}")).json()
        assert seen["status"] == "completed"
        labels = [e["label"] for e in seen["events"]]
        assert labels[-2:] == ["Dispute opened", "Dispute resolved: payment released"], labels
        assert "Disputed" not in labels and "Completed" not in labels


async def test_a_dispute_says_what_was_bought_for_how_much_and_when(
        app: Litestar, clock: FixedClock) -> None:
    """The desk's card shows the item, its picture and the order's total, and tells the
    order's date (``orderPlacedAt``) from the dispute's (``createdAt``)."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order = await _order(sofia, maya, boss)
        clock.advance(days=2)
        opened = await sofia.post(f"/api/orders/{order}/dispute",
                                  json={"reason": "damaged", "details": DETAILS})
        assert opened.status_code == 201, opened.text
        seen = (await sofia.get(f"/api/orders/{order}")).json()
        coat = seen["items"][0]["id"]
        thumbnail = (await maya.get(f"/api/products/{coat}")).json()["thumbnails"][0]
        [listed] = (await boss.get("/api/admin/disputes")).json()
        for dispute in (listed, opened.json()):
            assert dispute["orderTotal"] == seen["total"]
            assert dispute["items"] == [{"id": coat, "title": "Wool coat", "image": thumbnail}]
            placed = datetime.fromisoformat(dispute["orderPlacedAt"])
            assert placed == datetime.fromisoformat(seen["createdAt"])
            assert datetime.fromisoformat(dispute["createdAt"]) - placed >= timedelta(days=2)


async def test_the_window_closes_three_days_after_delivery(app: Litestar,
                                                          clock: FixedClock) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        order = await _order(p["sofia"], p["maya"], p["boss"])
        clock.advance(days=3)
        late = await p["sofia"].post(f"/api/orders/{order}/dispute",
                                     json={"reason": "damaged", "details": DETAILS})
        assert late.status_code == 409
        assert "3 days after delivery" in late.json()["message"]


async def test_not_received_is_open_a_week_after_shipping(app: Litestar,
                                                         clock: FixedClock) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        order = await _order(p["sofia"], p["maya"], p["boss"], deliver=False)
        early = await p["sofia"].post(f"/api/orders/{order}/dispute",
                                      json={"reason": "not_received", "details": DETAILS})
        assert early.status_code == 409 and "7 days" in early.json()["message"]
        clock.advance(days=7, seconds=1)
        wrong = await p["sofia"].post(f"/api/orders/{order}/dispute",
                                      json={"reason": "damaged", "details": DETAILS})
        assert wrong.status_code == 409
        ok = await p["sofia"].post(f"/api/orders/{order}/dispute",
                                   json={"reason": "not_received", "details": DETAILS})
        assert ok.status_code == 201, ok.text


async def test_the_buyers_order_says_what_can_be_claimed_now_and_from_when(
        app: Litestar, clock: FixedClock) -> None:
    """The buyer's order carries the claim window the server judges by (the moved clock):
    nothing a week before "not received" opens, with the moment it does and the sentence
    why; then "not received" alone; after delivery every reason until protection ends. The
    seller's and an administrator's answers carry no claim."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order = await _order(sofia, maya, boss, deliver=False)
        shipped = clock.now()
        early = (await sofia.get(f"/api/orders/{order}")).json()
        assert early["disputeReasons"] == []
        opens = datetime.fromisoformat(early["disputeOpensAt"])
        assert abs(opens - (shipped + timedelta(days=7))) < timedelta(seconds=1)
        assert "7 days after it was shipped" in early["disputeWhyNot"]
        for other in (maya, boss):
            seen = (await other.get(f"/api/orders/{order}")).json()
            assert (seen["disputeReasons"], seen["disputeOpensAt"],
                    seen["disputeWhyNot"]) == ([], None, None)
        clock.advance(days=7)
        due = (await sofia.get(f"/api/orders/{order}")).json()
        assert (due["disputeReasons"], due["disputeOpensAt"], due["disputeWhyNot"]) == (
            ["not_received"], None, None)
        assert (await maya.put(f"/api/orders/{order}/status",
                               json={"status": "delivered"})).status_code == 200
        listed = (await sofia.get("/api/orders")).json()["items"]
        [mine] = [item for item in listed if item["id"] == order]
        assert mine["disputeReasons"] == ["not_as_described", "damaged", "counterfeit",
                                          "not_received", "other"]
        clock.advance(days=3)
        late = (await sofia.get(f"/api/orders/{order}")).json()
        assert (late["disputeReasons"], late["disputeOpensAt"]) == ([], None)
        assert "3 days after delivery" in late["disputeWhyNot"]


async def test_two_claims_at_once_make_one_dispute(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        order = await _order(p["sofia"], p["maya"], p["boss"])
        answers = await asyncio.gather(*(p["sofia"].post(
            f"/api/orders/{order}/dispute", json={"reason": "damaged", "details": DETAILS})
            for _ in range(3)))
        assert sorted(a.status_code for a in answers) == [201, 409, 409]
        listed = (await p["boss"].get("/api/admin/disputes")).json()
        assert len(listed) == 1



async def test_a_disputed_order_keeps_its_address_and_the_seller_sees_it(
        app: Litestar, clock: FixedClock) -> None:
    """The address is fixed from shipping on, through a dispute and after a refund; the
    seller, who must answer a "not received" claim, sees it while the order is disputed,
    no longer once it is refunded."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        order = (await sofia.post("/api/orders", json={"productId": coat})).json()["id"]
        assert (await sofia.post(f"/api/orders/{order}/shipping-address",
                                 json=ADDRESS)).status_code == 200
        assert (await boss.post(f"/api/orders/{order}/confirm-payment")).status_code == 200
        assert (await maya.put(f"/api/orders/{order}/status", json={
            "status": "shipped", "trackingNumber": "1Z999"})).status_code == 200
        clock.advance(days=8)
        opened = await sofia.post(f"/api/orders/{order}/dispute",
                                  json={"reason": "not_received", "details": DETAILS})
        assert opened.status_code == 201, opened.text
        seen = (await maya.get(f"/api/orders/{order}")).json()["shippingAddress"]
        assert seen is not None and seen["addressLine1"] == ADDRESS["addressLine1"]
        moved = await sofia.post(f"/api/orders/{order}/shipping-address",
                                 json={**ADDRESS, "addressLine1": "99 Other Road"})
        assert moved.status_code == 409
        assert moved.json()["message"] == "The shipping address can no longer be changed."
        resolved = await boss.post(f"/api/admin/disputes/{opened.json()['id']}/resolve",
                                   json={"outcome": "refund"})
        assert resolved.status_code == 200, resolved.text
        after = await sofia.post(f"/api/orders/{order}/shipping-address",
                                 json={**ADDRESS, "addressLine1": "1 Refund Lane"})
        assert after.status_code == 409
        assert (await maya.get(f"/api/orders/{order}")).json()["shippingAddress"] is None
        kept = (await sofia.get(f"/api/orders/{order}")).json()["shippingAddress"]
        assert kept["addressLine1"] == ADDRESS["addressLine1"]


async def test_an_administrator_cannot_resolve_a_dispute_over_their_own_sale(
        app: Litestar, container: Container) -> None:
    """boss (an administrator) sold the coat: resolving the buyer's dispute is refused with
    a sentence (403) and changes nothing; someone else (here the operator at a terminal,
    ``rethread disputes resolve``) resolves it. Another administrator confirmed the payment:
    boss may not confirm their own sale's either (docs/orders.md)."""
    async with people(app, "sofia", "boss", "root") as p:
        sofia, boss = p["sofia"], p["boss"]
        await container.accounts().set_admin("root", True)
        order = await _order(sofia, boss, p["root"])
        opened = await sofia.post(f"/api/orders/{order}/dispute",
                                  json={"reason": "damaged", "details": DETAILS})
        assert opened.status_code == 201, opened.text
        refused = await boss.post(f"/api/admin/disputes/{opened.json()['id']}/resolve",
                                  json={"outcome": "release"})
        assert refused.status_code == 403
        assert "another administrator" in refused.json()["message"]
        assert (await sofia.get(f"/api/orders/{order}")).json()["status"] == "disputed"
        view = await container.disputes().resolve(None, opened.json()["id"], "refund", None)
        assert view.order.status == "refunded"


async def test_a_delivered_order_without_a_delivery_time_is_not_disputable(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    """The window counts from ``delivered_at`` alone (the upgrade 0100 gave the older rows
    theirs, from the timeline): a delivered order without one is refused with the domain's
    sentence, and its buyer is told so beforehand, never left disputable forever."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order_id = await _order(sofia, maya, boss)
        uow = container.uow()
        async with uow:
            order = await uow.orders.get(order_id)
            assert order is not None
            order.delivered_at = None
            assert await uow.orders.save(order, order.status, clock.now())
            await uow.commit()
        clock.advance(days=1)
        shown = (await sofia.get(f"/api/orders/{order_id}")).json()
        assert shown["protectionEndsAt"] is None and shown["disputeReasons"] == []
        assert shown["disputeWhyNot"] == NO_DELIVERY_TIME
        refused = await sofia.post(f"/api/orders/{order_id}/dispute",
                                   json={"reason": "damaged", "details": DETAILS})
        assert refused.status_code == 409
        assert refused.json()["message"] == NO_DELIVERY_TIME


@pytest.mark.parametrize(("outcome", "buyer_words", "seller_words"), [
    ("refund", "You are refunded", "The buyer is refunded"),
    ("release", "released to the seller", "Your payout is released"),
])
async def test_a_resolution_tells_each_side_once_in_their_own_words(
        app: Litestar, container: Container, clock: FixedClock, outcome: str,
        buyer_words: str, seller_words: str) -> None:
    """One notice and one email per person per resolution (not the order's status notice
    beside a "Dispute resolved" one), worded for its reader, the seller's linking to sales."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        order = await _order(sofia, maya, boss)
        dispute = (await sofia.post(f"/api/orders/{order}/dispute", json={
            "reason": "damaged", "details": DETAILS})).json()
        sent_before = {who: len(await mail_to(container, f"{who}@example.com"))
                       for who in ("sofia", "maya")}
        told_before = {who: max(n["id"] for n in (await client.get(
            "/api/notifications")).json()["items"]) for who, client in (("sofia", sofia),
                                                                        ("maya", maya))}
        resolved = await boss.post(f"/api/admin/disputes/{dispute['id']}/resolve",
                                   json={"outcome": outcome, "note": "Photos checked."})
        assert resolved.status_code == 200, resolved.text
        number = resolved.json()["orderNumber"]
        for who, client, words, link in (("sofia", sofia, buyer_words, "/orders"),
                                         ("maya", maya, seller_words, "/orders?tab=sales")):
            items = (await client.get("/api/notifications")).json()["items"]
            new = [n for n in items if n["id"] > told_before[who]]
            assert len(new) == 1, (who, new)
            [notice] = new
            assert notice["title"] == f"Dispute resolved on order {number}", notice
            assert words in notice["body"] and "Photos checked." in notice["body"], notice
            assert notice["link"] == link, notice
            mails = (await mail_to(container, f"{who}@example.com"))[sent_before[who]:]
            assert [m["Subject"] for m in mails] == [notice["title"]], who
