"""Private messages between two people (the owner and the peer are the participants)."""

from __future__ import annotations

from tests.api.authz import Row, World, logged_in, owner_only


async def make_thread(world: World) -> int:
    """The peer writes to the owner; the id is the peer's (the conversation partner)."""
    response = await world.peer.post("/api/messages", json={
        "receiverId": world.ids["owner"], "content": "Is the coat still available?"})
    assert response.status_code == 201, response.text
    return world.ids["peer"]


MAKERS = {"thread": make_thread}

ROWS = [
    Row("GET", "/api/users/{user_id:int}/conversations", **owner_only(200),
        params={"user_id": "$owner"}),
    Row("GET", "/api/users/{user_id:int}/unread-messages", **owner_only(200),
        params={"user_id": "$owner"}),
    Row("GET", "/api/messages/{user_id:int}/{partner_id:int}", **owner_only(200),
        params={"user_id": "$owner", "partner_id": "$thread"}),
    # senderId names the owner: nobody writes in someone else's name.
    Row("POST", "/api/messages", **owner_only(201), json={
        "senderId": "$owner", "receiverId": "$peer", "content": "Yes, it is."}),
    Row("POST", "/api/messages/mark-read", **logged_in(200), json={"senderId": "$thread"}),
]
