"""Accounts: users and their roles, and the sessions they are signed in with."""

from __future__ import annotations

import hashlib
import ipaddress
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum

from domain.errors import Forbidden

ADMIN_ONLY = "You need to be logged in as an administrator to access this page."
ADMIN_NEEDS_2FA = ("Administrators must turn on two-factor sign-in first "
                   "(Settings, Two-factor sign-in).")
DELETED_MEMBER = "Deleted member"
#: Not a hash any password matches: a closed account can never sign in.
CLOSED_PASSWORD_HASH = "!closed"


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
    #: When the member closed the account (``close``): what is left is a "Deleted member".
    closed_at: datetime | None = None
    #: Not stored: set on the signed-in member by :meth:`require_two_factor_for_admin`.
    admin_needs_two_factor: bool = field(default=False, compare=False, repr=False)

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    def close(self, now: datetime) -> None:
        """The member leaves: name, email, profile and sign-in are erased for good. The row
        stays, as "Deleted member", so orders, reviews, posts and conversations keep their
        other party (``docs/decisions/account-deletion.md``). The username takes a form
        no sign-up can choose (``~``), so it is never taken over."""
        assert self.id is not None
        self.username = f"deleted~{self.id}"
        self.display_name = DELETED_MEMBER
        self.email = f"deleted~{self.id}@deleted.invalid"
        self.password_hash = CLOSED_PASSWORD_HASH
        self.role = Role.USER
        self.bio = self.avatar_url = self.height = self.instagram_handle = None
        self.verified = self.email_verified = False
        self.totp_secret = None
        self.two_factor_enabled = False
        self.totp_last_step = None
        self.closed_at = now

    @property
    def is_admin(self) -> bool:
        """Acts as an administrator: the one check of every admin power (admin routes, and
        the admin's way past an owner or party check). An administrator who must turn on
        two-factor sign-in first (:meth:`require_two_factor_for_admin`) does not."""
        return self.role is Role.ADMIN and not self.admin_needs_two_factor

    def require_two_factor_for_admin(self) -> None:
        """The operator requires two-factor sign-in of administrators (``RETHREAD_ADMIN_2FA``):
        until this one turns it on, they act as a member everywhere, and admin-only routes
        say why (:meth:`ensure_admin`). Applied to the session's member on every request."""
        self.admin_needs_two_factor = self.role is Role.ADMIN and not self.two_factor_enabled

    def ensure_admin(self) -> None:
        """The one check (and message) for admin-only routes and use cases."""
        if self.admin_needs_two_factor:
            raise Forbidden(ADMIN_NEEDS_2FA)
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


#: A session's "last seen" is written at most this often (not on every request).
LAST_SEEN_STEP = timedelta(minutes=5)
USER_AGENT_MAX = 300


@dataclass(frozen=True)
class SessionInfo:
    """One signed-in session as its member sees it in the sessions list. Only the network
    prefix of the address is kept (``network_of``), never the address itself."""

    token_hash: str
    user_id: int
    created_at: datetime
    expires_at: datetime
    last_seen_at: datetime | None = None
    user_agent: str | None = None
    network: str | None = None

    @property
    def id(self) -> str:
        return session_id(self.token_hash)


def session_id(token_hash: str) -> str:
    """The public id of a session: derived from the stored hash (itself a hash of the
    cookie), so neither the cookie nor the stored key is ever shown."""
    return hashlib.sha256(f"session-id:{token_hash}".encode()).hexdigest()[:24]


def network_of(address: str | None) -> str | None:
    """The address's network, not the address: an IPv4 /24 or an IPv6 /48 (None for what
    is not an address, e.g. a test client's name)."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 48
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def short_agent(agent: str | None) -> str | None:
    """What is kept of a User-Agent header: its first ``USER_AGENT_MAX`` characters."""
    agent = (agent or "").strip()
    return agent[:USER_AGENT_MAX] or None
