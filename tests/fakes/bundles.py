"""In-memory bundle tiers and bags (application/ports/bundles.py)."""

from __future__ import annotations

from datetime import datetime

from domain.bundles import BundleTier


class FakeBundleTiers:
    def __init__(self) -> None:
        self.rows: dict[int, list[BundleTier]] = {}

    async def for_seller(self, seller_id: int) -> list[BundleTier]:
        return list(self.rows.get(seller_id, []))

    async def for_sellers(self, seller_ids: list[int]) -> dict[int, list[BundleTier]]:
        return {i: list(self.rows[i]) for i in set(seller_ids) if self.rows.get(i)}

    async def replace(self, seller_id: int, tiers: list[BundleTier]) -> None:
        self.rows[seller_id] = sorted(tiers)


class FakeBag:
    def __init__(self) -> None:
        self.rows: dict[tuple[int, int], datetime] = {}

    async def add(self, user_id: int, product_id: int, now: datetime) -> bool:
        if (user_id, product_id) in self.rows:
            return False
        self.rows[(user_id, product_id)] = now
        return True

    async def remove(self, user_id: int, product_id: int) -> bool:
        return self.rows.pop((user_id, product_id), None) is not None

    async def remove_many(self, user_id: int, product_ids: list[int]) -> None:
        for product_id in product_ids:
            self.rows.pop((user_id, product_id), None)

    async def product_ids(self, user_id: int) -> list[int]:
        mine = [(at, pid) for (uid, pid), at in self.rows.items() if uid == user_id]
        return [pid for _, pid in sorted(mine)]

    async def holders(self, product_ids: list[int]) -> list[int]:
        return sorted({uid for uid, pid in self.rows if pid in product_ids})
