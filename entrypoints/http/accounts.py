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
        """Read the signed-in member.

        The caller's own account, with what only its owner (or an administrator) sees: the
        email and whether two-factor sign-in is on. 401 for visitors; a page that only wants
        to know whether someone is signed in asks `GET /api/session`, which answers visitors
        200.
        """
        if viewer is None:
            raise NotAuthenticated("Not logged in")
        return user_out(viewer, viewer)

    @get("/session")
    async def current_session(self, viewer: User | None) -> SessionOut:
        """Read the session, signed in or not.

        Public. 200 with `{"user": ...}` (as `GET /api/user` answers it) for a member, and
        `{"user": null}` for a visitor, so a page can ask on every load without logging a
        failed request.
        """
        return SessionOut(user_out(viewer, viewer) if viewer is not None else None)

    @post("/login", status_code=HTTP_200_OK, opt={"errors": {401, 429}})
    async def login(self, request: Request[Any, Any, Any], data: LoginIn,
                    accounts: AccountService) -> Response[UserOut]:
        """Sign in.

        Public. `username` is the username or the email; 200 with the member and a
        `rethread_session` cookie. 401 for a wrong name or password (the same answer for
        both); with two-factor sign-in on, 401 with `"twoFactorRequired": true` until a
        right `code` (from the authenticator app, or a recovery code) is sent along, and a
        wrong code is said under `errors.code`. 403 for a suspended member (with why and
        until when); 429 with `Retry-After` after too many failed attempts for the account
        or from the address.
        """
        result = await accounts.login(data.username, data.password, client_address(request),
                                      data.code, request.headers.get("user-agent"))
        return _signed_in(result, HTTP_200_OK)

    @post("/register", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def register(self, request: Request[Any, Any, Any], data: RegisterIn,
                       accounts: AccountService) -> Response[UserOut | Message]:
        """Create an account.

        Public. 201 with the new member and a session cookie; a verification email goes to
        the address. 400 names each field to correct (the spec's messages); 409 when the
        username is taken; 429 after too many sign-ups from one address. For an email that
        already has an account, 201 with `{"message": "Check your email to finish signing
        up"}` and no session (the owner is emailed), so the answer never tells who has an
        account.
        """
        result = await accounts.register(Registration(
            data.username, data.display_name, data.email, data.password, data.confirm_password),
            client_address(request), request.headers.get("user-agent"))
        if isinstance(result, CheckEmail):
            return Response(Message(result.message), status_code=HTTP_201_CREATED)
        return _with_session(user_out(result.user, result.user), result, HTTP_201_CREATED)

    @post("/logout", status_code=HTTP_200_OK)
    async def logout(self, request: Request[Any, Any, Any],
                     sessions: SessionService) -> Response[Message]:
        """Sign out.

        Public: ends the caller's session, if any, and clears its cookie. 200 with a message
        either way.
        """
        await sessions.logout(request.cookies.get(SESSION_COOKIE))
        response = Response(Message("Logged out successfully"))
        clear_session_cookie(response)
        return response

    @patch("/user", request_max_body_size=MAX_PROFILE_BODY, opt={TOO_LARGE: PROFILE_TOO_LARGE})
    async def edit_profile(self, data: ProfileIn, current_user: User,
                           profiles: ProfileEditor) -> UserOut:
        """Edit my profile.

        Signed-in members only (401 for visitors), on their own profile: display name, bio,
        height, Instagram handle and avatar (a data URL; `""` removes it). Fields left out
        stay as they are. 400 for invalid fields or an avatar that is not a real image; 413
        for an avatar over the size limit.
        """
        changes = ProfileChanges(display_name=data.display_name, bio=data.bio,
                                 height=data.height, instagram_handle=data.instagram_handle)
        user = await profiles.update(current_user, changes, data.avatar)
        return user_out(user, user)

    @delete("/user", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def close_account(self, data: CloseAccountIn, current_user: User,
                            closure: AccountClosure) -> Response[Message]:
        """Close my account.

        Signed-in members only (401 for visitors), for good: the password (and a `code` when
        two-factor sign-in is on; 400 when either is wrong or missing). 409 while an order
        of theirs is not finished; 429 after too many wrong passwords. Listings leave the
        shop; name and email are erased; orders, reviews and posts stay under "Deleted
        member"; every session ends and the cookie is cleared.
        """
        await closure.close(current_user, data.password, data.code)
        response = Response(Message(ACCOUNT_CLOSED))
        clear_session_cookie(response)
        return response
