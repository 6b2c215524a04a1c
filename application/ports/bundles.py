"""Ports of the bundles area: sellers' discount tiers and buyers' bags."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.bundles import BundleTier


class BundleTierRepository(Protocol):
    async def for_seller(self, seller_id: int) -> list[BundleTier]:
        """The seller's tiers, fewest items first (empty: no bundle discounts)."""
    async def for_sellers(self, seller_ids: list[int]) -> dict[int, list[BundleTier]]:
        """Each seller's tiers (sellers without any are left out)."""
    async def replace(self, seller_id: int, tiers: list[BundleTier]) -> None:
        """Make ``tiers`` the seller's only tiers."""


class BagRepository(Protocol):
    async def add(self, user_id: int, product_id: int, now: datetime) -> bool:
        """Put the listing in the user's bag; False when it already was (safe under races)."""
    async def remove(self, user_id: int, product_id: int) -> bool:
        """True when the listing was in the bag."""
    async def remove_many(self, user_id: int, product_ids: list[int]) -> None: ...
    async def product_ids(self, user_id: int) -> list[int]:
        """The listings in the user's bag, first added first."""
    async def holders(self, product_ids: list[int]) -> list[int]:
        """Who has any of these listings in their bag, each once, in id order."""
