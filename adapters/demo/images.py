"""Demo photos drawn with Pillow: a garment lying on a surface, photographed from above.

No network and no bundled photos. A photo is composed from adapters/demo/art/: the surface
(wood, linen, concrete, marble, paper), the garment's outline in its pose, its fabric (colour,
pattern, seams and trims), the light on it (volume, folds, the weave's grain), its shadow on
the surface and a little film grain. The same look always gives the same bytes. Shapes are
drawn at twice the size and scaled down, which smooths their edges; soft light is computed at
a quarter size. One photo takes a few tenths of a second, so seeding draws a fixed set of
looks once and shares them between listings (docs/catalog.md, "Demo photos").
"""

from __future__ import annotations

import io
import random
import threading
from collections import OrderedDict
from functools import lru_cache

import anyio.to_thread
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from adapters.demo.art import fabric, surfaces
from adapters.demo.art.shapes import SHAPES, Pen, Pose
from application.ports.media import GarmentLook, GarmentPhotos, OutfitPhoto

WIDTH, HEIGHT = 640, 800
SCALE = 2
W, H = WIDTH * SCALE, HEIGHT * SCALE

Colour = tuple[int, int, int]

COLOURS: dict[str, Colour] = {
    "white": (240, 239, 234), "cream": (234, 222, 196), "ecru": (218, 206, 180),
    "oatmeal": (200, 186, 160), "camel": (186, 142, 96), "tan": (168, 124, 84),
    "chocolate": (92, 62, 44), "rust": (164, 80, 46), "terracotta": (186, 98, 72),
    "mustard": (206, 158, 52), "olive": (102, 106, 60), "sage": (150, 164, 132),
    "forest green": (40, 82, 60), "teal": (36, 116, 122), "sky blue": (126, 168, 206),
    "cobalt": (40, 76, 160), "navy": (32, 44, 80), "charcoal": (62, 64, 68),
    "black": (34, 34, 37), "heather grey": (150, 150, 152), "burgundy": (108, 32, 48),
    "red": (176, 40, 44), "blush": (224, 170, 164), "coral": (226, 112, 92),
    "lilac": (176, 156, 200), "mid-wash denim": (66, 96, 142),
    "dark-wash denim": (42, 60, 96), "light-wash denim": (120, 150, 188),
    "black denim": (44, 46, 54),
}
PATTERNS = ("solid", "stripes", "breton", "dots", "gingham", "tartan", "floral", "quilted",
            "ribbed")
# The fabric a material-less look is made of, per garment (a denim colour makes it denim).
SHADOW = 0.42


def _pose(look: GarmentLook, size: tuple[int, int]) -> Pose:
    rng = random.Random(f"pose:{look.kind}:{look.pose}")
    return Pose(size[0], size[1], angle=rng.uniform(-6, 6), scale=rng.uniform(0.9, 1.0),
                shift=(rng.uniform(-0.025, 0.025), rng.uniform(-0.02, 0.02)))


def _material(look: GarmentLook, default: str) -> str:
    if "denim" in look.colour:
        return "denim"
    if look.pattern == "quilted":
        return "nylon"
    if look.pattern == "ribbed":
        return "knit"
    return default


def _garment(look: GarmentLook) -> tuple[Image.Image, Image.Image]:
    """The shaded garment (RGB, canvas size) and its outline mask."""
    if look.kind not in SHAPES:
        raise ValueError(f"unknown garment {look.kind!r}")
    base, accent = COLOURS[look.colour], COLOURS[look.accent]
    shape, pose = SHAPES[look.kind](), _pose(look, (W, H))
    mask = Image.new("L", (W, H), 0)
    outline = ImageDraw.Draw(mask)
    for polygon in shape.outline:
        outline.polygon(pose(polygon), fill=255)
    seed = hash((look.kind, look.pose)) & 0xFFFF
    cloth = fabric.pattern(look.pattern, (W, H), base, accent, seed)
    if look.pattern != "solid":  # the print turns with the garment (nearest: the reduce
        cloth = cloth.rotate(pose.angle, fillcolor=base)  # to output size smooths it)
    pen = Pen(ImageDraw.Draw(cloth), pose, fabric.darker(base, 0.38 if sum(base) > 150 else 0.0),
              fabric.lighter(base, 0.22), accent)
    shape.details(pen)
    material = _material(look, shape.material)
    folds = [pose(line) for line in shape.folds]
    shade = fabric.light(mask, folds, material, seed)
    return fabric.apply_light(cloth, shade, fabric.texture(material, (W, H))), mask


