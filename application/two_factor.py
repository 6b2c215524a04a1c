"""Two-factor sign-in (TOTP): setting it up, turning it on and off, and the second check at
login (issue 41).

Set-up stores a new secret as *pending*; the first right code turns it on and hands out ten
single-use recovery codes, shown once and kept only as hashes (``account_tokens``). A code
is accepted for its own 30 s step or the one either side (``adapters/totp.py``), and never
twice: the last accepted step is kept and only a later one passes (a compare-and-set, so two
logins racing with one code cannot both win).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from application.ports import Clock, PasswordHasher, UnitOfWork
from application.ports.accounts import OneTimePasswords
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

CODE_NEEDED = "Enter the code from your authenticator app"
WRONG_CODE = "That code is not right. Enter the current code from your authenticator app."
NOT_SET_UP = "Set up two-factor sign-in first"
ALREADY_ON = "Two-factor sign-in is already on"
NOT_ON = "Two-factor sign-in is not on"
CODE_MAX = 32


@dataclass(frozen=True)
class TwoFactorSetup:
    secret: str
    otpauth_url: str
    qr_code: str


async def second_factor_ok(uow: UnitOfWork, otp: OneTimePasswords, clock: Clock, user: User,
                           code: str) -> bool:
    """Inside the caller's unit of work: is ``code`` a fresh TOTP code or an unused recovery
    code of ``user``? Accepting it uses it up (the caller commits)."""
    assert user.id is not None
    if not user.totp_secret or not code or len(code) > CODE_MAX:
        return False
    step = otp.matching_step(user.totp_secret, code, clock.now())
    if step is not None:
        return await uow.users.advance_totp_step(user.id, step)
    normalised = normalise_recovery_code(code)
    if len(normalised) != 10:
        return False
    found = await uow.account_tokens.get(hash_secret(normalised))
    return (found is not None and found.user_id == user.id
            and found.usable(clock.now(), TokenPurpose.RECOVERY_CODE)
            and await uow.account_tokens.use(found.token_hash, clock.now()))


class TwoFactorService:
    def __init__(self, uow: UnitOfWork, otp: OneTimePasswords, clock: Clock,
                 hasher: PasswordHasher) -> None:
        self.uow = uow
        self.otp = otp
        self.clock = clock
        self.hasher = hasher

    async def setup(self, actor: User) -> TwoFactorSetup:
        """A new pending secret (replacing an unconfirmed one)."""
        assert actor.id is not None
        async with self.uow:
            user = await self._fresh(actor)
            if user.two_factor_enabled:
                raise Conflict(ALREADY_ON)
            user.totp_secret = self.otp.new_secret()
            user.totp_last_step = None
            await self.uow.users.save(user)
            await self.uow.commit()
        url = self.otp.provisioning_url(user.totp_secret, user.email)
        return TwoFactorSetup(user.totp_secret, url, self.otp.qr_code(url))

    async def enable(self, actor: User, code: str) -> list[str]:
        """Turn it on with the first right code; the ten recovery codes (shown once)."""
        async with self.uow:
            user = await self._fresh(actor)
            if user.two_factor_enabled:
                raise Conflict(ALREADY_ON)
            if not user.totp_secret:
                raise Conflict(NOT_SET_UP)
            if not await second_factor_ok(self.uow, self.otp, self.clock, user, code):
                raise ValidationError({"code": WRONG_CODE})
            user = await self._fresh(actor)  # with the step just recorded
            user.two_factor_enabled = True
            await self.uow.users.save(user)
            codes = await self._new_recovery_codes(user)
            await self.uow.commit()
        return codes

    async def disable(self, actor: User, password: str, code: str) -> None:
        if not password or not await self.hasher.verify(actor.password_hash, password):
            raise ValidationError({"password": "Your password is not correct"})
        async with self.uow:
            user = await self._fresh(actor)
            if not user.two_factor_enabled:
                raise Conflict(NOT_ON)
            if not await second_factor_ok(self.uow, self.otp, self.clock, user, code):
                raise ValidationError({"code": WRONG_CODE})
            await self._turn_off(user)
            await self.uow.commit()

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

    async def recovery_codes_left(self, actor: User) -> int:
        assert actor.id is not None
        async with self.uow:
            return await self.uow.account_tokens.count_unused(
                actor.id, TokenPurpose.RECOVERY_CODE, self.clock.now())

    async def _turn_off(self, user: User) -> None:
        user = await self._fresh(user)
        assert user.id is not None
        user.two_factor_enabled = False
        user.totp_secret = None
        user.totp_last_step = None
        await self.uow.users.save(user)
        await self.uow.account_tokens.delete_for(user.id, TokenPurpose.RECOVERY_CODE)

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
