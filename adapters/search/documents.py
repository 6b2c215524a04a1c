"""What the search index holds: its schema, a listing as a document, and the index's home.

One document per listing (any status: a seller's own shop shows sold ones) and one ``meta``
document holding the outbox position the index has applied, replaced in every commit, so
the position is stored with the documents it describes (a restart resumes from it).

Words are analysed by ``domain/search.py`` (folding, brand punctuation, light stems,
category and condition words) and stored as raw terms: ``head`` (title and brand), ``terms``
(head and body) and ``vocab`` (the words typos are corrected against and suggestions come
from). A query word matches the terms it or its stem prefixes (``domain.search.patterns``),
so the engine answers exactly the rules the old SQL search and the property test's oracle
answer. ``similar`` is free text through Tantivy's own analyzer (lowercase, ASCII folding,
English stemming) for more-like-this.

The index lives in ``<search dir>/<version>-<stamp>/``; ``<search dir>/current`` is a
symbolic link to the live one, swapped atomically by a rebuild. :data:`SCHEMA_VERSION`
changes with the schema: an index of another version is never opened, a new one is built.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import TypedDict

import tantivy

from domain.catalog import brand_key
from domain.listings import Listing
from domain.money import to_cents
from domain.search import search_text, vocabulary_words

# v2: stems are fixpoints (domain.search.stem); v3: ``price_terms``.
SCHEMA_VERSION = "v3"
CURRENT = "current"
LOCK_FILE = "writer.lock"
# In each index directory: the token of the database it was built from.
ORIGIN_FILE = "origin"
ANALYZER = "rethread_similar"
META, LISTING = "meta", "listing"
# A sort key -> its copy as terms only, for ranges over a few of its values (build_schema).
# Prices, in whole cents, repeat: a window of 0.5 % of the catalog holds a few hundred
# terms. Creation times are all distinct (microseconds): a window of them is thousands of
# one-listing postings, slower than the column (measured: most-recent pages 1.0 -> 2.1 ms
# at the median), so they stay on the column.
WINDOW_FIELDS = {"price": "price_terms"}
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class _TextOptions(TypedDict):
    tokenizer_name: str
    index_option: str


_RAW: _TextOptions = {"tokenizer_name": "raw", "index_option": "basic"}


def build_schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("kind", **_RAW)
    builder.add_integer_field("id", stored=True, indexed=True, fast=True)
    builder.add_integer_field("seller", indexed=True, fast=True)
    builder.add_text_field("status", **_RAW)
    for name in ("brand_key", "brand_pair", "category", "size", "condition"):
        builder.add_text_field(name, fast=True, **_RAW)
    builder.add_text_field("brand_compact", **_RAW)
    for name in ("price", "created", "watch"):
        builder.add_integer_field(name, indexed=True, fast=True)
    # The price again, as terms only. Tantivy answers a range of a fast field by reading
    # the field's whole column, and a range of a field that is not fast from its postings:
    # a price-sorted page's narrow windows (engine.Spread) read these, at a sixth of the
    # cost at 1M listings (a tenth beside a shopper's own price range, itself a column).
    for name in WINDOW_FIELDS.values():
        builder.add_integer_field(name, indexed=True, fast=False)
    for name in ("head", "terms", "vocab"):
        builder.add_text_field(name, **_RAW)
    builder.add_text_field("similar", stored=True, tokenizer_name=ANALYZER)
    builder.add_integer_field("position", stored=True)
    builder.add_integer_field("committed", stored=True)
    return builder.build()


SCHEMA = build_schema()
SIMILAR_ANALYZER = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                    .filter(tantivy.Filter.remove_long(40))
                    .filter(tantivy.Filter.lowercase())
                    .filter(tantivy.Filter.ascii_fold())
                    .filter(tantivy.Filter.stemmer("english"))
                    .build())
BRAND_SEPARATOR = "\x1f"


def micros(at: datetime) -> int:
    """A time as whole microseconds since 1970 (the ``created`` key, exact)."""
    delta = at.astimezone(UTC) - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def document(listing: Listing) -> tantivy.Document:
    """The listing's document: its fields gathered first and handed to Tantivy in one call
    (``from_dict``), which costs a third of adding its ~95 values one by one (at a million
    listings, the rebuild's Python work is mostly this)."""
    assert listing.id is not None
    text = search_text(listing.title, listing.description, listing.brand, listing.category,
                       listing.condition)
    key = brand_key(listing.brand)
    cents = to_cents(listing.price)
    return tantivy.Document.from_dict({
        "kind": LISTING,
        "id": listing.id,
        "seller": listing.seller_id,
        "status": listing.status.value,
        "brand_key": key,
        "brand_compact": key.replace(" ", ""),
        "brand_pair": f"{key}{BRAND_SEPARATOR}{listing.brand}",
        "category": listing.category.value,
        "size": listing.size.value,
        "condition": listing.condition.value,
        "price": cents,
        WINDOW_FIELDS["price"]: cents,
        "created": micros(listing.created_at),
        "watch": listing.watch_count,
        "head": list(text.head_terms),
        "terms": [*text.head_terms, *text.body_terms],
        "vocab": sorted(vocabulary_words(listing.title, listing.description, listing.brand,
                                         listing.category, listing.condition)),
        "similar": " ".join((listing.title, listing.brand, listing.category.label,
                             listing.size.value)),
    }, SCHEMA)


def meta_document(position: int, committed: datetime) -> tantivy.Document:
    doc = tantivy.Document()
    doc.add_text("kind", META)
    doc.add_integer("position", position)
    doc.add_integer("committed", micros(committed))
    return doc


def open_index(path: Path) -> tantivy.Index:
    """The index at ``path`` (made there when missing), its analyzer registered."""
    path.mkdir(parents=True, exist_ok=True)
    index = tantivy.Index(SCHEMA, path=str(path), reuse=True)
    index.register_tokenizer(ANALYZER, SIMILAR_ANALYZER)
    return index


def live_path(directory: Path) -> Path | None:
    """The live index of ``directory`` when it is of this :data:`SCHEMA_VERSION`."""
    link = directory / CURRENT
    try:
        target = os.readlink(link)
    except OSError:
        return None
    if not target.startswith(f"{SCHEMA_VERSION}-"):
        return None
    path = directory / target
    return path if (path / "meta.json").exists() else None


def new_path(directory: Path, stamp: datetime) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    base = f"{SCHEMA_VERSION}-{stamp.astimezone(UTC):%Y%m%dT%H%M%S%f}"
    path, n = directory / base, 0
    while path.exists():
        n += 1
        path = directory / f"{base}-{n}"
    return path


def make_live(directory: Path, path: Path) -> None:
    """Point ``current`` at ``path`` in one step (a new link renamed over the old)."""
    temporary = directory / f".{CURRENT}.{os.getpid()}"
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()
    temporary.symlink_to(path.name)
    os.replace(temporary, directory / CURRENT)


def stored_position(index: tantivy.Index) -> int:
    """The outbox position stored with the index's last commit (0 for an empty index)."""
    index.reload()
    searcher = index.searcher()
    hits = searcher.search(tantivy.Query.term_query(index.schema, "kind", META), limit=1).hits
    if not hits:
        return 0
    return int(searcher.doc(hits[0][1]).get_first("position") or 0)


def read_origin(path: Path) -> str | None:
    """The token of the database the index at ``path`` was built from; None before there
    was one (``adapters/search/indexer.py``)."""
    try:
        return (path / ORIGIN_FILE).read_text().strip()
    except FileNotFoundError:
        return None


def write_origin(path: Path, token: str) -> None:
    (path / ORIGIN_FILE).write_text(token + "\n")


def forget_old(directory: Path, keep: set[Path | None]) -> None:
    """Remove index versions other than the live one and the one before it (a reader
    of another process may still have the previous one open for a moment)."""
    for child in directory.iterdir():
        if (child.is_dir() and child not in keep and child.name != CURRENT
                and (child.name.startswith(f"{SCHEMA_VERSION}-") or child.name[:1] == "v")):
            shutil.rmtree(child, ignore_errors=True)
