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
        """Ask for a password reset link.

        Public. Always 202 with the same message: whether an account uses the email is
        looked up after the answer has gone, so neither the answer nor its time tells. 400
        for an address that is not an email; 429 after too many requests from one address or
        for one email.
        """
        email = await security.allow_password_reset(data.email, client_address(request))
        return Response(Message(RESET_REQUESTED), status_code=HTTP_202_ACCEPTED,
                        background=BackgroundTask(security.send_password_reset, email))

    @post("/password-reset/confirm", status_code=HTTP_200_OK)
    async def confirm_reset(self, data: ResetConfirmIn, security: AccountSecurity) -> Message:
        """Set a new password from a reset link.

        Public (the link opens in any browser). The link's `token` and the new password:
        200, and every session of the account ends. 400 for a token that is made up, used,
        expired or voided by a later change (under `errors.token`), or a password the rules
        refuse.
        """
        await security.reset_password(data.token, data.password)
        return Message(PASSWORD_RESET_DONE)

    @post("/email/verify", status_code=HTTP_200_OK, opt={"errors": {409}})
    async def verify_email(self, data: VerifyIn, security: AccountSecurity) -> VerifiedOut:
        """Verify an email address from its link.

        Public, signed in or not (the link may open in another browser). 200 with
        `alreadyVerified` false, or true when a used link is opened again while the address
        is still the verified one. 400 for any other token (made up, expired, voided); 409
        when another account has taken the address meanwhile.
        """
        already = await security.verify_email(data.token)
        return VerifiedOut(message=EMAIL_ALREADY_VERIFIED if already else EMAIL_VERIFIED,
                           already_verified=already)

    @post("/email/verify/resend", status_code=HTTP_202_ACCEPTED, opt={"errors": {409, 429}})
    async def resend_verification(self, current_user: User,
                                  security: AccountSecurity) -> Message:
        """Send a new verification link.

        Signed-in members only (401 for visitors), to the caller's own email. 202 once it is
        on its way; 409 when the email is already verified; 429 after too many links for the
        account.
        """
        await security.resend_verification(current_user)
        return Message(f"We sent a new link to {current_user.email}.")

    @post("/user/password", status_code=HTTP_200_OK, opt={"errors": {429}})
    async def change_password(self, request: Request[Any, Any, Any], data: PasswordChangeIn,
                              current_user: User, security: AccountSecurity) -> Message:
        """Change my password.

        Signed-in members only (401 for visitors): the current password and the new one.
        200, and every other session of the account ends, as does every emailed link. 400
        for a wrong current password or a new one the rules refuse (or the same as the old
        one); 429 while the account is locked after too many wrong passwords.
        """
        await security.change_password(current_user, request.cookies.get(SESSION_COOKIE),
                                       data.current_password, data.new_password)
        return Message("Your password has been changed. Your other sessions were signed out.")

    @post("/user/email", status_code=HTTP_202_ACCEPTED, opt={"errors": {429}})
    async def change_email(self, data: EmailChangeIn, current_user: User,
                           security: AccountSecurity) -> Message:
        """Change my email address.

        Signed-in members only (401 for visitors), with their password. 202: a confirmation
        link goes to the new address (the email changes when it is opened) and the old one
        is told; an address another account uses gets no link and the same answer. 400 for a
        wrong password, an invalid address or the current one; 429 after too many links for
        the account.
        """
        return Message(await security.change_email(current_user, data.password, data.email))

    @get("/user/email")
    async def pending_email_change(self, current_user: User,
                                   security: AccountSecurity) -> EmailChangeOut:
        """Read my pending email change.

        Signed-in members only (401 for visitors). The change waiting for its link, if any:
        the new address, when the link was sent and when it stops working; `pending: null`
        otherwise.
        """
        pending = await security.pending_email_change(current_user)
        if pending is None or pending.email is None:
            return EmailChangeOut(pending=None)
        return EmailChangeOut(pending=PendingEmailChangeOut(
            email=pending.email, sent_at=pending.created_at, expires_at=pending.expires_at))

    @post("/user/email/resend", status_code=HTTP_202_ACCEPTED, opt={"errors": {429}})
    async def resend_email_change(self, current_user: User,
                                  security: AccountSecurity) -> Message:
        """Send the email change link again.

        Signed-in members only (401 for visitors). A new link to the pending change's
        address; the earlier one stops working. 202; 409 when no change is pending; 429
        after too many links for the account.
        """
        address = await security.resend_email_change(current_user)
        return Message(f"We sent a new link to {address}. Earlier links no longer work.")

    @delete("/user/email", status_code=HTTP_200_OK)
    async def cancel_email_change(self, current_user: User,
                                  security: AccountSecurity) -> Message:
        """Cancel my pending email change.

        Signed-in members only (401 for visitors). The pending link stops working and the
        email stays. 200 whether or not a change was waiting (the message says which).
        """
        if await security.cancel_email_change(current_user):
            return Message(f"Email change cancelled. You still sign in with "
                           f"{current_user.email}.")
        return Message("No email change was waiting.")

    @get("/user/2fa")
    async def two_factor_status(self, current_user: User,
                                two_factor: TwoFactorService) -> TwoFactorStatusOut:
        """Read my two-factor sign-in status.

        Signed-in members only (401 for visitors): whether two-factor sign-in is on, and how
        many unused recovery codes are left.
        """
        status = await two_factor.status(current_user)
        return TwoFactorStatusOut(status.enabled, status.recovery_codes_left)

    @post("/user/2fa/setup", status_code=HTTP_200_OK, opt={"errors": {409}})
    async def setup_two_factor(self, current_user: User,
                               two_factor: TwoFactorService) -> TwoFactorSetupOut:
        """Start setting up two-factor sign-in.

        Signed-in members only (401 for visitors). A new secret for an authenticator app (as
        text, an `otpauth://` URL and a QR code), replacing an unconfirmed one; nothing is
        on until `POST /api/user/2fa/enable`. 409 when two-factor sign-in is already on.
        """
        made = await two_factor.setup(current_user)
        return TwoFactorSetupOut(made.secret, made.otpauth_url, made.qr_code)

    @delete("/user/2fa/setup", status_code=HTTP_200_OK, opt={"errors": {409}})
    async def cancel_two_factor_setup(self, current_user: User,
                                      two_factor: TwoFactorService) -> Message:
        """Cancel the two-factor set-up.

        Signed-in members only (401 for visitors). Forgets a pending secret that was not
        turned on (nothing pending is fine too). 409 when two-factor sign-in is on: turning
        it off takes `POST /api/user/2fa/disable`.
        """
        await two_factor.cancel_setup(current_user)
        return Message(SETUP_CANCELLED)

    @post("/user/2fa/enable", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def enable_two_factor(self, data: PasswordAndCodeIn, current_user: User,
                                two_factor: TwoFactorService) -> RecoveryCodesOut:
        """Turn on two-factor sign-in.

        Signed-in members only (401 for visitors), with their password and the first right
        code from the app set up by `POST /api/user/2fa/setup`. 200 with ten single-use
        recovery codes, shown only now; the account is emailed. 400 for a wrong password or
        code; 409 when it is already on or was not set up; 429 while the account is locked
        after too many wrong tries.
        """
        return RecoveryCodesOut(await two_factor.enable(current_user, data.password,
                                                        data.code))

    @post("/user/2fa/disable", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def disable_two_factor(self, data: PasswordAndCodeIn, current_user: User,
                                 two_factor: TwoFactorService) -> Message:
        """Turn off two-factor sign-in.

        Signed-in members only (401 for visitors), with their password and a code (from the
        app, or a recovery code), so a session alone cannot. The secret and recovery codes
        are forgotten and the account is emailed. 400 for a wrong password or code; 409 when
        it is off; 429 while the account is locked after too many wrong tries.
        """
        await two_factor.disable(current_user, data.password, data.code)
        return Message("Two-factor sign-in is off.")

    @post("/user/2fa/recovery-codes", status_code=HTTP_200_OK, opt={"errors": {409, 429}})
    async def new_recovery_codes(self, data: PasswordAndCodeIn, current_user: User,
                                 two_factor: TwoFactorService) -> RecoveryCodesOut:
        """Replace my recovery codes.

        Signed-in members only (401 for visitors), with their password and a code, as for
        turning it off. 200 with ten new recovery codes, shown only now; the old ones stop
        working and the account is emailed. 400 for a wrong password or code; 409 when
        two-factor sign-in is off; 429 while the account is locked after too many wrong
        tries.
        """
        return RecoveryCodesOut(await two_factor.replace_recovery_codes(
            current_user, data.password, data.code))
