"""Signed links (one-click unsubscribe) with itsdangerous and the site's secret key."""

from __future__ import annotations

from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer


class ItsdangerousLinkSigner:
    def __init__(self, secret_key: str, salt: str = "rethread-links") -> None:
        self._serializer = URLSafeSerializer(secret_key, salt=salt)

    def sign(self, value: dict[str, Any]) -> str:
        return str(self._serializer.dumps(value))

    def unsign(self, token: str) -> dict[str, Any] | None:
        try:
            value = self._serializer.loads(token)
        except BadSignature:
            return None
        return value if isinstance(value, dict) else None
