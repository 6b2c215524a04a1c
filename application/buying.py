"""Who may buy from whom: one check for the bag, the checkout's Review step and placing the
order, so the three never disagree (a bag that took what the order then refuses).

A buyer buys from another member (403; the bag refuses its own listing with 400 on its
``productId``, domain/bundles.py), both accounts open (a closed buyer 403, a closed
seller 409), neither suspended (the buyer 403, the seller 409), neither having blocked the
other (403) and the seller not away (409).
"""

from __future__ import annotations

from datetime import datetime

from application.blocks import ensure_can_interact
from application.ports import UnitOfWork
from application.suspensions import ensure_can_trade
from application.vacation import ensure_not_away
from domain.checkout import ensure_open_accounts
from domain.moderation import SELLER_SUSPENDED
from domain.orders import ensure_not_own_listing


async def ensure_may_buy(uow: UnitOfWork, buyer_id: int, seller_id: int, now: datetime
                         ) -> None:
    """Refuse (see the module doc) inside an open unit of work."""
    ensure_not_own_listing(buyer_id=buyer_id, seller_id=seller_id)
    buyer, seller = await uow.users.get(buyer_id), await uow.users.get(seller_id)
    ensure_open_accounts(buyer_closed=buyer is None or buyer.is_closed,
                         seller_closed=seller is None or seller.is_closed)
    await ensure_can_trade(uow, buyer_id, seller_id, now, SELLER_SUSPENDED)
    await ensure_can_interact(uow, buyer_id, seller_id)
    await ensure_not_away(uow, [seller_id], now)
