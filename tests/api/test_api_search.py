"""Search that understands shoppers, over HTTP on every configured database: relevance by
default with words, typo correction with ``didYouMean`` (and ``exact`` to refuse it),
cursors for every sort, suggestions for the header's search box."""

from __future__ import annotations

import pytest

from tests.support import ApiClient
from tests.support.catalog import create, titles

pytestmark = pytest.mark.api


async def shop(client: ApiClient) -> None:
    await client.register("maya")
    await create(client, title="Denim jacket", brand="Levi's", category="outerwear")
    await create(client, title="Wool overcoat", brand="Patagonia", category="outerwear",
                 description="Pairs well with a denim jacket over it.")
    await create(client, title="Smocked sundress", brand="H&M", category="dresses")
    await create(client, title="Corduroy skirt", brand="H&M", category="bottoms")
    await create(client, title="Nuptse puffer", brand="North Face", category="outerwear",
                 description="Warm and light, barely worn at all.")


async def test_words_default_to_relevance_and_understand_shoppers(client: ApiClient) -> None:
    await shop(client)
    # The overcoat is newer but says "jacket" only in its description.
    assert await titles(client, "?q=jackets") == ["Denim jacket", "Wool overcoat"]
    assert await titles(client, "?q=jackets&sort=relevance") == ["Denim jacket",
                                                                  "Wool overcoat"]
    assert await titles(client, "?q=jackets&sort=most_recent") == ["Wool overcoat",
                                                                    "Denim jacket"]
    assert await titles(client, "?q=H%26M") == ["Corduroy skirt", "Smocked sundress"]
    assert await titles(client, "?q=levis") == ["Denim jacket"]
    assert await titles(client, "?q=j%C3%A4cket") == ["Denim jacket", "Wool overcoat"]
    assert await titles(client, "?q=outerwear&sort=most_recent") == [
        "Nuptse puffer", "Wool overcoat", "Denim jacket"]
    # without words: newest first
    assert (await titles(client))[0] == "Nuptse puffer"
    assert await titles(client, "?brand=levis") == ["Denim jacket"]


async def test_a_typo_is_corrected_with_did_you_mean_unless_exact(client: ApiClient) -> None:
    await shop(client)
    page = (await client.get("/api/products?q=jakcet")).json()
    assert page["didYouMean"] == "jacket"
    assert [i["title"] for i in page["items"]] == ["Denim jacket", "Wool overcoat"]
    assert page["total"] == 2
    exact = (await client.get("/api/products?q=jakcet&exact=true")).json()
    assert exact["items"] == [] and exact["didYouMean"] is None
    right = (await client.get("/api/products?q=jacket")).json()
    assert right["didYouMean"] is None
    nothing = (await client.get("/api/products?q=qqqqqqq")).json()
    assert nothing["items"] == [] and nothing["didYouMean"] is None
    two = (await client.get("/api/products?q=denim%20jakcet")).json()
    assert two["didYouMean"] == "denim jacket"


async def test_a_remembered_correction_follows_the_catalog(client: ApiClient) -> None:
    """A word's correction is remembered until the next listing write: a word that a listing
    taught the vocabulary is corrected again once that listing is gone."""
    await shop(client)
    bomber = await create(client, title="Jakcet bomber", brand="Zara", category="outerwear")
    among_dresses = "?q=jakcet&category=dresses"  # matches nothing; the word is known
    assert (await client.get("/api/products" + among_dresses)).json()["didYouMean"] is None
    assert (await client.get("/api/products/facets" + among_dresses)).json()[
        "didYouMean"] is None
    assert (await client.delete(f"/api/products/{bomber['id']}")).status_code == 204
    page = (await client.get("/api/products?q=jakcet")).json()
    assert page["didYouMean"] == "jacket"
    assert [i["title"] for i in page["items"]] == ["Denim jacket", "Wool overcoat"]
    facets = (await client.get("/api/products/facets?q=jakcet")).json()
    assert facets["didYouMean"] == "jacket"


async def test_facets_count_the_corrected_words_as_the_results_do(client: ApiClient) -> None:
    await shop(client)

    def counts(facets: dict[str, list[dict[str, object]]], name: str) -> dict[object, object]:
        return {f["value"]: f["count"] for f in facets[name]}

    typo = (await client.get("/api/products/facets?q=jakcet&category=outerwear")).json()
    assert typo["didYouMean"] == "jacket"
    assert counts(typo, "categories") == {"outerwear": 2}
    assert counts(typo, "brands") == {"Levi's": 1, "Patagonia": 1}
    assert typo == {**(await client.get("/api/products/facets?q=jacket&category=outerwear")
                       ).json(), "didYouMean": "jacket"}
    # The same URL's results: no jackets among the dresses, so no correction either.
    dresses = "?q=jakcet&category=dresses"
    assert (await client.get("/api/products" + dresses)).json()["didYouMean"] is None
    assert (await client.get("/api/products/facets" + dresses)).json()["didYouMean"] is None
    exact = (await client.get("/api/products/facets?q=jakcet&exact=true")).json()
    assert exact["categories"] == [] and exact["didYouMean"] is None
    right = (await client.get("/api/products/facets?q=jacket")).json()
    assert right["didYouMean"] is None and counts(right, "categories") == {"outerwear": 2}
    nothing = (await client.get("/api/products/facets?q=qqqqqqq")).json()
    assert nothing["categories"] == [] and nothing["didYouMean"] is None


