"""The dispute repository against real databases: one dispute per order (the unique index
decides two claims sent at once), a dispute read back with its photos and responses in
order, the desk's lists by status, and resolving once."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest

from application.ports import UnitOfWork
from domain.accounts import Role
from domain.disputes import (
    Dispute,
    DisputeOutcome,
    DisputeReason,
    DisputeResponse,
    DisputeStatus,
)
from domain.errors import Conflict
from domain.order_rules import OrderStatus
from entrypoints.container import Container
from tests.support import NOW, add_listing, add_users, an_order, ids_of

pytestmark = pytest.mark.adapters


async def delivered_orders(uow: UnitOfWork, seller: int, buyer: int, count: int) -> list[int]:
    """``count`` delivered orders of the buyer's, each of its own listing."""
    ids = []
    for n in range(count):
        listing = await add_listing(uow, seller, title=f"Coat {n}")
        async with uow:
            order = await uow.orders.add(an_order(listing.id or 0, buyer, seller,
                                                  order_number=f"1-DISPUTE{n}",
                                                  status=OrderStatus.DELIVERED), NOW)
            await uow.commit()
        ids.append(order.id or 0)
    return ids


def a_dispute(order_id: int, buyer: int, seller: int, minutes: int = 0, **changes: Any
              ) -> Dispute:
    made = Dispute(order_id=order_id, buyer_id=buyer, seller_id=seller,
                   reason=DisputeReason.DAMAGED, details="The sleeve is torn.",
                   photos=["/media/torn.webp"], created_at=NOW + timedelta(minutes=minutes))
    return replace(made, **changes)


async def test_an_order_has_one_dispute_read_back_with_its_responses_in_order(
        container: Container) -> None:
    sam, maya = ids_of(await add_users(container.uow(), "sam", "maya"))
    disputed, calm = await delivered_orders(container.uow(), sam, maya, 2)
    async with container.uow() as uow:
        dispute = await uow.disputes.add(a_dispute(
            disputed, maya, sam, photos=["/media/a.webp", "/media/b.webp"]))
        for minutes, (author, text) in enumerate(((sam, "It was fine when sent."),
                                                  (maya, "See the photo."))):
            await uow.disputes.respond(dispute.id or 0, DisputeResponse(
                author, text, [f"/media/{minutes}.webp"] * minutes,
                NOW + timedelta(minutes=minutes + 1)))
        await uow.commit()
    with pytest.raises(Conflict):  # a second claim on the same order, sent at once
        async with container.uow() as uow:
            await uow.disputes.add(a_dispute(disputed, maya, sam,
                                             reason=DisputeReason.NOT_AS_DESCRIBED))
            await uow.commit()
    async with container.uow() as uow:
        stored = await uow.disputes.for_order(disputed)
        assert stored is not None and stored == await uow.disputes.get(dispute.id or 0)
        assert (stored.id, stored.reason, stored.status) == (
            dispute.id, DisputeReason.DAMAGED, DisputeStatus.OPEN)
        assert stored.photos == ["/media/a.webp", "/media/b.webp"]
        assert [(r.author_id, r.text, r.photos) for r in stored.responses] == [
            (sam, "It was fine when sent.", []), (maya, "See the photo.", ["/media/1.webp"])]
        assert await uow.disputes.for_order(calm) is None
        assert await uow.disputes.get(999) is None


async def test_the_desk_lists_one_status_newest_first_up_to_the_limit(
        container: Container) -> None:
    sam, maya = ids_of(await add_users(container.uow(), "sam", "maya"))
    orders = await delivered_orders(container.uow(), sam, maya, 4)
    async with container.uow() as uow:
        # The first two share a moment: the later id comes first.
        first, twin, newest, closed = [
            (await uow.disputes.add(a_dispute(order, maya, sam, minutes))).id
            for order, minutes in zip(orders, (0, 0, 10, 20), strict=True)]
        await uow.disputes.respond(twin or 0, DisputeResponse(sam, "Sorry", [], NOW))
        assert await uow.disputes.resolve(a_dispute(
            orders[3], maya, sam, id=closed, outcome=DisputeOutcome.REFUND, resolved_at=NOW))
        await uow.commit()
    async with container.uow() as uow:
        open_ = await uow.disputes.by_status(DisputeStatus.OPEN, limit=10)
        assert [d.id for d in open_] == [newest, twin, first]
        assert [len(d.responses) for d in open_] == [0, 1, 0]
        assert [d.id for d in await uow.disputes.by_status(DisputeStatus.OPEN, limit=2)] == [
            newest, twin]
        assert [d.id for d in await uow.disputes.by_status(DisputeStatus.RESOLVED, 10)] == [
            closed]


async def test_a_dispute_is_resolved_once_by_whichever_administrator_comes_first(
        container: Container) -> None:
    sam, maya = ids_of(await add_users(container.uow(), "sam", "maya"))
    boss, deputy = ids_of(await add_users(container.uow(), "boss", "deputy", role=Role.ADMIN))
    order = (await delivered_orders(container.uow(), sam, maya, 1))[0]
    async with container.uow() as uow:
        dispute = await uow.disputes.add(a_dispute(order, maya, sam))
        assert sorted(await uow.disputes.admin_ids()) == [boss, deputy]
        await uow.commit()
    refund = replace(dispute, outcome=DisputeOutcome.REFUND, note="Torn on arrival.",
                     resolved_by=boss, resolved_at=NOW + timedelta(hours=1))
    release = replace(dispute, outcome=DisputeOutcome.RELEASE, note="Looks fine.",
                      resolved_by=deputy, resolved_at=NOW + timedelta(hours=2))
    async with container.uow() as uow:
        assert await uow.disputes.resolve(refund)
        await uow.commit()
    async with container.uow() as uow:
        assert not await uow.disputes.resolve(release)
        assert not await uow.disputes.resolve(replace(dispute, id=999))
        await uow.commit()
    async with container.uow() as uow:
        stored = await uow.disputes.get(dispute.id or 0)
        assert stored is not None
        assert (stored.status, stored.outcome, stored.note, stored.resolved_by,
                stored.resolved_at) == (DisputeStatus.RESOLVED, DisputeOutcome.REFUND,
                                        "Torn on arrival.", boss, NOW + timedelta(hours=1))
