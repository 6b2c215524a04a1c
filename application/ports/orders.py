"""Ports of the orders area: orders, their timeline, addresses and reviews.

``OrderRepository.save`` is a compare-and-set on the status: it writes only when the stored
status is still ``expected_status`` and says whether it did. Every status change goes through
it, so two requests (or two scheduler workers) can never both move the same order; the loser
sees ``False`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Protocol

from application.shared.paging import After
from domain.addresses import Address
from domain.admin import ExportRow
from domain.order_rules import OrderStatus
from domain.orders import Order
from domain.reviews import Review


@dataclass(frozen=True)
class SavedAddress:
    id: int
    user_id: int
    address: Address
    is_default: bool
    created_at: datetime


@dataclass(frozen=True)
class OrderEventRecord:
    """One line of an order's timeline: ``kind`` is placed, status or address."""

    id: int
    order_id: int
    kind: str
    status: str | None
    actor_id: int | None
    note: str | None
    at: datetime


class OrderRepository(Protocol):
    async def add(self, order: Order, now: datetime, offer_id: int | None = None) -> Order:
        """Insert a new order (sets ``order.id``)."""
    async def get(self, order_id: int) -> Order | None: ...
    async def for_offers(self, offer_ids: list[int]) -> dict[int, int]:
        """For each of these accepted offers with an order that is not cancelled: that
        order's id (the newest), keyed by offer id."""
    async def offer_of(self, order_id: int) -> int | None:
        """The id of the accepted offer this order was placed with, if any."""
    async def get_by_number(self, order_number: str) -> Order | None: ...
    async def number_taken(self, order_number: str) -> bool: ...
    async def save(self, order: Order, expected_status: OrderStatus, now: datetime) -> bool:
        """Write status and tracking if the stored status is still ``expected_status``."""
    async def list_for(self, *, buyer_id: int | None = None, seller_id: int | None = None,
                       statuses: Collection[OrderStatus] | None = None, limit: int,
                       after: After | None = None) -> list[Order]:
        """Newest first (created_at, id) strictly after ``after``, filtered by whichever
        arguments are given (``statuses``: in any of them)."""
    async def names_product(self, product_id: int) -> bool:
        """Whether any order, of any status, holds the listing (as its product or an item)."""
    async def count_open_for(self, user_id: int) -> int:
        """The user's orders, as buyer or seller, not yet in a terminal status."""
    async def delivered_ids(self, delivered_before: datetime, limit: int) -> list[int]:
        """Ids of delivered orders whose ``delivered_at`` is at or before the given time,
        earliest delivered first (an order without ``delivered_at`` is never among them)."""
    async def unpaid_ids(self, placed_before: datetime, limit: int) -> list[int]:
        """Ids of unpaid orders (``UNPAID_STATUSES``: pending or confirmed) placed before
        the given time, oldest first."""
    async def status_changed_at(self, order_ids: list[int]) -> dict[int, datetime]: ...

    # -- the administrators' order desk -----------------------------------------------------
    async def desk_page(self, *, statuses: frozenset[OrderStatus] | None, search: str | None,
                        limit: int, after: After | None = None) -> list[Order]:
        """Every order, newest first (created_at, id) strictly after ``after``; only these
        statuses when given; ``search`` (case-insensitive, a substring) matches the order
        number or the buyer's or seller's username, display name or email."""
    async def count_by_status(self) -> dict[OrderStatus, int]:
        """How many orders are in each status (one GROUP BY; absent statuses are left out)."""
    async def sales(self, statuses: frozenset[OrderStatus]) -> tuple[int, Decimal]:
        """How many orders are in these statuses and the sum of their prices."""
    async def export_batch(self, *, statuses: frozenset[OrderStatus] | None,
                           after: After | None, limit: int) -> list[tuple[int, ExportRow]]:
        """Up to ``limit`` orders oldest first (created_at, then id) strictly after
        ``after``: (id, the order as the CSV prints it, with the product title and the
        parties' names and emails joined in)."""


class OrderEventRepository(Protocol):
    async def add(self, order_id: int, kind: str, status: str | None, actor_id: int | None,
                  at: datetime, note: str | None = None) -> None: ...
    async def for_orders(self, order_ids: list[int]) -> dict[int, list[OrderEventRecord]]:
        """Each order's events, oldest first."""


class AddressRepository(Protocol):
    async def set_for_order(self, order_id: int, address: Address, now: datetime) -> None:
        """Store or replace the order's shipping address."""
    async def for_orders(self, order_ids: list[int]) -> dict[int, Address]: ...
    async def lock_owner(self, user_id: int) -> None:
        """Hold the user's saved addresses until commit: saves of one user take turns, so
        the count they check is the count they add to."""
    async def add_saved(self, user_id: int, address: Address, is_default: bool,
                        now: datetime) -> SavedAddress:
        """Save an address for the user; a new default clears the old one."""
    async def saved_for(self, user_id: int) -> list[SavedAddress]:
        """Default first, then newest first."""
    async def delete_saved_for(self, user_id: int) -> None:
        """Forget every address the user saved (orders keep their own copies)."""


class ReviewRepository(Protocol):
    async def add(self, review: Review) -> Review: ...
    async def for_orders(self, order_ids: list[int]) -> dict[int, list[Review]]: ...
    async def publish(self, review_ids: list[int], now: datetime) -> None: ...
    async def about_user(self, user_id: int, limit: int) -> list[Review]:
        """Published reviews about ``user_id``, newest first."""
    async def unpublished_order_ids(self, completed_before: datetime, limit: int) -> list[int]:
        """Orders completed before the time that still hold an unpublished review."""
    async def refresh_rating(self, user_id: int) -> None:
        """Recompute the user's ``rating`` and ``rating_count`` from published reviews."""
