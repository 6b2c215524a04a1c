"""Rethread's marketplace rules: pure Python, no I/O, no framework, no clock reads."""
