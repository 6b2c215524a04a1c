"""The contact form over HTTP: anyone sends a message; administrators read them."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.status_codes import HTTP_201_CREATED

from application.contact import ContactService
from domain.accounts import User
from domain.contact import (
    ContactForm,
    ContactMessage,
)
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.contact import (
    ContactIn,
    ContactMessageOut,
    ContactPageOut,
)


def message_out(message: ContactMessage) -> ContactMessageOut:
    assert message.id is not None
    return ContactMessageOut(
        id=message.id, name=message.name, email=message.email, subject=message.subject,
        message=message.message, created_at=message.created_at, user_id=message.user_id)


class ContactController(Controller):
    path = "/api"
    tags = ["contact"]

    @post("/contact", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def send(self, request: Request[Any, Any, Any], data: ContactIn, viewer: User | None,
                   contact: ContactService) -> ContactMessageOut:
        """Send a message to the team.

        Public, signed in or not (a member's message is linked to their account). 201 with
        the stored message; 400 names each field to correct; 429 after a few messages from
        one address in an hour.
        """
        client = request.client.host if request.client else "unknown"
        form = ContactForm(data.name, data.email, data.subject, data.message)
        return message_out(await contact.send(form, viewer, client))

    @get("/admin/contact-messages")
    async def messages(
        self, admin: User, contact: ContactService,
        limit: Limit = None, cursor: Cursor = None,
    ) -> ContactPageOut:
        """List the contact messages.

        Administrators only (401 for visitors, 403 for members). The messages sent through
        the contact form, newest first, a page at a time (`limit`, `cursor`).
        """
        page = await contact.list_messages(admin, limit=limit, cursor=cursor)
        return ContactPageOut(items=[message_out(m) for m in page.items],
                              next_cursor=page.next_cursor)
