"""Single-use account tokens and the mail queue's retry rules (issue 41)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.account_tokens import (
    LIFETIMES,
    TokenPurpose,
    already_confirmed,
    email_after_verifying,
    hash_secret,
    new_account_token,
)
from domain.mail import (
    FIRST_RETRY,
    MAX_ATTEMPTS,
    RETRY_CAP,
    MailStatus,
    after_failure,
    retry_delay,
)
from tests.support import NOW

pytestmark = pytest.mark.unit

purposes = st.sampled_from(list(TokenPurpose))
offsets = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=365 * 200))


@given(purpose=purposes, offset=offsets)
def test_a_token_is_usable_exactly_until_its_lifetime_ends(purpose: TokenPurpose,
                                                          offset: timedelta) -> None:
    token = new_account_token("s3cret", user_id=1, purpose=purpose, now=NOW)
    assert token.usable(NOW + offset, purpose) == (offset < LIFETIMES[purpose])


@given(purpose=purposes, other=purposes, offset=offsets)
def test_a_token_serves_only_its_own_purpose(purpose: TokenPurpose, other: TokenPurpose,
                                             offset: timedelta) -> None:
    token = new_account_token("s3cret", user_id=1, purpose=purpose, now=NOW)
    if other is not purpose:
        assert not token.usable(NOW + offset, other)


@given(purpose=purposes, used_after=offsets, offset=offsets)
def test_a_used_token_is_never_usable_again(purpose: TokenPurpose, used_after: timedelta,
                                            offset: timedelta) -> None:
    token = new_account_token("s3cret", user_id=1, purpose=purpose, now=NOW)
    used = replace(token, used_at=NOW + used_after)
    assert not used.usable(NOW + offset, purpose)


def test_a_reset_token_lives_one_hour_and_only_its_hash_is_kept() -> None:
    token = new_account_token("s3cret", user_id=1, purpose=TokenPurpose.PASSWORD_RESET,
                              now=NOW)
    assert token.usable(NOW + timedelta(minutes=59, seconds=59), TokenPurpose.PASSWORD_RESET)
    assert not token.usable(NOW + timedelta(hours=1), TokenPurpose.PASSWORD_RESET)
    assert token.token_hash == hash_secret("s3cret") != "s3cret"


emails = st.sampled_from(["maya@example.com", "maya@typo.example", "mallory@evil.example"])


@given(purpose=purposes, sent_to=st.none() | emails, current=emails)
def test_only_an_email_change_link_moves_the_account_to_another_address(
        purpose: TokenPurpose, sent_to: str | None, current: str) -> None:
    token = new_account_token("s3cret", user_id=1, purpose=purpose, now=NOW, email=sent_to)
    after = email_after_verifying(token, current)
    if purpose is TokenPurpose.CHANGE_EMAIL:
        assert after == sent_to
    elif purpose is TokenPurpose.VERIFY_EMAIL and sent_to in (None, current):
        assert after == current  # confirms the address in use, nothing more
    else:
        assert after is None  # a sign-up link for an address the account has left is dead


@given(attempts=st.integers(min_value=1, max_value=10_000))
def test_retry_waits_double_up_to_the_cap(attempts: int) -> None:
    delay = retry_delay(attempts)
    assert FIRST_RETRY <= delay <= RETRY_CAP
    assert delay == min(FIRST_RETRY * 2 ** min(attempts - 1, 30), RETRY_CAP)
    assert retry_delay(attempts + 1) >= delay


@given(attempts=st.integers(min_value=1, max_value=100))
def test_a_message_is_pending_until_its_last_attempt(attempts: int) -> None:
    status, at = after_failure(attempts, NOW)
    if attempts < MAX_ATTEMPTS:
        assert (status, at) == (MailStatus.PENDING, NOW + retry_delay(attempts))
    else:
        assert status is MailStatus.FAILED


@given(purpose=purposes, sent_to=st.none() | emails, current=emails, verified=st.booleans(),
       used=st.booleans(), offset=offsets)
def test_a_used_link_only_says_already_verified_for_the_address_it_confirmed(
        purpose: TokenPurpose, sent_to: str | None, current: str, verified: bool,
        used: bool, offset: timedelta) -> None:
    """A verification or email-change link opened again answers "already verified" only
    when it was used and the account is verified at the very address the link was sent to;
    a link for an address the account has left, an unused one, a reset link or a recovery
    code never does (and nothing about it changes the account: it is a yes or no)."""
    token = new_account_token("s3cret", user_id=1, purpose=purpose, now=NOW, email=sent_to)
    if used:
        token = replace(token, used_at=NOW)
    said = already_confirmed(token, current, verified)
    assert said == (used and verified and sent_to == current
                    and purpose in (TokenPurpose.VERIFY_EMAIL, TokenPurpose.CHANGE_EMAIL))
    # Never a way to use a token again: one that says "already verified" stays unusable.
    if said:
        assert not token.usable(NOW + offset, purpose)
