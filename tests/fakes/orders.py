"""In-memory fakes of the orders ports: orders, their events, addresses and reviews (state
in ``rows``, so the fake unit of work commits and rolls them back with the rest)."""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Collection
from datetime import datetime
from decimal import Decimal
from typing import Any

from application.ports.orders import OrderEventRecord, SavedAddress
from application.shared.paging import After, is_after
from domain.accounts import User
from domain.addresses import Address
from domain.admin import BUNDLE_TITLE_JOIN, ExportRow
from domain.order_rules import TERMINAL_STATUSES, UNPAID_STATUSES, OrderStatus
from domain.orders import Order
from domain.reviews import Review, average_rating


def _user(users: Any, user_id: int) -> User | None:
    return None if users is None else users.rows.get(user_id)


def _matches(users: Any, order: Order, needle: str) -> bool:
    texts = [order.order_number]
    for user in (_user(users, order.buyer_id), _user(users, order.seller_id)):
        if user is not None:
            texts += [user.username, user.display_name, user.email]
    return any(needle in text.lower() for text in texts)


class FakeOrders:
    """``rows`` holds the orders and when each one's status last changed (what the timers
    look at), so the unit of work's snapshot rolls both back."""

    def __init__(self, users: Any = None, listings: Any = None) -> None:
        self.rows: dict[str, dict[int, Any]] = {"orders": {}, "changed_at": {},
                                                "offer_ids": {}}
        # The desk joins in the parties and the product (FakeUsers / FakeListings rows).
        self.users, self.listings = users, listings

    @property
    def orders(self) -> dict[int, Order]:
        return self.rows["orders"]

    @property
    def changed_at(self) -> dict[int, datetime]:
        return self.rows["changed_at"]

    async def add(self, order: Order, now: datetime, offer_id: int | None = None) -> Order:
        assert not await self.number_taken(order.order_number)
        order.id = max(self.orders, default=0) + 1
        stored = copy.deepcopy(order)
        stored.events = []
        self.orders[order.id], self.changed_at[order.id] = stored, now
        if offer_id is not None:
            self.rows["offer_ids"][order.id] = offer_id
        return order

    async def for_offers(self, offer_ids: list[int]) -> dict[int, int]:
        found: dict[int, int] = {}
        for order_id, offer_id in sorted(self.rows["offer_ids"].items()):
            if offer_id in offer_ids and self.orders[order_id].status is not (
                    OrderStatus.CANCELLED):
                found[offer_id] = order_id
        return found

    async def offer_of(self, order_id: int) -> int | None:
        return self.rows["offer_ids"].get(order_id)

    async def get(self, order_id: int) -> Order | None:
        return copy.deepcopy(self.orders.get(order_id))

    async def get_by_number(self, order_number: str) -> Order | None:
        return copy.deepcopy(next((o for o in self.orders.values()
                                   if o.order_number == order_number), None))

    async def number_taken(self, order_number: str) -> bool:
        return any(o.order_number == order_number for o in self.orders.values())

    async def save(self, order: Order, expected_status: OrderStatus, now: datetime) -> bool:
        assert order.id is not None
        stored = self.orders.get(order.id)
        if stored is None or stored.status is not expected_status:
            return False
        if order.status is not expected_status:
            self.changed_at[order.id] = now
        self.orders[order.id] = copy.deepcopy(order)
        self.orders[order.id].events = []
        return True

    async def list_for(self, *, buyer_id: int | None = None, seller_id: int | None = None,
                       statuses: Collection[OrderStatus] | None = None, limit: int,
                       after: After | None = None) -> list[Order]:
        found = [o for o in self.orders.values()
                 if buyer_id in (None, o.buyer_id) and seller_id in (None, o.seller_id)
                 and (statuses is None or o.status in statuses)
                 and is_after(o.created_at, o.id or 0, after)]
        found.sort(key=lambda o: (o.created_at, o.id), reverse=True)
        return copy.deepcopy(found[:limit])

    async def names_product(self, product_id: int) -> bool:
        return any(product_id in o.product_ids for o in self.orders.values())

    async def count_open_for(self, user_id: int) -> int:
        return sum(1 for o in self.orders.values() if user_id in (o.buyer_id, o.seller_id)
                   and o.status not in TERMINAL_STATUSES)

    async def delivered_ids(self, delivered_before: datetime, limit: int) -> list[int]:
        due = [(o.delivered_at, i) for i, o in self.orders.items()
               if o.status is OrderStatus.DELIVERED and o.delivered_at is not None
               and o.delivered_at <= delivered_before]
        return [i for _, i in sorted(due)][:limit]

    async def unpaid_ids(self, placed_before: datetime, limit: int) -> list[int]:
        return sorted(i for i, o in self.orders.items()
                      if o.status in UNPAID_STATUSES and o.created_at <= placed_before)[:limit]

    async def status_changed_at(self, order_ids: list[int]) -> dict[int, datetime]:
        return {i: self.changed_at[i] for i in order_ids if i in self.changed_at}


    # -- the administrators' order desk -----------------------------------------------------

    async def desk_page(self, *, statuses: frozenset[OrderStatus] | None, search: str | None,
                        limit: int, after: After | None = None) -> list[Order]:
        found = [o for o in self.orders.values()
                 if (statuses is None or o.status in statuses)
                 and (not search or _matches(self.users, o, search.lower()))
                 and is_after(o.created_at, o.id or 0, after)]
        found.sort(key=lambda o: (o.created_at, o.id), reverse=True)
        return copy.deepcopy(found[:limit])

    async def count_by_status(self) -> dict[OrderStatus, int]:
        counts: dict[OrderStatus, int] = defaultdict(int)
        for order in self.orders.values():
            counts[order.status] += 1
        return dict(counts)

    async def sales(self, statuses: frozenset[OrderStatus]) -> tuple[int, Decimal]:
        sold = [o.price for o in self.orders.values() if o.status in statuses]
        return len(sold), sum(sold, Decimal(0))

    async def export_batch(self, *, statuses: frozenset[OrderStatus] | None,
                           after: After | None, limit: int) -> list[tuple[int, ExportRow]]:
        rows = []
        for order in sorted(self.orders.values(), key=lambda o: (o.created_at, o.id or 0)):
            order_id = order.id or 0
            if not is_after(order.created_at, order_id, after, descending=False):
                continue
            if statuses is not None and order.status not in statuses:
                continue
            buyer = _user(self.users, order.buyer_id)
            seller = _user(self.users, order.seller_id)
            assert self.listings is not None
            titles = [self.listings.rows[pid].title for pid in order.product_ids]
            assert buyer is not None and seller is not None
            rows.append((order_id, ExportRow(
                order.order_number, order.created_at, BUNDLE_TITLE_JOIN.join(titles),
                order.price, order.status, buyer.display_name, buyer.email,
                seller.display_name, seller.email, len(titles))))
            if len(rows) == limit:
                break
        return rows


