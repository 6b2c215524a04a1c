"""``rethread orders export`` against a real database: to a file and to standard output,
the spec's columns, awkward text quoted and formulas neutralised, the status filter; and
the counts ``export`` and ``sweep`` print (``count_of``: "1 order", "2 orders")."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adapters.sqlalchemy.engine import create_engine, create_session_factory
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from domain.admin import EXPORT_COLUMNS
from domain.order_rules import OrderStatus
from domain.orders import Order, OrderItem
from entrypoints.cli.main import app
from entrypoints.settings import get_settings
from tests.support import a_listing, a_user

pytestmark = pytest.mark.adapters

AWKWARD = 'Zoë "Z", Jr.\nSecond line'
SOLD_AT = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)


@pytest.fixture
def cli(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CliRunner]:
    monkeypatch.setenv("RETHREAD_DATABASE_URL", db)
    monkeypatch.setenv("RETHREAD_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("RETHREAD_SECRET_KEY", "test-secret-key-test-secret-key-0123456789")
    get_settings.cache_clear()
    yield CliRunner()
    get_settings.cache_clear()


async def seed(url: str) -> None:
    """Two orders: one for '=SUM(A1)' by an awkwardly named seller, one paid for."""
    engine = create_engine(url)
    uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
    async with uow:
        seller = await uow.users.add(a_user("zoe", display_name=AWKWARD, created_at=SOLD_AT))
        buyer = await uow.users.add(a_user("maya", display_name="@maya", created_at=SOLD_AT))
        assert seller.id is not None and buyer.id is not None
        for index, (title, status) in enumerate([("=SUM(A1)", OrderStatus.PENDING),
                                                 ("Wool coat, grey", OrderStatus.SHIPPED)]):
            listing = await uow.listings.add(a_listing(seller.id, title=title, price="10.50",
                                                       created_at=SOLD_AT))
            assert listing.id is not None
            order = Order.place(order_number=f"4{index}-ABC12{index}", product_id=listing.id,
                                buyer_id=buyer.id, seller_id=seller.id,
                                price=Decimal("10.50"), created_at=SOLD_AT)
            order.status = status
            await uow.orders.add(order, SOLD_AT)
        await uow.commit()
    await engine.dispose()


def parsed(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_export_writes_the_spec_columns_to_a_file_or_stdout(cli: CliRunner, db: str,
                                                             tmp_path: Path) -> None:
    asyncio.run(seed(db))
    target = tmp_path / "orders.csv"
    done = cli.invoke(app, ["orders", "export", "--out", str(target)])
    assert done.exit_code == 0, done.output
    assert "Exported 2 orders to" in done.output
    rows = parsed(target.read_bytes().decode())
    assert tuple(rows[0]) == EXPORT_COLUMNS
    assert rows[1:] == [
        ["40-ABC120", "2026-11-20", "'=SUM(A1)", "10.50", "pending", "'@maya",
         "maya@example.com", AWKWARD, "zoe@example.com", "1"],
        ["41-ABC121", "2026-11-20", "Wool coat, grey", "10.50", "shipped", "'@maya",
         "maya@example.com", AWKWARD, "zoe@example.com", "1"]]

    out = cli.invoke(app, ["orders", "export", "--status", "sales"])
    assert out.exit_code == 0, out.output
    assert [row[0] for row in parsed(out.stdout)] == ["Order Number", "41-ABC121"]
    assert "Exporting" not in out.stdout  # no progress bar off a terminal

    wrong = cli.invoke(app, ["orders", "export", "--status", "lost"])
    assert wrong.exit_code == 2


def test_list_takes_the_same_statuses_and_groups_as_export(cli: CliRunner, db: str) -> None:
    """A pending and a shipped order: ``sales`` is the shipped one, ``pending_payment`` the
    pending one, a status the same; a word that is neither names the choices and exits 2."""
    asyncio.run(seed(db))

    def listed(status: str) -> list[str]:
        done = cli.invoke(app, ["orders", "list", "--json", "--status", status])
        assert done.exit_code == 0, done.output
        return [row["orderNumber"] for row in json.loads(done.stdout)]

    assert listed("sales") == ["41-ABC121"]
    assert listed("pending_payment") == ["40-ABC120"]
    assert listed("shipped") == ["41-ABC121"]
    assert listed("completed") == []
    wrong = cli.invoke(app, ["orders", "list", "--status", "lost"])
    assert wrong.exit_code == 2
    said = " ".join(wrong.output.replace("│", " ").split())  # (a usage error's box)
    assert "Invalid value for '--status'" in said
    assert "Choose a status (pending," in said and "to_be_shipped" in said


def test_a_terminal_gets_a_progress_bar_on_standard_error(
        cli: CliRunner, db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    import entrypoints.cli.orders as orders_cli

    asyncio.run(seed(db))
    screen = io.StringIO()
    monkeypatch.setattr(orders_cli, "errors", Console(file=screen, force_terminal=True,
                                                      width=100))
    target = tmp_path / "orders.csv"
    done = cli.invoke(app, ["orders", "export", "--out", str(target)])
    assert done.exit_code == 0, done.output
    assert "Exporting orders" in screen.getvalue()
    assert "2/2" in screen.getvalue()
    assert "Exporting" not in target.read_text(encoding="utf-8")


async def seed_bundle(url: str, placed: datetime = SOLD_AT) -> None:
    """One order of two listings (a bundle at a 10% discount), placed at ``placed``."""
    engine = create_engine(url)
    uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
    async with uow:
        seller = await uow.users.add(a_user("zoe", created_at=SOLD_AT))
        buyer = await uow.users.add(a_user("maya", created_at=SOLD_AT))
        assert seller.id is not None and buyer.id is not None
        ids = []
        for title in ("Wool coat", "Silk scarf"):
            listing = await uow.listings.add(a_listing(seller.id, title=title, price="10.00",
                                                       created_at=SOLD_AT))
            assert listing.id is not None
            ids.append(listing.id)
        order = Order.place(order_number="50-ABC125", product_id=ids[0], buyer_id=buyer.id,
                            seller_id=seller.id, price=Decimal("18.00"), created_at=placed,
                            items=[OrderItem(i, Decimal("10.00")) for i in ids])
        await uow.orders.add(order, placed)
        await uow.commit()
    await engine.dispose()


def test_a_bundle_is_listed_and_exported_with_every_item(cli: CliRunner, db: str,
                                                         tmp_path: Path) -> None:
    asyncio.run(seed_bundle(db))
    # The table never cuts the order number or the amounts, whatever the terminal's width
    # (the titles may wrap); --json gives every field whole to scripts.
    listed = cli.invoke(app, ["orders", "list"])
    assert listed.exit_code == 0, listed.output
    assert "50-ABC125" in listed.output and "$18.00" in listed.output
    scripted = cli.invoke(app, ["orders", "list", "--json"])
    assert scripted.exit_code == 0, scripted.output
    [row] = json.loads(scripted.stdout)
    assert row["orderNumber"] == "50-ABC125" and row["items"] == ["Wool coat", "Silk scarf"]
    assert (row["price"], row["status"], row["buyer"], row["seller"]) == (
        "18.00", "pending", "maya", "zoe")
    exported = cli.invoke(app, ["orders", "export"])
    rows = parsed(exported.stdout)
    assert rows[1][2:4] == ["Wool coat + Silk scarf", "18.00"] and rows[1][-1] == "2"
    # One order is counted in the singular.
    done = cli.invoke(app, ["orders", "export", "--out", str(tmp_path / "bundle.csv")])
    assert done.exit_code == 0, done.output
    assert "Exported 1 order to" in done.output


def test_the_sweep_counts_what_it_did_in_words(cli: CliRunner, db: str) -> None:
    """One unpaid order long past its payment deadline: "1 unpaid order", none of the rest."""
    asyncio.run(seed_bundle(db, placed=datetime.now(UTC) - timedelta(days=30)))
    done = cli.invoke(app, ["orders", "sweep"])
    assert done.exit_code == 0, done.output
    assert " ".join(done.output.split()) == (
        "Cancelled 1 unpaid order, completed 0 delivered orders, published reviews of 0 "
        "orders, expired 0 offer reservations, lifted 0 ended suspensions.")


# Placed times out of id order (as demo data and a restored backup have them), two alike.
PLACED = [datetime(2026, 11, 26, 9, tzinfo=UTC), datetime(2026, 11, 27, 9, tzinfo=UTC),
          datetime(2026, 11, 25, 9, tzinfo=UTC), datetime(2026, 11, 26, 9, tzinfo=UTC)]


async def seed_out_of_order(url: str) -> None:
    engine = create_engine(url)
    uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
    async with uow:
        seller = await uow.users.add(a_user("zoe", created_at=SOLD_AT))
        buyer = await uow.users.add(a_user("maya", created_at=SOLD_AT))
        assert seller.id is not None and buyer.id is not None
        for index, placed in enumerate(PLACED):
            listing = await uow.listings.add(a_listing(seller.id, title=f"Coat {index}",
                                                       created_at=SOLD_AT))
            assert listing.id is not None
            await uow.orders.add(Order.place(
                order_number=f"6{index}-ABC12{index}", product_id=listing.id, buyer_id=buyer.id,
                seller_id=seller.id, price=Decimal("10.00"), created_at=placed), placed)
        await uow.commit()
    await engine.dispose()


async def exported_in_batches(url: str, size: int) -> list[str]:
    from application.order_desk import OrderDesk
    from tests.fakes import FixedClock

    engine = create_engine(url)
    desk = OrderDesk(SqlAlchemyUnitOfWork(create_session_factory(engine)), FixedClock(SOLD_AT))
    numbers = [row.order_number async for batch in desk.export(batch=size) for row in batch]
    await engine.dispose()
    return numbers


def test_the_export_runs_oldest_first_whatever_the_ids(cli: CliRunner, db: str) -> None:
    """Placed time, then id (the CLI's help says oldest first), also across batches."""
    asyncio.run(seed_out_of_order(db))
    oldest_first = ["62-ABC122", "60-ABC120", "63-ABC123", "61-ABC121"]
    exported = cli.invoke(app, ["orders", "export"])
    assert exported.exit_code == 0, exported.output
    rows = parsed(exported.stdout)[1:]
    assert [row[0] for row in rows] == oldest_first
    assert [row[1] for row in rows] == ["2026-11-25", "2026-11-26", "2026-11-26", "2026-11-27"]
    for size in (1, 2, 3):
        assert asyncio.run(exported_in_batches(db, size)) == oldest_first, size
