"""Accounts over HTTP: current user, login, register, logout (spec §7), and
``PATCH /api/user``: a member editing their own profile (the avatar as a data URL)."""

from __future__ import annotations

from typing import Any, TypeVar

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.account_closure import ACCOUNT_CLOSED, AccountClosure
from application.account_sessions import SessionService
from application.accounts import AccountService, CheckEmail, Registration, SignedIn
from application.media import MAX_IMAGE_BYTES
from application.social import ProfileEditor
from domain.accounts import User
from domain.errors import NotAuthenticated
from domain.social import ProfileChanges
from entrypoints.http.auth import (
    SESSION_COOKIE,
    clear_session_cookie,
    client_address,
    session_cookie,
)
from entrypoints.http.bodies import too_large_upload
from entrypoints.http.guards import TOO_LARGE
from entrypoints.http.schemas import Message
from entrypoints.http.schemas.accounts import (
    CloseAccountIn,
    LoginIn,
    ProfileIn,
    RegisterIn,
    SessionOut,
)
from entrypoints.http.schemas.users import UserOut, user_out

MAX_PROFILE_BODY = MAX_IMAGE_BYTES * 4 // 3 + 64 * 1024
PROFILE_TOO_LARGE = too_large_upload(1)


_Content = TypeVar("_Content")


def _signed_in(result: SignedIn, status: int) -> Response[UserOut]:
    return _with_session(user_out(result.user, result.user), result, status)


def _with_session(content: _Content, result: SignedIn, status: int) -> Response[_Content]:
    return Response(content, status_code=status, cookies=[session_cookie(result.token)])


class AccountController(Controller):
    path = "/api"
    tags = ["accounts"]

    @get("/user")
    async def current_user(self, viewer: User | None) -> UserOut:
        if viewer is None:
            raise NotAuthenticated("Not logged in")
        return user_out(viewer, viewer)

    @get("/session")
    async def current_session(self, viewer: User | None) -> SessionOut:
        """The webapp asks this on every page: a visitor gets 200 with ``user: null``, so the
        browser logs no failed request (``GET /api/user`` keeps its 401 for other callers)."""
        return SessionOut(user_out(viewer, viewer) if viewer is not None else None)

    @post("/login", status_code=HTTP_200_OK, opt={"errors": {401, 429}})
    async def login(self, request: Request[Any, Any, Any], data: LoginIn,
                    accounts: AccountService) -> Response[UserOut]:
        result = await accounts.login(data.username, data.password, client_address(request),
                                      data.code, request.headers.get("user-agent"))
        return _signed_in(result, HTTP_200_OK)

    @post("/register", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def register(self, request: Request[Any, Any, Any], data: RegisterIn,
                       accounts: AccountService) -> Response[UserOut | Message]:
        """201 with the new user and a session; for an email that already has an account,
        201 with ``{"message": "Check your email to finish signing up"}`` and no session."""
        result = await accounts.register(Registration(
            data.username, data.display_name, data.email, data.password, data.confirm_password),
            client_address(request), request.headers.get("user-agent"))
        if isinstance(result, CheckEmail):
            return Response(Message(result.message), status_code=HTTP_201_CREATED)
        return _with_session(user_out(result.user, result.user), result, HTTP_201_CREATED)

    @post("/logout", status_code=HTTP_200_OK)
    async def logout(self, request: Request[Any, Any, Any],
                     sessions: SessionService) -> Response[Message]:
        await sessions.logout(request.cookies.get(SESSION_COOKIE))
        response = Response(Message("Logged out successfully"))
        clear_session_cookie(response)
        return response

    @patch("/user", request_max_body_size=MAX_PROFILE_BODY, opt={TOO_LARGE: PROFILE_TOO_LARGE})
    async def edit_profile(self, data: ProfileIn, current_user: User,
                           profiles: ProfileEditor) -> UserOut:
        changes = ProfileChanges(display_name=data.display_name, bio=data.bio,
                                 height=data.height, instagram_handle=data.instagram_handle)
        user = await profiles.update(current_user, changes, data.avatar)
        return user_out(user, user)

    @delete("/user", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def close_account(self, data: CloseAccountIn, current_user: User,
                            closure: AccountClosure) -> Response[Message]:
        """Close the caller's account for good (password, and a code with two-factor
        sign-in on). 409 while an order of theirs is not finished. Listings leave the
        shop; name and email are erased; orders, reviews and posts stay under "Deleted
        member"; every session ends."""
        await closure.close(current_user, data.password, data.code)
        response = Response(Message(ACCOUNT_CLOSED))
        clear_session_cookie(response)
        return response
