"""A member's signed-in sessions over HTTP on every configured database (issue 41): the
list (browser and OS from the User-Agent, the network prefix, signed in, last seen, which
is this one), ending one, ending all the others; ended sessions stop working at once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

import pytest
from litestar import Litestar

from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.mail import browser

pytestmark = pytest.mark.api

CHROME_LINUX = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                "Chrome/131.0.0.0 Safari/537.36")
SAFARI_IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
                 "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1")




@pytest.fixture
async def laptop(app: Litestar, clock: FixedClock) -> AsyncIterator[ApiClient]:
    async with browser(app) as made:
        made.raw.headers["user-agent"] = CHROME_LINUX
        yield made


@pytest.fixture
async def phone(app: Litestar, clock: FixedClock) -> AsyncIterator[ApiClient]:
    async with browser(app) as made:
        made.raw.headers["user-agent"] = SAFARI_IPHONE
        yield made


async def test_the_list_shows_each_device_and_which_one_asks(
        laptop: ApiClient, phone: ApiClient, clock: FixedClock) -> None:
    assert (await laptop.register("maya")).status_code == 201
    signed_up_at = clock.now()
    clock.advance(minutes=1)
    assert (await phone.login("maya")).status_code == 200
    listed = await laptop.get("/api/user/sessions")
    assert listed.status_code == 200, listed.text
    sessions = listed.json()["sessions"]
    assert len(sessions) == 2
    by_device = {s["device"]: s for s in sessions}
    assert set(by_device) == {"Chrome on Linux", "Mobile Safari on iOS"}
    mine = by_device["Chrome on Linux"]
    assert mine["current"] is True and by_device["Mobile Safari on iOS"]["current"] is False
    assert mine["browser"] == "Chrome" and mine["os"] == "Linux"
    assert datetime.fromisoformat(mine["signedInAt"]) == signed_up_at
    assert mine["place"] == "Local network"  # the test client's address is 127.0.0.1
    assert "127.0.0.1" not in listed.text  # the address itself is never kept
    seen = await phone.get("/api/user/sessions")
    assert [s["current"] for s in seen.json()["sessions"] if s["device"] == "Chrome on Linux"
            ] == [False]


async def test_last_seen_moves_with_use_every_few_minutes(
        laptop: ApiClient, clock: FixedClock) -> None:
    await laptop.register("maya")
    start = clock.now()
    clock.advance(minutes=2)
    first = (await laptop.get("/api/user/sessions")).json()["sessions"][0]
    assert datetime.fromisoformat(first["lastSeenAt"]) == start  # not written every request
    clock.advance(minutes=10)
    await laptop.get("/api/user")
    later = (await laptop.get("/api/user/sessions")).json()["sessions"][0]
    assert datetime.fromisoformat(later["lastSeenAt"]) == clock.now()


async def test_ending_one_session_signs_that_device_out_at_once(
        laptop: ApiClient, phone: ApiClient) -> None:
    await laptop.register("maya")
    await phone.login("maya")
    sessions = (await laptop.get("/api/user/sessions")).json()["sessions"]
    other = next(s for s in sessions if not s["current"])
    ended = await laptop.delete(f"/api/user/sessions/{other['id']}")
    assert ended.status_code == 200, ended.text
    assert (await phone.get("/api/user")).status_code == 401
    assert (await laptop.get("/api/user")).status_code == 200
    again = await laptop.delete(f"/api/user/sessions/{other['id']}")
    assert again.status_code == 404


async def test_ending_the_current_session_signs_out_here(laptop: ApiClient) -> None:
    await laptop.register("maya")
    [mine] = (await laptop.get("/api/user/sessions")).json()["sessions"]
    ended = await laptop.delete(f"/api/user/sessions/{mine['id']}")
    assert ended.status_code == 200
    assert (await laptop.get("/api/user")).status_code == 401


async def test_nobody_ends_another_members_session(
        laptop: ApiClient, phone: ApiClient) -> None:
    await laptop.register("maya")
    await phone.register("sam")
    [sams] = (await phone.get("/api/user/sessions")).json()["sessions"]
    refused = await laptop.delete(f"/api/user/sessions/{sams['id']}")
    assert refused.status_code == 404
    assert (await phone.get("/api/user")).status_code == 200


async def test_revoke_others_keeps_only_this_session(
        laptop: ApiClient, phone: ApiClient, app: Litestar) -> None:
    await laptop.register("maya")
    await phone.login("maya")
    async with browser(app) as tablet:
        await tablet.login("maya")
        done = await laptop.post("/api/user/sessions/revoke-others")
        assert done.status_code == 200, done.text
        assert done.json() == {"message": "Signed out of 2 other sessions.", "ended": 2}
        assert (await tablet.get("/api/user")).status_code == 401
    assert (await phone.get("/api/user")).status_code == 401
    [left] = (await laptop.get("/api/user/sessions")).json()["sessions"]
    assert left["current"] is True


async def test_visitors_have_no_sessions_list(client: ApiClient) -> None:
    assert (await client.get("/api/user/sessions")).status_code == 401
    assert (await client.post("/api/user/sessions/revoke-others")).status_code == 401
