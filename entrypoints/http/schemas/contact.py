"""The request and response Structs of ``entrypoints/http/contact.py``: the contact form and the
administrators' inbox."""

from __future__ import annotations

from datetime import datetime

from domain.contact import (
    MESSAGE_MAX,
    MESSAGE_MIN,
    NAME_MAX,
    NAME_MIN,
    SUBJECT_MAX,
    SUBJECT_MIN,
)
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


@describe(required=["name", "email", "subject", "message"], fields={
    "name": {"minLength": NAME_MIN, "maxLength": NAME_MAX},
    "email": {"format": "email", "maxLength": 254},
    "subject": {"minLength": SUBJECT_MIN, "maxLength": SUBJECT_MAX},
    "message": {"minLength": MESSAGE_MIN, "maxLength": MESSAGE_MAX}})
class ContactIn(CamelStruct):
    name: str = ""
    email: str = ""
    subject: str = ""
    message: str = ""


class ContactMessageOut(CamelStruct):
    id: int
    name: str
    email: str
    subject: str
    message: str
    created_at: datetime
    user_id: int | None


class ContactPageOut(CamelStruct):
    items: list[ContactMessageOut]
    next_cursor: str | None
