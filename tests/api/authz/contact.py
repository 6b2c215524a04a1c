"""The contact form: anyone writes, only administrators read."""

from __future__ import annotations

from tests.api.authz import Row, admin_only, same

FORM = {"name": "Sofia Rossi", "email": "sofia@example.com", "subject": "Where is my order?",
        "message": "My order has not shipped yet. Could you check?"}

ROWS = [
    Row("POST", "/api/contact", **same(201), json=FORM),
    Row("GET", "/api/admin/contact-messages", **admin_only(200)),
]
