"""Helpers for offer tests over HTTP: a listing, an offer, what accepted offers hold."""

from __future__ import annotations

from typing import Any

from tests.support import ApiClient
from tests.support.catalog import create


async def listing(client: ApiClient, price: str = "100.00", **changes: Any) -> int:
    return int((await create(client, price=price, **changes))["id"])


async def offer(client: ApiClient, product_id: int, price: str = "80.00", **extra: Any
                ) -> dict[str, Any]:
    response = await client.post("/api/offers", json={"productId": product_id,
                                                      "offerPrice": price, **extra})
    assert response.status_code == 201, response.text
    return response.json()


async def held_by_offers(uow: Any) -> int:
    """How many listings accepted offers hold (reserved for their buyer for 24 hours:
    docs/offers.md); the shop shows the others."""
    from application.ports.offers import OfferQuery
    from domain.offers import OfferStatus

    accepted = await uow.offers.search(
        OfferQuery(statuses=frozenset({OfferStatus.ACCEPTED})), 1000)
    return sum(offer.is_reserving for offer in accepted)
