"""Notification emails over HTTP (issue 41): a member's choices, and the one-click
unsubscribe of RFC 8058, which works without signing in (and without the CSRF token: a
mail client POSTs ``List-Unsubscribe=One-Click`` to the link of the email's
``List-Unsubscribe`` header; the signed token in the link is the proof)."""

from __future__ import annotations

from litestar import Controller, get, post, put
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK

from application.notification_mail import TOKEN_MAX, EmailSetting, EmailSettings
from domain.accounts import User
from entrypoints.http.schemas.email_settings import (
    EmailSettingOut,
    EmailSettingsIn,
    EmailSettingsOut,
    UnsubscribedOut,
)


def _settings_out(settings: list[EmailSetting]) -> EmailSettingsOut:
    return EmailSettingsOut([EmailSettingOut(s.kind.value, s.kind.label, s.on)
                             for s in settings])


class EmailSettingsController(Controller):
    path = "/api"
    tags = ["accounts"]

    @get("/user/notification-settings")
    async def email_settings(self, current_user: User,
                             email_settings: EmailSettings) -> EmailSettingsOut:
        """Read my email settings.

        Signed-in members only (401 for visitors): which kinds of notification email the
        caller gets, each with its label. Every kind is on until turned off.
        """
        return _settings_out(await email_settings.of(current_user))

    @put("/user/notification-settings")
    async def change_email_settings(self, data: EmailSettingsIn, current_user: User,
                                    email_settings: EmailSettings) -> EmailSettingsOut:
        """Change my email settings.

        Signed-in members only (401 for visitors). `settings` maps a kind to on or off;
        kinds left out stay as they are. 200 with every kind's setting; 400 for a kind that
        does not exist.
        """
        return _settings_out(await email_settings.update(current_user, data.settings))

    @post("/unsubscribe", status_code=HTTP_200_OK, opt={"exclude_from_csrf": True})
    async def unsubscribe(self, email_settings: EmailSettings,
                          token: str = Parameter(query="token", min_length=1,
                                                 max_length=TOKEN_MAX)) -> UnsubscribedOut:
        """Unsubscribe from a kind of email.

        Public: one-click unsubscribe (RFC 8058). The signed `token` of an email's link
        turns that kind of email off for its member; no session or CSRF token needed, and
        any body (`List-Unsubscribe=One-Click`) is accepted and ignored. 400 for a token
        that is made up or altered.
        """
        kind = await email_settings.unsubscribe(token)
        return UnsubscribedOut(f"You will no longer get emails about: {kind.label.lower()}.",
                               kind.value, kind.label)
