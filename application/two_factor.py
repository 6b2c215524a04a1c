"""Two-factor sign-in (TOTP): setting it up, turning it on and off, and the second check at
login (issue 41).

Set-up stores a new secret as *pending* (cancelling the set-up forgets it); the member's
password and the first right code turn it on and hand out ten single-use recovery codes,
shown once and kept only as hashes (``account_tokens``); the password and a code make ten
new ones in their place, or turn it off. A session alone cannot turn it on (and lock the
owner out), and the account is emailed whenever it is turned on or off or the codes are
replaced. Wrong
passwords and codes count against the login's lock-out (``application/sign_in_guard.py``). A
code is accepted for its own 30 s step or the one either side (``adapters/totp.py``), and
never twice: the last accepted step is kept and only a later one passes (a compare-and-set,
so two logins racing with one code cannot both win).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from application.account_mail import queue_recovery_codes_replaced, queue_two_factor_changed
from application.mail import Letters
from application.ports import Clock, PasswordHasher, RateLimiter, UnitOfWork
from application.ports.accounts import OneTimePasswords
from application.shared.throttle import Throttle
from application.sign_in_guard import SignInGuard
from domain.account_tokens import (
    RECOVERY_CODE_COUNT,
    TokenPurpose,
    format_recovery_code,
    hash_secret,
    new_account_token,
    normalise_recovery_code,
)
from domain.accounts import User
from domain.errors import Conflict, NotFound, ValidationError
from domain.rate_limits import DEFAULT_LIMITS, Limits

CODE_NEEDED = "Enter the code from your authenticator app"
WRONG_CODE = "That code is not right. Enter the current code from your authenticator app."
CODE_JUST_USED = "That code was just used. Wait for the next code in your authenticator app."
RECOVERY_CODE_USED = ("That recovery code has already been used. Enter another recovery code "
                      "or the current code from your authenticator app.")
NOT_SET_UP = "Set up two-factor sign-in first"
ALREADY_ON = "Two-factor sign-in is already on"
NOT_ON = "Two-factor sign-in is not on"
WRONG_PASSWORD = "Your password is not correct"
CODE_MAX = 32


@dataclass(frozen=True)
class TwoFactorStatus:
    enabled: bool
    recovery_codes_left: int


@dataclass(frozen=True)
class TwoFactorSetup:
    secret: str
    otpauth_url: str
    qr_code: str


async def second_factor_refusal(uow: UnitOfWork, otp: OneTimePasswords, clock: Clock,
                                user: User, code: str) -> str | None:
    """Inside the caller's unit of work: None when ``code`` is a fresh TOTP code or an
    unused recovery code of ``user`` (accepting it uses it up; the caller commits), else
    why not. Only the asker who already passed the password hears more than
    :data:`WRONG_CODE`: that a right TOTP code was already used (its step, or a later one,
    was accepted before: the same code on a second device within its 30 s, or a replay), or
    that one of the account's own recovery codes was used before: a code its owner once
    held, which tells a guesser nothing new."""
    assert user.id is not None
    if not user.totp_secret or not code or len(code) > CODE_MAX:
        return WRONG_CODE
    step = otp.matching_step(user.totp_secret, code, clock.now())
    if step is not None:
        return None if await uow.users.advance_totp_step(user.id, step) else CODE_JUST_USED
    normalised = normalise_recovery_code(code)
    if len(normalised) != 10:
        return WRONG_CODE
    found = await uow.account_tokens.get(hash_secret(normalised))
    if (found is None or found.user_id != user.id
            or found.purpose is not TokenPurpose.RECOVERY_CODE):
        return WRONG_CODE
    if found.usable(clock.now(), TokenPurpose.RECOVERY_CODE) and await uow.account_tokens.use(
            found.token_hash, clock.now()):
        return None
    return RECOVERY_CODE_USED if found.used_at is not None else WRONG_CODE


class TwoFactorService:
    def __init__(self, uow: UnitOfWork, otp: OneTimePasswords, clock: Clock,
                 hasher: PasswordHasher, limiter: RateLimiter, letters: Letters,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.uow = uow
        self.otp = otp
        self.clock = clock
        self.hasher = hasher
        self.letters = letters
        self.guard = SignInGuard(Throttle(limiter, clock), limits)

    async def setup(self, actor: User) -> TwoFactorSetup:
        """A new pending secret (replacing an unconfirmed one)."""
        assert actor.id is not None
        async with self.uow:
            user = await self._fresh(actor)
            if user.two_factor_enabled:
                raise Conflict(ALREADY_ON)
            secret = self.otp.new_secret()
            # Only while it is still off (a compare-and-set, never the whole row).
            if not await self.uow.users.update_open(
                    actor.id, {"totp_secret": secret, "totp_last_step": None},
                    expect={"two_factor_enabled": False}):
                raise Conflict(ALREADY_ON)
            await self.uow.commit()
        url = self.otp.provisioning_url(secret, user.email)
        return TwoFactorSetup(secret, url, self.otp.qr_code(url))

    async def cancel_setup(self, actor: User) -> None:
        """Abandon a set-up not yet turned on: its pending secret is forgotten (nothing to
        forget is fine too). Never while it is on: that takes :meth:`disable`."""
        assert actor.id is not None
        async with self.uow:
            if not await self.uow.users.update_open(
                    actor.id, {"totp_secret": None, "totp_last_step": None},
                    expect={"two_factor_enabled": False}):
                raise Conflict(ALREADY_ON)
            await self.uow.commit()

    async def enable(self, actor: User, password: str, code: str) -> list[str]:
        """Turn it on with the password and the first right code; the ten recovery codes
        (shown once)."""
        assert actor.id is not None
        await self._check_password(actor, password)
        async with self.uow:
            user = await self._fresh(actor)
            if user.two_factor_enabled:
                raise Conflict(ALREADY_ON)
            if not user.totp_secret:
                raise Conflict(NOT_SET_UP)
            refusal = await second_factor_refusal(self.uow, self.otp, self.clock, user, code)
            if refusal is not None:
                raise ValidationError({"code": refusal})
            # Only the secret the code was checked against, and only while still off.
            if not await self.uow.users.update_open(
                    actor.id, {"two_factor_enabled": True},
                    expect={"totp_secret": user.totp_secret, "two_factor_enabled": False}):
                raise Conflict(ALREADY_ON)
            codes = await self._new_recovery_codes(user)
            await queue_two_factor_changed(self.uow, self.letters, self.clock, user, on=True)
            await self.uow.commit()
        return codes

    async def disable(self, actor: User, password: str, code: str) -> None:
        """Off with the password and a code (TOTP or recovery), so a session alone cannot."""
        await self._check_password(actor, password)
        async with self.uow:
            user = await self._with_code(actor, code)
            await self._turn_off(user)
            await self.uow.commit()

    async def replace_recovery_codes(self, actor: User, password: str, code: str) -> list[str]:
        """Ten new recovery codes, shown once; the old ones (used or not) stop working. Asks
        what turning it off asks (the password and a code), and emails the account."""
        await self._check_password(actor, password)
        async with self.uow:
            user = await self._with_code(actor, code)
            codes = await self._new_recovery_codes(user)
            await queue_recovery_codes_replaced(self.uow, self.letters, self.clock, user)
            await self.uow.commit()
        return codes

    async def operator_disable(self, login: str) -> User:
        """``rethread users disable-2fa NAME``: for a member who lost every factor."""
        async with self.uow:
            user = await self.uow.users.get_by_login(login.strip())
            if user is None:
                raise NotFound(f"No user named '{login}'")
            if not user.two_factor_enabled:
                raise Conflict(f"{user.username} has no two-factor sign-in")
            await self._turn_off(user)
            await self.uow.commit()
        return user

    async def status(self, actor: User) -> TwoFactorStatus:
        """Whether it is on, and how many unused recovery codes are left (Settings show it)."""
        assert actor.id is not None
        async with self.uow:
            user = await self._fresh(actor)
            left = await self.uow.account_tokens.count_unused(
                actor.id, TokenPurpose.RECOVERY_CODE, self.clock.now())
        return TwoFactorStatus(user.two_factor_enabled, left)

    async def _check_password(self, actor: User, password: str) -> None:
        """Before any unit of work (the hash is slow); a wrong one counts against the
        login's lock-out."""
        await self.guard.check_password(self.hasher, actor, password, "password",
                                        WRONG_PASSWORD)

    async def _with_code(self, actor: User, code: str) -> User:
        """Inside the unit of work: the member, once ``code`` (TOTP or recovery, used up
        by this) is right while two-factor sign-in is on. A refused code counts against the
        login's lock-out, and is answered with why (wrong, just used, recovery code used).
        The member's row is held first: two requests, each with a code of its own, run one
        after the other (two replacements leave ten codes, not twenty)."""
        assert actor.id is not None
        await self.uow.users.lock(actor.id)
        user = await self._fresh(actor)
        if not user.two_factor_enabled:
            raise Conflict(NOT_ON)
        await self.guard.check_code(
            user, lambda: second_factor_refusal(self.uow, self.otp, self.clock, user, code),
            "code")
        return user

    async def _turn_off(self, user: User) -> None:
        """Off, its secret and recovery codes forgotten, and the member told."""
        assert user.id is not None
        await self.uow.users.update_open(user.id, {"two_factor_enabled": False,
                                                   "totp_secret": None, "totp_last_step": None})
        await self.uow.account_tokens.delete_for(user.id, TokenPurpose.RECOVERY_CODE)
        await queue_two_factor_changed(self.uow, self.letters, self.clock, user, on=False)

    async def _new_recovery_codes(self, user: User) -> list[str]:
        assert user.id is not None
        await self.uow.account_tokens.delete_for(user.id, TokenPurpose.RECOVERY_CODE)
        codes = []
        for _ in range(RECOVERY_CODE_COUNT):
            raw = secrets.token_hex(5)  # 10 hex characters, 40 bits each
            await self.uow.account_tokens.add(new_account_token(
                raw, user_id=user.id, purpose=TokenPurpose.RECOVERY_CODE, now=self.clock.now()))
            codes.append(format_recovery_code(raw))
        return codes

    async def _fresh(self, actor: User) -> User:
        assert actor.id is not None
        user = await self.uow.users.get(actor.id)
        if user is None:
            raise Conflict("Your account is gone")
        return user
