"""Demo reports on each database: the admin's Moderation tab has open reports to answer."""

from __future__ import annotations

import pytest
from dependency_injector import providers

from domain.disputes import DisputeStatus
from domain.reports import ReportStatus, group_reports
from entrypoints.container import Container
from tests.adapters.test_adapters_demo_catalog import QuickPictures

pytestmark = pytest.mark.adapters


async def test_demo_has_open_reports_grouped_by_target(container: Container) -> None:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    assert await container.demo_seeder().seed(listings=24)
    async with container.uow() as uow:
        reports = await uow.reports.by_status(ReportStatus.OPEN, 50)
        disputes = await uow.disputes.by_status(DisputeStatus.OPEN, 10)
        order = await uow.orders.get(disputes[0].order_id) if disputes else None
    groups = group_reports(reports)
    assert len(reports) >= 3
    assert any(group.count == 2 for group in groups)
    assert {r.target_type.value for r in reports} >= {"listing", "user"}
    assert all(r.reporter_id != r.target_owner_id for r in reports)
    assert len(disputes) == 1 and order is not None
    assert order.status.value == "disputed" and order.buyer_id == disputes[0].buyer_id
