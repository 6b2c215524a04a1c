"""The search engine adapter: Tantivy, on disk, one index per host (docs/search.md)."""
