"""Demo reports (issue 37): a few open reports, so the admin's Moderation tab has something
to answer: two members report the same listing (one group of two), one reports a style post
and one reports a member. Deterministic: the listings and posts are the demo people's first
ones, in id order; a report whose target is missing is skipped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from application.ports import Clock, UnitOfWork
from application.ports.catalog import ListingFilter, ListingSort
from application.ports.posts import PostFilter
from domain.reports import Report, ReportReason, ReportTarget


@dataclass(frozen=True)
class DemoReport:
    reporter: str
    target: ReportTarget
    owner: str
    reason: ReportReason
    details: str
    hours_ago: int


REPORTS = [
    DemoReport("sofia", ReportTarget.LISTING, "lucas", ReportReason.COUNTERFEIT,
               "The logo stitching looks nothing like the real brand.", 20),
    DemoReport("emma", ReportTarget.LISTING, "lucas", ReportReason.COUNTERFEIT,
               "Same photos as another shop's listing.", 8),
    DemoReport("jamal", ReportTarget.POST, "theo", ReportReason.SPAM,
               "Links to an outside shop in every post.", 30),
    DemoReport("maya", ReportTarget.USER, "priya", ReportReason.HARASSMENT,
               "Keeps messaging after I said no.", 4),
]


class TrustDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def seed(self) -> int:
        made = 0
        now = self.clock.now()
        async with self.uow:
            for item in REPORTS:
                reporter = await self.uow.users.get_by_login(item.reporter)
                owner = await self.uow.users.get_by_login(item.owner)
                if reporter is None or owner is None or reporter.id is None or owner.id is None:
                    continue
                target_id = await self._target(item.target, owner.id)
                if target_id is None:
                    continue
                await self.uow.reports.add(Report(
                    reporter_id=reporter.id, target_type=item.target, target_id=target_id,
                    target_owner_id=owner.id, reason=item.reason, details=item.details,
                    created_at=now - timedelta(hours=item.hours_ago)))
                made += 1
            await self.uow.commit()
        return made

    async def _target(self, target: ReportTarget, owner_id: int) -> int | None:
        if target is ReportTarget.USER:
            return owner_id
        if target is ReportTarget.LISTING:
            found = await self.uow.listings.search(ListingFilter(seller_id=owner_id),
                                                   ListingSort.MOST_RECENT, 10)
            ids = sorted(listing.id for listing in found if listing.id is not None)
        else:
            posts = await self.uow.posts.list(PostFilter(author_id=owner_id), None, 10)
            ids = sorted(post.id for post in posts if post.id is not None)
        return ids[0] if ids else None
