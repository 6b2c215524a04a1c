"""Notification emails (issue 41) on every configured database: an offer, an order's
moves and unread messages reach the member by email as they chose, each with a one-click
unsubscribe (RFC 8058 headers, a signed link that works without signing in)."""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from litestar import Litestar

from domain.text import format_moment
from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import people
from tests.support.mail import browser, html_of, mail_to, text_of
from tests.support.offers import listing, offer

pytestmark = [pytest.mark.api, pytest.mark.rate_limit_scale(20)]




def about(messages: list, words: str) -> list:
    return [m for m in messages if words in m["Subject"]]


async def test_an_offer_is_emailed_and_one_click_unsubscribes_without_a_session(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        product = await listing(sam, title="Linen shirt")
        await offer(maya, product, "60.00")
        [mail] = about(await mail_to(container, "sam@example.com"), "offer")
        assert "Linen shirt" in text_of(mail) or "60" in text_of(mail)
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        one_click = mail["List-Unsubscribe"].strip("<>")
        assert one_click.startswith("http") and "/api/unsubscribe?token=" in one_click
        assert "/unsubscribe?token=" in text_of(mail)  # the visible link too

        async with browser(app) as mail_client:  # no session, no CSRF token
            url = urlsplit(one_click)
            done = await mail_client.raw.post(
                url.path, params={"token": parse_qs(url.query)["token"][0]},
                content=b"List-Unsubscribe=One-Click",
                headers={"content-type": "application/x-www-form-urlencoded"})
            assert done.status_code == 200, done.text
            assert done.json()["kind"] == "offer_received"
            forged = await mail_client.raw.post("/api/unsubscribe",
                                                params={"token": "made-up-token"})
            assert forged.status_code == 400

        settings = (await sam.get("/api/user/notification-settings")).json()["settings"]
        assert {s["kind"]: s["enabled"] for s in settings}["offer_received"] is False
        other = await listing(sam, title="Wool coat")
        await offer(maya, other, "50.00")
        assert len(about(await mail_to(container, "sam@example.com"), "offer")) == 1


async def test_settings_turn_each_kind_on_and_off(app: Litestar) -> None:
    async with people(app, "maya") as who:
        maya = who["maya"]
        listed = (await maya.get("/api/user/notification-settings")).json()["settings"]
        assert {s["kind"] for s in listed} == {"offer_received", "offer_answered",
                                               "offer_expired", "order_updates", "messages",
                                               "saved_searches", "moderation"}
        assert all(s["enabled"] and s["label"] for s in listed)
        changed = await maya.put("/api/user/notification-settings",
                                 json={"settings": {"messages": False}})
        assert changed.status_code == 200, changed.text
        assert {s["kind"]: s["enabled"] for s in changed.json()["settings"]}["messages"] is False
        back = await maya.put("/api/user/notification-settings",
                              json={"settings": {"messages": True}})
        assert all(s["enabled"] for s in back.json()["settings"])
        unknown = await maya.put("/api/user/notification-settings",
                                 json={"settings": {"nonsense": False}})
        assert unknown.status_code == 400


async def test_messages_are_emailed_after_15_unread_minutes_once_an_hour(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        sam_id = (await sam.get("/api/user")).json()["id"]
        maya_id = (await maya.get("/api/user")).json()["id"]

        async def say(text: str) -> None:
            sent = await maya.post("/api/messages", json={
                "senderId": maya_id, "receiverId": sam_id, "content": text,
                "messageType": "text"})
            assert sent.status_code == 201, sent.text

        await say("Is the coat still there?")
        assert about(await mail_to(container, "sam@example.com"), "message") == []
        clock.advance(minutes=16)
        [first] = about(await mail_to(container, "sam@example.com"), "message")
        assert "Is the coat still there?" in text_of(first)

        await sam.post("/api/messages/mark-read", json={"senderId": maya_id,
                                                         "receiverId": sam_id})
        await say("Hello again?")
        clock.advance(minutes=16)  # unread 16 minutes, but this conversation was mailed
        assert len(about(await mail_to(container, "sam@example.com"), "message")) == 1

        await sam.post("/api/messages/mark-read", json={"senderId": maya_id,
                                                         "receiverId": sam_id})
        clock.advance(hours=1)
        await say("Read within minutes")
        clock.advance(minutes=5)
        await sam.post("/api/messages/mark-read", json={"senderId": maya_id,
                                                         "receiverId": sam_id})
        clock.advance(minutes=20)
        assert len(about(await mail_to(container, "sam@example.com"), "message")) == 1

        await say("A fresh hour, unread")
        clock.advance(minutes=16)
        assert len(about(await mail_to(container, "sam@example.com"), "message")) == 2


async def test_a_shipped_order_email_carries_the_tracking_link(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        product = await listing(sam, title="Wool coat")
        placed = await maya.post("/api/orders", json={"productId": product})
        order_id = placed.json()["id"]
        assert (await sam.put(f"/api/orders/{order_id}/status",
                              json={"status": "confirmed"})).status_code == 200
        shipped = await sam.put(f"/api/orders/{order_id}/status", json={
            "status": "shipped", "trackingNumber": "1Z999AA10123456784",
            "trackingUrl": "https://tracking.example.com/1Z999AA10123456784"})
        assert shipped.status_code == 200, shipped.text
        mails = await mail_to(container, "maya@example.com")
        [shipped_mail] = about(mails, "shipped")
        assert "https://tracking.example.com/1Z999AA10123456784" in text_of(shipped_mail)
        assert about(mails, "confirmed")
        assert about(await mail_to(container, "sam@example.com"), "New order")


async def test_a_buyer_is_reminded_once_before_an_accepted_offer_runs_out(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        product = await listing(sam, title="Wool coat")
        made = await offer(maya, product, "60.00")
        accepted = await sam.put(f"/api/offers/{made['id']}/respond",
                                 json={"status": "accepted"})
        assert accepted.status_code == 200, accepted.text
        clock.advance(hours=20)  # 4 hours of the 24-hour hold left: not yet
        assert about(await mail_to(container, "maya@example.com"), "runs out soon") == []
        clock.advance(hours=1, minutes=30)
        [reminder] = about(await mail_to(container, "maya@example.com"), "runs out soon")
        assert "Wool coat" in text_of(reminder) and "$60.00" in text_of(reminder)
        clock.advance(minutes=30)
        assert len(about(await mail_to(container, "maya@example.com"), "runs out soon")) == 1
        bell = (await maya.get("/api/notifications")).json()["items"]
        assert [n["kind"] for n in bell].count("offer_expiring") == 1


async def test_the_buyer_is_emailed_what_they_ordered_and_how_to_pay_by_when(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    """One item or a bundle: the order number (in the subject too), the items, the total,
    the Order Confirmed screen's own payment steps with the deadline, and the order's page;
    as the buyer's "Your orders" email setting says."""
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        coat = await listing(sam, title="Wool coat", price="40.00")
        scarf = await listing(sam, title="Silk scarf", price="25.00")
        shirt = await listing(sam, title="Linen shirt", price="30.00")
        for json in ({"productId": shirt}, {"productIds": [coat, scarf]}):
            placed = await maya.post("/api/orders", json=json)
            assert placed.status_code == 201, placed.text
            order = placed.json()
            number = order["orderNumber"]
            [mail] = about(await mail_to(container, "maya@example.com"), number)
            assert "placed" in mail["Subject"], mail["Subject"]
            text = text_of(mail)
            more = len(order["items"]) - 1
            what = f"“{order['items'][0]['title']}”" + (f" and {more} more item" if more else "")
            assert f"You ordered {what} for ${order['total']} in all." in text, text
            steps = order["paymentInstructions"]
            assert len(steps) == 4 and all(step in text for step in steps), (steps, text)
            assert f"${order['total']}" in steps[1] and number in steps[2]
            placed_at = datetime.fromisoformat(order["createdAt"])
            due = placed_at + timedelta(hours=72)
            assert f"Pay by {format_moment(due, placed_at)}: " in steps[3]
            assert f"/orders/{order['id']}/confirmed" in text
            assert f"<p>1. {steps[0]}</p>" in html_of(mail)  # one step a line
            # The seller is told (subject with the number) and is not sent the steps.
            assert about(await mail_to(container, "sam@example.com"), f"New order {number}")
            seen = (await sam.get(f"/api/orders/{order['id']}")).json()
            assert seen["paymentInstructions"] == []

        off = await maya.put("/api/user/notification-settings",
                             json={"settings": {"order_updates": False}})
        assert off.status_code == 200, off.text
        hat = await listing(sam, title="Felt hat", price="20.00")
        quiet = await maya.post("/api/orders", json={"productId": hat})
        assert quiet.status_code == 201, quiet.text
        assert about(await mail_to(container, "maya@example.com"),
                     quiet.json()["orderNumber"]) == []
        bell = (await maya.get("/api/notifications")).json()["items"]
        assert any(quiet.json()["orderNumber"] in n["title"] for n in bell)


async def test_offer_emails_name_the_item_and_read_as_sentences(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    """An offer declined because another buyer ordered the item says so (the item is
    reserved by an unpaid order, not sold), with a subject; every offer email's subject
    names the item."""
    async with people(app, "sam", "maya", "lee") as who:
        sam, maya, lee = who["sam"], who["maya"], who["lee"]
        product = await listing(sam, title="Linen shirt", price="7.00")
        await offer(maya, product, "6.65")
        [received] = about(await mail_to(container, "sam@example.com"), "New offer")
        assert received["Subject"] == "New offer: “Linen shirt”"
        assert "A buyer offered $6.65 for “Linen shirt”." in text_of(received)
        placed = await lee.post("/api/orders", json={"productId": product})
        assert placed.status_code == 201, placed.text
        [declined] = about(await mail_to(container, "maya@example.com"), "Offer declined")
        assert declined["Subject"] == "Offer declined: “Linen shirt”"
        body = " ".join(text_of(declined).split())
        assert ("Your offer of $6.65 for “Linen shirt” was declined automatically: another "
                "buyer ordered the item.") in body, body
        assert "sold" not in body
