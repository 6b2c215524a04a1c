"""Demo reports and a dispute (issue 37): a few open reports, so the admin's Moderation tab
has something to answer (two members report the same listing, one reports a style post and
one reports a member), and one open dispute for the Disputes tab. Deterministic: the
listings and posts are the demo people's first ones, in id order; a report whose target is
missing is skipped."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from application.disputes import DisputeService
from application.ports import Clock, UnitOfWork
from application.ports.media import MediaStore
from application.ports.posts import PostFilter
from domain.catalog import Category
from domain.disputes import DisputeReason
from domain.order_rules import OrderStatus
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


# The demo dispute's claim, in words that fit the item it is about (the order it lands on
# depends on the seeded catalog): by the category of the order's first item.
DISPUTE_DETAILS = {
    Category.TOPS: "There is a hole under the left arm and a stain on the front that the "
                   "photos did not show.",
    Category.BOTTOMS: "The zip is broken and there is a hole by the back pocket that the "
                      "photos did not show.",
    Category.OUTERWEAR: "The lining is torn inside the left sleeve and the zip sticks; the "
                        "photos showed neither.",
    Category.DRESSES: "The hem is coming down at the back and there is a stain on the front "
                      "that the photos did not show.",
    Category.FOOTWEAR: "The sole is coming away at the toe of the left shoe, which the photos "
                       "did not show.",
    Category.ACCESSORIES: "The strap is torn where it joins the bag and the lining is "
                          "stained; the photos showed neither.",
}
OTHER_DETAILS = ("It has a tear along one seam and a stain that the photos did not show, "
                 "and the listing did not mention them.")


class _At:
    """A clock stopped at one moment: the demo dispute is opened an hour after delivery."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def now(self) -> datetime:
        return self.moment


class TrustDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.media = media

    async def seed_dispute(self) -> bool:
        """One open dispute: the newest delivered order's buyer claims an hour after it was
        delivered, or now if that is sooner (through the real use case, so the timeline and
        notices are real), in words that fit its item (``DISPUTE_DETAILS``)."""
        if self.media is None:
            return False
        async with self.uow:
            delivered = await self.uow.orders.list_for(statuses={OrderStatus.DELIVERED}, limit=1)
            buyer = await self.uow.users.get(delivered[0].buyer_id) if delivered else None
        if not delivered or buyer is None or delivered[0].delivered_at is None:
            return False
        order = delivered[0]
        assert order.id is not None and order.delivered_at is not None
        async with self.uow:
            item = await self.uow.listings.get(order.product_id)
        details = DISPUTE_DETAILS.get(item.category, OTHER_DETAILS) if item else OTHER_DETAILS
        # An hour after delivery, but never after the seeding's now: an order delivered in
        # the last hour would open its dispute, and post its thread's line, in the future.
        opened = min(order.delivered_at + timedelta(hours=1), self.clock.now())
        service = DisputeService(self.uow, _At(opened), self.media)
        await service.open(buyer, order.id, DisputeReason.NOT_AS_DESCRIBED.value,
                           details, [])
        return True

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
            found = await self.uow.listings.newest_by_seller(owner_id, 10)
            ids = sorted(listing.id for listing in found if listing.id is not None)
        else:
            posts = await self.uow.posts.list(PostFilter(author_id=owner_id), None, 10)
            ids = sorted(post.id for post in posts if post.id is not None)
        return ids[0] if ids else None
