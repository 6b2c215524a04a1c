"""Accounts over HTTP: current user, login, register, logout, public profiles (spec §7), and
``PATCH /api/user``: a member editing their own profile (the avatar as a data URL)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from litestar import Controller, Request, Response, get, patch, post
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.accounts import AccountService, Registration, SignedIn
from application.media import MAX_IMAGE_BYTES
from application.social import ProfileEditor, SocialService
from domain.accounts import User
from domain.errors import NotAuthenticated
from domain.social import ProfileChanges
from entrypoints.http.auth import SESSION_COOKIE, clear_session_cookie, session_cookie
from entrypoints.http.schemas import CamelStruct, Message


class LoginIn(CamelStruct):
    username: str = ""
    password: str = ""


class RegisterIn(CamelStruct):
    username: str = ""
    display_name: str = ""
    email: str = ""
    password: str = ""
    confirm_password: str | None = None


class UserOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None
    bio: str | None
    height: str | None
    instagram_handle: str | None
    verified: bool
    rating: float
    rating_count: int
    role: str
    created_at: datetime
    email: str | None = None


class ProfileOut(UserOut, kw_only=True):
    """A public profile: the user plus counts kept by the social area."""

    follower_count: int
    following_count: int
    listing_count: int
    is_following: bool
    post_count: int


def user_out(user: User, viewer: User | None) -> UserOut:
    """Public fields for everyone; the email only for the user themself or an admin."""
    assert user.id is not None
    can_see_email = viewer is not None and (viewer.id == user.id or viewer.is_admin)
    return UserOut(
        id=user.id, username=user.username, display_name=user.display_name,
        avatar_url=user.avatar_url, bio=user.bio, height=user.height,
        instagram_handle=user.instagram_handle, verified=user.verified,
        rating=float(user.rating), rating_count=user.rating_count, role=user.role.value,
        created_at=user.created_at, email=user.email if can_see_email else None,
    )


class ProfileIn(CamelStruct):
    """``None`` (or a missing field) keeps it; ``""`` clears bio, height, handle or avatar."""

    display_name: str | None = None
    bio: str | None = None
    height: str | None = None
    instagram_handle: str | None = None
    avatar: str | None = None


MAX_PROFILE_BODY = MAX_IMAGE_BYTES * 4 // 3 + 64 * 1024



def _signed_in(result: SignedIn, status: int) -> Response[UserOut]:
    return Response(user_out(result.user, result.user), status_code=status,
                    cookies=[session_cookie(result.token)])


def _client(request: Request[Any, Any, Any]) -> str:
    return request.client.host if request.client else "unknown"


class AccountController(Controller):
    path = "/api"
    tags = ["accounts"]

    @get("/user")
    async def current_user(self, viewer: User | None) -> UserOut:
        if viewer is None:
            raise NotAuthenticated("Not logged in")
        return user_out(viewer, viewer)

    @post("/login", status_code=HTTP_200_OK)
    async def login(self, request: Request[Any, Any, Any], data: LoginIn,
                    accounts: AccountService) -> Response[UserOut]:
        result = await accounts.login(data.username, data.password, _client(request))
        return _signed_in(result, HTTP_200_OK)

    @post("/register", status_code=HTTP_201_CREATED)
    async def register(self, data: RegisterIn, accounts: AccountService) -> Response[UserOut]:
        result = await accounts.register(Registration(
            data.username, data.display_name, data.email, data.password, data.confirm_password))
        return _signed_in(result, HTTP_201_CREATED)

    @post("/logout", status_code=HTTP_200_OK)
    async def logout(self, request: Request[Any, Any, Any],
                     accounts: AccountService) -> Response[Message]:
        await accounts.logout(request.cookies.get(SESSION_COOKIE))
        response = Response(Message("Logged out successfully"))
        clear_session_cookie(response)
        return response

    @get("/users/{user_id:int}")
    async def user(self, user_id: int, viewer: User | None, social: SocialService) -> ProfileOut:
        profile = await social.profile(user_id, viewer)
        return ProfileOut(**msgspec.structs.asdict(user_out(profile.user, viewer)),
                          follower_count=profile.follower_count,
                          following_count=profile.following_count,
                          listing_count=profile.listing_count,
                          is_following=profile.is_following,
                          post_count=profile.post_count)

    @patch("/user", request_max_body_size=MAX_PROFILE_BODY)
    async def edit_profile(self, data: ProfileIn, current_user: User,
                           profiles: ProfileEditor) -> UserOut:
        changes = ProfileChanges(display_name=data.display_name, bio=data.bio,
                                 height=data.height, instagram_handle=data.instagram_handle)
        user = await profiles.update(current_user, changes, data.avatar)
        return user_out(user, user)
