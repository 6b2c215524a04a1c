"""Offer use cases with in-memory fakes: making, answering, declining, badges, pages."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from application.catalog import CatalogService
from application.offers import OfferService, decline_open_offers
from domain.accounts import User
from domain.analytics import ActivityKind
from domain.catalog import ListingStatus
from domain.errors import Conflict, Forbidden, IllegalTransition, NotFound, ValidationError
from domain.listings import ListingDetails
from domain.moderation import OFFER_PARTY_SUSPENDED, Suspension
from domain.offers import COUNTER_ABOVE_LISTING, OfferStatus
from entrypoints.container import Container
from tests.fakes import FakeRealtime, FakeUnitOfWork, FixedClock
from tests.support import add_user

pytestmark = pytest.mark.unit

PNG = "data:image/png;base64,iVBORw0KGgpwaXhlbHM="
DETAILS = ListingDetails("Wool coat", "Warm and barely worn.", "100", "Zara", "m", "good",
                         "outerwear")


class World:
    """The offer and catalog services of the faked container, and the fakes behind them."""

    def __init__(self, container: Container) -> None:
        self.uow: FakeUnitOfWork = container.uow()
        self.clock: FixedClock = container.clock()
        self.realtime: FakeRealtime = container.realtime()
        self.offers: OfferService = container.offers()
        self.catalog: CatalogService = container.catalog()

    async def user(self, name: str) -> User:
        return await add_user(self.uow, name, created_at=self.clock.now())

    async def users(self, *names: str) -> list[User]:
        return [await self.user(name) for name in names]

    async def listing(self, seller: User) -> int:
        view = await self.catalog.create(seller, DETAILS, [PNG])
        assert view.listing.id is not None
        return view.listing.id


@pytest.fixture
def world(container: Container) -> World:
    return World(container)


async def test_an_offer_is_stored_pending_with_its_listing_and_people(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    coat = await world.listing(maya)
    view = await world.offers.make(sofia, coat, "80", "Hi")
    assert view.offer.status is OfferStatus.PENDING
    assert view.offer.listing_price == Decimal("100.00")
    assert view.product.title == "Wool coat"
    made = [(a.kind, a.user_id, a.at) for a in world.uow.activity.rows
            if a.kind is ActivityKind.OFFER_MADE]
    assert made == [(ActivityKind.OFFER_MADE, sofia.id, world.clock.now())]
    assert view.buyer and view.buyer.username == "sofia"
    assert view.seller and view.seller.username == "maya"
    assert (await world.offers.counts(maya)).new_seller_offers == 1


async def test_refused_offers_store_nothing(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    coat = await world.listing(maya)
    with pytest.raises(NotFound):
        await world.offers.make(sofia, 999, "10")
    with pytest.raises(Forbidden):
        await world.offers.make(maya, coat, "10")
    with pytest.raises(ValidationError):
        await world.offers.make(sofia, coat, "")
    with pytest.raises(ValidationError, match="at least"):
        await world.offers.make(sofia, coat, "10")
    await world.offers.make(sofia, coat, "60")
    with pytest.raises(Conflict, match="open offer"):
        await world.offers.make(sofia, coat, "61")
    async with world.uow:
        listing = await world.uow.listings.get(coat)
        assert listing is not None
        listing.status = ListingStatus.RESERVED
        await world.uow.listings.save(listing)
        await world.uow.commit()
    lena = await world.user("lena")
    with pytest.raises(Conflict, match="reserved for another buyer"):
        await world.offers.make(lena, coat, "60")
    assert len(world.uow.offers.rows) == 1
    assert [a.kind for a in world.uow.activity.rows].count(ActivityKind.OFFER_MADE) == 1


async def test_accepting_declines_the_other_open_offers(world: World) -> None:
    maya, sofia, lena = await world.users("maya", "sofia", "lena")
    coat = await world.listing(maya)
    sofias = (await world.offers.make(sofia, coat, "70")).offer
    lenas = (await world.offers.make(lena, coat, "75")).offer
    await world.offers.respond(maya, lenas.id or 0, "accepted")
    declined = world.uow.offers.rows[sofias.id or 0]
    assert declined.status is OfferStatus.REJECTED
    assert declined.decline_reason == "other_offer_accepted"
    assert not declined.buyer_seen
    assert (await world.offers.counts(sofia)).accepted_buyer_offers == 0  # rejected: no badge
    assert (await world.offers.counts(lena)).accepted_buyer_offers == 1
    assert coat in world.uow.offers.locked


async def test_an_unavailable_listing_cannot_be_accepted_or_countered(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    coat = await world.listing(maya)
    made = (await world.offers.make(sofia, coat, "70")).offer
    async with world.uow:
        listing = await world.uow.listings.get(coat)
        assert listing is not None
        listing.status = ListingStatus.RESERVED
        await world.uow.listings.save(listing)
        await world.uow.commit()
    for status in ("accepted", "countered"):
        with pytest.raises(Conflict, match="reserved for another buyer"):
            await world.offers.respond(maya, made.id or 0, status, "90")
    assert world.uow.offers.rows[made.id or 0].status is OfferStatus.PENDING
    await world.offers.respond(maya, made.id or 0, "rejected")
    assert world.uow.offers.rows[made.id or 0].status is OfferStatus.REJECTED


async def test_counter_then_accept_counter_or_decline_counter(world: World) -> None:
    maya, sofia, lena = await world.users("maya", "sofia", "lena")
    coat = await world.listing(maya)
    first = (await world.offers.make(sofia, coat, "70")).offer
    second = (await world.offers.make(lena, coat, "71")).offer
    await world.offers.respond(maya, first.id or 0, "countered", "90")
    await world.offers.respond(maya, second.id or 0, "countered", "95")
    with pytest.raises(Forbidden):
        await world.offers.accept_counter(lena, first.id or 0)
    await world.offers.decline_counter(lena, second.id or 0)
    accepted = await world.offers.accept_counter(sofia, first.id or 0)
    assert accepted.offer.agreed_price == Decimal("90.00")
    with pytest.raises(IllegalTransition):
        await world.offers.accept_counter(sofia, first.id or 0)


async def test_withdraw_only_your_pending_offer(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    coat = await world.listing(maya)
    made = (await world.offers.make(sofia, coat, "70")).offer
    with pytest.raises(Forbidden):
        await world.offers.withdraw(maya, made.id or 0)
    assert (await world.offers.withdraw(sofia, made.id or 0)).offer.status == "withdrawn"
    await world.offers.make(sofia, coat, "72")  # a new offer may follow


async def test_decline_open_offers_for_orders_and_deleted_listings(world: World) -> None:
    maya, sofia, lena = await world.users("maya", "sofia", "lena")
    coat = await world.listing(maya)
    keep = (await world.offers.make(sofia, coat, "70")).offer
    other = (await world.offers.make(lena, coat, "70")).offer
    async with world.uow:
        declined = await decline_open_offers(world.uow, product_id=coat, now=world.clock.now(),
                                             except_offer_id=keep.id, reason="listing_sold")
        await world.uow.commit()
    assert [o.id for o in declined] == [other.id]
    assert declined[0].decline_reason == "listing_sold"
    assert world.uow.offers.rows[keep.id or 0].status is OfferStatus.PENDING
    await world.catalog.delete(maya, coat)
    assert world.uow.offers.rows[keep.id or 0].decline_reason == "listing_deleted"
    assert await world.uow.offers.get(keep.id or 0) is None  # gone with its listing


async def test_seen_marks_and_pages(world: World) -> None:
    maya, sofia = await world.user("maya"), await world.user("sofia")
    ids = [await world.listing(maya) for _ in range(3)]
    for product in ids:
        await world.offers.make(sofia, product, "60")
        world.clock.advance(minutes=1)
    assert await world.offers.mark_seller_read(maya, ids[0]) == 1
    assert (await world.offers.counts(maya)).new_seller_offers == 2
    first = await world.offers.seller_offers(maya, limit=2)
    assert [v.offer.product_id for v in first.items] == [ids[2], ids[1]]
    rest = await world.offers.seller_offers(maya, limit=2, cursor=first.next_cursor)
    assert [v.offer.product_id for v in rest.items] == [ids[0]] and rest.next_cursor is None
    only = await world.offers.seller_offers(maya, product_id=ids[1])
    assert [v.offer.product_id for v in only.items] == [ids[1]]
    assert (await world.offers.seller_offers(maya, status="countered")).items == []
    with pytest.raises(ValidationError):
        await world.offers.buyer_offers(sofia, status="lost")
    assert world.clock.now() - first.items[0].offer.created_at == timedelta(minutes=1)


async def test_strangers_cannot_read_an_offer(world: World) -> None:
    maya, sofia, lena = await world.users("maya", "sofia", "lena")
    made = (await world.offers.make(sofia, await world.listing(maya), "70")).offer
    with pytest.raises(Forbidden):
        await world.offers.get(lena, made.id or 0)
    with pytest.raises(Forbidden):
        await world.offers.respond(lena, made.id or 0, "accepted")
    assert (await world.offers.get(maya, made.id or 0)).offer.id == made.id


async def test_every_move_posts_in_the_thread_notifies_and_publishes(world: World) -> None:
    maya, sofia, lena = await world.users("maya", "sofia", "lena")
    coat = await world.listing(maya)
    made = (await world.offers.make(sofia, coat, "70", "Is it lined?")).offer
    lenas = (await world.offers.make(lena, coat, "60")).offer
    await world.offers.respond(maya, made.id or 0, "countered", "85")
    await world.offers.accept_counter(sofia, made.id or 0)
    thread = [(m.sender_id, m.message_type, m.content)
              for m in world.uow.messages.rows.values() if m.offer_id == made.id]
    assert thread == [
        (sofia.id, "offer", "Offer: $70.00 for “Wool coat”. “Is it lined?”"),
        (maya.id, "offer_response", "Countered your offer of $70.00 for “Wool coat” with $85.00."),
        (sofia.id, "offer_response", "Accepted your counter offer of $85.00 for “Wool coat”. "
         "It is reserved for the buyer until Nov 23, 12:00 UTC: check out by then, or it "
         "returns to the shop."),
    ]
    declined = [m.content for m in world.uow.messages.rows.values() if m.offer_id == lenas.id]
    assert declined[-1].startswith("Declined your offer of $60.00 for “Wool coat” automatically")
    kinds = {(n.user_id, n.kind) for n in world.uow.notifications.rows.values()}
    assert kinds == {(maya.id, "offer_received"), (sofia.id, "offer_countered"),
                     (maya.id, "offer_accepted"), (lena.id, "offer_declined")}
    assert "offer_updated" in world.realtime.types_for(lena.id or 0)
    assert world.realtime.types_for(sofia.id or 0).count("offer_updated") >= 3
    assert "new_message" in world.realtime.types_for(maya.id or 0)


async def test_the_buyer_hears_their_accepted_offer_is_reserved_for_them(world: World
                                                                          ) -> None:
    """The thread's line says "reserved for the buyer" (both read it); the buyer's own
    notice says it is theirs."""
    maya, sofia = await world.users("maya", "sofia")
    made = (await world.offers.make(sofia, await world.listing(maya), "70")).offer
    await world.offers.respond(maya, made.id or 0, "accepted")
    told = [n.body for n in world.uow.notifications.rows.values()
            if n.user_id == sofia.id and n.kind == "offer_accepted"]
    assert told == ["The seller accepted your offer of $70.00 for “Wool coat”. It is reserved "
                    "for you until Nov 23, 12:00 UTC: check out by then, or it returns to the "
                    "shop."]
    line = [m.content for m in world.uow.messages.rows.values() if m.offer_id == made.id][-1]
    assert "reserved for the buyer until" in line


async def test_a_refused_move_tells_nobody(world: World) -> None:
    maya, sofia = await world.users("maya", "sofia")
    coat = await world.listing(maya)
    made = (await world.offers.make(sofia, coat, "70")).offer
    before = (len(world.uow.messages.rows), len(world.realtime.published))
    with pytest.raises(ValidationError):
        await world.offers.respond(maya, made.id or 0, "countered", "10")
    assert (len(world.uow.messages.rows), len(world.realtime.published)) == before


async def suspend(world: World, suspension: Suspension) -> None:
    """A suspension row as the moderation desk writes it (committed)."""
    async with world.uow:
        await world.uow.suspensions.put(suspension)
        await world.uow.commit()


async def test_no_offer_is_accepted_with_a_member_whose_suspension_is_running(
        world: World) -> None:
    """Suspending ends the member's offers and sessions; this is the check behind it, for a
    suspension written while an answer was on its way: the other party is told (409), the
    suspended one refused (403). A timed suspension that ran out no longer counts."""
    maya, sofia = await world.users("maya", "sofia")
    coat = await world.listing(maya)
    made = (await world.offers.make(sofia, coat, "70")).offer
    assert made.id is not None and sofia.id is not None and maya.id is not None
    ends = world.clock.now() + timedelta(days=1)
    await suspend(world, Suspension(sofia.id, "Spam", world.clock.now(), ends))
    with pytest.raises(Conflict, match=OFFER_PARTY_SUSPENDED):
        await world.offers.respond(maya, made.id, "accepted")
    with pytest.raises(Conflict, match=OFFER_PARTY_SUSPENDED):
        await world.offers.respond(maya, made.id, "countered", "90")
    await world.offers.respond(maya, made.id, "rejected")  # ending it stays possible
    other = (await world.offers.make(await world.user("lena"), coat, "70")).offer
    assert other.id is not None
    await suspend(world, Suspension(maya.id, "Spam", world.clock.now(), None))
    with pytest.raises(Forbidden, match="Your account is suspended"):
        await world.offers.respond(maya, other.id, "accepted")
    async with world.uow:
        await world.uow.suspensions.remove(maya.id)
        await world.uow.commit()
    world.clock.advance(days=1)  # sofia's suspension ran out, before any sweep lifted it
    again = (await world.offers.make(sofia, await world.listing(maya), "70")).offer
    assert again.id is not None
    assert (await world.offers.respond(maya, again.id, "accepted")).offer.status \
        is OfferStatus.ACCEPTED


async def test_an_offer_above_a_lowered_price_cannot_be_accepted(world: World) -> None:
    """The seller lowered the price below the offer after it was made: accepting it, or a
    counter above the price now, is refused (the buyer buys at the price now), and a counter
    is capped by the price now."""
    maya, sofia, lena = await world.users("maya", "sofia", "lena")
    coat = await world.listing(maya)  # $100
    made = (await world.offers.make(sofia, coat, "80")).offer
    countered = (await world.offers.make(lena, coat, "70")).offer
    assert made.id is not None and countered.id is not None
    await world.offers.respond(maya, countered.id, "countered", "95")
    async with world.uow:
        listing = await world.uow.listings.get(coat)
        assert listing is not None
        listing.price = Decimal("75.00")
        await world.uow.listings.save(listing)
        await world.uow.commit()
    with pytest.raises(Conflict, match=r"now \$75\.00"):
        await world.offers.respond(maya, made.id, "accepted")
    with pytest.raises(ValidationError) as too_high:
        await world.offers.respond(maya, made.id, "countered", "90")
    assert too_high.value.errors == {"counterPrice": COUNTER_ABOVE_LISTING}
    with pytest.raises(Conflict, match=r"to \$75\.00"):
        await world.offers.accept_counter(lena, countered.id)
    assert world.uow.offers.rows[made.id].status is OfferStatus.PENDING
    assert world.uow.offers.rows[countered.id].status is OfferStatus.COUNTERED
