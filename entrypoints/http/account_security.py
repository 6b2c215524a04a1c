"""Account security over HTTP: password reset, email verification, changing the password
or the email and the pending email change (issue 41; the rules in
``application/account_security.py``)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, Response, delete, get, post
from litestar.background_tasks import BackgroundTask
from litestar.status_codes import HTTP_200_OK, HTTP_202_ACCEPTED

from application.account_security import (
    PASSWORD_RESET_DONE,
    RESET_REQUESTED,
    AccountSecurity,
)
from application.two_factor import TwoFactorService
from domain.accounts import User
from entrypoints.http.auth import SESSION_COOKIE, client_address
from entrypoints.http.schemas import Message
from entrypoints.http.schemas.account_security import (
    EmailChangeIn,
    EmailChangeOut,
    PasswordAndCodeIn,
    PasswordChangeIn,
    PendingEmailChangeOut,
    RecoveryCodesOut,
    ResetConfirmIn,
    ResetRequestIn,
    TwoFactorSetupOut,
    TwoFactorStatusOut,
    VerifiedOut,
    VerifyIn,
)

EMAIL_VERIFIED = "Your email is verified. Thank you!"
EMAIL_ALREADY_VERIFIED = "Your email is already verified."
SETUP_CANCELLED = "Two-factor set-up cancelled."


class AccountSecurityController(Controller):
    path = "/api"
    tags = ["accounts"]

    @post("/password-reset", status_code=HTTP_202_ACCEPTED, opt={"errors": {429}})
    async def request_reset(self, request: Request[Any, Any, Any], data: ResetRequestIn,
                            security: AccountSecurity) -> Response[Message]:
        """Always 202 with the same body. Whether an account uses the email is looked up
        after the answer has gone, so its time tells nothing either."""
        email = await security.allow_password_reset(data.email, client_address(request))
        return Response(Message(RESET_REQUESTED), status_code=HTTP_202_ACCEPTED,
                        background=BackgroundTask(security.send_password_reset, email))

    @post("/password-reset/confirm", status_code=HTTP_200_OK)
    async def confirm_reset(self, data: ResetConfirmIn, security: AccountSecurity) -> Message:
        await security.reset_password(data.token, data.password)
        return Message(PASSWORD_RESET_DONE)

    @post("/email/verify", status_code=HTTP_200_OK, opt={"errors": {409}})
    async def verify_email(self, data: VerifyIn, security: AccountSecurity) -> VerifiedOut:
        """Works signed in or not (the link may open in another browser); a used link opened
        again says the address is already verified when it is (400 for any other)."""
        already = await security.verify_email(data.token)
        return VerifiedOut(message=EMAIL_ALREADY_VERIFIED if already else EMAIL_VERIFIED,
                           already_verified=already)

    @post("/email/verify/resend", status_code=HTTP_202_ACCEPTED, opt={"errors": {409, 429}})
    async def resend_verification(self, current_user: User,
                                  security: AccountSecurity) -> Message:
        await security.resend_verification(current_user)
        return Message(f"We sent a new link to {current_user.email}.")

    @post("/user/password", status_code=HTTP_200_OK, opt={"errors": {429}})
    async def change_password(self, request: Request[Any, Any, Any], data: PasswordChangeIn,
                              current_user: User, security: AccountSecurity) -> Message:
        await security.change_password(current_user, request.cookies.get(SESSION_COOKIE),
                                       data.current_password, data.new_password)
        return Message("Your password has been changed. Your other sessions were signed out.")

    @post("/user/email", status_code=HTTP_202_ACCEPTED, opt={"errors": {429}})
    async def change_email(self, data: EmailChangeIn, current_user: User,
                           security: AccountSecurity) -> Message:
        return Message(await security.change_email(current_user, data.password, data.email))

    @get("/user/email")
    async def pending_email_change(self, current_user: User,
                                   security: AccountSecurity) -> EmailChangeOut:
        """The email change waiting for its link, if any: the new address, when the link
        was sent and when it stops working."""
        pending = await security.pending_email_change(current_user)
        if pending is None or pending.email is None:
            return EmailChangeOut(pending=None)
        return EmailChangeOut(pending=PendingEmailChangeOut(
            email=pending.email, sent_at=pending.created_at, expires_at=pending.expires_at))

    @post("/user/email/resend", status_code=HTTP_202_ACCEPTED, opt={"errors": {429}})
    async def resend_email_change(self, current_user: User,
                                  security: AccountSecurity) -> Message:
        """A new link to the pending change's address; the earlier one stops working
        (409 when no change is pending)."""
        address = await security.resend_email_change(current_user)
        return Message(f"We sent a new link to {address}. Earlier links no longer work.")

    @delete("/user/email", status_code=HTTP_200_OK)
    async def cancel_email_change(self, current_user: User,
                                  security: AccountSecurity) -> Message:
        """Cancel the pending change: its link stops working and the email stays."""
        if await security.cancel_email_change(current_user):
            return Message(f"Email change cancelled. You still sign in with "
                           f"{current_user.email}.")
        return Message("No email change was waiting.")

    @get("/user/2fa")
    async def two_factor_status(self, current_user: User,
                                two_factor: TwoFactorService) -> TwoFactorStatusOut:
        """Whether two-factor sign-in is on, and how many recovery codes are left."""
        status = await two_factor.status(current_user)
        return TwoFactorStatusOut(status.enabled, status.recovery_codes_left)

    @post("/user/2fa/setup", status_code=HTTP_200_OK, opt={"errors": {409}})
    async def setup_two_factor(self, current_user: User,
                               two_factor: TwoFactorService) -> TwoFactorSetupOut:
        made = await two_factor.setup(current_user)
        return TwoFactorSetupOut(made.secret, made.otpauth_url, made.qr_code)

    @delete("/user/2fa/setup", status_code=HTTP_200_OK, opt={"errors": {409}})
    async def cancel_two_factor_setup(self, current_user: User,
                                      two_factor: TwoFactorService) -> Message:
        """Abandon a set-up that was not turned on: the pending secret is forgotten."""
        await two_factor.cancel_setup(current_user)
        return Message(SETUP_CANCELLED)

    @post("/user/2fa/enable", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def enable_two_factor(self, data: PasswordAndCodeIn, current_user: User,
                                two_factor: TwoFactorService) -> RecoveryCodesOut:
        """On with the password and the first right code; ten single-use recovery codes,
        shown only now."""
        return RecoveryCodesOut(await two_factor.enable(current_user, data.password,
                                                        data.code))

    @post("/user/2fa/disable", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def disable_two_factor(self, data: PasswordAndCodeIn, current_user: User,
                                 two_factor: TwoFactorService) -> Message:
        await two_factor.disable(current_user, data.password, data.code)
        return Message("Two-factor sign-in is off.")

    @post("/user/2fa/recovery-codes", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def new_recovery_codes(self, data: PasswordAndCodeIn, current_user: User,
                                 two_factor: TwoFactorService) -> RecoveryCodesOut:
        """Ten new recovery codes for the old ones, with the password and a code (as turning
        it off); shown only now, and the account is emailed."""
        return RecoveryCodesOut(await two_factor.replace_recovery_codes(
            current_user, data.password, data.code))
