"""Ending a member's dealings when they can no longer trade: their account is closed
(``application/account_closure.py``), they are suspended (``application/moderation.py``) or
one of two members blocks the other (``application/blocks.py``, only the pair's dealings).

An accepted offer whose reservation is unused is declined for the reason given and its
listing freed (:func:`end_reservations`); an offer still waiting for an answer is closed
(:func:`close_own_offers`). Both run inside the caller's transaction.
"""

from __future__ import annotations

from datetime import datetime

from application.offer_news import offer_updated_event, tell
from application.ports import UnitOfWork
from application.ports.offers import OfferQuery
from domain.catalog import ListingStatus
from domain.offers import OPEN_STATUSES, DeclineReason, OfferStatus

BATCH = 1000


async def end_reservations(uow: UnitOfWork, user_id: int, reason: DeclineReason,
                           now: datetime, *, with_member: int | None = None,
                           own_listings: ListingStatus = ListingStatus.AVAILABLE) -> None:
    """Every accepted offer whose reservation is unused, with ``user_id`` as buyer or seller
    (and ``with_member`` as the other party, when given), is declined for ``reason`` (both
    are told, as for any decline) and its listing freed: to ``own_listings`` when
    ``user_id`` sells it, back in the shop when the other party does. Each is read again
    under the listing's lock, which checkout with the offer takes too (docs/offers.md): an
    order placed first used the reservation; one placed after finds the offer declined."""
    accepted = frozenset({OfferStatus.ACCEPTED})
    queries = (OfferQuery(seller_id=user_id, buyer_id=with_member, statuses=accepted),
               OfferQuery(buyer_id=user_id, seller_id=with_member, statuses=accepted))
    found = [offer for query in queries
             for offer in await uow.offers.search(query, BATCH) if offer.is_reserving]
    for seen in found:
        assert seen.id is not None
        await uow.offers.lock_listing(seen.product_id)
        offer = await uow.offers.get(seen.id)  # read again under the lock
        if offer is None or not offer.is_reserving:
            continue
        offer.end_reservation(reason, now)
        await uow.offers.save(offer, was=OfferStatus.ACCEPTED)
        freed = own_listings if offer.seller_id == user_id else ListingStatus.AVAILABLE
        await uow.listings.claim_status(offer.product_id, ListingStatus.RESERVED, freed, now)
        listing = await uow.listings.get(offer.product_id)
        await tell(uow, offer, title=listing.title if listing else "this item", now=now)


async def close_own_offers(uow: UnitOfWork, buyer_id: int, reason: DeclineReason,
                           now: datetime, *, seller_id: int | None = None) -> None:
    """The buyer's offers still waiting for an answer (to ``seller_id`` only, when given)
    are closed for ``reason`` (both sides' pages hear ``offer_updated``). Each is read again
    under its listing's lock, as every answer to an offer is: one accepted meanwhile is left
    to :func:`end_reservations`, which the callers run after this."""
    query = OfferQuery(buyer_id=buyer_id, seller_id=seller_id,
                       statuses=frozenset(OPEN_STATUSES))
    for seen in await uow.offers.search(query, BATCH):
        assert seen.id is not None
        await uow.offers.lock_listing(seen.product_id)
        offer = await uow.offers.get(seen.id)
        if offer is None or not offer.is_open:
            continue
        was = offer.status
        offer.decline(reason)
        offer.updated_at = now
        await uow.offers.save(offer, was=was)
        uow.publish([offer.buyer_id, offer.seller_id], offer_updated_event(offer))


async def end_dealings_between(uow: UnitOfWork, a: int, b: int, now: datetime) -> None:
    """A block between ``a`` and ``b``: the reservations either holds from the other end
    (the listings are back in the shop) and the offers either has open with the other are
    closed (``member_blocked``)."""
    await close_own_offers(uow, a, DeclineReason.MEMBER_BLOCKED, now, seller_id=b)
    await close_own_offers(uow, b, DeclineReason.MEMBER_BLOCKED, now, seller_id=a)
    await end_reservations(uow, a, DeclineReason.MEMBER_BLOCKED, now, with_member=b)
