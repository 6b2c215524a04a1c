"""Mechanisms that several areas' services share; none of them is an area of its own.

``paging.py`` (keyset pages behind an opaque cursor), ``throttle.py`` (the rate-limit rules
applied to a key) and ``abuse.py`` (the per-member limits built on it), ``key_locks.py``
(one holder at a time per key, for the limiters) and ``clock.py`` (the real clock). An area
module uses them and never copies them (docs/architecture.md, "Homes").
"""