async def test_corrected_searches_page_on_with_the_correction(client: ApiClient) -> None:
    await shop(client)
    first = (await client.get("/api/products?q=jakcet&limit=1")).json()
    assert first["didYouMean"] == "jacket" and first["nextCursor"]
    second = (await client.get(
        f"/api/products?q=jakcet&limit=1&cursor={first['nextCursor']}")).json()
    assert second["didYouMean"] == "jacket"
    assert [i["title"] for i in first["items"] + second["items"]] == [
        "Denim jacket", "Wool overcoat"]
    assert second["nextCursor"] is None


async def test_relevance_cursors_walk_every_match_once(client: ApiClient) -> None:
    await shop(client)
    for sort in ("relevance", "most_recent", "price_low_high", "price_high_low",
                 "most_popular"):
        seen: list[str] = []
        cursor = None
        while True:
            query = f"?q=outerwear%20warm&sort={sort}&limit=1"
            page = (await client.get(
                "/api/products" + query + (f"&cursor={cursor}" if cursor else ""))).json()
            seen.extend(item["title"] for item in page["items"])
            cursor = page["nextCursor"]
            if cursor is None:
                break
        assert seen == ["Nuptse puffer"], sort
    seen = []
    cursor = None
    while True:
        page = (await client.get("/api/products?q=jacket&limit=1"
                                 + (f"&cursor={cursor}" if cursor else ""))).json()
        seen.extend(item["title"] for item in page["items"])
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert seen == ["Denim jacket", "Wool overcoat"]


async def test_suggestions_offer_brands_categories_and_words(client: ApiClient) -> None:
    await shop(client)
    found = (await client.get("/api/products/suggestions?q=nor")).json()
    assert found["brands"] == [{"value": "North Face", "count": 1}]
    assert (await client.get("/api/products/suggestions?q=h%26m")).json()["brands"] == [
        {"value": "H&M", "count": 2}]
    outer = (await client.get("/api/products/suggestions?q=outer")).json()
    assert outer["categories"] == ["outerwear"] and outer["words"] == ["outerwear"]
    words = (await client.get("/api/products/suggestions?q=denim%20ja")).json()["words"]
    assert words == ["denim jacket"]
    empty = (await client.get("/api/products/suggestions?q=")).json()
    assert empty == {"brands": [], "categories": [], "words": []}
    assert (await client.get("/api/products/suggestions")).status_code == 200


async def test_suggestions_offer_the_correction_of_a_word_nothing_starts_with(
        client: ApiClient) -> None:
    await shop(client)
    typo = (await client.get("/api/products/suggestions?q=jaket")).json()
    assert typo["words"] == ["jacket"] and typo["brands"] == []
    assert (await client.get("/api/products/suggestions?q=denim%20jaket")).json()[
        "words"] == ["denim jacket"]
    # Nothing close enough: no suggestion rather than an unrelated word.
    assert (await client.get("/api/products/suggestions?q=qzxwv")).json()["words"] == []
    # A word that starts one is completed, never corrected.
    assert (await client.get("/api/products/suggestions?q=jack")).json()["words"] == [
        "jacket"]


@pytest.mark.rate_limit_scale(10)
async def test_similar_items_are_available_lookalikes_never_the_listing_itself(
        client: ApiClient) -> None:
    await client.register("maya")
    jacket = await create(client, title="Denim jacket", brand="Levi's", category="outerwear")
    near = await create(client, title="Denim trucker jacket", brand="Levi's",
                        category="outerwear")
    gone = await create(client, title="Denim jacket, faded", brand="Levi's",
                        category="outerwear")
    await create(client, title="Floral sundress", brand="Zara", category="dresses")
    assert (await client.delete(f"/api/products/{gone['id']}")).status_code == 204
    answer = await client.get(f"/api/products/{jacket['id']}/similar")
    assert answer.status_code == 200, answer.text
    items = answer.json()["items"]
    ids = [item["id"] for item in items]
    assert ids[0] == near["id"]  # the closest first (the sundress shares only the size)
    assert jacket["id"] not in ids and gone["id"] not in ids
    card = (await client.get("/api/products?q=trucker")).json()["items"][0]
    assert items[0] == card  # the search cards' shape
    for n in range(14):
        await create(client, title=f"Denim jacket no. {n}", brand="Levi's",
                     category="outerwear")
    many = (await client.get(f"/api/products/{jacket['id']}/similar")).json()["items"]
    assert len(many) == 12 and jacket["id"] not in [item["id"] for item in many]
    assert (await client.get("/api/products/999999/similar")).status_code == 404
