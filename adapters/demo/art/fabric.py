"""Fabric: the printed or woven pattern, the weave's texture and the light on a garment (its
volume, its folds and creases), all as Pillow images of the canvas size.

Light is one grey map where 128 changes nothing, darker shades and lighter lights; it is
computed at a quarter of the size (it is soft anyway) and scaled up, which keeps a photo fast.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

Colour = tuple[int, int, int]
Line = Sequence[tuple[float, float]]
QUARTER = 4

# How each material takes light: texture strength, fold depth and sheen.
MATERIALS = {
    "jersey": (10, 1.0, 0.6), "silk": (3, 0.8, 1.6), "fleece": (14, 1.2, 0.4),
    "canvas": (16, 1.0, 0.7), "denim": (22, 1.1, 0.6), "leather": (12, 0.6, 1.3),
    "cotton": (9, 1.0, 0.8), "knit": (18, 0.9, 0.5), "nylon": (6, 1.3, 1.5),
}


def darker(colour: Colour, amount: float = 0.35) -> Colour:
    return (int(colour[0] * (1 - amount)), int(colour[1] * (1 - amount)),
            int(colour[2] * (1 - amount)))


def lighter(colour: Colour, amount: float = 0.4) -> Colour:
    return (int(colour[0] + (255 - colour[0]) * amount),
            int(colour[1] + (255 - colour[1]) * amount),
            int(colour[2] + (255 - colour[2]) * amount))


def _flower(draw: ImageDraw.ImageDraw, x: int, y: int, r: int, petal: Colour,
            centre: Colour) -> None:
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0), (0.7, -0.7), (-0.7, 0.7)):
        cx, cy = x + int(dx * r), y + int(dy * r)
        draw.ellipse((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=petal)
    draw.ellipse((x - r * 0.45, y - r * 0.45, x + r * 0.45, y + r * 0.45), fill=centre)


def pattern(kind: str, size: tuple[int, int], base: Colour, accent: Colour,
            seed: int) -> Image.Image:
    """A flat piece of fabric: ``kind`` is solid, stripes, breton, dots, gingham, tartan,
    floral, quilted or ribbed."""
    w, h = size
    fill = Image.new("RGB", size, base)
    draw = ImageDraw.Draw(fill)
    rng = random.Random(seed)
    step = rng.choice((56, 64, 76))
    if kind == "stripes":
        for y in range(0, h, step):
            draw.rectangle((0, y, w, y + step // 2), fill=accent)
    elif kind == "breton":
        for y in range(0, h, step // 2):
            draw.rectangle((0, y, w, y + step // 7), fill=accent)
    elif kind == "dots":
        radius = step // 7
        for row, y in enumerate(range(0, h, step)):
            for x in range((row % 2) * step // 2, w, step):
                draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=accent)
    elif kind in ("gingham", "tartan"):
        band = Image.new("RGB", size, accent)
        mask = Image.new("L", size, 0)
        marks = ImageDraw.Draw(mask)
        for offset in range(0, max(w, h), step):
            marks.rectangle((offset, 0, offset + step // 2, h), fill=110)
            marks.rectangle((0, offset, w, offset + step // 2), fill=110)
            if kind == "tartan":
                thin = offset + step * 3 // 4
                marks.rectangle((thin, 0, thin + 5, h), fill=230)
                marks.rectangle((0, thin, w, thin + 5), fill=230)
        fill = Image.composite(band, fill, mask)
    elif kind == "floral":
        centre = lighter(accent, 0.6)
        for row, y in enumerate(range(0, h + step, int(step * 1.3))):
            for x in range((row % 2) * step, w + step, step * 2):
                jitter = rng.randrange(-step // 4, step // 4)
                _flower(draw, x + jitter, y - jitter, step // 5, accent, centre)
                draw.ellipse((x + step // 2, y + step // 3, x + step // 2 + step // 6,
                              y + step // 3 + step // 10), fill=darker(accent, 0.2))
    elif kind == "quilted":
        for y in range(step, h, int(step * 1.6)):
            draw.line((0, y, w, y), fill=darker(base, 0.3), width=5)
    elif kind == "ribbed":
        for x in range(0, w, 14):
            draw.line((x, 0, x, h), fill=darker(base, 0.12), width=5)
    return fill


@lru_cache(maxsize=len(MATERIALS))
def texture(material: str, size: tuple[int, int]) -> Image.Image:
    """The weave's fine grain around 128 (denim has its diagonal twill, knits their loops)."""
    strength = MATERIALS[material][0]
    tile = Image.effect_noise((128, 128), strength)
    if material == "denim":
        twill = Image.new("L", (128, 128), 128)
        lines = ImageDraw.Draw(twill)
        for x in range(-128, 128, 6):
            lines.line((x, 128, x + 128, 0), fill=150, width=2)
        tile = ImageChops.blend(tile, twill, 0.5)
    elif material == "knit":
        tile = tile.resize((64, 128)).resize((128, 128))
    elif material in ("fleece", "canvas"):
        tile = tile.filter(ImageFilter.BoxBlur(1))
    out = Image.new("L", size)
    for y in range(0, size[1], 128):
        for x in range(0, size[0], 128):
            out.paste(tile, (x, y))
    return out


def light(mask: Image.Image, folds: Sequence[Line], material: str, seed: int) -> Image.Image:
    """The light over a garment (L, 128 neutral): rounded near its edges, brighter toward
    the upper left, creased along ``folds`` (lines in canvas pixels)."""
    w, h = mask.size
    small = mask.resize((w // QUARTER, h // QUARTER), Image.Resampling.BILINEAR)
    _, depth, sheen = MATERIALS[material]
    # Volume: the garment is thinner (darker) at its edges and catches light up-left.
    body = small.filter(ImageFilter.GaussianBlur(7))
    lit = ImageChops.subtract(ImageChops.offset(body, -3, -3), ImageChops.offset(body, 3, 3),
                              scale=2, offset=128)
    edge = ImageChops.invert(body).point(lambda v: int(v * 0.22 * depth))
    shade = ImageChops.subtract(lit.point(lambda v: int(128 + (v - 128) * 0.5 * sheen)), edge)
    # Folds: a shaded groove with a lit ridge beside it.
    creases = Image.new("L", small.size, 128)
    pen = ImageDraw.Draw(creases)
    rng = random.Random(seed)
    for line in folds:
        points = [(x / QUARTER, y / QUARTER) for x, y in line]
        width = rng.randrange(4, 9)
        pen.line(points, fill=int(128 - 42 * depth), width=width, joint="curve")
        pen.line([(x - width * 0.8, y - width * 0.8) for x, y in points],
                 fill=int(128 + 30 * sheen), width=max(2, width // 2), joint="curve")
    creases = creases.filter(ImageFilter.GaussianBlur(3.5))
    shade = ImageChops.add(shade, creases, scale=1, offset=-128)
    return shade.resize((w, h), Image.Resampling.BILINEAR)


def apply_light(fill: Image.Image, shade: Image.Image, grain: Image.Image) -> Image.Image:
    """Shade ``fill`` by the grey map (below 128 darkens, above lightens) plus the grain."""
    total = ImageChops.add(shade, grain, scale=1, offset=-128)
    dark = total.point(lambda v: min(255, v * 2))
    bright = total.point(lambda v: max(0, v * 2 - 255))
    shaded = ImageChops.multiply(fill, Image.merge("RGB", (dark, dark, dark)))
    return ImageChops.screen(shaded, Image.merge("RGB", (bright, bright, bright)))
