"""The contact form's rules: every field's message at once, cleaned input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.contact import ContactForm, validate_contact

pytestmark = pytest.mark.unit

GOOD = ContactForm("Sofia Rossi", "sofia@example.com", "Order question",
                   "Where is my parcel? It has been a week.")


def test_a_good_form_has_no_errors() -> None:
    assert validate_contact(GOOD) == {}


def test_every_problem_is_reported() -> None:
    assert validate_contact(ContactForm(" S ", "nope", "Hi", "short")) == {
        "name": "Name must be at least 2 characters",
        "email": "Please enter a valid email",
        "subject": "Subject must be at least 3 characters",
        "message": "Message must be at least 10 characters",
    }


def test_too_long_fields_are_refused() -> None:
    form = ContactForm("n" * 101, "a@b.co", "s" * 151, "m" * 5001)
    assert validate_contact(form) == {
        "name": "Name must be less than 100 characters",
        "subject": "Subject must be less than 150 characters",
        "message": "Message must be less than 5000 characters",
    }


def test_cleaning_strips_and_lowercases_the_email() -> None:
    cleaned = ContactForm("  Sofia ", " Sofia@Example.COM ", " Hi there ", " Long message. ")
    assert cleaned.cleaned() == ContactForm("Sofia", "sofia@example.com", "Hi there",
                                            "Long message.")


@given(name=st.text(max_size=120), subject=st.text(max_size=160))
def test_cleaning_is_idempotent_and_keeps_the_verdict(name: str, subject: str) -> None:
    form = ContactForm(name, "A@B.co", subject, "A message long enough.")
    cleaned = form.cleaned()
    assert cleaned.cleaned() == cleaned
    assert validate_contact(cleaned) == validate_contact(form)
