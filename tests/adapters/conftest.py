"""Adapter tests' demo pictures, and the grouping of the tests that share one seeded demo.

The demo seeds draw small one-colour PNGs (:class:`QuickPictures`) instead of the garment
photos, so seeding tests stay fast. The tests that only read the demo
(``test_adapters_demo_world.py``) share one seed per database (its ``seeded_demo``): each
database's share runs on one xdist worker, one test after another.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from dependency_injector import providers
from PIL import Image
from sqlalchemy import make_url

from adapters.demo.images import COLOURS, PATTERNS, SHAPES
from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import reset_postgres_schema
from application.ports.media import GarmentLook, GarmentPhotos, OutfitPhoto
from entrypoints.container import Container
from tests.conftest import BASE_POSTGRES_URL, POSTGRES_URL, create_database_if_missing


class QuickPictures:
    """Small real PNGs, one colour per look, so seeding tests stay fast."""

    kinds = tuple(SHAPES)
    colours = tuple(COLOURS)
    patterns = PATTERNS

    async def draw(self, shown: GarmentLook) -> GarmentPhotos:
        def png(shade: int) -> bytes:
            out = io.BytesIO()
            Image.new("RGB", (32, 40), (shade, 20 * shown.pose % 255,
                                        20 * self.kinds.index(shown.kind))).save(
                out, format="PNG")
            return out.getvalue()
        return GarmentPhotos(png(10), png(200))

    async def draw_outfit(self, looks: list[GarmentLook], variant: int) -> OutfitPhoto:
        out = io.BytesIO()
        Image.new("RGB", (32, 40), (variant * 20 % 255, len(looks) * 40, 90)).save(
            out, format="PNG")
        return OutfitPhoto(out.getvalue(), tuple((0.2 + i * 0.2, 0.5) for i in range(
            len(looks))))


@pytest.fixture(scope="session")
def quick_pictures() -> QuickPictures:
    return QuickPictures()


@pytest.fixture
def quick(container: Container, quick_pictures: QuickPictures) -> Container:
    """The test's container, drawing :class:`QuickPictures` (for a test that seeds its own
    demo)."""
    container.garment_pictures.override(providers.Object(quick_pictures))
    return container


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each test that reads the shared seeded demo (``seeded_demo``) joins the xdist group of
    its database, ``demo-sqlite`` or ``demo-postgresql``: under ``--dist loadgroup`` a group's
    tests run one after another on one worker, so no other test's ``db`` empties the tables
    between them, and each database is seeded once (on one worker; the two groups may run
    side by side). First (``tryfirst``): xdist's own hook reads the groups into the test ids
    (``test...[sqlite]@demo-sqlite``), and a marker added after it is not seen. Without
    xdist (``-p no:xdist``) one process runs them in order, and its ``xdist_group`` mark is
    unknown."""
    for item in items:
        if not isinstance(item, pytest.Function) or "seeded_demo" not in item.fixturenames:
            continue
        if config.pluginmanager.hasplugin("xdist"):
            database = item.callspec.params["database_url"]
            item.add_marker(pytest.mark.xdist_group(f"demo-{database}"))


async def database_at(kind: str, tmp_path: Path, revision: str, scratch: str) -> str:
    """An empty database migrated to ``revision``, for a migration's test: its own SQLite
    file, or on PostgreSQL a scratch database ``<test database>_<scratch>`` beside the
    configured one (its schema dropped first), so the session's migrated databases are
    untouched."""
    if kind == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    else:
        assert POSTGRES_URL is not None and BASE_POSTGRES_URL is not None
        parsed = make_url(POSTGRES_URL)
        url = parsed.set(database=f"{parsed.database}_{scratch}").render_as_string(
            hide_password=False)
        await create_database_if_missing(BASE_POSTGRES_URL, url)
        await reset_postgres_schema(url)
    await asyncio.to_thread(upgrade, url, revision)
    return url
