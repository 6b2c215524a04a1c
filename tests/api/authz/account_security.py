"""Password reset, email verification, changing the password or the email (issue 41).

The reset and verification routes are for visitors too (a link opens in any browser); a
made-up token is a 400 for everyone. The others act on the caller's own account."""

from __future__ import annotations

from tests.api.authz import Row, World, any_of, logged_in, owner_only, same

PASSWORD = "secret123"

ROWS = [
    Row("POST", "/api/password-reset", **same(202), json={"email": "$unique_email"}),
    Row("POST", "/api/password-reset/confirm", **same(400),
        json={"token": "not-a-real-token", "password": PASSWORD}),
    Row("POST", "/api/email/verify", **same(400), json={"token": "not-a-real-token"}),
    Row("POST", "/api/email/verify/resend", **logged_in(202)),
    # The caller's own password as the new one: refused as bad input (400) for anyone
    # signed in, after the sign-in check (a visitor's 401). A real change is tested in
    # test_api_account_security.py: here it would leave the caller's later rows with
    # another password.
    Row("POST", "/api/user/password", **logged_in(400),
        json={"currentPassword": PASSWORD, "newPassword": PASSWORD}),
    Row("POST", "/api/user/email", **logged_in(202),
        json={"password": PASSWORD, "email": "$unique_email"}),
    # The caller's own pending email change: seen, sent again (409 when the caller has
    # none: whether the row above ran first for them depends on the share), cancelled
    # (200 whether or not one was waiting). No route names another member's change.
    Row("GET", "/api/user/email", **logged_in(200)),
    Row("POST", "/api/user/email/resend", **logged_in(any_of(202, 409))),
    Row("DELETE", "/api/user/email", **logged_in(200)),
]

# Two-factor sign-in on the caller's own account. Its status, set-up, and cancelling the
# set-up work for anyone signed in; turning it on or off, or new recovery codes, with the
# password and a made-up code is refused as bad input (400), or 409 while it is off (the
# matrix's people have it off), whoever asks.
ROWS += [
    Row("GET", "/api/user/2fa", **logged_in(200)),
    Row("POST", "/api/user/2fa/setup", **logged_in(200)),
    Row("DELETE", "/api/user/2fa/setup", **logged_in(200)),
    Row("POST", "/api/user/2fa/enable", **logged_in(any_of(400, 409)),
        json={"password": PASSWORD, "code": "000000"}),
    Row("POST", "/api/user/2fa/disable", **logged_in(any_of(400, 409)),
        json={"password": PASSWORD, "code": "000000"}),
    Row("POST", "/api/user/2fa/recovery-codes", **logged_in(any_of(400, 409)),
        json={"password": PASSWORD, "code": "000000"}),
]

# Signed-in sessions (issue 41): each member sees and ends only their own. Another member's
# session id is "no such session" (404), for an administrator too.


async def make_owner_session(world: World) -> str:
    """The id of the owner's current session (the owner ending it signs out: ``relogin``)."""
    listed = await world.owner.get("/api/user/sessions")
    assert listed.status_code == 200, listed.text
    return str(listed.json()["sessions"][0]["id"])


MAKERS = {"owner_session": make_owner_session}

ROWS += [
    Row("GET", "/api/user/sessions", **logged_in(200)),
    Row("DELETE", "/api/user/sessions/{session_id:str}",
        **owner_only(200, admin=404, other=404), params={"session_id": "$owner_session"},
        relogin=True),
    Row("POST", "/api/user/sessions/revoke-others", **logged_in(200)),
]

# Closing one's own account (DELETE /api/user): a wrong password is refused (400) whoever
# asks, so the matrix's people stay; test_api_account_closure.py closes accounts for real.
ROWS += [
    Row("DELETE", "/api/user", **logged_in(400), json={"password": "not-the-password"}),
]

# Notification emails: each member's own choices; the one-click unsubscribe needs no
# session (its signed token is the proof), so a made-up token is a 400 for everyone.
ROWS += [
    Row("GET", "/api/user/notification-settings", **logged_in(200)),
    Row("PUT", "/api/user/notification-settings", **logged_in(200),
        json={"settings": {"messages": True}}),
    Row("POST", "/api/unsubscribe", **same(400), query={"token": "made-up-token"}),
]
