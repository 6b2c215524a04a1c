"""``/ws`` through the app: session auth, impersonation refused, live delivery, cleanup."""

from __future__ import annotations

import pytest
from litestar import Litestar

from tests.support import ApiClient

pytestmark = pytest.mark.api


async def test_auth_must_name_the_session_user(app: Litestar, client: ApiClient) -> None:
    maya = (await client.register("maya")).json()["id"]
    session = await client.raw.websocket_connect("/ws")
    with session:
        session.send_json({"type": "auth", "userId": maya + 1})
        assert session.receive_json()["type"] == "error"
    session = await client.raw.websocket_connect("/ws")
    with session:
        session.send_json({"type": "auth", "userId": maya})
        assert session.receive_json() == {"type": "auth_success", "userId": maya}
