"""Catalog over HTTP: search, facets, product detail, create / edit / delete listings.

``POST /api/products`` and ``PUT /api/products/{id}`` take JSON (photos as data URLs, as the
spec's client sends them) or, for POST, ``multipart/form-data`` (the same fields plus files
named ``images``). Their body limit is raised to fit five 10 MB photos as base64.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, delete, get, post, put
from litestar.di import Provide
from litestar.params import Parameter
from litestar.status_codes import HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.catalog import CatalogService, ListingChanges
from application.catalog_search import SearchPurpose, SearchRequest
from application.media import MAX_IMAGE_BYTES, PhotoInput
from application.ports.catalog import ListingSort
from domain.accounts import User
from domain.catalog import MAX_LISTING_IMAGES
from domain.listings import ListingDetails
from entrypoints.http.auth import provide_viewer_after_service
from entrypoints.http.bodies import (
    decode_json,
    form_files,
    is_multipart,
    read_body,
    read_form,
    too_large_upload,
)
from entrypoints.http.caching import public
from entrypoints.http.guards import TOO_LARGE
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.catalog import (
    ListingIn,
    ListingUpdateIn,
    Price,
    SuggestionOut,
    SuggestionsOut,
)
from entrypoints.http.schemas.products import (
    FacetsOut,
    ProductDetailOut,
    ProductPageOut,
    SimilarOut,
    facets_out,
    product_detail_out,
    product_out,
    product_page_out,
)

# Five photos of 10 MB as base64 (x4/3) plus the text fields and multipart framing.
MAX_LISTING_BODY = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES * 4 // 3 + 1024 * 1024
BODY_TOO_LARGE = too_large_upload(MAX_LISTING_IMAGES)


# Searches, facets and similar items: public reads the search engine answers, kept by the
# response cache for a second under the index's version (caching.public, indexed).
INDEXED_READ = public(indexed=True)
# request.state: the search handler ran (the response cache did not answer for it).
SEARCH_COMPUTED = "search_computed"
# The catalog's reads that take the viewer too resolve it after the service, one after the
# other (auth.provide_viewer_after_service).
VIEWER_AFTER_CATALOG = {"viewer": Provide(provide_viewer_after_service)}




def _price_text(price: Price) -> str | None:
    if price is None or isinstance(price, str):
        return price
    return repr(price)  # the shortest text that reads back as the same float


async def _body(request: Request[Any, Any, Any]) -> bytes:
    return await read_body(request)


async def _multipart_listing(request: Request[Any, Any, Any]
                             ) -> tuple[ListingIn, list[PhotoInput]]:
    form = await read_form(request)
    photos: list[PhotoInput] = await form_files(form, "images")
    fields = {name: form.get(name) for name in ListingIn.__struct_fields__ if name != "images"}
    data = msgspec.structs.replace(ListingIn(), **{
        name: str(value) for name, value in fields.items() if isinstance(value, str)})
    return data, photos


async def read_listing(request: Request[Any, Any, Any]) -> tuple[ListingIn, list[PhotoInput]]:
    if is_multipart(request):
        return await _multipart_listing(request)
    data = decode_json(await _body(request), ListingIn)
    return data, list(data.images)


Brands = Annotated[list[str] | None, Parameter(query="brand")]
Categories = Annotated[list[str] | None, Parameter(query="category")]
Sizes = Annotated[list[str] | None, Parameter(query="size")]
Conditions = Annotated[list[str] | None, Parameter(query="condition")]
MinPrice = Annotated[str | None, Parameter(query="minPrice")]
MaxPrice = Annotated[str | None, Parameter(query="maxPrice")]
SellerId = Annotated[int | None, Parameter(query="sellerId")]
IncludeSold = Annotated[bool, Parameter(query="includeSold")]
Sort = Annotated[str | None, Parameter(
    query="sort", description="Default: relevance with q, most_recent without",
    schema_extra={"enum": [s.value for s in ListingSort]})]
Exact = Annotated[bool, Parameter(
    query="exact", description="Search the words as typed (no typo correction)")]
Purpose = Annotated[SearchPurpose, Parameter(
    query="purpose", description="shop (default): a shopper's search, counted in analytics; "
    "tagging: picking listings to tag in a post, not counted")]


def _search_request(q: str | None, brand: list[str] | None, category: list[str] | None,
                    size: list[str] | None, condition: list[str] | None,
                    min_price: str | None, max_price: str | None, seller_id: int | None,
                    include_sold: bool, sort: str | None = None, limit: int | None = None,
                    cursor: str | None = None, exact: bool = False) -> SearchRequest:
    return SearchRequest(q=q, brands=brand or [], categories=category or [], sizes=size or [],
                         conditions=condition or [], min_price=min_price, max_price=max_price,
                         seller_id=seller_id, include_sold=include_sold, sort=sort,
                         limit=limit, cursor=cursor, exact=exact)


async def count_kept_search(request: Request[Any, Any, Any]) -> None:
    """A visitor's search the response cache answered (the handler did not run) counts in
    analytics as the handler's would have (``CatalogService.count_search``)."""
    if request.method != "GET" or request.state.get(SEARCH_COMPUTED):
        return
    asked = request.query_params
    try:
        purpose = SearchPurpose(asked.get("purpose", SearchPurpose.SHOP))
    except ValueError:
        return
    catalog: CatalogService = request.app.state.container.catalog()
    catalog.count_search(SearchRequest(q=asked.get("q"), cursor=asked.get("cursor"),
                                       purpose=purpose))


