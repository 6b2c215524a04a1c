"""The style feed through the real pages in Chromium: post a look tagging a listing, like,
comment, follow, and edit your profile photo and bio (issue 10).

The live server is seeded with ``rethread demo seed --listings 24`` (demo style posts by
maya, sofia, theo...); emma posts here so the other tests' accounts stay as they were.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from playwright.sync_api import Page, expect

from tests.e2e.conftest import login, next_frames, screenshot

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
POST_URL = re.compile(r"/post/\d+$")


def _photo(path: Path, colour: tuple[int, int, int]) -> Path:
    image = Image.new("RGB", (480, 600), (240, 234, 226))
    draw = ImageDraw.Draw(image)
    draw.rectangle((150, 90, 330, 330), fill=colour)
    draw.rectangle((170, 330, 310, 560), fill=(50, 70, 120))
    image.save(path, "PNG")
    return path


def _settle(page: Page) -> None:
    """Scroll through so lazy images load before a full-page screenshot."""
    height = page.evaluate("document.body.scrollHeight")
    for y in range(0, height, 700):
        page.evaluate(f"window.scrollTo(0, {y})")
        next_frames(page)  # the lazy images in view start loading
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_load_state("networkidle")


def _shots(page: Page, name: str) -> None:
    # Toasts close after 5 s; wait, so they do not cover the header in the pictures.
    expect(page.locator(".mantine-Notification-root")).to_have_count(0)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        next_frames(page)
        _settle(page)
        screenshot(page, f"social-{name}-{size}")
    page.set_viewport_size(SIZES["desktop"])


def test_post_like_comment_follow_and_edit_profile(page: Page, tmp_path: Path) -> None:
    login(page, "emma")
    listing = page.request.get("/api/products?limit=1").json()["items"][0]

    # Post a style from the header's Sell / Create menu, tagging a listing with a pin.
    page.get_by_role("button", name="Sell / Create").click()
    page.get_by_role("menuitem", name="New Style Post").click()
    expect(page.get_by_role("heading", name="New style post")).to_be_visible()
    page.locator("input[type=file]").set_input_files(str(_photo(tmp_path / "look.png",
                                                                (200, 90, 60))))
    page.get_by_label("Caption").fill("Park day in my favourite jacket #weekend")
    hashtags = page.get_by_role("combobox", name="Hashtags")
    hashtags.fill("thrifted")
    hashtags.press("Enter")
    page.get_by_label("Tag items").fill(" ".join(listing["title"].split()[:2]))
    page.get_by_role("button", name=f"Tag {listing['title']}").first.click()
    # The pin is placed with the keyboard alone and every step is announced.
    page.get_by_role("button", name=f"Pin on photo: {listing['title']}").focus()
    page.keyboard.press("Enter")
    pin = page.get_by_role("button", name=re.compile(f"^Pin for {re.escape(listing['title'])}"))
    expect(pin).to_be_focused()
    expect(page.get_by_role("status").filter(has_text="centre of the photo")).to_be_attached()
    for key in ["ArrowLeft"] * 4 + ["ArrowUp"] * 4 + ["Enter"]:
        page.keyboard.press(key)
    expect(page.get_by_role("status").filter(has_text="Pin for")).to_have_text(
        f"Pin for {listing['title']} set at the top left of the photo (30% across, 30% down).")
    expect(page.get_by_text("Pinned at the top left of the photo")).to_be_visible()
    # ...and a click on the photo moves it.
    pin.click()
    page.get_by_role("img", name="Your photo").click(position={"x": 120, "y": 150})
    page.get_by_role("button", name="Publish").click()
    page.wait_for_url(POST_URL)
    expect(page.get_by_text("Park day in my favourite jacket #weekend")).to_be_visible()
    expect(page.get_by_role("link", name="#thrifted")).to_be_visible()
    spot = rf"^Tagged: {re.escape(listing['title'])}, \$[\d.]+, at the .* of the photo"
    expect(page.get_by_role("link", name=re.compile(spot))).to_be_visible()
    page.get_by_role("button", name="Like", exact=True).click()
    expect(page.get_by_role("button", name="Unlike")).to_be_visible()
    expect(page.get_by_label("1 likes")).to_be_visible()
    page.get_by_label("Add a comment").fill("Found the jacket at a flea market!")
    page.get_by_role("button", name="Post", exact=True).click()
    expect(page.get_by_text("Found the jacket at a flea market!")).to_be_visible()
    expect(page.get_by_role("heading", name="Comments (1)")).to_be_visible()

    # Someone else's look: like it, comment, follow the author.
    page.goto("/feed")
    maya_post = page.get_by_role("article", name="Style post by Maya Chen").first
    maya_post.get_by_role("link", name=re.compile("Open style post")).click()
    page.wait_for_url(POST_URL)
    expect(page.get_by_text(re.compile(r"^Style #\d+$"))).to_be_visible()
    liked = page.get_by_role("button", name=re.compile("^(Like|Unlike)$"))
    if liked.get_attribute("aria-label") == "Like":
        liked.click()
    expect(page.get_by_role("button", name="Unlike")).to_be_visible()
    page.get_by_label("Add a comment").fill("Love these colours together!")
    page.get_by_role("button", name="Post", exact=True).click()
    expect(page.get_by_text("Love these colours together!")).to_be_visible()
    follow = page.get_by_role("button", name=re.compile("^(Follow|Following)$")).first
    if follow.inner_text().strip() == "Follow":
        follow.click()
        expect(page.get_by_text("Following maya")).to_be_visible()
    expect(page.get_by_role("button", name="Following").first).to_be_visible()
    page.get_by_role("button", name="Share").click()
    _shots(page, "post")

    # Following tab shows maya's looks.
    page.goto("/feed?tab=following")
    expect(page.get_by_role("article", name="Style post by Maya Chen").first).to_be_visible()
    page.goto("/feed")
    expect(page.get_by_role("article").first).to_be_visible()
    _shots(page, "feed")

    # Edit profile photo and bio; the header shows the new photo.
    page.get_by_role("button", name="Account menu").click()
    page.get_by_role("menuitem", name="Edit Profile").click()
    expect(page.get_by_role("heading", name="Settings", level=1)).to_be_visible()
    expect(page.get_by_role("region", name="Profile")).to_be_visible()
    page.locator("input[type=file]").set_input_files(str(_photo(tmp_path / "me.png",
                                                                (230, 160, 170))))
    page.get_by_label("Bio").fill("Rewearing my favourites, one look at a time.")
    page.get_by_role("button", name="Save changes").click()
    page.wait_for_url(re.compile(r"/profile/\d+$"))
    expect(page.get_by_text("Rewearing my favourites, one look at a time.")).to_be_visible()
    header_avatar = page.get_by_role("button", name="Account menu").locator("img")
    expect(header_avatar).to_have_attribute("src", re.compile(r"/media/"))
    page.get_by_role("tab", name="Style Posts").click()
    expect(page.get_by_role("article").first).to_be_visible()
    _shots(page, "profile")
