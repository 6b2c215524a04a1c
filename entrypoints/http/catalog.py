"""Catalog over HTTP: search, facets, product detail, create / edit / delete listings.

``POST /api/products`` and ``PUT /api/products/{id}`` take JSON (photos as data URLs, as the
spec's client sends them) or, for POST, ``multipart/form-data`` (the same fields plus files
named ``images``). Their body limit is raised to fit five 10 MB photos as base64.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Annotated, Any, TypeVar

import msgspec
from litestar import Controller, Request, delete, get, post, put
from litestar.datastructures import UploadFile
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import Parameter
from litestar.status_codes import HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.catalog import CatalogService, ListingChanges, ListingView, SearchRequest
from application.media import MAX_IMAGE_BYTES, PhotoInput
from application.ports.catalog import FacetCount, Facets
from domain.accounts import User
from domain.catalog import MAX_LISTING_IMAGES
from domain.errors import TooLarge, ValidationError
from domain.listings import ListingDetails
from domain.money import format_amount
from entrypoints.http.schemas import CamelStruct, Cursor, Limit

# Five photos of 10 MB as base64 (x4/3) plus the text fields and multipart framing.
MAX_LISTING_BODY = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES * 4 // 3 + 1024 * 1024
BODY_TOO_LARGE = (f"That upload is too large: at most {MAX_LISTING_IMAGES} photos of "
                  f"{MAX_IMAGE_BYTES // (1024 * 1024)} MB each.")


class SellerOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None
    rating: float
    rating_count: int
    verified: bool


class ProductOut(CamelStruct):
    id: int
    title: str
    description: str
    price: str
    brand: str
    size: str
    condition: str
    category: str
    images: list[str]
    thumbnails: list[str]
    status: str
    badge: str | None
    seller_id: int
    created_at: datetime
    updated_at: datetime | None
    watch_count: int
    price_drop: bool
    verified: bool
    seller: SellerOut | None


class ProductPageOut(CamelStruct):
    items: list[ProductOut]
    next_cursor: str | None
    total: int


class FacetOut(CamelStruct):
    value: str
    count: int


class FacetsOut(CamelStruct):
    brands: list[FacetOut]
    categories: list[FacetOut]
    sizes: list[FacetOut]
    conditions: list[FacetOut]


Price = str | float | None
T = TypeVar("T")


class ListingIn(CamelStruct):
    """Missing fields default to empty so they get the spec's messages (400), not a 500."""

    title: str = ""
    description: str = ""
    price: Price = ""
    brand: str = ""
    size: str = ""
    condition: str = ""
    category: str = ""
    images: list[str] = msgspec.field(default_factory=list)


class ListingUpdateIn(CamelStruct):
    title: str | None = None
    description: str | None = None
    price: Price = None
    brand: str | None = None
    size: str | None = None
    condition: str | None = None
    category: str | None = None
    images: list[str] | None = None


def _price_text(price: Price) -> str | None:
    if price is None or isinstance(price, str):
        return price
    return repr(price)  # the shortest text that reads back as the same float


def product_out(view: ListingView) -> ProductOut:
    item, seller = view.listing, view.seller
    assert item.id is not None
    return ProductOut(
        id=item.id, title=item.title, description=item.description,
        price=format_amount(item.price), brand=item.brand, size=item.size.value,
        condition=item.condition.value, category=item.category.value,
        images=[image.url for image in item.images],
        thumbnails=[image.thumbnail_url for image in item.images],
        status=item.status.value, badge=None if view.badge is None else view.badge.value,
        seller_id=item.seller_id, created_at=item.created_at, updated_at=item.updated_at,
        watch_count=item.watch_count, price_drop=item.price_drop, verified=item.verified,
        seller=None if seller is None else SellerOut(
            id=seller.id, username=seller.username, display_name=seller.display_name,
            avatar_url=seller.avatar_url, rating=float(seller.rating),
            rating_count=seller.rating_count, verified=seller.verified),
    )


def _facets_out(facets: Facets) -> FacetsOut:
    def out(counts: list[FacetCount]) -> list[FacetOut]:
        return [FacetOut(value=c.value, count=c.count) for c in counts]

    return FacetsOut(brands=out(facets.brands), categories=out(facets.categories),
                     sizes=out(facets.sizes), conditions=out(facets.conditions))


async def _body(request: Request[Any, Any, Any]) -> bytes:
    try:
        return await request.body()
    except RequestEntityTooLarge as error:
        raise TooLarge(BODY_TOO_LARGE) from error


def _decode(raw: bytes, kind: type[T]) -> T:
    try:
        return msgspec.json.decode(raw or b"{}", type=kind)
    except msgspec.ValidationError as error:
        raise ValidationError({"body": str(error)}, "Invalid request. Please check the fields."
                              ) from error
    except msgspec.DecodeError as error:
        raise ValidationError({"body": "The body is not valid JSON."},
                              "Invalid request. Please check the fields.") from error


