"""Vacation mode: a seller who is away keeps their listings visible but sells nothing.

While a vacation is on (from when the seller turns it on until ``until``, or until they turn
it off when no date was given), Buy It Now, Add to bag and Make an Offer are refused with
the notice ("This seller is away until Dec 5, 2026."), and every message they receive gets
an automatic reply with their message. A vacation whose ``until`` has passed is over by
itself; a scheduler removes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from domain.errors import ValidationError
from domain.text import format_day

MESSAGE_MAX = 300
LONGEST = timedelta(days=365)


@dataclass(frozen=True, slots=True)
class Vacation:
    user_id: int
    until: datetime | None
    message: str
    started_at: datetime

    def is_on(self, now: datetime) -> bool:
        return self.until is None or now < self.until

    @property
    def notice(self) -> str:
        """"Seller away until Dec 5, 2026", as the product page shows it."""
        return ("Seller away" if self.until is None
                else f"Seller away until {format_day(self.until)}")

    @property
    def refusal(self) -> str:
        """Why buying or offering is refused (409)."""
        when = "" if self.until is None else f" until {format_day(self.until)}"
        return f"This seller is away{when} and is not selling right now."

    @property
    def auto_reply(self) -> str:
        """The automatic answer to a message received while away."""
        when = "" if self.until is None else f" until {format_day(self.until)}"
        text = f"Automatic reply: I'm away{when}."
        return f"{text} {self.message}" if self.message else text


def start(user_id: int, until: datetime | None, message: str | None, now: datetime) -> Vacation:
    """A vacation starting ``now``, or :class:`ValidationError` with a sentence."""
    if until is not None:
        if until.tzinfo is None:
            raise ValidationError({"until": "The return date needs a time zone."})
        if until <= now:
            raise ValidationError({"until": "The return date must be in the future."})
        if until - now > LONGEST:
            raise ValidationError({"until": "A vacation can last at most a year."})
    text = (message or "").strip()
    if len(text) > MESSAGE_MAX:
        raise ValidationError({"message": f"The away message can be at most {MESSAGE_MAX} "
                                          "characters."})
    return Vacation(user_id, until, text, now)
