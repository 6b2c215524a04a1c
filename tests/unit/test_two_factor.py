"""Two-factor sign-in with an injected clock (issue 41): the TOTP windows of the pyotp
adapter, codes used once, recovery codes, and the login's second step on the fakes."""

from __future__ import annotations

from datetime import datetime, timedelta

import pyotp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.totp import PyotpOneTimePasswords
from application.accounts import AccountService, Registration, SignedIn
from application.two_factor import CODE_JUST_USED, TwoFactorService
from domain.errors import NotAuthenticated, RateLimited, TwoFactorRequired, ValidationError
from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import NOW

pytestmark = pytest.mark.unit

SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
otp = PyotpOneTimePasswords()


def code_at(moment: datetime) -> str:
    return pyotp.TOTP(SECRET).at(moment)


@given(offset=st.integers(min_value=-600, max_value=600))
def test_a_code_is_accepted_within_one_step_either_side(offset: int) -> None:
    """A code made at ``NOW + offset`` s is checked at NOW: accepted when its 30 s step
    is NOW's or a neighbour's, refused otherwise."""
    made = NOW + timedelta(seconds=offset)
    step_of = pyotp.TOTP(SECRET).timecode
    accepted = otp.matching_step(SECRET, code_at(made), NOW)
    if abs(step_of(made) - step_of(NOW)) <= 1:
        assert accepted == step_of(made)
    else:
        assert accepted is None


@given(junk=st.text(max_size=12))
def test_anything_but_six_digits_is_refused(junk: str) -> None:
    if not ("".join(junk.split()).isdigit() and len("".join(junk.split())) == 6):
        assert otp.matching_step(SECRET, junk, NOW) is None


async def enabled(container: Container, clock: FixedClock) -> tuple[TwoFactorService, str,
                                                                    list[str]]:
    accounts: AccountService = container.accounts()
    signed = await accounts.register(
        Registration("maya", "Maya Chen", "maya@example.com", "secret123"), "10.0.0.1")
    assert isinstance(signed, SignedIn)
    two_factor: TwoFactorService = container.two_factor()
    setup = await two_factor.setup(signed.user)
    assert setup.otpauth_url.startswith("otpauth://totp/Rethread:maya%40example.com?")
    assert setup.qr_code.startswith("data:image/svg+xml")
    with pytest.raises(ValidationError):
        await two_factor.enable(signed.user, "secret123",
                                "000000" if code_at(clock.now()) != "000000" else "111111")
    codes = await two_factor.enable(signed.user, "secret123",
                                    pyotp.TOTP(setup.secret).at(clock.now()))
    return two_factor, setup.secret, codes


async def test_login_asks_for_the_code_and_takes_each_code_once(
        container: Container, clock: FixedClock) -> None:
    _, secret, codes = await enabled(container, clock)
    assert len(codes) == 10 and len(set(codes)) == 10
    accounts: AccountService = container.accounts()
    with pytest.raises(TwoFactorRequired, match="Enter the code from your authenticator app"):
        await accounts.login("maya", "secret123", "10.0.0.1")
    clock.advance(seconds=30)
    fresh = pyotp.TOTP(secret).at(clock.now())
    assert (await accounts.login("maya", "secret123", "10.0.0.1", fresh)).user.username == "maya"
    # the same code again (a second device within its 30 s): refused, as used already
    with pytest.raises(TwoFactorRequired, match=CODE_JUST_USED):
        await accounts.login("maya", "secret123", "10.0.0.1", fresh)
    # the code enabling it (step before) is older than the last accepted one
    with pytest.raises(TwoFactorRequired, match=CODE_JUST_USED):
        await accounts.login("maya", "secret123", "10.0.0.1",
                             pyotp.TOTP(secret).at(clock.now() - timedelta(seconds=30)))
    assert await accounts.login("maya", "secret123", "10.0.0.1", codes[0].upper())
    with pytest.raises(TwoFactorRequired):
        await accounts.login("maya", "secret123", "10.0.0.1", codes[0])
    with pytest.raises(NotAuthenticated):  # a wrong password never reaches the code
        await accounts.login("maya", "wrong-pass", "10.0.0.1", codes[1])


async def test_wrong_codes_count_toward_the_login_limits(container: Container,
                                                         clock: FixedClock) -> None:
    await enabled(container, clock)
    accounts: AccountService = container.accounts()
    for _ in range(5):
        with pytest.raises(TwoFactorRequired):
            await accounts.login("maya", "secret123", "10.9.9.9", "12345-67890")
    with pytest.raises(RateLimited):
        await accounts.login("maya", "secret123", "10.9.9.9", "12345-67890")


async def test_disabling_needs_the_password_and_a_code(container: Container,
                                                       clock: FixedClock) -> None:
    two_factor, _secret, codes = await enabled(container, clock)
    user = await container.accounts().get_user(1)
    with pytest.raises(ValidationError):
        await two_factor.disable(user, "wrong-pass", codes[0])
    with pytest.raises(ValidationError):
        await two_factor.disable(user, "secret123", "not-a-code")
    await two_factor.disable(user, "secret123", codes[1])
    signed = await container.accounts().login("maya", "secret123", "10.0.0.1")
    assert signed.user.two_factor_enabled is False
    assert (await two_factor.status(signed.user)).recovery_codes_left == 0
