"""The realtime socket. A ``WS`` row is answered with the socket's close code, or 101 when
the socket accepted the caller's ``auth`` message (``auth_success``)."""

from __future__ import annotations

from tests.api.authz import Row

ROWS = [
    # Everyone asks to listen as the owner: only the owner's own session may.
    Row("WS", "/ws", anonymous=4401, other=4403, owner=101, admin=4403,
        json={"type": "auth", "userId": "$owner"}),
]