def _shadow(mask: Image.Image) -> Image.Image:
    """The garment's shadow on the surface: a wide soft one cast down-right and a tight
    contact shadow around it (blurred at an eighth of the size, then scaled up: fast)."""
    small = mask.resize((mask.width // 8, mask.height // 8), Image.Resampling.BILINEAR)
    wide = ImageChops.offset(small.filter(ImageFilter.GaussianBlur(5)), 2, 3)
    contact = small.filter(ImageFilter.GaussianBlur(1.2))
    both = ImageChops.lighter(wide.point(lambda v: int(v * 0.55)),
                              contact.point(lambda v: int(v * 0.6)))
    return both.resize(mask.size, Image.Resampling.BILINEAR)


def _lay(backdrop: Image.Image, piece: Image.Image, mask: Image.Image,
         at: tuple[int, int] = (0, 0)) -> None:
    """Lay ``piece`` on ``backdrop`` at ``at``, with its shadow."""
    holder = Image.new("L", backdrop.size, 0)
    holder.paste(mask, at)
    dim = backdrop.point(lambda v: int(v * SHADOW))
    backdrop.paste(Image.composite(dim, backdrop, _shadow(holder)))
    backdrop.paste(piece, at, mask)


@lru_cache(maxsize=1)
def _film_grain() -> Image.Image:
    grain = Image.effect_noise((WIDTH, HEIGHT), 7)
    return Image.merge("RGB", (grain, grain, grain))


def _develop(picture: Image.Image) -> Image.Image:
    """An output-size photo (the canvas scaled down, or a window of it) with a little grain."""
    if picture.size != (WIDTH, HEIGHT):
        picture = picture.reduce(SCALE)
    return ImageChops.add(picture, _film_grain(), scale=1, offset=-128)


def draw_garment(look: GarmentLook) -> GarmentPhotos:
    """``look`` as JPEG photos: the whole garment on its surface and a close-up (the middle at
    twice the size)."""
    piece, mask = _garment(look)
    _keep_cutout(look, piece, mask)
    canvas = surfaces.surface(look.surface, (W, H)).copy()
    _lay(canvas, piece, mask)
    return GarmentPhotos(_jpeg(_develop(canvas)), _jpeg(_develop(_detail(canvas, mask))))


# Where the pieces of an outfit lie on a flat-lay photo (fractions: left, top, right, bottom):
# the top or dress, the bottoms, the shoes, the bag.
OUTFIT_SLOTS = ((0.04, 0.03, 0.60, 0.57), (0.42, 0.38, 0.96, 0.97),
                (0.04, 0.64, 0.40, 0.95), (0.63, 0.05, 0.96, 0.38))


CUTOUT_BOX = (384, 480)  # bigger than any outfit slot, so a cut-out is only ever shrunk
CUTOUTS = 96  # at most this many kept (about 0.4 MB each): every listing look fits
_cutouts: OrderedDict[GarmentLook, tuple[Image.Image, Image.Image]] = OrderedDict()
_cutouts_lock = threading.Lock()


def _keep_cutout(look: GarmentLook, piece: Image.Image, mask: Image.Image
                 ) -> tuple[Image.Image, Image.Image]:
    """Keep the garment cropped to its outline at outfit size: the style posts lay listed
    garments out again, and drawing is the slow part."""
    box = mask.getbbox() or (0, 0, W, H)
    scale = min(CUTOUT_BOX[0] / (box[2] - box[0]), CUTOUT_BOX[1] / (box[3] - box[1]), 1.0)
    size = (max(1, int((box[2] - box[0]) * scale)), max(1, int((box[3] - box[1]) * scale)))
    kept = (piece.crop(box).resize(size, Image.Resampling.BILINEAR),
            mask.crop(box).resize(size, Image.Resampling.BILINEAR))
    with _cutouts_lock:
        _cutouts[look] = kept
        _cutouts.move_to_end(look)
        while len(_cutouts) > CUTOUTS:
            _cutouts.popitem(last=False)
    return kept


def _cutout(look: GarmentLook) -> tuple[Image.Image, Image.Image]:
    """The garment cropped to its outline, and its mask (drawn unless kept)."""
    with _cutouts_lock:
        kept = _cutouts.get(look)
    return kept if kept is not None else _keep_cutout(look, *_garment(look))


def draw_outfit(looks: list[GarmentLook], variant: int) -> OutfitPhoto:
    """A flat-lay photo of up to four garments with where each one lies."""
    canvas = surfaces.surface(variant, (W, H)).reduce(SCALE)
    spots: list[tuple[float, float]] = []
    for look, (left, top, right, bottom) in zip(looks, OUTFIT_SLOTS, strict=False):
        piece, mask = _cutout(look)
        width, height = (right - left) * WIDTH, (bottom - top) * HEIGHT
        scale = min(width / piece.width, height / piece.height)
        size = (max(1, int(piece.width * scale)), max(1, int(piece.height * scale)))
        piece = piece.resize(size, Image.Resampling.BILINEAR)
        mask = mask.resize(size, Image.Resampling.BILINEAR)
        x = int(left * WIDTH + (width - size[0]) / 2)
        y = int(top * HEIGHT + (height - size[1]) / 2)
        _lay(canvas, piece, mask, (x, y))
        spots.append((round((x + size[0] / 2) / WIDTH, 3), round((y + size[1] / 2) / HEIGHT, 3)))
    return OutfitPhoto(_jpeg(_develop(canvas)), tuple(spots))


def _jpeg(picture: Image.Image) -> bytes:
    """A photo's bytes: JPEG at high quality (five times faster to write than PNG, and the
    media store decodes and re-encodes it anyway)."""
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=92)
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
    colours: tuple[str, ...] = tuple(COLOURS)
    patterns: tuple[str, ...] = PATTERNS

    async def draw(self, look: GarmentLook) -> GarmentPhotos:
        return await anyio.to_thread.run_sync(draw_garment, look)

    async def draw_outfit(self, looks: list[GarmentLook], variant: int) -> OutfitPhoto:
        return await anyio.to_thread.run_sync(draw_outfit, looks, variant)
