"""Builders: a valid entity with sensible defaults, any field overridden by keyword.

``a_user`` / ``a_listing`` / ``an_order`` build the domain object only (domain tests, or to
hand to a repository). ``add_user`` / ``add_users`` / ``add_listing`` store it through a unit
of work and commit, so they serve the in-memory fakes (``tests/fakes``) and the real
SQLAlchemy unit of work alike (``container.uow()`` in adapter tests).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from application.ports import UnitOfWork
from domain.accounts import Role, User
from domain.catalog import Category, Condition, Size
from domain.listings import Listing, ListingImage
from domain.orders import Order
from tests.support.clock import NOW

IMAGE = ListingImage("/media/a.webp", "/media/a-t.webp")


def a_user(name: str = "maya", role: Role = Role.USER, **changes: Any) -> User:
    """``name`` with display name ``Name`` and email ``name@example.com``, joined at NOW."""
    fields: dict[str, Any] = {
        "username": name, "display_name": name.title(), "email": f"{name}@example.com",
        "password_hash": "x", "created_at": NOW, "role": role}
    return User(**{**fields, **changes})


def a_listing(seller_id: int = 1, **changes: Any) -> Listing:
    """An available "Wool coat" at $80.00 with one image, listed at NOW. ``price`` may be a
    string; ``size`` / ``condition`` / ``category`` may be their values ("m", "good")."""
    fields: dict[str, Any] = {
        "seller_id": seller_id, "title": "Wool coat", "description": "Warm and barely worn.",
        "price": "80.00", "brand": "Zara", "size": Size.M, "condition": Condition.GOOD,
        "category": Category.OUTERWEAR, "images": [IMAGE], "created_at": NOW, **changes}
    fields["price"] = Decimal(fields["price"])
    fields["size"] = Size(fields["size"])
    fields["condition"] = Condition(fields["condition"])
    fields["category"] = Category(fields["category"])
    return Listing(**fields)


def an_order(product_id: int = 1, buyer_id: int = 2, seller_id: int = 1, **changes: Any
             ) -> Order:
    """A pending order "1-ABCDEF" for $80.00, placed at NOW (stored shapes: any status)."""
    fields: dict[str, Any] = {
        "order_number": "1-ABCDEF", "product_id": product_id, "buyer_id": buyer_id,
        "seller_id": seller_id, "price": "80.00", "created_at": NOW, **changes}
    fields["price"] = Decimal(fields["price"])
    return Order(**fields)


async def add_user(uow: UnitOfWork, name: str = "maya", role: Role = Role.USER,
                   **changes: Any) -> User:
    """``a_user(...)`` stored and committed; the returned user has its id."""
    return (await add_users(uow, name, role=role, **changes))[0]


async def add_users(uow: UnitOfWork, *names: str, role: Role = Role.USER, **changes: Any
                    ) -> list[User]:
    """One stored user per name, in order (ids count up), in one transaction."""
    async with uow:
        made = [await uow.users.add(a_user(name, role, **changes)) for name in names]
        await uow.commit()
    assert all(user.id is not None for user in made)
    return made


def ids_of(stored: Iterable[User | Listing]) -> list[int]:
    """The ids of stored users or listings: ``maya, theo = ids_of(await add_users(...))``."""
    found = [thing.id for thing in stored]
    assert None not in found, "not stored yet"
    return [i for i in found if i is not None]


async def add_listing(uow: UnitOfWork, seller_id: int, **changes: Any) -> Listing:
    """``a_listing(...)`` stored and committed; the returned listing has its id."""
    async with uow:
        listing = await uow.listings.add(a_listing(seller_id, **changes))
        await uow.commit()
    assert listing.id is not None
    return listing
