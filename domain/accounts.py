"""Accounts: users and their roles."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from domain.errors import Forbidden

ADMIN_ONLY = "You need to be logged in as an administrator to access this page."


class Role(StrEnum):
    USER = "user"
    SELLER = "seller"
    ADMIN = "admin"


@dataclass
class User:
    username: str
    display_name: str
    email: str
    password_hash: str
    created_at: datetime
    role: Role = Role.USER
    id: int | None = None
    bio: str | None = None
    avatar_url: str | None = None
    height: str | None = None
    instagram_handle: str | None = None
    verified: bool = False
    rating: Decimal = field(default_factory=lambda: Decimal("0"))
    rating_count: int = 0
    #: The member opened the link of a verification email sent to ``email``.
    email_verified: bool = False
    #: Two-factor sign-in: the TOTP secret (set up, or pending until the first code is
    #: confirmed), whether it is on, and the last time step a code was accepted for (a code
    #: is never accepted twice).
    totp_secret: str | None = None
    two_factor_enabled: bool = False
    totp_last_step: int | None = None

    @property
    def is_admin(self) -> bool:
        return self.role is Role.ADMIN

    def ensure_admin(self) -> None:
        """The one check (and message) for admin-only routes and use cases."""
        if not self.is_admin:
            raise Forbidden(ADMIN_ONLY)

    def promote_to_admin(self) -> None:
        self.role = Role.ADMIN

    def revoke_admin(self, *, has_listings: bool) -> None:
        """Back to the role the account would have without the grant."""
        self.role = Role.SELLER if has_listings else Role.USER

    def become_seller(self) -> None:
        """Listing an item makes a plain user a seller; admins keep their role."""
        if self.role is Role.USER:
            self.role = Role.SELLER


def normalise_email(email: str) -> str:
    return email.strip().lower()


def role_for(email: str, admin_emails: frozenset[str], current: Role = Role.USER) -> Role:
    """Accounts whose email an operator listed as administrator are admins."""
    return Role.ADMIN if normalise_email(email) in admin_emails else current
