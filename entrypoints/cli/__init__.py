"""The ``rethread`` command line (Typer + Rich)."""