class CatalogController(Controller):
    path = "/api/products"
    tags = ["catalog"]

    # Public reads (caching.public): an ETag, Cache-Control for visitors, the response
    # cache, and no CSRF cookie minted (the SPA's pages and /api/csrf hand it out).
    @get("/", **INDEXED_READ, dependencies=VIEWER_AFTER_CATALOG,
         after_response=count_kept_search)
    async def search(self, request: Request[Any, Any, Any], catalog: CatalogService,
                     viewer: User | None, q: str | None = None,
                     brand: Brands = None, category: Categories = None, size: Sizes = None,
                     condition: Conditions = None, min_price: MinPrice = None,
                     max_price: MaxPrice = None, seller_id: SellerId = None,
                     include_sold: IncludeSold = False, sort: Sort = None,
                     limit: Limit = None, cursor: Cursor = None, exact: Exact = False,
                     purpose: Purpose = SearchPurpose.SHOP) -> ProductPageOut:
        """Search the shop.

        Public. Listings matching the words (`q`) and filters, a page at a time: `{items,
        nextCursor, total}`; pass `nextCursor` back as `cursor` for the next page. Only
        available listings, unless a seller's shop (`sellerId`) is asked for with
        `includeSold=true`. Words that match nothing are corrected against the catalog
        ("jaket": "jacket") unless `exact=true`, and `didYouMean` says so. A signed-in
        shopper never sees listings of members they blocked or who blocked them. 400 for an
        unknown sort, category, size or condition, a bad price range, or a cursor that is
        not this search's.
        """
        request.state[SEARCH_COMPUTED] = True
        asked = _search_request(q, brand, category, size, condition, min_price, max_price,
                                seller_id, include_sold, sort, limit, cursor, exact)
        page = await catalog.search(replace(asked, searcher_id=viewer.id if viewer else None,
                                            purpose=purpose))
        return product_page_out(page)

    @get("/suggestions", **public())
    async def suggestions(self, catalog: CatalogService, q: str = "") -> SuggestionsOut:
        """Suggest searches while typing.

        Public. For the text typed so far (`q`): brands (with how many listings each),
        categories, and catalog words that start with the last word typed, or the word a
        search would correct it to. Empty lists for empty text.
        """
        found = await catalog.suggest(q)
        return SuggestionsOut(
            brands=[SuggestionOut(value=b.value, count=b.count) for b in found.brands],
            categories=[c.value for c in found.categories], words=found.words)

    @get("/facets", **INDEXED_READ, dependencies=VIEWER_AFTER_CATALOG)
    async def facets(self, catalog: CatalogService, viewer: User | None, q: str | None = None,
                     brand: Brands = None, category: Categories = None, size: Sizes = None,
                     condition: Conditions = None, min_price: MinPrice = None,
                     max_price: MaxPrice = None, seller_id: SellerId = None,
                     include_sold: IncludeSold = False, exact: Exact = False) -> FacetsOut:
        """Count the search's filters.

        Public. For the same words and filters as `GET /api/products`: how many listings
        each brand, category, size and condition would give, each facet counted without its
        own ticks, so a shopper sees what ticking another value would give. `didYouMean`
        when the words were corrected.
        """
        request = _search_request(q, brand, category, size, condition, min_price, max_price,
                                  seller_id, include_sold, exact=exact)
        return facets_out(await catalog.facets(
            replace(request, searcher_id=viewer.id if viewer else None)))

    @get("/{product_id:int}", **public(), dependencies=VIEWER_AFTER_CATALOG)
    async def product(self, product_id: int, catalog: CatalogService, viewer: User | None
                      ) -> ProductDetailOut:
        """Read a listing.

        Public. The listing's page: photos, details, price, seller. A listing hidden by a
        moderator answers 404 to everyone but its seller and administrators, who get it with
        `status: hidden` and the moderator's reason (`hiddenReason`). A signed-in reader's
        answer says whether they blocked its seller (`blockedByYou`); its seller's says what
        they may still do with it. 404 for an unknown id.
        """
        return product_detail_out(await catalog.get(product_id, viewer),
                                  signed_in=viewer is not None)

    @get("/{product_id:int}/similar", **INDEXED_READ, dependencies=VIEWER_AFTER_CATALOG)
    async def similar(self, product_id: int, catalog: CatalogService,
                      viewer: User | None) -> SimilarOut:
        """List similar listings.

        Public. Up to 12 available listings most like this one (title, brand, category and
        size), as search cards; never the listing itself, nor listings of members the caller
        blocked or was blocked by. 404 for an unknown listing.
        """
        return SimilarOut(items=[product_out(view)
                                 for view in await catalog.similar(product_id, viewer)])

    @post("/", status_code=HTTP_201_CREATED, request_max_body_size=MAX_LISTING_BODY,
          opt={"body": ListingIn, "form": ListingIn, "errors": {429}, TOO_LARGE: BODY_TOO_LARGE})
    async def create(self, request: Request[Any, Any, Any], current_user: User,
                     catalog: CatalogService) -> ProductDetailOut:
        """List an item for sale.

        Signed-in members only (401 for visitors); listing an item makes a member a seller.
        JSON with photos as data URLs, or `multipart/form-data` with photos as files (1 to
        5, real images). 201 with the listing as `GET /api/products/{product_id}` answers
        it. 400 names each field to correct (the spec's messages, also for a photo that is
        not an image); 413 for photos over the size limit; 429 past the number of listings a
        seller may add in an hour.
        """
        data, photos = await read_listing(request)
        details = ListingDetails(data.title, data.description, _price_text(data.price) or "",
                                 data.brand, data.size, data.condition, data.category)
        return product_detail_out(await catalog.create(current_user, details, photos),
                                  signed_in=True)

    @put("/{product_id:int}", request_max_body_size=MAX_LISTING_BODY,
         opt={"body": ListingUpdateIn, TOO_LARGE: BODY_TOO_LARGE})
    async def update(self, product_id: int, request: Request[Any, Any, Any],
                     current_user: User, catalog: CatalogService) -> ProductDetailOut:
        """Edit a listing.

        Its seller only: 401 for visitors, 403 for anyone else (administrators included),
        404 for an unknown id. Fields left out stay; `images` lists the photos to keep
        (their URLs) and new ones (data URLs), in order. 409 while the listing is reserved
        or sold (it is what its buyer ordered). Watchers hear about a price drop. 200 with
        the listing as its page shows it (a hidden one with its `hiddenReason`).
        """
        data = decode_json(await _body(request), ListingUpdateIn)
        changes = ListingChanges(
            title=data.title, description=data.description, price=_price_text(data.price),
            brand=data.brand, size=data.size, condition=data.condition,
            category=data.category, images=None if data.images is None else list(data.images))
        return product_detail_out(await catalog.update(current_user, product_id, changes),
                                  signed_in=True)

    @delete("/{product_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def remove(self, product_id: int, current_user: User,
                     catalog: CatalogService) -> None:
        """Delete a listing.

        Its seller or an administrator: 401 for visitors, 403 for other members, 404 for an
        unknown id. 409 once anyone has ordered it (it stays as the record of its orders).
        Open offers on it are declined. 204 once it is gone.
        """
        await catalog.delete(current_user, product_id)
