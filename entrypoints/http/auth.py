"""Who is asking: the session cookie resolved once per request into the viewer."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from litestar import Request, Response
from litestar.datastructures import Cookie

from application.account_sessions import SESSION_LIFETIME, SessionService
from domain.accounts import User
from domain.errors import Forbidden, NotAuthenticated

SESSION_COOKIE = "rethread_session"


async def provide_viewer(request: Request[Any, Any, Any], sessions: SessionService) -> User | None:
    """The logged-in user or None; cached on the request so guards don't query twice."""
    if "viewer" not in request.state:
        token = request.cookies.get(SESSION_COOKIE)
        request.state.viewer = await sessions.user_for_session(token)
    viewer: User | None = request.state.viewer  # (State holds Any)
    return viewer


async def provide_current_user(viewer: User | None) -> User:
    if viewer is None:
        raise NotAuthenticated("You need to be logged in.")
    return viewer


ADMIN_NEEDS_2FA = ("Administrators must turn on two-factor sign-in first "
                   "(Settings, Two-factor sign-in).")


async def provide_admin(request: Request[Any, Any, Any], current_user: User) -> User:
    """Admin routes: an administrator, who with ``RETHREAD_ADMIN_2FA=1`` must also have
    two-factor sign-in on before any admin route answers."""
    current_user.ensure_admin()
    if request.app.state.settings.admin_2fa and not current_user.two_factor_enabled:
        raise Forbidden(ADMIN_NEEDS_2FA)
    return current_user


def client_address(request: Request[Any, Any, Any]) -> str:
    """The caller's address (the proxy's forwarded one when configured, ``docs/deploy.md``)."""
    return request.client.host if request.client else "unknown"


def session_cookie(token: str) -> Cookie:
    return Cookie(key=SESSION_COOKIE, value=token, httponly=True, samesite="lax", path="/",
                  max_age=int(SESSION_LIFETIME / timedelta(seconds=1)))


def clear_session_cookie(response: Response[Any]) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
