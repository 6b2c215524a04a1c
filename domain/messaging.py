"""Messages between two users (spec §3 Message, §4 Messaging, §5 'Message cannot be empty').

A thread is the set of messages between one pair of users, in both directions. Messages of
type ``offer`` / ``offer_response`` are posted by the offers area, ``order_update`` by
orders; people type ``text``. Only the receiver marks a message read.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.errors import ValidationError
from domain.validation.content import MESSAGE_MAX, validate_message

MESSAGE_TYPES = ("text", "offer", "offer_response", "order_update")
__all__ = ["MESSAGE_MAX", "MESSAGE_TYPES", "Message", "check_message_type", "clean_content",
           "pair_of"]


@dataclass(frozen=True, slots=True)
class Message:
    id: int | None
    sender_id: int
    receiver_id: int
    content: str
    message_type: str
    created_at: datetime
    read: bool = False
    offer_id: int | None = None
    product_id: int | None = None

    def involves(self, user_id: int) -> bool:
        return user_id in (self.sender_id, self.receiver_id)

    def partner_of(self, user_id: int) -> int:
        return self.receiver_id if self.sender_id == user_id else self.sender_id


def clean_content(content: str | None) -> str:
    """The message text trimmed, or a ValidationError with the spec's wording."""
    errors = validate_message(content)
    if errors:
        raise ValidationError(errors)
    return (content or "").strip()


def check_message_type(message_type: str) -> str:
    if message_type not in MESSAGE_TYPES:
        allowed = ", ".join(MESSAGE_TYPES)
        raise ValidationError({"messageType": f"messageType must be one of {allowed}"})
    return message_type


def pair_of(first: int, second: int) -> tuple[int, int]:
    """The thread key: the two user ids, smaller first (the same for both directions)."""
    return (first, second) if first <= second else (second, first)
