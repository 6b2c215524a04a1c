"""Counting wrong passwords and codes: the one lock-out for every place that checks them.

Failed logins are limited (numbers in ``domain/rate_limits.py``, reasons in
``docs/security.md``) per *account*, whichever address and spelling (username or email)
the guesses use, and per address, with a lock-out that doubles with each further failure.
A login text that names nobody is counted under the text itself, so answers never tell
who has an account. An address the account has logged in from before is judged by that
account's failures from there only: a guesser elsewhere cannot lock the owner out, and a
busy shared address does not refuse users it already knows.

The signed-in routes that ask for the password again (changing the password or the email,
turning two-factor sign-in on or off, new recovery codes, closing the account) count a wrong
password, or a wrong code, as a failed login against the account, and answer 429 while it
is locked: a stolen session is no way round the login's lock-out.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from application.ports import PasswordHasher
from application.shared.throttle import Throttle, hashed
from domain.accounts import User
from domain.errors import RateLimited, ValidationError
from domain.rate_limits import Limits

TOO_MANY_LOGINS = "Too many failed login attempts. Please wait and try again."
TOO_MANY_TRIES = "Too many wrong passwords or codes. Please wait and try again."


@dataclass(frozen=True)
class LoginKeys:
    """What one login attempt counts under (see the module doc)."""

    account: str  # the account (or the unknown login text), from anywhere
    pair: str  # the account from this address
    address: str  # this address, any account
    known: str  # present: the account has logged in from this address


def login_keys(user: User | None, login: str, client: str) -> LoginKeys:
    account = (f"acct:{user.id}" if user is not None
               else f"name:{hashed(login.strip().lower())}")
    address = hashed(client)
    return LoginKeys(account=f"login:{account}", pair=f"login:{account}:{address}",
                     address=f"login:addr:{address}",
                     known=f"login-known:{account}:{address}")


class SignInGuard:
    def __init__(self, throttle: Throttle, limits: Limits) -> None:
        self.throttle = throttle
        self.limits = limits

    # -- logging in ------------------------------------------------------------------------

    async def is_known(self, keys: LoginKeys) -> bool:
        return await self.throttle.seen(keys.known, self.limits.known_address_seconds)

    async def refuse_while_locked(self, keys: LoginKeys, known: bool) -> None:
        """429 with the seconds left: the account's lock (from this address only when the
        account knows it), and the address's own ceiling for addresses it does not know."""
        limits = self.limits
        if known:
            waits = [await self.throttle.wait(limits.login_known_address, keys.pair)]
        else:
            waits = [await self.throttle.wait(limits.login_account, keys.account),
                     await self.throttle.wait(limits.login_address, keys.address)]
        if max(waits):
            raise RateLimited(TOO_MANY_LOGINS, retry_after=max(waits))

    async def record_failure(self, keys: LoginKeys) -> None:
        limits = self.limits
        await self.throttle.record(limits.login_account, keys.account)
        await self.throttle.record(limits.login_known_address, keys.pair)
        await self.throttle.record(limits.login_address, keys.address)

    async def remember_address(self, key: str) -> None:
        """Known for the next 30 days (one event per key: the latest login)."""
        await self.throttle.reset(key)
        await self.throttle.record(self.limits.known_address_seconds, key)

    # -- signed in, asked again ------------------------------------------------------------

    async def check_password(self, hasher: PasswordHasher, user: User, password: str,
                             field: str, message: str) -> None:
        """The member's password, asked again by a signed-in route: a wrong one is a
        failed login against the account (``ValidationError`` on ``field``), and while the
        account is locked out the answer is 429 whatever the password."""
        key = login_keys(user, "", "").account
        await self._refuse_while_account_locked(key)  # before the slow hash
        correct = bool(password) and await hasher.verify(user.password_hash, password)
        await self._judge(key, lambda: _settled(None if correct else message), field)

    async def check_code(self, user: User, refusal: Callable[[], Awaitable[str | None]],
                         field: str) -> None:
        """A second-factor code asked by a signed-in route: ``refusal`` checks it (and uses
        it up), answering None or why not (``application.two_factor.second_factor_refusal``);
        a refusal is counted like a wrong password and said under ``field``."""
        await self._judge(login_keys(user, "", "").account, refusal, field)

    async def _judge(self, key: str, refusal: Callable[[], Awaitable[str | None]],
                     field: str) -> None:
        # As at login: the second look and the failure's record are one step per key, so
        # guesses sent together get no more tries than the limits allow.
        async with self.throttle.exclusive(key):
            await self._refuse_while_account_locked(key)
            why = await refusal()
            if why is not None:
                await self.throttle.record(self.limits.login_account, key)
                raise ValidationError({field: why})

    async def _refuse_while_account_locked(self, key: str) -> None:
        await self.throttle.check(self.limits.login_account, key, TOO_MANY_TRIES)


async def _settled(value: str | None) -> str | None:
    return value


__all__ = ["TOO_MANY_LOGINS", "LoginKeys", "SignInGuard", "login_keys"]
