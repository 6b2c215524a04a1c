"""The request and response Structs of ``entrypoints/http/account_security.py``: password reset,
email verification, password and email changes, two-factor set-up."""

from __future__ import annotations

from datetime import datetime

from application.account_security import (
    TOKEN_MAX,
)
from application.two_factor import CODE_MAX
from domain.validation.accounts import PASSWORD_MAX, PASSWORD_MIN
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


@describe(required=["email"], fields={"email": {"format": "email", "maxLength": 254}})
class ResetRequestIn(CamelStruct):
    email: str = ""


@describe(required=["token", "password"], fields={
    "token": {"minLength": 1, "maxLength": TOKEN_MAX},
    "password": {"minLength": PASSWORD_MIN, "maxLength": PASSWORD_MAX}})
class ResetConfirmIn(CamelStruct):
    token: str = ""
    password: str = ""


@describe(required=["token"], fields={"token": {"minLength": 1, "maxLength": TOKEN_MAX}})
class VerifyIn(CamelStruct):
    token: str = ""


class VerifiedOut(CamelStruct):
    message: str
    # True when the link had been used and the account is verified at its address already
    # (the same link opened again): nothing changed.
    already_verified: bool


@describe(required=["currentPassword", "newPassword"], fields={
    "currentPassword": {"minLength": 1, "maxLength": PASSWORD_MAX},
    "newPassword": {"minLength": PASSWORD_MIN, "maxLength": PASSWORD_MAX}})
class PasswordChangeIn(CamelStruct):
    current_password: str = ""
    new_password: str = ""


@describe(required=["password", "email"], fields={
    "password": {"minLength": 1, "maxLength": PASSWORD_MAX},
    "email": {"format": "email", "maxLength": 254}})
class EmailChangeIn(CamelStruct):
    password: str = ""
    email: str = ""


class PendingEmailChangeOut(CamelStruct):
    #: The new address the confirmation link went to.
    email: str
    #: When the newest link was sent.
    sent_at: datetime
    #: When that link stops working (the change is then no longer pending).
    expires_at: datetime


class EmailChangeOut(CamelStruct):
    """The email change waiting for its link; null when none is."""

    pending: PendingEmailChangeOut | None


@describe(required=["password", "code"], fields={
    "password": {"minLength": 1, "maxLength": PASSWORD_MAX},
    "code": {"minLength": 1, "maxLength": CODE_MAX}})
class PasswordAndCodeIn(CamelStruct):
    """The password and a two-factor code, asked again: turning it on (its first code) or
    off, new recovery codes."""

    password: str = ""
    code: str = ""


class TwoFactorStatusOut(CamelStruct):
    enabled: bool
    #: Unused recovery codes (0 while it is off).
    recovery_codes_left: int


class TwoFactorSetupOut(CamelStruct):
    secret: str
    otpauth_url: str
    #: The otpauth URL as a QR code (an SVG ``data:`` URL) for the page to show.
    qr_code: str


class RecoveryCodesOut(CamelStruct):
    recovery_codes: list[str]