async def _multipart_listing(request: Request[Any, Any, Any]
                             ) -> tuple[ListingIn, list[PhotoInput]]:
    try:
        form = await request.form()
    except RequestEntityTooLarge as error:
        raise TooLarge(BODY_TOO_LARGE) from error
    photos: list[PhotoInput] = []
    for value in form.getall("images") if "images" in form else []:
        photos.append(await value.read() if isinstance(value, UploadFile) else str(value))
    fields = {name: form.get(name) for name in ListingIn.__struct_fields__ if name != "images"}
    data = ListingIn(**{name: str(value) for name, value in fields.items()
                        if isinstance(value, str)})
    return data, photos


async def read_listing(request: Request[Any, Any, Any]) -> tuple[ListingIn, list[PhotoInput]]:
    content_type, _ = request.content_type
    if content_type == "multipart/form-data":
        return await _multipart_listing(request)
    data = _decode(await _body(request), ListingIn)
    return data, list(data.images)


Brands = Annotated[list[str] | None, Parameter(query="brand")]
Categories = Annotated[list[str] | None, Parameter(query="category")]
Sizes = Annotated[list[str] | None, Parameter(query="size")]
Conditions = Annotated[list[str] | None, Parameter(query="condition")]
MinPrice = Annotated[str | None, Parameter(query="minPrice")]
MaxPrice = Annotated[str | None, Parameter(query="maxPrice")]
SellerId = Annotated[int | None, Parameter(query="sellerId")]
IncludeSold = Annotated[bool, Parameter(query="includeSold")]


def _search_request(q: str | None, brand: list[str] | None, category: list[str] | None,
                    size: list[str] | None, condition: list[str] | None,
                    min_price: str | None, max_price: str | None, seller_id: int | None,
                    include_sold: bool, sort: str | None = None, limit: int | None = None,
                    cursor: str | None = None) -> SearchRequest:
    return SearchRequest(q=q, brands=brand or [], categories=category or [], sizes=size or [],
                         conditions=condition or [], min_price=min_price, max_price=max_price,
                         seller_id=seller_id, include_sold=include_sold, sort=sort,
                         limit=limit, cursor=cursor)


class CatalogController(Controller):
    path = "/api/products"
    tags = ["catalog"]

    @get("/")
    async def search(self, catalog: CatalogService, viewer: User | None, q: str | None = None,
                     brand: Brands = None, category: Categories = None, size: Sizes = None,
                     condition: Conditions = None, min_price: MinPrice = None,
                     max_price: MaxPrice = None, seller_id: SellerId = None,
                     include_sold: IncludeSold = False, sort: str | None = None,
                     limit: Limit = None, cursor: Cursor = None) -> ProductPageOut:
        request = _search_request(q, brand, category, size, condition, min_price, max_price,
                                  seller_id, include_sold, sort, limit, cursor)
        page = await catalog.search(replace(request, searcher_id=viewer.id if viewer else None))
        return ProductPageOut(items=[product_out(v) for v in page.items],
                              next_cursor=page.next_cursor, total=page.total)

    @get("/facets")
    async def facets(self, catalog: CatalogService, q: str | None = None,
                     brand: Brands = None, category: Categories = None, size: Sizes = None,
                     condition: Conditions = None, min_price: MinPrice = None,
                     max_price: MaxPrice = None, seller_id: SellerId = None,
                     include_sold: IncludeSold = False) -> FacetsOut:
        return _facets_out(await catalog.facets(_search_request(
            q, brand, category, size, condition, min_price, max_price, seller_id,
            include_sold)))

    @get("/{product_id:int}")
    async def product(self, product_id: int, catalog: CatalogService) -> ProductOut:
        return product_out(await catalog.get(product_id))

    @post("/", status_code=HTTP_201_CREATED, request_max_body_size=MAX_LISTING_BODY)
    async def create(self, request: Request[Any, Any, Any], current_user: User,
                     catalog: CatalogService) -> ProductOut:
        data, photos = await read_listing(request)
        details = ListingDetails(data.title, data.description, _price_text(data.price) or "",
                                 data.brand, data.size, data.condition, data.category)
        return product_out(await catalog.create(current_user, details, photos))

    @put("/{product_id:int}", request_max_body_size=MAX_LISTING_BODY)
    async def update(self, product_id: int, request: Request[Any, Any, Any],
                     current_user: User, catalog: CatalogService) -> ProductOut:
        data = _decode(await _body(request), ListingUpdateIn)
        changes = ListingChanges(
            title=data.title, description=data.description, price=_price_text(data.price),
            brand=data.brand, size=data.size, condition=data.condition,
            category=data.category, images=None if data.images is None else list(data.images))
        return product_out(await catalog.update(current_user, product_id, changes))

    @delete("/{product_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def remove(self, product_id: int, current_user: User,
                     catalog: CatalogService) -> None:
        await catalog.delete(current_user, product_id)
