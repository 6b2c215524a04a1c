"""The contact form over HTTP: anyone may send, only administrators read, rate-limited."""

from __future__ import annotations

import pytest

from tests.support import ApiClient

pytestmark = pytest.mark.api

FORM = {"name": "Sofia Rossi", "email": "Sofia@Example.com", "subject": "Where is my order?",
        "message": "My order 42-ABC123 has not shipped yet. Could you check?"}


async def test_a_visitor_sends_a_message_and_an_admin_reads_it(client: ApiClient) -> None:
    sent = await client.post("/api/contact", json=FORM)
    assert sent.status_code == 201, sent.text
    assert sent.json()["email"] == "sofia@example.com"
    assert sent.json()["userId"] is None
    boss = (await client.register("boss", email="boss@example.com")).json()
    assert boss["role"] == "admin"
    listed = await client.get("/api/admin/contact-messages")
    assert listed.status_code == 200
    items = listed.json()["items"]
    assert [(m["name"], m["subject"]) for m in items] == [("Sofia Rossi", "Where is my order?")]
    assert listed.json()["nextCursor"] is None


async def test_a_logged_in_sender_is_remembered(client: ApiClient) -> None:
    maya = (await client.register("maya")).json()
    sent = await client.post("/api/contact", json=FORM)
    assert sent.json()["userId"] == maya["id"]


async def test_all_contact_errors_come_back_at_once(client: ApiClient) -> None:
    response = await client.post("/api/contact", json={
        "name": "S", "email": "nope", "subject": "Hi", "message": "Too short"})
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "name": "Name must be at least 2 characters",
        "email": "Please enter a valid email",
        "subject": "Subject must be at least 3 characters",
        "message": "Message must be at least 10 characters",
    }
    assert (await client.post("/api/contact", json={})).status_code == 400


async def test_the_form_needs_the_csrf_header(client: ApiClient) -> None:
    assert (await client.post("/api/contact", json=FORM, csrf=False)).status_code == 403


async def test_only_admins_read_messages(client: ApiClient) -> None:
    assert (await client.get("/api/admin/contact-messages")).status_code == 401
    await client.register("maya")
    assert (await client.get("/api/admin/contact-messages")).status_code == 403


async def test_a_sixth_message_within_the_hour_is_refused(client: ApiClient) -> None:
    statuses = [(await client.post("/api/contact", json=FORM)).status_code for _ in range(6)]
    assert statuses == [201] * 5 + [429]


async def test_admin_pages_through_messages(client: ApiClient) -> None:
    for number in range(3):
        await client.post("/api/contact", json={**FORM, "subject": f"Question {number}"})
    await client.register("boss", email="boss@example.com")
    first = (await client.get("/api/admin/contact-messages?limit=2")).json()
    assert [m["subject"] for m in first["items"]] == ["Question 2", "Question 1"]
    cursor = first["nextCursor"]
    rest = (await client.get(f"/api/admin/contact-messages?limit=2&cursor={cursor}")).json()
    assert [m["subject"] for m in rest["items"]] == ["Question 0"]
    assert rest["nextCursor"] is None
