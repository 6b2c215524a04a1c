"""The contact form: a message from anyone (logged in or not) to the support team.

Spec §2 lists a contact page without fields or rules; these are Rethread's, worded like the
spec's other forms ('... must be at least N characters', 'Please enter a valid email'), and
like them a blank field is "required" ('Name is required').
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.validation._rules import FieldErrors, clean, length_error, required_message
from domain.validation.accounts import email_error

NAME_MIN, NAME_MAX = 2, 100
SUBJECT_MIN, SUBJECT_MAX = 3, 150
MESSAGE_MIN, MESSAGE_MAX = 10, 5000


@dataclass(frozen=True)
class ContactForm:
    name: str
    email: str
    subject: str
    message: str

    def cleaned(self) -> ContactForm:
        return ContactForm(clean(self.name), clean(self.email).lower(), clean(self.subject),
                           clean(self.message))


@dataclass
class ContactMessage:
    name: str
    email: str
    subject: str
    message: str
    created_at: datetime
    user_id: int | None = None
    id: int | None = None


def _text_error(value: str, label: str, low: int, high: int) -> str | None:
    return length_error(
        clean(value), min_len=low, max_len=high,
        too_short=f"{label} must be at least {low} characters",
        too_long=f"{label} must be less than {high} characters",
        required=required_message(label),
    )


def validate_contact(form: ContactForm) -> dict[str, str]:
    """Every field's message at once; an empty dict means valid."""
    errors = FieldErrors()
    errors.add("name", _text_error(form.name, "Name", NAME_MIN, NAME_MAX))
    errors.add("email", email_error(form.email))
    errors.add("subject", _text_error(form.subject, "Subject", SUBJECT_MIN, SUBJECT_MAX))
    errors.add("message", _text_error(form.message, "Message", MESSAGE_MIN, MESSAGE_MAX))
    return errors.result()
