"""Typed errors raised by the domain and application layers.

They carry no HTTP knowledge: ``entrypoints/http/errors.py`` maps each class to a status
code in one place (400, 401, 403, 404, 409, 413, 429).
"""

from __future__ import annotations


class DomainError(Exception):
    """Base class for every rule the marketplace refuses."""

    default_message = "The request could not be completed."

    def __init__(self, message: str | None = None) -> None:
        self.message = message or self.default_message
        super().__init__(self.message)


class ValidationError(DomainError):
    """Bad input: ``errors`` maps each field (camelCase, as the API names it) to a message."""

    default_message = "Please correct the highlighted fields."

    def __init__(self, errors: dict[str, str], message: str | None = None) -> None:
        self.errors = dict(errors)
        if message is None and len(self.errors) == 1:
            message = next(iter(self.errors.values()))
        super().__init__(message)


class NotAuthenticated(DomainError):
    default_message = "You need to be logged in."


class TwoFactorRequired(NotAuthenticated):
    """The password was right, and the account also needs a code from its authenticator
    app (none was sent, or it was wrong): 401 with ``"twoFactorRequired": true``. A code
    that was refused is said under its field too (``errors``: ``{"code": why}``)."""

    default_message = "Enter the code from your authenticator app"

    def __init__(self, message: str | None = None,
                 errors: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.errors = dict(errors or {})


class Forbidden(DomainError):
    """The actor is known but may not do this (wrong owner, wrong role)."""

    default_message = "You are not allowed to do that."


class NotFound(DomainError):
    default_message = "Not found."


class Conflict(DomainError):
    """The request clashes with the current state (taken name, sold item)."""

    default_message = "That conflicts with the current state."


class IllegalTransition(Conflict):
    """A state machine move that is not allowed from the current state."""

    default_message = "That change is not allowed in the current state."


class WriteConflict(Conflict):
    """A transaction lost a race for the database (busy, deadlock, serialization failure).

    The HTTP layer runs the whole service call again a few times before answering 409.
    """

    default_message = "Someone else changed this at the same moment. Please try again."


class TooLarge(DomainError):
    default_message = "That is too large."


class RateLimited(DomainError):
    """Too many attempts; ``retry_after`` (seconds) says when trying again can succeed."""

    default_message = "Too many requests. Please wait a moment and try again."

    def __init__(self, message: str | None = None, retry_after: int | None = None) -> None:
        self.retry_after = retry_after
        super().__init__(message)


def require_valid(errors: dict[str, str]) -> None:
    """Raise :class:`ValidationError` when ``errors`` holds any field message."""
    if errors:
        raise ValidationError(errors)
