"""The request and response Structs of ``entrypoints/http/accounts.py``: the current user, login,
sign-up, profile edits."""

from __future__ import annotations

from application.two_factor import CODE_MAX
from domain.validation.accounts import (
    DISPLAY_NAME_MAX,
    DISPLAY_NAME_MIN,
    LOGIN_NAME_MAX,
    PASSWORD_MAX,
    PASSWORD_MIN,
    USERNAME_MAX,
    USERNAME_MIN,
)
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.users import UserOut


class SessionOut(CamelStruct):
    """Who is signed in: ``user`` is null for a visitor (an answer, not an error)."""

    user: UserOut | None


@describe(required=["username", "password"], fields={
    "username": {"minLength": USERNAME_MIN, "maxLength": LOGIN_NAME_MAX,
                 "description": "Username or email"},
    "password": {"minLength": 1, "maxLength": PASSWORD_MAX},
    "code": {"maxLength": CODE_MAX,
             "description": "With two-factor sign-in on: the authenticator's code or a "
                            "recovery code"}})
class LoginIn(CamelStruct):
    username: str = ""
    password: str = ""
    code: str | None = None


@describe(required=["username", "displayName", "email", "password"], fields={
    "username": {"minLength": USERNAME_MIN, "maxLength": USERNAME_MAX,
                 "pattern": "^[A-Za-z0-9._-]+$"},
    "displayName": {"minLength": DISPLAY_NAME_MIN, "maxLength": DISPLAY_NAME_MAX},
    "email": {"format": "email", "maxLength": 254},
    "password": {"minLength": PASSWORD_MIN, "maxLength": PASSWORD_MAX}})
class RegisterIn(CamelStruct):
    username: str = ""
    display_name: str = ""
    email: str = ""
    password: str = ""
    confirm_password: str | None = None


@describe(required=["password"], fields={
    "password": {"minLength": 1, "maxLength": PASSWORD_MAX},
    "code": {"maxLength": CODE_MAX,
             "description": "With two-factor sign-in on: the authenticator's code or a "
                            "recovery code"}})
class CloseAccountIn(CamelStruct):
    password: str = ""
    code: str | None = None


class ProfileIn(CamelStruct):
    """``None`` (or a missing field) keeps it; ``""`` clears bio, height, handle or avatar."""

    display_name: str | None = None
    bio: str | None = None
    height: str | None = None
    instagram_handle: str | None = None
    avatar: str | None = None
