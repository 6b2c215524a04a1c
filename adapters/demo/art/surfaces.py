"""Surfaces a garment is photographed lying on: oak and walnut boards, a linen sheet, concrete,
marble and kraft paper, each lit from the upper left with a soft vignette.

Each surface is drawn once per process (cached) at canvas size and copied for every photo, so
a photo's backdrop costs a copy, not a drawing.
"""

from __future__ import annotations

import random
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

Colour = tuple[int, int, int]

# name, the surface's dark and light tones
SURFACES: tuple[tuple[str, Colour, Colour], ...] = (
    ("oak", (150, 112, 76), (214, 178, 134)),
    ("linen", (206, 198, 186), (243, 239, 232)),
    ("concrete", (138, 138, 134), (200, 199, 194)),
    ("marble", (196, 196, 198), (248, 248, 247)),
    ("walnut", (84, 58, 42), (146, 106, 76)),
    ("kraft", (180, 150, 112), (222, 196, 160)),
    ("linen", (196, 204, 208), (236, 240, 242)),
)


def _noise(size: tuple[int, int], sigma: float, seed: int) -> Image.Image:
    """Gaussian grey noise around 128, the same for the same seed."""
    rng = random.Random(seed)
    tile = Image.effect_noise((64, 64), sigma)
    out = Image.new("L", size)
    for y in range(0, size[1], 64):
        for x in range(0, size[0], 64):
            out.paste(tile.rotate(90 * rng.randrange(4)), (x, y))
    return out


def _clouds(size: tuple[int, int], seed: int, scale: int = 16) -> Image.Image:
    """Soft large-scale blotches (low-resolution noise scaled up and blurred)."""
    small = (max(2, size[0] // scale), max(2, size[1] // scale))
    rng = random.Random(seed)
    data = bytes(rng.randrange(256) for _ in range(small[0] * small[1]))
    blotch = Image.frombytes("L", small, data).filter(ImageFilter.GaussianBlur(1.5))
    return ImageOps.autocontrast(blotch.resize(size, Image.Resampling.BICUBIC))


def _boards(size: tuple[int, int], seed: int) -> Image.Image:
    """Wood: long horizontal boards, grain streaks and a darker seam between boards."""
    w, h = size
    grain = _clouds((w // 24, h), seed, 4).resize(size, Image.Resampling.BILINEAR)
    fine = _noise((w // 8, h), 40, seed).resize(size, Image.Resampling.BILINEAR)
    wood = ImageChops.blend(grain, fine, 0.35)
    rng = random.Random(seed)
    draw = ImageDraw.Draw(wood)
    y = -rng.randrange(h // 5)
    while y < h:
        board = rng.randrange(h // 6, h // 4)
        tone = rng.randrange(-24, 24)
        box = wood.crop((0, max(0, y), w, min(h, y + board)))
        wood.paste(box.point(lambda v, t=tone: max(0, min(255, v + t))), (0, max(0, y)))
        draw.line((0, y + board, w, y + board), fill=20, width=max(2, h // 400))
        y += board
    return wood


def _veins(size: tuple[int, int], seed: int) -> Image.Image:
    """Marble: pale stone with a few soft grey veins."""
    rng = random.Random(seed)
    stone = _clouds(size, seed, 60).point(lambda v: 200 + v // 6)
    draw = ImageDraw.Draw(stone)
    w, h = size
    for _ in range(5):
        x, y = rng.uniform(-0.2, 1) * w, rng.uniform(0, 1) * h
        points = []
        for _ in range(14):
            points.append((x, y))
            x += rng.uniform(0.02, 0.12) * w
            y += rng.uniform(-0.08, 0.08) * h
        draw.line(points, fill=rng.randrange(150, 190), width=rng.randrange(3, 8),
                  joint="curve")
    return stone.filter(ImageFilter.GaussianBlur(3))


def _grey(name: str, size: tuple[int, int], seed: int) -> Image.Image:
    if name in ("oak", "walnut"):
        return _boards(size, seed)
    if name == "marble":
        return _veins(size, seed)
    fine = _noise(size, 30 if name == "concrete" else 16, seed)
    spread = 70 if name == "concrete" else 40
    blotches = _clouds(size, seed, 24 if name == "concrete" else 80).point(
        lambda v: 128 - spread // 2 + v * spread // 255)
    base = ImageChops.blend(blotches, fine, 0.45 if name == "concrete" else 0.3)
    if name == "linen":  # a fine weave and long soft wrinkles
        weave = Image.new("L", (64, 64), 140)
        dots = ImageDraw.Draw(weave)
        for y in range(0, 64, 2):
            dots.line((y % 4, y, 64, y), fill=110, width=1)
        threads = Image.new("L", size)
        for y in range(0, size[1], 64):
            for x in range(0, size[0], 64):
                threads.paste(weave, (x, y))
        base = ImageChops.blend(base, threads, 0.2)
    return base


@lru_cache(maxsize=1)
def _lighting(size: tuple[int, int]) -> Image.Image:
    """Light from the upper left fading to a soft vignette (L, 255 = fully lit)."""
    radial = Image.radial_gradient("L").resize(size, Image.Resampling.BILINEAR)
    down = Image.linear_gradient("L").resize(size)
    across = down.transpose(Image.Transpose.ROTATE_90).transpose(
        Image.Transpose.FLIP_LEFT_RIGHT).resize(size)
    diagonal = ImageChops.add(down.point(lambda v: v // 2), across.point(lambda v: v // 2))
    light = ImageChops.add(radial.point(lambda v: int(v * 0.5)),
                           diagonal.point(lambda v: v // 4))
    return ImageChops.invert(light).point(lambda v: 150 + int(v * 105 / 255))


@lru_cache(maxsize=len(SURFACES))
def surface(index: int, size: tuple[int, int]) -> Image.Image:
    """Surface ``index`` (any int; wraps) at ``size``, lit and vignetted, RGB."""
    name, dark, light = SURFACES[index % len(SURFACES)]
    grey = _grey(name, size, 17 + index)
    if name in ("oak", "walnut"):
        grey = ImageOps.autocontrast(grey, cutoff=1)
    coloured = ImageOps.colorize(grey, dark, light)
    lit = _lighting(size)
    return ImageChops.multiply(coloured, Image.merge("RGB", (lit, lit, lit)))


def count() -> int:
    return len(SURFACES)
