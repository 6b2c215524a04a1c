"""The driving side of Rethread: HTTP (Litestar), CLI (Typer) and the container that wires them."""
