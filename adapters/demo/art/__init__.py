"""The pieces of the demo photos (adapters/demo/images.py composes them): surfaces a garment
is photographed on, fabric light and texture, and garment outlines with their seams."""
