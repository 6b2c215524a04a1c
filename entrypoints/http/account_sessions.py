"""A member's signed-in sessions over HTTP (issue 41): the list, ending one, ending all the
others. Sessions are server-side rows, so an ended one stops working on its next request
(``SessionService.user_for_session``) and its open sockets close (``session_ended``)."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Any

from litestar import Controller, Request, Response, delete, get, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK
from ua_parser import parse

from application.account_sessions import SessionService
from domain.accounts import SessionInfo, User
from domain.text import count_of
from entrypoints.http.auth import SESSION_COOKIE, clear_session_cookie
from entrypoints.http.schemas import Message
from entrypoints.http.schemas.account_sessions import (
    SessionEntryOut,
    SessionsEndedOut,
    SessionsOut,
)

SESSION_ID_MAX = 64


@lru_cache(maxsize=512)
def _browser_and_os(agent: str) -> tuple[str | None, str | None]:
    """The browser and operating system families a User-Agent names (ua-parser)."""
    result = parse(agent)
    browser = result.user_agent.family if result.user_agent else None
    system = result.os.family if result.os else None
    return (None if browser == "Other" else browser), (None if system == "Other" else system)


def _place(network: str | None) -> str | None:
    if network is None:
        return None
    net = ipaddress.ip_network(network, strict=False)
    if net.is_private or net.is_loopback:
        return "Local network"
    return f"Network {network}"


def session_entry(info: SessionInfo, current: bool) -> SessionEntryOut:
    browser, system = _browser_and_os(info.user_agent) if info.user_agent else (None, None)
    device = " on ".join(part for part in (browser, system) if part) or None
    return SessionEntryOut(id=info.id, device=device, browser=browser, os=system,
                           place=_place(info.network), signed_in_at=info.created_at,
                           last_seen_at=info.last_seen_at or info.created_at, current=current)


class SessionsController(Controller):
    path = "/api/user/sessions"
    tags = ["accounts"]

    @get("")
    async def list_sessions(self, request: Request[Any, Any, Any], current_user: User,
                            sessions: SessionService) -> SessionsOut:
        """List my sessions.

        Signed-in members only (401 for visitors): the caller's own sessions, the most
        recently seen first, each with its browser, system, rough place and times; `current`
        marks the one asking.
        """
        found = await sessions.sessions_of(current_user, request.cookies.get(SESSION_COOKIE))
        return SessionsOut([session_entry(info, current) for info, current in found])

    @delete("/{session_id:str}", status_code=HTTP_200_OK, opt={"errors": {404}})
    async def end_session(self, request: Request[Any, Any, Any], current_user: User,
                          sessions: SessionService,
                          session_id: str = Parameter(max_length=SESSION_ID_MAX)
                          ) -> Response[Message]:
        """End one of my sessions.

        Signed-in members only (401 for visitors). Ending the current one signs out here
        (the cookie is cleared). 404 for an id that is not one of the caller's sessions
        (another member's included).
        """
        was_current = await sessions.end_session(current_user, session_id,
                                                 request.cookies.get(SESSION_COOKIE))
        response = Response(Message("Signed out of that session."))
        if was_current:
            clear_session_cookie(response)
        return response

    @post("/revoke-others", status_code=HTTP_200_OK)
    async def end_other_sessions(self, request: Request[Any, Any, Any], current_user: User,
                                 sessions: SessionService) -> SessionsEndedOut:
        """End my other sessions.

        Signed-in members only (401 for visitors): every session of the caller but the one
        asking ends. 200 with how many ended.
        """
        assert current_user.id is not None
        ended = await sessions.end_sessions(current_user.id,
                                            keep_token=request.cookies.get(SESSION_COOKIE))
        return SessionsEndedOut(f"Signed out of {count_of(ended, 'other session')}.", ended)
