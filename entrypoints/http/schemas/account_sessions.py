"""The request and response Structs of ``entrypoints/http/account_sessions.py``: a member's
signed-in sessions, ending one, ending the others."""

from __future__ import annotations

from datetime import datetime

from entrypoints.http.schemas import CamelStruct


class SessionEntryOut(CamelStruct):
    id: str
    #: "Chrome on Linux", from the User-Agent the session signed in with; null if unknown.
    device: str | None
    browser: str | None
    os: str | None
    #: Where, roughly: the network prefix of the address it signed in from (an IPv4 /24 or
    #: an IPv6 /48, never the address), or "Local network" for a private one.
    place: str | None
    signed_in_at: datetime
    last_seen_at: datetime
    current: bool


class SessionsOut(CamelStruct):
    sessions: list[SessionEntryOut]


class SessionsEndedOut(CamelStruct):
    message: str
    ended: int
