"""AccountService on the in-memory fakes (the ``container`` fixture of conftest.py)."""

from __future__ import annotations

import asyncio

import pytest

from application.accounts import AccountService, CheckEmail, Registration
from domain.accounts import Role
from domain.errors import Conflict, NotAuthenticated, NotFound, RateLimited, ValidationError
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock

pytestmark = pytest.mark.unit


@pytest.fixture
def accounts(container: Container) -> AccountService:
    return container.accounts()


def form(username: str = "maya", email: str | None = None) -> Registration:
    return Registration(username, "Maya Chen", email or f"{username}@example.com", "secret123")


async def test_register_opens_a_session_for_the_new_user(accounts: AccountService,
                                                          container: Container) -> None:
    signed = await accounts.register(form())
    assert signed.user.id is not None
    assert signed.user.role is Role.USER
    assert signed.user.password_hash != "secret123"
    assert (await container.sessions().user_for_session(signed.token)).username == "maya"


async def test_register_rejects_invalid_input_with_every_message(accounts: AccountService) -> None:
    with pytest.raises(ValidationError) as caught:
        await accounts.register(Registration("a", "", "x", "1", "2"))
    assert set(caught.value.errors) == {"username", "displayName", "email", "password",
                                        "confirmPassword"}


async def test_taken_names_conflict_and_nothing_is_stored(accounts: AccountService,
                                                          container: Container) -> None:
    await accounts.register(form())
    with pytest.raises(Conflict):
        await accounts.register(form("MAYA", "new@example.com"))
    with pytest.raises(Conflict):
        await accounts.register(form("other", "MAYA@example.com"))
    assert len(container.uow().users.rows) == 1


async def test_admin_emails_become_admins_at_signup_and_login(accounts: AccountService) -> None:
    signed = await accounts.register(form("boss", "boss@example.com"))
    assert signed.user.role is Role.ADMIN
    again = await accounts.login("boss", "secret123", "1.2.3.4")
    assert again.user.is_admin


async def _fail(accounts: AccountService, login: str, client: str, times: int = 1) -> None:
    for _ in range(times):
        with pytest.raises(NotAuthenticated):
            await accounts.login(login, "wrong-pass", client)


async def _refused(accounts: AccountService, login: str, client: str,
                   password: str = "secret123") -> int:
    with pytest.raises(RateLimited) as refused:
        await accounts.login(login, password, client)
    assert refused.value.retry_after is not None
    return refused.value.retry_after


async def test_failed_logins_lock_the_account_from_every_address(
        accounts: AccountService) -> None:
    await accounts.register(form())
    for n in range(5):
        await _fail(accounts, "maya", f"10.0.0.{n}")
    # Five addresses guessed; a sixth address is refused too, even with the password.
    assert await _refused(accounts, "maya", "10.0.0.99") == 60


async def test_username_and_email_spellings_count_as_one_account(
        accounts: AccountService) -> None:
    await accounts.register(form())
    for login in ("maya", "MAYA@example.com", "Maya", "maya@EXAMPLE.com", "maya"):
        await _fail(accounts, login, "1.1.1.1")
    assert await _refused(accounts, "maya@example.com", "1.1.1.1") == 60


async def test_the_lock_doubles_with_each_further_failure_up_to_15_minutes(
        accounts: AccountService, clock: FixedClock) -> None:
    await accounts.register(form())
    await _fail(accounts, "maya", "1.1.1.1", times=5)
    seen = []
    for _ in range(6):
        wait = await _refused(accounts, "maya", "1.1.1.1", "wrong-pass")
        seen.append(wait)
        clock.advance(seconds=wait)
        await _fail(accounts, "maya", "1.1.1.1")
    assert seen == [60, 120, 240, 480, 900, 900]


async def test_retry_after_is_the_time_really_left(accounts: AccountService,
                                                   clock: FixedClock) -> None:
    await accounts.register(form())
    await _fail(accounts, "maya", "1.1.1.1", times=5)
    clock.advance(seconds=25)
    assert await _refused(accounts, "maya", "1.1.1.1") == 35
    clock.advance(seconds=35)
    assert (await accounts.login("maya", "secret123", "1.1.1.1")).user.username == "maya"


async def test_unknown_names_are_limited_exactly_like_accounts(
        accounts: AccountService) -> None:
    """The answers never tell whether an account exists: same errors, same waits."""
    await accounts.register(form())
    for login in ("maya", "ghost"):
        await _fail(accounts, login, "1.1.1.1", times=5)
        assert await _refused(accounts, login, "1.1.1.1") == 60


async def test_unknown_names_are_checked_against_a_hash_too(container: Container) -> None:
    checked: list[str | None] = []
    hasher = container.password_hasher()
    real_verify = hasher.verify

    async def verify(password_hash: str | None, password: str) -> bool:
        checked.append(password_hash)
        return await real_verify(password_hash, password)

    hasher.verify = verify  # type: ignore[method-assign]
    accounts = container.accounts()
    await accounts.register(form())
    await _fail(accounts, "ghost", "1.1.1.1")
    await _fail(accounts, "maya", "1.1.1.1")
    assert checked == [None, "plain$secret123"]  # None: the hasher's dummy hash


