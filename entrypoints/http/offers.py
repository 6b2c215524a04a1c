"""Offers over HTTP (spec §7): make, list, answer, withdraw; header badge counts.

Every route needs a login. Prices travel as decimal strings with two places; ``offerPrice``
(or ``offerAmount``, which one client form sends) and ``counterPrice`` also accept numbers.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

from litestar import Controller, get, post, put
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.offers import OfferPage, OfferService, OfferView
from application.ports.catalog import SellerCard
from domain.accounts import User
from domain.money import format_amount
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.offers import (
    MAX_ID,
    MarkedOut,
    MarkReadIn,
    OfferCountsOut,
    OfferIn,
    OfferOut,
    OfferPageOut,
    OfferProductOut,
    PersonOut,
    RespondIn,
    WatcherOfferIn,
    WatcherOffersOut,
)

Id = Annotated[int, Parameter(ge=1, le=MAX_ID)]
# The Seller Hub's one listing: `productId` in the query, as every other camelCase field.
ProductFilter = Annotated[int | None, Parameter(query="productId", ge=1, le=MAX_ID, required=False)]
Status = Annotated[str | None, Parameter(max_length=20, required=False)]


def _money(amount: Decimal | None) -> str | None:
    return None if amount is None else format_amount(amount)


def _person(card: SellerCard | None) -> PersonOut | None:
    return None if card is None else PersonOut(
        id=card.id, username=card.username, display_name=card.display_name,
        avatar_url=card.avatar_url)


def offer_out(view: OfferView) -> OfferOut:
    offer, product = view.offer, view.product
    assert offer.id is not None and product.id is not None
    return OfferOut(
        id=offer.id, product_id=offer.product_id, buyer_id=offer.buyer_id,
        seller_id=offer.seller_id, status=offer.status.value,
        original_price=format_amount(offer.listing_price),
        offer_price=format_amount(offer.offer_price),
        counter_price=_money(offer.counter_price), agreed_price=_money(offer.agreed_price),
        message=offer.message,
        decline_reason=None if offer.decline_reason is None else offer.decline_reason.value,
        reserved_until=offer.reserved_until, order_id=view.order_id,
        from_seller=offer.from_seller, expires_at=offer.expires_at,
        created_at=offer.created_at, updated_at=offer.updated_at,
        product=OfferProductOut(
            id=product.id, title=product.title, price=format_amount(product.price),
            status=product.status.value, images=[i.url for i in product.images],
            thumbnails=[i.thumbnail_url for i in product.images]),
        buyer=_person(view.buyer), seller=_person(view.seller))


def page_out(page: OfferPage) -> OfferPageOut:
    return OfferPageOut(items=[offer_out(v) for v in page.items], next_cursor=page.next_cursor)


class OfferController(Controller):
    path = "/api"
    tags = ["offers"]

    @post("/offers", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def make(self, data: OfferIn, current_user: User, offers: OfferService) -> OfferOut:
        """Make an offer on a listing.

        Signed-in members only (401 for visitors). `offerPrice` (or `offerAmount`) between
        half the listing's price and its price, in whole cents, with an optional message;
        the seller is notified. 201 with the pending offer. 400 without a `productId`, or
        for a price or message the rules refuse; 403 for the caller's own listing, or
        between members who blocked each other; 404 for an unknown listing; 409 when the
        listing is reserved or sold, the caller already has an open offer on it, or the
        seller is away; 429 after too many offers in a short time.
        """
        return offer_out(await offers.make(current_user, data.required_product_id(),
                                           data.price(), data.message))

    @post("/products/{product_id:int}/watcher-offers", status_code=HTTP_201_CREATED)
    async def watcher_offers(self, product_id: Id, data: WatcherOfferIn, current_user: User,
                             offers: OfferService) -> WatcherOffersOut:
        """Send an offer to a listing's watchers.

        The listing's seller only: 401 for visitors, 403 for anyone else, 404 for an unknown
        listing. One `price` (at most 90% of the listing's price, at least the offer
        minimum) to everyone watching an available listing, except watchers with an open
        offer on it and members blocked either way; each has 24 hours to accept. 201 with
        how many got it. 400 for a missing or unreadable price; 409 when the listing is not
        available, the price is out of bounds, the seller is away, an offer went out less
        than 24 hours ago, or nobody can get it.
        """
        sent = await offers.send_to_watchers(
            current_user, product_id, None if data.price is None else str(data.price))
        return WatcherOffersOut(sent=sent.sent, price=format_amount(sent.price),
                                expires_at=sent.expires_at)

    @get("/seller/offers")
    async def seller_offers(self, current_user: User, offers: OfferService,
                            status: Status = None, product_id: ProductFilter = None,
                            limit: Limit = None, cursor: Cursor = None) -> OfferPageOut:
        """List the offers I received.

        Signed-in members only (401 for visitors). Offers on the caller's listings, newest
        first, a page at a time (`limit`, `cursor`), optionally one `status` and one listing
        (`productId`). 400 for an unknown status.
        """
        return page_out(await offers.seller_offers(
            current_user, status=status, product_id=product_id, limit=limit, cursor=cursor))

    @get("/buyer/offers")
    async def buyer_offers(self, current_user: User, offers: OfferService,
                           status: Status = None, limit: Limit = None,
                           cursor: Cursor = None) -> OfferPageOut:
        """List the offers I made.

        Signed-in members only (401 for visitors). The caller's offers as a buyer (watcher
        offers they got included), newest first, a page at a time (`limit`, `cursor`),
        optionally one `status`. 400 for an unknown status.
        """
        return page_out(await offers.buyer_offers(current_user, status=status, limit=limit,
                                                  cursor=cursor))

    @get("/products/{product_id:int}/offers")
    async def product_offers(self, product_id: Id, current_user: User, offers: OfferService,
                             limit: Limit = None, cursor: Cursor = None) -> OfferPageOut:
        """List the offers on a listing.

        Signed-in members only (401 for visitors). Its seller and administrators see every
        offer on the listing; anyone else only their own (an empty list for a stranger).
        Newest first, a page at a time (`limit`, `cursor`). 404 for an unknown listing.
        """
        return page_out(await offers.product_offers(current_user, product_id, limit=limit,
                                                    cursor=cursor))

    @get("/offers/notifications")
    async def notifications(self, current_user: User, offers: OfferService
                            ) -> OfferCountsOut:
        """Count my offer news.

        Signed-in members only (401 for visitors): how many of the caller's offers were
        accepted or countered since they last looked (`acceptedBuyerOffers`), and how many
        pending offers on their listings are new to them (`newSellerOffers`).
        """
        counts = await offers.counts(current_user)
        return OfferCountsOut(accepted_buyer_offers=counts.accepted_buyer_offers,
                              new_seller_offers=counts.new_seller_offers)

    @post("/offers/mark-seller-read", status_code=HTTP_200_OK)
    async def mark_seller_read(self, current_user: User, offers: OfferService,
                               data: MarkReadIn | None = None) -> MarkedOut:
        """Mark the offers I received as seen.

        Signed-in members only (401 for visitors): offers on the caller's listings (only one
        listing's with `productId`) stop counting as new. 200 with how many changed.
        """
        product_id = None if data is None else data.product_id
        return MarkedOut(updated=await offers.mark_seller_read(current_user, product_id))

    @post("/offers/mark-buyer-notified", status_code=HTTP_200_OK)
    async def mark_buyer_notified(self, current_user: User, offers: OfferService
                                  ) -> MarkedOut:
        """Mark my offers' answers as seen.

        Signed-in members only (401 for visitors): the answers (accepted, countered) to the
        caller's offers stop counting as news. 200 with how many changed.
        """
        return MarkedOut(updated=await offers.mark_buyer_notified(current_user))

    @get("/offers/{offer_id:int}")
    async def get_offer(self, offer_id: Id, current_user: User, offers: OfferService
                        ) -> OfferOut:
        """Read an offer.

        Its buyer, its seller or an administrator: 401 for visitors, 403 for anyone else,
        404 for an unknown id. The offer with its listing, prices, status and the two
        parties.
        """
        return offer_out(await offers.get(current_user, offer_id))

    @put("/offers/{offer_id:int}/respond")
    async def respond(self, offer_id: Id, data: RespondIn, current_user: User,
                      offers: OfferService) -> OfferOut:
        """Answer an offer.

        The listing's seller only: 401 for visitors, 403 for anyone else (administrators
        included), 404 for an unknown offer. `status` is accepted, rejected or countered
        (with a `counterPrice` above the offer and at most the listing's price). Accepting
        reserves the listing for the buyer for 24 hours and declines the other offers on it.
        400 for another status or a bad counter price; 403 between members who blocked each
        other or when the caller is suspended; 409 when the buyer is suspended, the offer
        was already answered, is above the listing's price now, or the listing is no longer
        available.
        """
        counter = None if data.counter_price is None else str(data.counter_price)
        return offer_out(await offers.respond(current_user, offer_id, data.status, counter))

    @post("/offers/{offer_id:int}/accept-counter", status_code=HTTP_200_OK)
    async def accept_counter(self, offer_id: Id, current_user: User, offers: OfferService
                             ) -> OfferOut:
        """Accept a counter-offer.

        The offer's buyer only: 401 for visitors, 403 for anyone else, 404 for an unknown
        offer. The offer becomes accepted at the counter price in one step, and the listing
        is reserved for the buyer for 24 hours. 403 between members who blocked each other
        or when the caller is suspended; 409 when the seller is suspended, there is no
        counter to answer, it has expired, it is above the listing's price now, or the
        listing is no longer available.
        """
        return offer_out(await offers.accept_counter(current_user, offer_id))

    @post("/offers/{offer_id:int}/decline-counter", status_code=HTTP_200_OK)
    async def decline_counter(self, offer_id: Id, current_user: User, offers: OfferService
                              ) -> OfferOut:
        """Decline a counter-offer.

        The offer's buyer only: 401 for visitors, 403 for anyone else, 404 for an unknown
        offer. The offer ends as rejected. 409 when there is no counter to answer.
        """
        return offer_out(await offers.decline_counter(current_user, offer_id))

    @post("/offers/{offer_id:int}/withdraw", status_code=HTTP_200_OK)
    async def withdraw(self, offer_id: Id, current_user: User, offers: OfferService
                       ) -> OfferOut:
        """Withdraw my offer.

        The offer's buyer only: 401 for visitors, 403 for anyone else, 404 for an unknown
        offer. Only a pending offer (409 once the seller has answered it).
        """
        return offer_out(await offers.withdraw(current_user, offer_id))