class FakeOrderEvents:
    def __init__(self) -> None:
        self.rows: list[OrderEventRecord] = []

    async def add(self, order_id: int, kind: str, status: str | None, actor_id: int | None,
                  at: datetime, note: str | None = None) -> None:
        self.rows.append(OrderEventRecord(len(self.rows) + 1, order_id, kind, status,
                                          actor_id, note, at))

    async def for_orders(self, order_ids: list[int]) -> dict[int, list[OrderEventRecord]]:
        found: dict[int, list[OrderEventRecord]] = defaultdict(list)
        for event in sorted(self.rows, key=lambda e: (e.at, e.id)):
            if event.order_id in order_ids:
                found[event.order_id].append(event)
        return found


class FakeAddresses:
    def __init__(self) -> None:
        self.rows: dict[str, Any] = {"orders": {}, "saved": []}

    @property
    def orders(self) -> dict[int, Address]:
        return self.rows["orders"]

    @property
    def saved(self) -> list[SavedAddress]:
        return self.rows["saved"]

    async def lock_owner(self, user_id: int) -> None:
        return None  # one event loop, no awaits between the check and the add

    async def set_for_order(self, order_id: int, address: Address, now: datetime) -> None:
        self.orders[order_id] = address

    async def for_orders(self, order_ids: list[int]) -> dict[int, Address]:
        return {i: self.orders[i] for i in order_ids if i in self.orders}

    async def add_saved(self, user_id: int, address: Address, is_default: bool,
                        now: datetime) -> SavedAddress:
        if is_default:
            self.rows["saved"] = [SavedAddress(s.id, s.user_id, s.address,
                                       s.is_default and s.user_id != user_id, s.created_at)
                          for s in self.saved]
        saved = SavedAddress(len(self.saved) + 1, user_id, address, is_default, now)
        self.saved.append(saved)
        return saved

    async def delete_saved_for(self, user_id: int) -> None:
        self.rows["saved"] = [s for s in self.saved if s.user_id != user_id]

    async def saved_for(self, user_id: int) -> list[SavedAddress]:
        mine = [s for s in self.saved if s.user_id == user_id]
        return sorted(mine, key=lambda s: (s.is_default, s.created_at, s.id), reverse=True)


class FakeReviews:
    def __init__(self, users: Any, orders: FakeOrders) -> None:
        self.rows: dict[int, Review] = {}
        self.users = users
        self.orders = orders

    async def add(self, review: Review) -> Review:
        assert not any(r.order_id == review.order_id and r.reviewer_id == review.reviewer_id
                       for r in self.rows.values())
        review.id = len(self.rows) + 1
        self.rows[review.id] = copy.deepcopy(review)
        return review

    async def for_orders(self, order_ids: list[int]) -> dict[int, list[Review]]:
        found: dict[int, list[Review]] = defaultdict(list)
        for review in sorted(self.rows.values(), key=lambda r: r.id or 0):
            if review.order_id in order_ids:
                found[review.order_id].append(copy.deepcopy(review))
        return found

    async def publish(self, review_ids: list[int], now: datetime) -> None:
        for review_id in review_ids:
            if self.rows[review_id].published_at is None:
                self.rows[review_id].published_at = now

    async def about_user(self, user_id: int, limit: int) -> list[Review]:
        mine = [r for r in self.rows.values() if r.reviewee_id == user_id and r.is_published]
        return copy.deepcopy(sorted(mine, key=lambda r: (r.published_at, r.id),
                                    reverse=True)[:limit])

    async def unpublished_order_ids(self, completed_before: datetime, limit: int) -> list[int]:
        return sorted({r.order_id for r in self.rows.values() if r.published_at is None
                       and self.orders.orders[r.order_id].status is OrderStatus.COMPLETED
                       and self.orders.changed_at[r.order_id] <= completed_before})[:limit]

    async def refresh_rating(self, user_id: int) -> None:
        ratings = [r.rating for r in self.rows.values()
                   if r.reviewee_id == user_id and r.is_published]
        user = self.users.rows[user_id]
        user.rating, user.rating_count = average_rating(ratings), len(ratings)