async def test_the_owner_at_a_known_address_is_not_locked_out_by_guessers_elsewhere(
        accounts: AccountService) -> None:
    await accounts.register(form())
    await accounts.login("maya", "secret123", "home")
    for n in range(5):
        await _fail(accounts, "maya", f"bot-{n}")
    assert await _refused(accounts, "maya", "elsewhere") == 60
    assert (await accounts.login("maya", "secret123", "home")).user.username == "maya"
    # At home the account's own failures from home still lock it.
    await _fail(accounts, "maya", "home", times=5)
    assert await _refused(accounts, "maya", "home") == 60


async def test_a_busy_address_is_refused_only_after_many_failures_against_any_accounts(
        accounts: AccountService) -> None:
    await accounts.register(form())
    await accounts.login("maya", "secret123", "office")
    await accounts.register(form("theo"))
    for n in range(50):  # one failure each against fifty different names
        await _fail(accounts, f"user{n}", "office")
    # Theo has never logged in from the office: the address's ceiling applies to him...
    assert await _refused(accounts, "theo", "office") == 60
    # ...not to Maya, who has, nor to Theo from anywhere else.
    assert (await accounts.login("maya", "secret123", "office")).user.username == "maya"
    assert (await accounts.login("theo", "secret123", "home")).user.username == "theo"


async def test_below_the_limits_the_right_password_logs_in(accounts: AccountService) -> None:
    await accounts.register(form())
    await _fail(accounts, "maya", "1.1.1.1", times=4)
    assert (await accounts.login("maya", "secret123", "1.1.1.1")).user.username == "maya"


async def test_a_right_guess_in_a_burst_of_wrong_ones_is_refused_like_them(
        container: Container) -> None:
    """Guesses sent together all pass the first check while the hasher is busy; the
    failures recorded meanwhile refuse the rest, the right password included."""
    hasher = container.password_hasher()
    real_verify = hasher.verify

    async def slow_verify(password_hash: str | None, password: str) -> bool:
        for _ in range(3):
            await asyncio.sleep(0)  # a yield, like a real hash on its thread pool
        return await real_verify(password_hash, password)

    hasher.verify = slow_verify  # type: ignore[method-assign]
    accounts = container.accounts()
    await accounts.register(form())
    guesses = [accounts.login("maya", f"guess-{n}", f"10.0.0.{n}") for n in range(8)]
    guesses.append(accounts.login("maya", "secret123", "10.0.0.99"))
    answers = await asyncio.gather(*guesses, return_exceptions=True)
    assert [type(a).__name__ for a in answers] == ["NotAuthenticated"] * 5 + [
        "RateLimited"] * 4


async def test_sign_ups_sent_together_are_counted_before_any_finishes(
        accounts: AccountService) -> None:
    answers = await asyncio.gather(*(accounts.register(form(f"user{n}"), "1.1.1.1")
                                     for n in range(14)), return_exceptions=True)
    assert sum(isinstance(a, RateLimited) for a in answers) == 4


async def test_sign_ups_are_limited_per_address_but_not_for_operators(
        accounts: AccountService, clock: FixedClock) -> None:
    for n in range(10):
        await accounts.register(form(f"user{n}"), "1.1.1.1")
        clock.advance(minutes=1)
    with pytest.raises(RateLimited) as refused:
        await accounts.register(form("late"), "1.1.1.1")
    assert refused.value.retry_after == 60 * 60 - 10 * 60
    await accounts.register(form("elsewhere"), "2.2.2.2")
    await accounts.create_user(form("ops"))  # the CLI passes no address
    clock.advance(minutes=50)
    await accounts.register(form("late"), "1.1.1.1")


async def test_get_user_missing_is_not_found(accounts: AccountService) -> None:
    with pytest.raises(NotFound):
        await accounts.get_user(42)


async def test_create_user_can_make_an_admin_without_leaving_a_session(
        accounts: AccountService, container: Container) -> None:
    user = await accounts.create_user(form("ops2"), admin=True)
    assert user.is_admin
    assert container.uow().sessions.rows == {}
    stored = await accounts.get_user(user.id)
    assert stored.role is Role.ADMIN


async def test_sign_up_attempt_notices_are_capped_per_email(
        accounts: AccountService, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    """Someone signing up again and again with a member's email, from as many addresses as
    they like, gets the owner at most 3 "someone tried" emails an hour; every attempt is
    answered alike (no account, no word of the cap)."""
    await accounts.register(form("maya", "maya@example.com"), "10.0.0.1")

    def notices() -> int:
        return sum(q.mail.subject.startswith("Someone tried to sign up")
                   for q in uow.mail.rows.values())

    for n in range(5):
        answer = await accounts.register(form(f"mallory{n}", "Maya@Example.com"), f"10.9.0.{n}")
        assert isinstance(answer, CheckEmail)
        clock.advance(minutes=1)
    assert notices() == 3
    await accounts.register(form("other", "noor@example.com"), "10.0.0.2")
    assert isinstance(await accounts.register(form("mallory9", "noor@example.com"), "10.9.1.1"),
                      CheckEmail)
    assert notices() == 4  # another email has its own allowance
    clock.advance(minutes=57)  # an hour after the first notice
    await accounts.register(form("mallory5", "maya@example.com"), "10.9.0.9")
    assert notices() == 5
