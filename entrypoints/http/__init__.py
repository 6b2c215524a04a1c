"""The Litestar HTTP entrypoint: thin controllers per area, errors mapped in one place."""
