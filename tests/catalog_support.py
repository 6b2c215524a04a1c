"""Kept for the browser tests' imports; the helpers live in ``tests/support/catalog.py``."""

from tests.support.catalog import create, data_url, listing, png, titles

__all__ = ["create", "data_url", "listing", "png", "titles"]
