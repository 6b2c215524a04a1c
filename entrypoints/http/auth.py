"""Who is asking: the session cookie resolved once per request into the viewer."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from litestar import Request, Response
from litestar.datastructures import Cookie

from application.account_sessions import SESSION_LIFETIME, SessionService
from domain.accounts import User
from domain.errors import NotAuthenticated

SESSION_COOKIE = "rethread_session"


async def provide_viewer(request: Request[Any, Any, Any]) -> User | None:
    """The logged-in user or None; cached on the request so guards don't query twice. A
    visitor (no session cookie) costs no service and no read: the sessions service
    (``app.state.sessions``, the container's provider) is built only for a cookie."""
    state = request.state
    if "viewer" not in state:
        token = request.cookies.get(SESSION_COOKIE)
        sessions: SessionService | None = request.app.state.sessions() if token else None
        state.viewer = None if sessions is None else await sessions.user_for_session(token)
    viewer: User | None = state.viewer  # (State holds Any)
    return viewer


async def provide_viewer_after_service(request: Request[Any, Any, Any], catalog: Any
                                       ) -> User | None:
    """:func:`provide_viewer` for a route that also takes the catalog service: declared as
    resolved after it, Litestar resolves the two one after the other instead of in a task
    group of their own (a tenth of an uncached product page's CPU)."""
    return await provide_viewer(request)


async def provide_current_user(viewer: User | None) -> User:
    if viewer is None:
        raise NotAuthenticated("You need to be logged in.")
    return viewer


async def provide_admin(current_user: User) -> User:
    """Admin routes: an administrator, who with ``RETHREAD_ADMIN_2FA=1`` must also have
    two-factor sign-in on (the session's member comes without admin powers otherwise,
    ``SessionService.user_for_session``, so no other route grants them either)."""
    current_user.ensure_admin()
    return current_user


def client_address(request: Request[Any, Any, Any]) -> str:
    """The caller's address (the proxy's forwarded one when configured, ``docs/deploy.md``)."""
    return request.client.host if request.client else "unknown"


def session_cookie(token: str) -> Cookie:
    return Cookie(key=SESSION_COOKIE, value=token, httponly=True, samesite="lax", path="/",
                  max_age=int(SESSION_LIFETIME / timedelta(seconds=1)))


def clear_session_cookie(response: Response[Any]) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
