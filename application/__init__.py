"""Use cases, one module per area. Services take ports by constructor and never import adapters."""
