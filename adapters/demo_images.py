"""Demo photos drawn with Pillow: garment silhouettes in varied colours and patterns.

No network and no bundled photos: each picture is a garment (tee, hoodie, jacket, dress,
skirt, jeans, sneaker, bag) drawn as a filled outline on a soft studio background, with a
pattern (solid, stripes, dots, checks), seams, a light gradient and a floor shadow. The
same (kind, variant) always gives the same picture. Shapes are drawn at twice the size and
scaled down, which smooths their edges.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import anyio.to_thread
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from application.ports.media import GarmentPhotos, OutfitPhoto

WIDTH, HEIGHT = 640, 800
SCALE = 2
W, H = WIDTH * SCALE, HEIGHT * SCALE

Colour = tuple[int, int, int]
Points = list[tuple[float, float]]

PALETTE: dict[str, Colour] = {
    "navy": (34, 52, 92), "olive": (107, 112, 62), "rust": (170, 82, 48),
    "cream": (236, 226, 205), "black": (38, 38, 42), "burgundy": (112, 33, 50),
    "mustard": (214, 164, 52), "blush": (226, 168, 168), "forest": (40, 86, 62),
    "grey": (140, 142, 148), "camel": (192, 150, 102), "sky": (120, 168, 212),
    "lilac": (178, 156, 206), "coral": (232, 116, 96), "white": (244, 244, 240),
    "teal": (38, 124, 128),
}
DENIM: dict[str, Colour] = {
    "mid-wash denim": (62, 92, 140), "dark-wash denim": (44, 66, 104),
    "light-wash denim": (102, 134, 178), "black denim": (40, 44, 56),
}
COLOUR_NAMES = {"forest": "forest green", "grey": "heather grey", "sky": "sky blue"}
BACKDROPS: list[tuple[Colour, Colour]] = [
    ((246, 242, 236), (228, 220, 208)), ((238, 242, 246), (214, 222, 232)),
    ((244, 238, 240), (226, 212, 216)), ((240, 244, 238), (218, 226, 214)),
]
PATTERNS = ("solid", "stripes", "dots", "checks", "solid", "diagonal")


def _p(points: Points) -> list[tuple[int, int]]:
    """Unit-square coordinates to canvas pixels."""
    return [(int(x * W), int(y * H)) for x, y in points]


def _darker(colour: Colour, amount: float = 0.35) -> Colour:
    return tuple(int(c * (1 - amount)) for c in colour)  # type: ignore[return-value]


def _lighter(colour: Colour, amount: float = 0.4) -> Colour:
    return tuple(int(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def _contrast(colour: Colour) -> Colour:
    brightness = sum(colour) / 3
    return _lighter(colour, 0.7) if brightness < 140 else _darker(colour, 0.55)


# -- backgrounds and fills ---------------------------------------------------------------


def _backdrop(rng: random.Random) -> Image.Image:
    return _studio(rng.randrange(len(BACKDROPS))).copy()


@lru_cache(maxsize=len(BACKDROPS))
def _studio(index: int) -> Image.Image:
    top, bottom = BACKDROPS[index]
    column = Image.new("RGB", (1, H))
    for y in range(H):
        t = y / (H - 1)
        column.putpixel((0, y), tuple(int(a + (b - a) * t) for a, b in zip(top, bottom,
                                                                              strict=True)))
    return column.resize((W, H))


def _pattern(kind: str, base: Colour, accent: Colour, rng: random.Random) -> Image.Image:
    fill = Image.new("RGB", (W, H), base)
    draw = ImageDraw.Draw(fill)
    step = rng.choice([48, 64, 80])
    if kind == "stripes":
        for y in range(0, H, step):
            draw.rectangle((0, y, W, y + step // 3), fill=accent)
    elif kind == "diagonal":
        for x in range(-H, W, step):
            draw.line((x, 0, x + H, H), fill=accent, width=step // 4)
    elif kind == "dots":
        radius = step // 6
        for row, y in enumerate(range(0, H, step)):
            for x in range((row % 2) * step // 2, W, step):
                draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=accent)
    elif kind == "checks":
        band = Image.new("RGB", (W, H), accent)
        mask = Image.new("L", (W, H), 0)
        marks = ImageDraw.Draw(mask)
        for offset in range(0, max(W, H), step):
            marks.rectangle((offset, 0, offset + step // 2, H), fill=110)
            marks.rectangle((0, offset, W, offset + step // 2), fill=110)
        fill = Image.composite(band, fill, mask)
    return fill


@lru_cache(maxsize=1)
def _light_masks() -> tuple[Image.Image, Image.Image]:
    across = Image.linear_gradient("L").rotate(90).resize((W, H))
    down = Image.linear_gradient("L").resize((W, H))
    ramp = ImageChops.add(across.point(lambda v: v // 2), down.point(lambda v: v // 2))
    return ramp.point(lambda v: int(v * 0.22)), ramp.point(lambda v: int((255 - v) * 0.12))


def _light(fill: Image.Image) -> Image.Image:
    """A soft highlight from the upper left and shade toward the lower right."""
    shade, glow = _light_masks()
    lit = Image.composite(Image.new("RGB", (W, H), (0, 0, 0)), fill, shade)
    return Image.composite(Image.new("RGB", (W, H), (255, 255, 255)), lit, glow)


def _soft_shadow(mask: Image.Image) -> Image.Image:
    """The garment's blurred floor shadow (blurred small, then scaled up: fast)."""
    small = mask.resize((W // 8, H // 8), Image.Resampling.BILINEAR)
    blurred = small.filter(ImageFilter.GaussianBlur(4)).resize((W, H),
                                                                Image.Resampling.BILINEAR)
    return ImageChops.offset(blurred.point(lambda v: int(v * 0.35)), 18, 26)


# -- garment outlines (mask polygons) and their details ----------------------------------

Details = Callable[[ImageDraw.ImageDraw, Colour, Colour], None]


def _tee(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    body = [(0.36, 0.2), (0.44, 0.18), (0.5, 0.24), (0.56, 0.18), (0.64, 0.2), (0.86, 0.3),
            (0.78, 0.44), (0.7, 0.4), (0.7, 0.82), (0.3, 0.82), (0.3, 0.4), (0.22, 0.44),
            (0.14, 0.3)]
    mask.polygon(_p(body), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, _: Colour) -> None:
        draw.line(_p([(0.44, 0.18), (0.5, 0.24), (0.56, 0.18)]), fill=line, width=10)
        draw.line(_p([(0.3, 0.4), (0.3, 0.26)]), fill=line, width=4)
        draw.line(_p([(0.7, 0.4), (0.7, 0.26)]), fill=line, width=4)
        draw.line(_p([(0.3, 0.79), (0.7, 0.79)]), fill=line, width=4)
    return details


def _hoodie(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    body = [(0.34, 0.2), (0.4, 0.12), (0.5, 0.09), (0.6, 0.12), (0.66, 0.2), (0.8, 0.27),
            (0.9, 0.74), (0.82, 0.76), (0.72, 0.42), (0.72, 0.84), (0.28, 0.84),
            (0.28, 0.42), (0.18, 0.76), (0.1, 0.74), (0.2, 0.27)]
    mask.polygon(_p(body), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, accent: Colour) -> None:
        draw.ellipse(_p([(0.42, 0.15), (0.58, 0.27)]), outline=line, width=8)
        draw.line(_p([(0.47, 0.26), (0.46, 0.38)]), fill=accent, width=6)
        draw.line(_p([(0.53, 0.26), (0.54, 0.38)]), fill=accent, width=6)
        draw.polygon(_p([(0.36, 0.6), (0.64, 0.6), (0.68, 0.74), (0.32, 0.74)]),
                     outline=line, width=6)
        draw.line(_p([(0.28, 0.8), (0.72, 0.8)]), fill=line, width=6)
    return details


def _jacket(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    body = [(0.34, 0.16), (0.5, 0.2), (0.66, 0.16), (0.82, 0.24), (0.9, 0.76), (0.82, 0.78),
            (0.74, 0.4), (0.74, 0.86), (0.26, 0.86), (0.26, 0.4), (0.18, 0.78), (0.1, 0.76),
            (0.18, 0.24)]
    mask.polygon(_p(body), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, accent: Colour) -> None:
        draw.line(_p([(0.5, 0.2), (0.5, 0.86)]), fill=line, width=8)
        draw.polygon(_p([(0.34, 0.16), (0.5, 0.2), (0.44, 0.36)]), outline=line, width=6)
        draw.polygon(_p([(0.66, 0.16), (0.5, 0.2), (0.56, 0.36)]), outline=line, width=6)
        for y in (0.44, 0.56, 0.68, 0.8):
            cx, cy = int(0.535 * W), int(y * H)
            draw.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=accent, outline=line)
        draw.rectangle(_p([(0.31, 0.6), (0.44, 0.66)]), outline=line, width=5)
        draw.rectangle(_p([(0.56, 0.6), (0.69, 0.66)]), outline=line, width=5)
    return details


def _dress(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    body = [(0.4, 0.12), (0.44, 0.12), (0.46, 0.22), (0.54, 0.22), (0.56, 0.12), (0.6, 0.12),
            (0.62, 0.3), (0.58, 0.44), (0.8, 0.88), (0.2, 0.88), (0.42, 0.44), (0.38, 0.3)]
    mask.polygon(_p(body), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, accent: Colour) -> None:
        draw.line(_p([(0.42, 0.44), (0.58, 0.44)]), fill=accent, width=14)
        for x in (0.36, 0.5, 0.64):
            draw.line(_p([(0.5 + (x - 0.5) * 0.2, 0.46), (x, 0.86)]), fill=line, width=4)
    return details


def _skirt(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    body = [(0.34, 0.26), (0.66, 0.26), (0.66, 0.32), (0.82, 0.78), (0.18, 0.78),
            (0.34, 0.32)]
    mask.polygon(_p(body), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, _: Colour) -> None:
        draw.line(_p([(0.34, 0.32), (0.66, 0.32)]), fill=line, width=8)
        for x in (0.3, 0.42, 0.58, 0.7):
            draw.line(_p([(0.5 + (x - 0.5) * 0.45, 0.33), (x, 0.77)]), fill=line, width=4)
    return details


def _jeans(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    body = [(0.32, 0.12), (0.68, 0.12), (0.7, 0.2), (0.74, 0.9), (0.54, 0.9), (0.5, 0.38),
            (0.46, 0.9), (0.26, 0.9), (0.3, 0.2)]
    mask.polygon(_p(body), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, _: Colour) -> None:
        stitch = (214, 160, 72)
        draw.line(_p([(0.31, 0.17), (0.69, 0.17)]), fill=stitch, width=5)
        draw.line(_p([(0.5, 0.17), (0.5, 0.36)]), fill=line, width=6)
        draw.arc(_p([(0.34, 0.12), (0.46, 0.3)]), 0, 90, fill=stitch, width=5)
        draw.arc(_p([(0.54, 0.12), (0.66, 0.3)]), 90, 180, fill=stitch, width=5)
        draw.line(_p([(0.27, 0.86), (0.46, 0.86)]), fill=stitch, width=4)
        draw.line(_p([(0.54, 0.86), (0.73, 0.86)]), fill=stitch, width=4)
        cx, cy = int(0.5 * W), int(0.145 * H)
        draw.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=(190, 170, 120))
    return details


def _sneaker(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    upper = [(0.12, 0.66), (0.12, 0.52), (0.18, 0.46), (0.28, 0.5), (0.36, 0.44),
             (0.46, 0.42), (0.56, 0.47), (0.7, 0.52), (0.84, 0.56), (0.91, 0.62),
             (0.9, 0.66)]
    mask.polygon(_p(upper), **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, accent: Colour) -> None:
        draw.rounded_rectangle(_p([(0.1, 0.64), (0.91, 0.71)]), radius=40,
                               fill=(246, 246, 242), outline=(200, 200, 196), width=5)
        draw.line(_p([(0.12, 0.68), (0.9, 0.68)]), fill=(214, 214, 210), width=4)
        for n in range(4):
            x = 0.44 + n * 0.045
            draw.line(_p([(x, 0.44 + n * 0.02), (x + 0.04, 0.47 + n * 0.02)]), fill=line,
                      width=8)
        draw.line(_p([(0.24, 0.6), (0.46, 0.53), (0.7, 0.6)]), fill=accent, width=18)
        draw.arc(_p([(0.16, 0.44), (0.34, 0.56)]), 180, 330, fill=line, width=8)
    return details


def _bag(mask: ImageDraw.ImageDraw, **style: Any) -> Details:
    mask.rounded_rectangle(_p([(0.22, 0.38), (0.78, 0.82)]), radius=56, **style)

    def details(draw: ImageDraw.ImageDraw, line: Colour, accent: Colour) -> None:
        draw.arc(_p([(0.34, 0.2), (0.66, 0.56)]), 180, 360, fill=line, width=22)
        draw.polygon(_p([(0.22, 0.42), (0.78, 0.42), (0.72, 0.6), (0.28, 0.6)]),
                     outline=line, width=6)
        cx, cy = int(0.5 * W), int(0.6 * H)
        draw.rounded_rectangle((cx - 34, cy - 22, cx + 34, cy + 22), radius=8, fill=accent,
                               outline=line, width=4)
    return details


SHAPES: dict[str, Callable[..., Details]] = {
    "tee": _tee, "hoodie": _hoodie, "jacket": _jacket, "dress": _dress, "skirt": _skirt,
    "jeans": _jeans, "sneaker": _sneaker, "bag": _bag,
}


def _colours(kind: str, rng: random.Random) -> tuple[str, Colour, Colour]:
    """The main colour's name, the main colour and an accent."""
    if kind == "jeans":
        name = rng.choice(list(DENIM))
        return name, DENIM[name], _lighter(DENIM[name], 0.25)
    names = list(PALETTE)
    name = rng.choice(names)
    base = PALETTE[name]
    accent = PALETTE[rng.choice([n for n in names if PALETTE[n] != base])]
    if abs(sum(base) - sum(accent)) < 120:
        accent = _contrast(base)
    return COLOUR_NAMES.get(name, name), base, accent


@dataclass
class _Drawn:
    backdrop: Image.Image
    mask: Image.Image
    fill: Image.Image
    shape: Callable[..., Details]
    details: Details
    colour: str
    base: Colour
    accent: Colour


def _drawn(kind: str, variant: int) -> _Drawn:
    """The parts of garment ``kind`` in ``variant`` (same rng sequence for every use, so an
    outfit shows a listing's garment in the listing's colours)."""
    if kind not in SHAPES:
        raise ValueError(f"unknown garment {kind!r}")
    rng = random.Random(f"{kind}:{variant}")
    backdrop = _backdrop(rng)
    mask = Image.new("L", (W, H), 0)
    shape = SHAPES[kind]
    details = shape(ImageDraw.Draw(mask), fill=255)
    colour, base, accent = _colours(kind, rng)
    pattern = "solid" if kind in ("jeans", "sneaker") else rng.choice(PATTERNS)
    fill = _light(_pattern(pattern, base, accent, rng))
    return _Drawn(backdrop, mask, fill, shape, details, colour, base, accent)


def draw_garment(kind: str, variant: int) -> GarmentPhotos:
    """Garment ``kind`` as PNGs, whole and in close-up (the middle at twice the size);
    ``variant`` picks colours, pattern and backdrop."""
    g = _drawn(kind, variant)
    canvas = Image.composite(Image.new("RGB", (W, H), (70, 64, 58)), g.backdrop,
                             _soft_shadow(g.mask))
    canvas = Image.composite(g.fill, canvas, g.mask)
    pen = ImageDraw.Draw(canvas)
    g.shape(pen, outline=_darker(g.base, 0.45), width=7)
    g.details(pen, _darker(g.base, 0.4), g.accent)
    return GarmentPhotos(_png(canvas.reduce(SCALE)), _png(_detail(canvas, g.mask)), g.colour)


# Where the pieces of an outfit lie on a flat-lay photo (fractions: left, top, right, bottom):
# the top or dress, the bottoms, the shoes, the bag.
OUTFIT_SLOTS = ((0.04, 0.03, 0.60, 0.57), (0.42, 0.38, 0.96, 0.97),
                (0.04, 0.64, 0.40, 0.95), (0.63, 0.05, 0.96, 0.38))


@lru_cache(maxsize=64)
def _cutout(kind: str, variant: int) -> tuple[Image.Image, Image.Image]:
    """The garment (with seams) cropped to its outline, and its mask."""
    g = _drawn(kind, variant)
    piece = g.fill.copy()
    pen = ImageDraw.Draw(piece)
    g.shape(pen, outline=_darker(g.base, 0.45), width=7)
    g.details(pen, _darker(g.base, 0.4), g.accent)
    g.shape(ImageDraw.Draw(g.mask), outline=255, width=7)
    box = g.mask.getbbox() or (0, 0, W, H)
    return piece.crop(box), g.mask.crop(box)


def draw_outfit(pieces: list[tuple[str, int]], variant: int) -> OutfitPhoto:
    """A flat-lay photo of up to four garments (kind, variant) with where each one lies."""
    canvas = _backdrop(random.Random(f"outfit:{variant}"))
    spots: list[tuple[float, float]] = []
    for (kind, garment_variant), (left, top, right, bottom) in zip(pieces, OUTFIT_SLOTS,
                                                                    strict=False):
        piece, mask = _cutout(kind, garment_variant)
        width, height = (right - left) * W, (bottom - top) * H
        scale = min(width / piece.width, height / piece.height)
        size = (max(1, int(piece.width * scale)), max(1, int(piece.height * scale)))
        piece = piece.resize(size, Image.Resampling.BILINEAR)
        mask = mask.resize(size, Image.Resampling.BILINEAR)
        x = int(left * W + (width - size[0]) / 2)
        y = int(top * H + (height - size[1]) / 2)
        shadow = mask.point(lambda v: int(v * 0.3)).filter(ImageFilter.BoxBlur(10))
        canvas.paste((70, 64, 58), (x + 14, y + 18), shadow)
        canvas.paste(piece, (x, y), mask)
        spots.append((round((x + size[0] / 2) / W, 3), round((y + size[1] / 2) / H, 3)))
    return OutfitPhoto(_png(canvas.reduce(SCALE)), tuple(spots))


def _png(picture: Image.Image) -> bytes:
    out = io.BytesIO()
    picture.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def _detail(canvas: Image.Image, mask: Image.Image) -> Image.Image:
    """The output-sized window of the double-size drawing centred on the garment."""
    left, top, right, bottom = mask.getbbox() or (0, 0, W, H)
    x = min(max((left + right) // 2 - WIDTH // 2, 0), W - WIDTH)
    y = min(max((top + bottom) // 2 - HEIGHT // 2, 0), H - HEIGHT)
    return canvas.crop((x, y, x + WIDTH, y + HEIGHT))


class PillowGarmentPictures:
    """The :class:`application.ports.media.GarmentPictures` port, drawn off the event loop."""

    kinds: tuple[str, ...] = tuple(SHAPES)

    async def draw(self, kind: str, variant: int) -> GarmentPhotos:
        return await anyio.to_thread.run_sync(draw_garment, kind, variant)

    async def draw_outfit(self, pieces: list[tuple[str, int]], variant: int) -> OutfitPhoto:
        return await anyio.to_thread.run_sync(draw_outfit, pieces, variant)
