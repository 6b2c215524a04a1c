"""Single-use account tokens: password reset, email verification, email change and
two-factor recovery codes.

Tokens are random (from the caller), stored only as their hash, used at most once and
only before they expire. The rules are here; the store is a port.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum


class TokenPurpose(StrEnum):
    PASSWORD_RESET = "password_reset"
    #: Confirms the address the account uses (sign-up, "send it again").
    VERIFY_EMAIL = "verify_email"
    #: Moves the account to a new address (asked for with the password; ``change_email``).
    CHANGE_EMAIL = "change_email"
    RECOVERY_CODE = "recovery_code"


LIFETIMES: dict[TokenPurpose, timedelta] = {
    TokenPurpose.PASSWORD_RESET: timedelta(hours=1),
    TokenPurpose.VERIFY_EMAIL: timedelta(days=3),
    TokenPurpose.CHANGE_EMAIL: timedelta(days=3),
    # Recovery codes last until used or replaced (disabling two-factor deletes them).
    TokenPurpose.RECOVERY_CODE: timedelta(days=365 * 100),
}

#: The emailed links that die when the password or the email changes: each was sent to an
#: address, or asked for with a password, that may no longer be the member's.
EMAILED_LINKS = (TokenPurpose.PASSWORD_RESET, TokenPurpose.VERIFY_EMAIL,
                 TokenPurpose.CHANGE_EMAIL)

INVALID_RESET_LINK = "This reset link is invalid or has expired. Please ask for a new one."
INVALID_VERIFY_LINK = "This verification link is invalid or has expired."


@dataclass(frozen=True)
class AccountToken:
    token_hash: str
    user_id: int
    purpose: TokenPurpose
    created_at: datetime
    expires_at: datetime
    #: The address a verification token confirms (an email change verifies the new one).
    email: str | None = None
    used_at: datetime | None = None

    def usable(self, now: datetime, purpose: TokenPurpose) -> bool:
        """Right purpose, never used, not expired (a token is dead at its expiry instant)."""
        return self.purpose is purpose and self.used_at is None and now < self.expires_at


def email_after_verifying(token: AccountToken, current: str) -> str | None:
    """The account's email once ``token`` (a verification or email-change link) is
    opened, or None when the link no longer applies. Only an email-change link moves the
    account to its address; any other link only confirms the address the account uses
    now, so one for an address it has left is dead (it would bring the old address back:
    an account takeover for whoever owns that address)."""
    if token.purpose is TokenPurpose.CHANGE_EMAIL:
        return token.email
    if token.purpose is TokenPurpose.VERIFY_EMAIL and token.email in (None, current):
        return current
    return None


#: The links that confirm an address when opened (their ``email`` is the address).
ADDRESS_LINKS = (TokenPurpose.VERIFY_EMAIL, TokenPurpose.CHANGE_EMAIL)


def already_confirmed(token: AccountToken, current: str, verified: bool) -> bool:
    """Whether ``token``, a verification or email-change link opened again after it was
    used, may be answered "Your email is already verified": only when the account is
    verified at the very address the link was sent to. A link for an address the account
    has left (or one that names none) gets the refusal, as any dead link; an answer of
    yes changes nothing and says nothing the link's mailbox did not know."""
    return (token.purpose in ADDRESS_LINKS and token.used_at is not None
            and token.email is not None and token.email == current and verified)


def hash_secret(secret: str) -> str:
    """Tokens and codes are kept as the SHA-256 of their text: they are long and random
    (or, for recovery codes, single use and few), so a fast hash is enough."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_account_token(secret: str, *, user_id: int, purpose: TokenPurpose, now: datetime,
                      email: str | None = None) -> AccountToken:
    return AccountToken(token_hash=hash_secret(secret), user_id=user_id, purpose=purpose,
                        created_at=now, expires_at=now + LIFETIMES[purpose], email=email)


RECOVERY_CODE_COUNT = 10


def normalise_recovery_code(code: str) -> str:
    """Recovery codes are shown as ``abcde-fghij``; typed with or without the dash, in any
    case, with stray spaces."""
    return "".join(ch for ch in code.lower() if ch.isalnum())


def format_recovery_code(raw: str) -> str:
    return f"{raw[:5]}-{raw[5:10]}"
