"""The first view's values are formatted as the React components format them (their sources
are named on each helper in ``entrypoints/http/pages/first_view.py``), and a filled template
escapes what it is given."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from domain.catalog import Category, Condition, Size
from domain.listings import Listing
from entrypoints.http.pages.first_view import (
    Templates,
    calendar_date,
    initials,
    item_count,
    product_view,
    relative_age,
    size_label,
)

pytestmark = pytest.mark.unit
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def listing(title: str = "Vans Authentic, US 9", size: Size = Size.OTHER,
            category: Category = Category.FOOTWEAR) -> Listing:
    return Listing(seller_id=1, title=title, description="Soft & worn in", price=Decimal("1048.5"),
                   brand="Vans", size=size, condition=Condition.LIKE_NEW, category=category,
                   images=[], created_at=NOW, id=7)


def test_values_read_as_the_components_show_them() -> None:
    assert initials("maya") == "MA"
    assert initials("Maya Chen") == "MC"
    assert initials("Ana de la Cruz") == "AD"
    assert calendar_date(datetime(2025, 1, 5, tzinfo=UTC)) == "Jan 5, 2025"
    assert [relative_age(NOW - timedelta(days=d), NOW) for d in (0, 1, 3, 14, 65)] == [
        "Today", "Yesterday", "3d ago", "2w ago", "2mo ago"]
    assert relative_age(NOW + timedelta(hours=1), NOW) == "Today"
    assert [item_count(1, False), item_count(1234, False), item_count(10000, True)] == [
        "1 item", "1,234 items", "10,000+ items"]
    assert size_label(listing()) == "US 9"
    assert size_label(listing(title="Vans")) == "Other"
    assert size_label(listing(category=Category.ACCESSORIES)) == "One size"
    assert size_label(listing(size=Size.XXXL, category=Category.TOPS)) == "3XL"


def test_a_filled_template_escapes_the_listing() -> None:
    t = Templates(copy={}, templates={
        "product": "<h1>{title}</h1><p>{price}</p><p>{size}</p>{{gallery}}",
        "noGallery": '<div aria-label="{title}"></div>'})
    page = product_view(t, listing(title="Jacket <b> & co, EU 42"))
    assert page == ("<h1>Jacket &lt;b&gt; &amp; co, EU 42</h1><p>$1,048.50</p><p>EU 42</p>"
                    '<div aria-label="Jacket &lt;b&gt; &amp; co, EU 42"></div>')
    with pytest.raises(KeyError):  # a template asking for what the server does not know
        Templates(copy={}, templates={"home": "{nothing}"}).fill("home")
