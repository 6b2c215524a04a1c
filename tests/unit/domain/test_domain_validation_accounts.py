"""Login and registration messages (spec §5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.validation import validate_login, validate_registration
from domain.validation.accounts import SAME_PASSWORD, new_password_error, password_error

pytestmark = pytest.mark.unit

VALID = {
    "username": "mia.s",
    "display_name": "Mia",
    "email": "mia@example.com",
    "password": "secret1",
}


def register(**changes):
    return validate_registration(**{**VALID, **changes})


def test_valid_login_and_registration():
    assert validate_login("mia", "secret") == {}
    assert validate_login("mia@example.com", "secret") == {}
    assert register() == {}
    assert register(confirm_password="secret1") == {}


def test_login_messages():
    assert validate_login(" ab ", "12345") == {
        "username": "Username or email must be at least 3 characters",
        "password": "Password must be at least 6 characters",
    }
    assert validate_login("a" * 255, "x" * 129) == {
        "username": "Username or email must be at most 254 characters",
        "password": "Password must be at most 128 characters",
    }
    assert validate_login(None, None)["username"].startswith("Username or email")


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"username": "ab"}, "username", "Username must be at least 3 characters"),
        ({"username": "  ab  "}, "username", "Username must be at least 3 characters"),
        ({"username": "a" * 31}, "username", "Username must be at most 30 characters"),
        (
            {"username": "mia s"},
            "username",
            "Username can only contain letters, numbers, dots, hyphens and underscores",
        ),
        (
            {"username": "mía"},
            "username",
            "Username can only contain letters, numbers, dots, hyphens and underscores",
        ),
        ({"display_name": "M"}, "displayName", "Display name must be at least 2 characters"),
        ({"display_name": "M" * 51}, "displayName", "Display name must be at most 50 characters"),
        ({"email": "mia"}, "email", "Please enter a valid email"),
        ({"email": "mia@example"}, "email", "Please enter a valid email"),
        ({"email": "mia @example.com"}, "email", "Please enter a valid email"),
        ({"email": "a@b@example.com"}, "email", "Please enter a valid email"),
        ({"email": "x" * 250 + "@a.com"}, "email", "Please enter a valid email"),
        ({"password": "12345"}, "password", "Password must be at least 6 characters"),
        ({"password": "1" * 129}, "password", "Password must be at most 128 characters"),
        ({"confirm_password": "secret2"}, "confirmPassword", "Passwords do not match"),
    ],
)
def test_registration_messages(changes, field, message):
    assert register(**changes) == {field: message}


def test_registration_reports_every_field_at_once():
    errors = validate_registration("a", "", "nope", "1", "2")
    assert set(errors) == {"username", "displayName", "email", "password", "confirmPassword"}


def test_passwords_are_not_stripped():
    assert validate_login("mia", "     x") == {}
    assert register(password=" abcde") == {}


usernames = st.from_regex(r"[A-Za-z0-9._-]{3,30}", fullmatch=True)
padding = st.text(alphabet=" \t\n", max_size=3)


@given(usernames, padding, padding)
def test_surrounding_whitespace_never_changes_the_verdict(username, before, after):
    assert register(username=before + username + after) == register(username=username) == {}


@given(new=st.text(max_size=140), current=st.text(max_size=140))
def test_a_changed_password_follows_the_sign_up_rule_and_is_not_the_current_one(
        new: str, current: str) -> None:
    found = new_password_error(new, current)
    if password_error(new):
        assert found == password_error(new)
    else:
        assert found == (SAME_PASSWORD if new == current else None)
    assert new_password_error(current, current) in (SAME_PASSWORD, password_error(current))
