"""The media store on a real disk: every stored picture gets its smaller copies, on upload and,
for pictures stored before the copies existed, through the backfill."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from PIL import Image
from typer.testing import CliRunner

from adapters.media import LocalMediaStore
from application.ports.media import MEDIUM_SIDE, SMALL_SIDE, VARIANT_SIDES, variant_url
from entrypoints.cli.main import app
from entrypoints.settings import get_settings
from tests.support.catalog import png

pytestmark = pytest.mark.adapters


def file_of(store: LocalMediaStore, url: str | None) -> Path:
    assert url is not None and url.startswith("/media/")
    return store.media_dir / url.removeprefix("/media/")


def size_of(path: Path) -> tuple[int, int]:
    with Image.open(path) as image:
        return image.size


async def test_an_upload_is_stored_with_a_copy_at_each_side(tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path)
    stored = await store.save_listing_image(png(1600, 2000, "navy"))

    assert size_of(file_of(store, stored.url)) == (960, 1200)
    assert size_of(file_of(store, variant_url(stored.url, MEDIUM_SIDE))) == (720, 900)
    assert size_of(file_of(store, variant_url(stored.url, SMALL_SIDE))) == (128, 160)
    assert size_of(file_of(store, stored.thumbnail_url)) == (320, 400)
    assert size_of(file_of(store, variant_url(stored.thumbnail_url, SMALL_SIDE))) == (128, 160)


async def test_a_copy_no_smaller_than_its_picture_is_the_picture_itself(tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path)
    stored = await store.save_listing_image(png(640, 800, "olive"))

    display = file_of(store, stored.url).read_bytes()
    assert file_of(store, variant_url(stored.url, MEDIUM_SIDE)).read_bytes() == display
    assert file_of(store, variant_url(stored.thumbnail_url, MEDIUM_SIDE)).read_bytes() == (
        file_of(store, stored.thumbnail_url).read_bytes())


async def test_pictures_stored_before_the_copies_get_them_from_the_backfill(
        tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path)
    stored = [await store.save_listing_image(png(1200, 900, colour))
              for colour in ("teal", "plum")]
    copies = [file_of(store, variant_url(url, side)) for image in stored
              for url in (image.url, image.thumbnail_url) for side in VARIANT_SIDES]
    for copy in copies:  # as an older store left them: the pictures alone
        copy.unlink()
    heard: list[tuple[int, int]] = []

    assert await store.add_missing_variants(lambda done, total: heard.append((done, total))) == 4

    assert all(copy.exists() for copy in copies)
    assert size_of(file_of(store, variant_url(stored[0].url, MEDIUM_SIDE))) == (900, 675)
    assert size_of(file_of(store, variant_url(stored[1].thumbnail_url, SMALL_SIDE))) == (160, 120)
    assert heard[-1] == (4, 4)
    # Every picture has them now: a later run (each `rethread db upgrade`) has nothing to do.
    assert await store.add_missing_variants() == 0


async def test_the_backfill_leaves_copies_that_exist_alone(tmp_path: Path) -> None:
    store = LocalMediaStore(tmp_path)
    stored = await store.save_listing_image(png(1200, 900))
    medium = file_of(store, variant_url(stored.url, MEDIUM_SIDE))
    small = file_of(store, variant_url(stored.url, SMALL_SIDE))
    small.unlink()
    before = medium.stat().st_mtime_ns

    assert await store.add_missing_variants() == 1

    assert small.exists() and medium.stat().st_mtime_ns == before


def test_only_urls_the_store_wrote_have_copies() -> None:
    stored = "/media/products/ab/" + "ab" * 20 + ".webp"
    assert variant_url(stored, MEDIUM_SIDE) == stored.removesuffix(".webp") + ".900.webp"
    assert variant_url("https://example.com/cover.webp", MEDIUM_SIDE) is None
    assert variant_url("/media/cover.png", MEDIUM_SIDE) is None
    assert variant_url(variant_url(stored, SMALL_SIDE), MEDIUM_SIDE) is None
    assert variant_url(None, MEDIUM_SIDE) is None
    with pytest.raises(ValueError):
        variant_url(stored, 500)


@pytest.fixture
def data_dir(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("RETHREAD_DATABASE_URL", db)
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "test-secret-key-test-secret-key-0123456789")
    get_settings.cache_clear()
    yield tmp_path
    get_settings.cache_clear()


def test_db_upgrade_gives_old_pictures_their_copies(data_dir: Path) -> None:
    store = LocalMediaStore(get_settings().media_dir)
    stored = anyio.run(store.save_listing_image, png(1200, 1500))
    medium = file_of(store, variant_url(stored.url, MEDIUM_SIDE))
    medium.unlink()

    result = CliRunner().invoke(app, ["db", "upgrade"])

    assert result.exit_code == 0, result.output
    assert "Gave 1 stored pictures their smaller copies" in result.output
    assert size_of(medium) == (720, 900)
