"""Disputes over HTTP (issue 37): the buyer opens one on an order, the seller answers,
administrators list and resolve them. Photos travel as data URLs (the listing photo rules)."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.disputes import DisputeService, DisputeView
from application.media import MAX_IMAGE_BYTES
from domain.accounts import User
from domain.disputes import (
    MAX_PHOTOS,
)
from domain.listings import Listing
from domain.money import format_amount
from entrypoints.http.bodies import too_large_upload
from entrypoints.http.guards import TOO_LARGE
from entrypoints.http.schemas.disputes import (
    DisputeIn,
    DisputeItemOut,
    DisputeOut,
    DisputePartyOut,
    DisputeResponseOut,
    ResolveDisputeIn,
    ResponseIn,
)

MAX_DISPUTE_BODY = MAX_PHOTOS * MAX_IMAGE_BYTES * 4 // 3 + 1024 * 1024
DISPUTE_TOO_LARGE = too_large_upload(MAX_PHOTOS)
StatusFilter = Annotated[str | None, Parameter(query="status",
                                               description="open (default) or resolved")]


def _party(user: User | None) -> DisputePartyOut | None:
    if user is None or user.id is None:
        return None
    return DisputePartyOut(id=user.id, username=user.username, display_name=user.display_name)


def _item(product_id: int, listing: Listing | None) -> DisputeItemOut:
    if listing is None:
        return DisputeItemOut(id=product_id, title="Removed listing", image=None)
    cover = listing.cover
    return DisputeItemOut(id=product_id, title=listing.title,
                          image=cover.thumbnail_url if cover else None)


def dispute_out(view: DisputeView) -> DisputeOut:
    d, order = view.dispute, view.order
    assert d.id is not None
    return DisputeOut(
        id=d.id, order_id=d.order_id, order_number=order.order_number,
        order_status=order.status.value, order_placed_at=order.created_at,
        order_total=format_amount(view.totals.total),
        items=[_item(pid, listing) for pid, listing in zip(order.product_ids, view.items,
                                                           strict=True)],
        buyer=_party(view.buyer),
        seller=_party(view.seller), reason=d.reason.value, reason_label=d.reason.label,
        details=d.details, photos=d.photos, status=d.status.value,
        outcome=d.outcome.value if d.outcome else None,
        outcome_label=d.outcome.label if d.outcome else None, note=d.note,
        created_at=d.created_at, resolved_at=d.resolved_at,
        responses=[DisputeResponseOut(id=r.id or 0, author_id=r.author_id, text=r.text,
                                      photos=r.photos, created_at=r.created_at)
                   for r in d.responses])


class DisputeController(Controller):
    path = "/api"
    tags = ["disputes"]

    @post("/orders/{order_id:int}/dispute", status_code=HTTP_201_CREATED,
          request_max_body_size=MAX_DISPUTE_BODY,
          opt={"errors": {413}, TOO_LARGE: DISPUTE_TOO_LARGE})
    async def open(self, order_id: int, data: DisputeIn, current_user: User,
                   disputes: DisputeService) -> DisputeOut:
        """Open a dispute on my order.

        The order's buyer only: 401 for visitors, 403 for anyone else (its seller and
        administrators included), 404 for an unknown order. The buyer claims buyer
        protection with a `reason` (not as described, damaged, counterfeit, not received,
        other), details and up to 5 photos (data URLs); the order moves to disputed and
        administrators are notified. 201 with the dispute. 400 names each field to correct
        (also a photo that is not an image); 409 when the order is not in its claim window
        or the reason is not open yet (the message says why); 413 for photos over the size
        limit.
        """
        return dispute_out(await disputes.open(current_user, order_id, data.reason,
                                               data.details, list(data.photos)))

    @get("/orders/{order_id:int}/dispute")
    async def of_order(self, order_id: int, current_user: User, disputes: DisputeService
                       ) -> DisputeOut | None:
        """Read an order's dispute.

        The order's buyer, its seller or an administrator: 401 for visitors, 403 for anyone
        else, 404 for an unknown order. The dispute with its responses, or `null` when the
        order has none.
        """
        view = await disputes.for_order(current_user, order_id)
        return None if view is None else dispute_out(view)

    @get("/disputes/{dispute_id:int}")
    async def show(self, dispute_id: int, current_user: User, disputes: DisputeService
                  ) -> DisputeOut:
        """Read a dispute.

        Its buyer, its seller or an administrator: 401 for visitors, 403 for anyone else,
        404 for an unknown id. The dispute with the order's number, status, items and total,
        the claim, its photos, every response and the outcome once resolved.
        """
        return dispute_out(await disputes.get(current_user, dispute_id))

    @post("/disputes/{dispute_id:int}/responses", status_code=HTTP_201_CREATED,
          request_max_body_size=MAX_DISPUTE_BODY,
          opt={"errors": {413}, TOO_LARGE: DISPUTE_TOO_LARGE})
    async def respond(self, dispute_id: int, data: ResponseIn, current_user: User,
                      disputes: DisputeService) -> DisputeOut:
        """Answer a dispute.

        Its buyer or seller (the seller answering the claim, the buyer adding to it): 401
        for visitors, 403 for anyone else (administrators included), 404 for an unknown id.
        Text and up to 5 photos (data URLs); the other side is notified. 201 with the
        dispute. 400 names each field to correct; 409 once the dispute is resolved; 413 for
        photos over the size limit.
        """
        return dispute_out(await disputes.respond(current_user, dispute_id, data.text,
                                                  list(data.photos)))

    @get("/admin/disputes")
    async def list_disputes(self, admin: User, disputes: DisputeService,
                            status: StatusFilter = None) -> list[DisputeOut]:
        """List the disputes desk.

        Administrators only (401 for visitors, 403 for members). Disputes with their orders
        (up to 200), `status` open (the default) or resolved (400 otherwise).
        """
        return [dispute_out(v) for v in await disputes.list(admin, status)]

    @post("/admin/disputes/{dispute_id:int}/resolve", status_code=HTTP_200_OK)
    async def resolve(self, dispute_id: int, data: ResolveDisputeIn, admin: User,
                      disputes: DisputeService) -> DisputeOut:
        """Resolve a dispute.

        Administrators only (401 for visitors, 403 for members, and for an administrator who
        is the order's buyer or seller). `outcome` release (the order completes and the
        seller is paid) or refund (the order is refunded), with an optional note both sides
        are told; audited. 200 with the dispute. 400 for another outcome or an over-long
        note; 404 for an unknown dispute; 409 when it is already resolved.
        """
        return dispute_out(await disputes.resolve(admin, dispute_id, data.outcome, data.note))
