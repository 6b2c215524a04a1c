"""Login and registration forms (spec section 5).

The username rule (3-30 characters of letters, digits, ".", "_" and "-") is Rethread's:
the spec only asks for at least 3. Passwords are never stripped: a space is a valid
password character, and trimming would silently change what the user typed. A field left
blank is "required"; the spec's "at least N characters" messages are for text that is too
short. A confirmation is checked against the password first ("Passwords do not match"),
then, when it matches, by the password's rule (the spec's "confirmPassword at least 6").
"""

from __future__ import annotations

import re

from domain.validation._rules import (
    FieldErrors,
    clean,
    is_email,
    length_error,
    required_message,
)

USERNAME_MIN, USERNAME_MAX = 3, 30
DISPLAY_NAME_MIN, DISPLAY_NAME_MAX = 2, 50
PASSWORD_MIN, PASSWORD_MAX = 6, 128
LOGIN_NAME_MAX = 254  # a login name may be an email address

_USERNAME_RE = re.compile(r"[A-Za-z0-9._-]+", re.ASCII)

PASSWORD_TOO_SHORT = "Password must be at least 6 characters"
PASSWORD_TOO_LONG = "Password must be at most 128 characters"
PASSWORD_REQUIRED = required_message("Password")
CONFIRM_REQUIRED = "Please confirm your password"
PASSWORDS_DIFFER = "Passwords do not match"
EMAIL_REQUIRED = required_message("Email")
EMAIL_INVALID = "Please enter a valid email"


def password_error(password: str | None) -> str | None:
    return length_error(
        password or "",
        min_len=PASSWORD_MIN,
        max_len=PASSWORD_MAX,
        too_short=PASSWORD_TOO_SHORT,
        too_long=PASSWORD_TOO_LONG,
        required=PASSWORD_REQUIRED,
    )


SAME_PASSWORD = "Choose a password other than your current one"


def new_password_error(new: str | None, current: str | None) -> str | None:
    """A changed password: the sign-up rule, and not the one it replaces (a change that
    changes nothing would end every other session for no new secret)."""
    return password_error(new) or (SAME_PASSWORD if new == current else None)


def validate_login(username: str | None, password: str | None) -> dict[str, str]:
    """``username`` may be a username or an email address."""
    errors = FieldErrors()
    errors.add(
        "username",
        length_error(
            clean(username),
            min_len=USERNAME_MIN,
            max_len=LOGIN_NAME_MAX,
            too_short="Username or email must be at least 3 characters",
            too_long="Username or email must be at most 254 characters",
            required=required_message("Username or email"),
        ),
    )
    errors.add("password", password_error(password))
    return errors.result()


def username_error(username: str | None) -> str | None:
    value = clean(username)
    error = length_error(
        value,
        min_len=USERNAME_MIN,
        max_len=USERNAME_MAX,
        too_short="Username must be at least 3 characters",
        too_long="Username must be at most 30 characters",
        required=required_message("Username"),
    )
    if error is None and _USERNAME_RE.fullmatch(value) is None:
        return "Username can only contain letters, numbers, dots, hyphens and underscores"
    return error


def validate_registration(
    username: str | None,
    display_name: str | None,
    email: str | None,
    password: str | None,
    confirm_password: str | None = None,
) -> dict[str, str]:
    """All field errors of the sign-up form; ``confirm_password`` is optional."""
    errors = FieldErrors()
    errors.add("username", username_error(username))
    errors.add(
        "displayName",
        length_error(
            clean(display_name),
            min_len=DISPLAY_NAME_MIN,
            max_len=DISPLAY_NAME_MAX,
            too_short="Display name must be at least 2 characters",
            too_long="Display name must be at most 50 characters",
            required=required_message("Display name"),
        ),
    )
    errors.add("email", email_error(email))
    errors.add("password", password_error(password))
    if confirm_password is not None:
        errors.add("confirmPassword", confirm_password_error(confirm_password, password))
    return errors.result()


def email_error(email: str | None) -> str | None:
    value = clean(email)
    if not value:
        return EMAIL_REQUIRED
    return None if is_email(value) else EMAIL_INVALID


def confirm_password_error(confirmation: str, password: str | None) -> str | None:
    """A blank confirmation is asked for, a different one "Passwords do not match", and a
    matching one holds the password's rule."""
    if not confirmation:
        return CONFIRM_REQUIRED
    if confirmation != password:
        return PASSWORDS_DIFFER
    return password_error(confirmation)
