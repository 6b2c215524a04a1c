"""Helpers for offer tests over HTTP: several people, each with their own session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx
from litestar import Litestar

from tests.support import ApiClient
from tests.support.catalog import create


@asynccontextmanager
async def people(app: Litestar, *names: str) -> AsyncIterator[dict[str, ApiClient]]:
    """One registered, logged-in client per name, each with its own cookies, all calling
    ``app`` in the test's own event loop (so their requests really run concurrently)."""
    async with AsyncExitStack() as stack:
        clients = {}
        for name in names:
            raw = await stack.enter_async_context(httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://testserver.local"))
            client = ApiClient(raw)  # type: ignore[arg-type]
            response = await client.register(name)
            assert response.status_code == 201, response.text
            clients[name] = client
        yield clients


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
