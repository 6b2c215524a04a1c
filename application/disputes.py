"""Disputes: buyer protection that can be claimed (issue 37).

The buyer opens one on an order inside its window (``domain/disputes.py``; the order
becomes ``disputed`` through the order's own status path, so the listing, timeline, thread
notice and notifications follow as for any move); the seller answers, once or more; an
administrator resolves it (release: completed, the seller is paid; refund: refunded). Each
step is a line of the order's timeline (``order_events`` kind ``dispute``), the other side
and the administrators are notified, and the resolution goes to the audit log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from application.audit import record_audit
from application.media import PhotoInput, PhotoIntake
from application.notifications import notify
from application.order_notices import ORDERS_LINK, SALES_LINK, OrderNotices
from application.orders import OPERATOR as _OPERATOR
from application.orders import OrderService, actor_of
from application.ports import Clock, UnitOfWork
from application.ports.media import MediaStore
from domain.accounts import User
from domain.disputes import (
    Dispute,
    DisputeOutcome,
    DisputeResponse,
    DisputeStatus,
    entered_at,
    validate_dispute,
    validate_response,
)
from domain.errors import Conflict, Forbidden, NotFound, ValidationError, require_valid
from domain.fees import CheckoutTotals
from domain.listings import Listing
from domain.moderation import AuditAction, validate_note
from domain.order_rules import OrderStatus
from domain.orders import Order
from domain.validation._rules import clean

DISPUTE_NOT_FOUND = "Dispute not found"
MAX_LISTED = 200


@dataclass(frozen=True)
class DisputeView:
    dispute: Dispute
    order: Order
    buyer: User | None
    seller: User | None
    # The order's listings, first first (None: one since removed), and its bill (the total
    # the buyer paid), read with the dispute so the desk shows what it is about.
    items: list[Listing | None]
    totals: CheckoutTotals


class DisputeService:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 notices: OrderNotices | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.photos = PhotoIntake(media)
        self.orders = OrderService(uow, clock, notices)

    async def open(self, buyer: User, order_id: int, reason: str | None, details: str | None,
                   photos: list[PhotoInput]) -> DisputeView:
        chosen, errors = validate_dispute(reason, details, len(photos))
        if chosen is None or errors:
            raise ValidationError(errors)
        # Refuse what can be refused before any photo is stored.
        async with self.uow:
            order = await self._order(buyer, order_id)
            shipped_at = await self._shipped_at(order)
            order.open_dispute(actor_of(buyer), chosen, self.clock.now(), shipped_at)
        images = await self.photos.store(self.photos.prepare(photos))
        now = self.clock.now()
        async with self.uow:
            order = await self._order(buyer, order_id)
            before = order.status
            order.open_dispute(actor_of(buyer), chosen, now, await self._shipped_at(order))
            assert order.id is not None and buyer.id is not None
            dispute = await self.uow.disputes.add(Dispute(
                order_id=order.id, buyer_id=order.buyer_id, seller_id=order.seller_id,
                reason=chosen, details=clean(details), photos=[i.url for i in images],
                created_at=now))
            await self.orders.store_change(order, before, now)
            await self.uow.order_events.add(order.id, "dispute", "opened", buyer.id, now,
                                            f"{chosen.label}: {clean(details)}")
            for admin_id in await self.uow.disputes.admin_ids():
                await self._tell(admin_id, f"New dispute on order {order.order_number}",
                                 f"Order {order.order_number}: {chosen.label}.",
                                 "/admin?tab=disputes")
            self.orders.notices.updated(self.uow, order)
            await self.uow.commit()
            view = await self._view(dispute, order)
        return view

    async def respond(self, author: User, dispute_id: int, text: str | None,
                      photos: list[PhotoInput]) -> DisputeView:
        """The seller (or the buyer, adding to their claim) writes on an open dispute."""
        require_valid(validate_response(text, len(photos)))
        async with self.uow:
            dispute = await self._visible(author, dispute_id)
            self._may_respond(author, dispute)
        images = await self.photos.store(self.photos.prepare(photos))
        now = self.clock.now()
        async with self.uow:
            dispute = await self._visible(author, dispute_id)
            self._may_respond(author, dispute)
            assert author.id is not None and dispute.id is not None
            await self.uow.disputes.respond(dispute.id, DisputeResponse(
                author_id=author.id, text=clean(text), photos=[i.url for i in images],
                created_at=now))
            await self.uow.order_events.add(dispute.order_id, "dispute", "response",
                                            author.id, now, clean(text))
            other = dispute.buyer_id if author.id == dispute.seller_id else dispute.seller_id
            order = await self._order_of(dispute)
            await self._tell(other, f"New answer on the dispute about order "
                                    f"{order.order_number}",
                             f"Order {order.order_number}: {clean(text)[:120]}",
                             SALES_LINK if other == dispute.seller_id else ORDERS_LINK)
            # Both sides' open order pages refetch the order and its dispute, as on opening.
            self.orders.notices.updated(self.uow, order)
            await self.uow.commit()
            view = await self._view(await self._visible(author, dispute_id), order)
        return view

    async def get(self, viewer: User, dispute_id: int) -> DisputeView:
        async with self.uow:
            dispute = await self._visible(viewer, dispute_id)
            return await self._view(dispute, await self._order_of(dispute))

    async def for_order(self, viewer: User, order_id: int) -> DisputeView | None:
        async with self.uow:
            order = await self._order(viewer, order_id, buyer_only=False)
            dispute = await self.uow.disputes.for_order(order_id)
            return None if dispute is None else await self._view(dispute, order)

    async def list(self, admin: User | None, status: str | None = None) -> list[DisputeView]:
        if admin is not None:
            admin.ensure_admin()
        wanted = DisputeStatus.parse(status or "open")
        if wanted is None:
            raise ValidationError({"status": "Status must be open or resolved"})
        async with self.uow:
            disputes = await self.uow.disputes.by_status(wanted, MAX_LISTED)
            return await dispute_views(self.uow, [(d, await self._order_of(d))
                                                  for d in disputes])

    async def resolve(self, admin: User | None, dispute_id: int, outcome: str | None,
                      note: str | None) -> DisputeView:
        """``admin`` None: the operator at a terminal (``rethread disputes resolve``)."""
        if admin is not None:
            admin.ensure_admin()
        chosen = DisputeOutcome.parse(outcome)
        if chosen is None:
            raise ValidationError({"outcome": "Outcome must be release or refund"})
        require_valid(validate_note(note))
        now = self.clock.now()
        async with self.uow:
            dispute = await self.uow.disputes.get(dispute_id)
            if dispute is None:
                raise NotFound(DISPUTE_NOT_FOUND)
            if dispute.status is DisputeStatus.RESOLVED:
                raise Conflict("This dispute has already been resolved.")
            order = await self._order_of(dispute)
            before = order.status
            actor = actor_of(admin) if admin is not None else _OPERATOR
            order.resolve_dispute(actor, chosen, now)
            dispute.status, dispute.outcome, dispute.note = (DisputeStatus.RESOLVED, chosen,
                                                             clean(note) or None)
            dispute.resolved_by, dispute.resolved_at = (admin.id if admin else None), now
            if not await self.uow.disputes.resolve(dispute):
                raise Conflict("This dispute has already been resolved.")
            # The move's notices (order_notices.RESOLUTION_NOTICES) tell each side once,
            # in their own words, with the note.
            await self.orders.store_change(order, before, now, clean(note) or None)
            assert order.id is not None
            await self.uow.order_events.add(order.id, "dispute", chosen.value,
                                            admin.id if admin else None, now,
                                            clean(note) or None)
            await record_audit(self.uow, admin, AuditAction.DISPUTE_RESOLVED, "dispute",
                               dispute_id, f"{chosen.value}: {clean(note)}".rstrip(": "),
                               self.clock)
            self.orders.notices.updated(self.uow, order)
            await self.uow.commit()
            view = await self._view(dispute, order)
        return view

    # -- helpers -----------------------------------------------------------------------

    async def _tell(self, user_id: int, title: str, body: str, link: str) -> None:
        await notify(self.uow, user_id=user_id, kind="order_update", title=title, body=body,
                     link=link, now=self.clock.now())

    @staticmethod
    def _may_respond(author: User, dispute: Dispute) -> None:
        if author.id not in (dispute.buyer_id, dispute.seller_id):
            raise Forbidden("Only the buyer and the seller can answer a dispute.")
        if dispute.status is not DisputeStatus.OPEN:
            raise Conflict("This dispute has been resolved.")

    async def _order(self, viewer: User, order_id: int, *, buyer_only: bool = True) -> Order:
        order = await self.uow.orders.get(order_id)
        if order is None:
            raise NotFound("Order not found")
        party = viewer.id in (order.buyer_id, order.seller_id)
        if buyer_only and viewer.id != order.buyer_id:
            raise Forbidden("Only the buyer can open a dispute.")
        if not buyer_only and not (party or viewer.is_admin):
            raise Forbidden("You are not part of this order.")
        return order

    async def _order_of(self, dispute: Dispute) -> Order:
        order = await self.uow.orders.get(dispute.order_id)
        if order is None:
            raise NotFound("Order not found")
        return order

    async def _visible(self, viewer: User, dispute_id: int) -> Dispute:
        dispute = await self.uow.disputes.get(dispute_id)
        if dispute is None:
            raise NotFound(DISPUTE_NOT_FOUND)
        if not dispute.may_see(viewer.id, viewer.is_admin):
            raise Forbidden("You are not part of this dispute.")
        return dispute

    async def _shipped_at(self, order: Order) -> datetime | None:
        return await self._entered(order, OrderStatus.SHIPPED)

    async def _entered(self, order: Order, status: OrderStatus) -> datetime | None:
        """When the order last moved to ``status``, by its timeline."""
        events = (await self.uow.order_events.for_orders([order.id or 0])).get(order.id or 0, [])
        return entered_at(events, status)

    async def _view(self, dispute: Dispute, order: Order) -> DisputeView:
        return (await dispute_views(self.uow, [(dispute, order)]))[0]


async def dispute_views(uow: UnitOfWork, pairs: list[tuple[Dispute, Order]]
                        ) -> list[DisputeView]:
    """Each dispute with its parties, its order's listings and bill (one read of the people
    and one of the listings for them all), inside an open ``uow``."""
    users = await uow.users.get_many(
        {uid for d, _ in pairs for uid in (d.buyer_id, d.seller_id)})
    listings = await uow.listings.get_many(
        list({pid for _, order in pairs for pid in order.product_ids}))
    return [DisputeView(d, order, users.get(d.buyer_id), users.get(d.seller_id),
                        [listings.get(pid) for pid in order.product_ids], order.totals)
            for d, order in pairs]

