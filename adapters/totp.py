"""Two-factor codes: RFC 6238 time-based one-time passwords with ``pyotp``, and the QR code
of the setup URL with ``segno`` (``docs/decisions/two-factor.md``)."""

from __future__ import annotations

import hmac
from datetime import datetime

import pyotp
import segno

ISSUER = "Rethread"
#: Codes of the step before and after the current one are accepted too: clocks drift and a
#: code typed at the end of its 30 s arrives in the next one.
VALID_WINDOW = 1


class PyotpOneTimePasswords:
    def new_secret(self) -> str:
        return pyotp.random_base32()

    def provisioning_url(self, secret: str, account: str) -> str:
        return pyotp.TOTP(secret).provisioning_uri(name=account, issuer_name=ISSUER)

    def qr_code(self, url: str) -> str:
        return segno.make(url, error="m").svg_data_uri(scale=5, dark="#111111")

    def matching_step(self, secret: str, code: str, at: datetime) -> int | None:
        code = "".join(code.split())
        if len(code) != 6 or not code.isdigit():
            return None
        totp = pyotp.TOTP(secret)
        step = totp.timecode(at)
        for candidate in range(step - VALID_WINDOW, step + VALID_WINDOW + 1):
            if hmac.compare_digest(totp.generate_otp(candidate), code):
                return candidate
        return None
