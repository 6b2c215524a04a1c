"""The contact form: anyone may write to support (lightly rate-limited); admins read it."""

from __future__ import annotations

from application.ports import Clock, RateLimiter, UnitOfWork
from application.shared.paging import After, Page, page_of, page_request
from application.shared.throttle import Throttle, hashed
from domain.accounts import User
from domain.contact import ContactForm, ContactMessage, validate_contact
from domain.errors import require_valid
from domain.rate_limits import DEFAULT_LIMITS, Limits

TOO_MANY = "You have sent several messages recently. Please wait a while before sending another."


ContactPage = Page[ContactMessage]


class ContactService:
    def __init__(self, uow: UnitOfWork, clock: Clock, limiter: RateLimiter,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.uow = uow
        self.clock = clock
        self.throttle = Throttle(limiter, clock)
        self.rule = limits.contact_address

    async def send(self, form: ContactForm, sender: User | None, client: str) -> ContactMessage:
        """Store a valid message; a few per client address per hour (``Limits``)."""
        form = form.cleaned()
        require_valid(validate_contact(form))
        key = f"contact:{hashed(client)}"
        await self.throttle.take(self.rule, key, TOO_MANY)
        async with self.uow:
            message = await self.uow.contact_messages.add(ContactMessage(
                name=form.name, email=form.email, subject=form.subject, message=form.message,
                created_at=self.clock.now(), user_id=sender.id if sender else None,
            ))
            await self.uow.commit()
        return message

    async def list_messages(self, reader: User, *, limit: int | None = None,
                            cursor: str | None = None) -> ContactPage:
        """Newest first, for administrators only."""
        reader.ensure_admin()
        request = page_request(limit, cursor)
        async with self.uow:
            rows = await self.uow.contact_messages.page(request.fetch, request.after)
        return page_of(rows, request, _position)


def _position(message: ContactMessage) -> After:
    assert message.id is not None
    return After(message.created_at, message.id)
