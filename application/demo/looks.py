"""Demo looks: what each demo photo shows, and which listing gets which photo.

A photo costs a few tenths of a second to draw, so the catalog draws each look once and
shares it (docs/catalog.md, "Demo photos"). Looks are listed per garment kind, each a colour,
a pattern and an accent; they are dealt to listings so neighbours never share one:

- kinds come round in shuffled rounds (every kind once per round, never the same kind twice
  in a row across rounds), so a row of the newest listings mixes garments;
- each kind deals its looks in turn, so two listings show the same photo only when that kind
  has come round ``len(looks)`` times: about ``len(KINDS) * (len(looks) - 1)`` listings apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from application.ports.media import GarmentLook

# Listing titles name a look's colour; these need names a shopper would say.
DENIMS = ("mid-wash denim", "dark-wash denim", "light-wash denim", "black denim")

# (colour, pattern, accent) per kind. The first looks of each kind are the ones the style posts
# ask for (a denim jacket and jeans, a dress, bright tops), so a small seed still has them.
LOOKS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "tee": (("white", "solid", "navy"), ("navy", "breton", "white"), ("black", "solid", "white"),
            ("heather grey", "solid", "white"), ("rust", "solid", "cream"),
            ("sage", "solid", "white"), ("cream", "stripes", "navy"),
            ("mustard", "solid", "white"), ("sky blue", "solid", "white"),
            ("red", "breton", "cream")),
    "blouse": (("cream", "solid", "cream"), ("sky blue", "solid", "white"),
               ("white", "solid", "white"), ("blush", "solid", "cream"),
               ("navy", "dots", "white"), ("sage", "gingham", "white"),
               ("lilac", "solid", "white"), ("black", "solid", "cream"),
               ("coral", "solid", "white"), ("ecru", "stripes", "cobalt")),
    "hoodie": (("heather grey", "solid", "white"), ("cobalt", "solid", "white"),
               ("black", "solid", "white"), ("forest green", "solid", "cream"),
               ("burgundy", "solid", "white"), ("oatmeal", "solid", "white"),
               ("navy", "solid", "white"), ("sage", "solid", "white"),
               ("mustard", "solid", "white"), ("charcoal", "solid", "white")),
    "jacket": (("mid-wash denim", "solid", "tan"), ("olive", "solid", "tan"),
               ("black", "quilted", "black"), ("tan", "solid", "chocolate"),
               ("light-wash denim", "solid", "tan"), ("camel", "solid", "chocolate"),
               ("navy", "quilted", "navy"), ("charcoal", "solid", "black"),
               ("dark-wash denim", "solid", "tan"), ("forest green", "quilted", "black")),
    "dress": (("sage", "floral", "cream"), ("red", "solid", "white"),
              ("navy", "dots", "white"), ("black", "solid", "black"),
              ("blush", "floral", "burgundy"), ("terracotta", "solid", "cream"),
              ("cream", "solid", "tan"), ("cobalt", "solid", "white"),
              ("lilac", "floral", "white"), ("mustard", "gingham", "white")),
    "skirt": (("camel", "tartan", "burgundy"), ("mid-wash denim", "solid", "tan"),
              ("black", "solid", "black"), ("chocolate", "ribbed", "tan"),
              ("blush", "solid", "cream"), ("navy", "solid", "white"),
              ("red", "tartan", "navy"), ("olive", "ribbed", "tan"),
              ("cream", "solid", "tan"), ("light-wash denim", "solid", "tan")),
    "jeans": (("mid-wash denim", "solid", "tan"), ("dark-wash denim", "solid", "tan"),
              ("light-wash denim", "solid", "tan"), ("black denim", "solid", "tan"),
              ("ecru", "solid", "tan"), ("olive", "solid", "tan"), ("tan", "solid", "chocolate"),
              ("charcoal", "solid", "black"), ("cream", "solid", "tan")),
    "sneaker": (("white", "solid", "navy"), ("black", "solid", "white"),
                ("cream", "solid", "forest green"), ("navy", "solid", "white"),
                ("heather grey", "solid", "cobalt"), ("white", "solid", "red"),
                ("tan", "solid", "cream"), ("sage", "solid", "white"),
                ("burgundy", "solid", "white"), ("white", "solid", "black")),
    "bag": (("tan", "solid", "cream"), ("black", "solid", "black"),
            ("cream", "solid", "tan"), ("chocolate", "solid", "tan"),
            ("burgundy", "solid", "tan"), ("camel", "solid", "chocolate"),
            ("olive", "solid", "tan"), ("navy", "solid", "cream"),
            ("blush", "solid", "cream"), ("sage", "solid", "tan")),
}
KINDS = tuple(LOOKS)
SURFACES = 7  # how many surfaces the pictures have (more would wrap, fewer repeat sooner)


def look(kind: str, index: int) -> GarmentLook:
    """Look ``index`` of ``kind`` (wraps). Its surface and pose follow from the index, so
    looks of one kind that sit side by side lie on different surfaces."""
    colour, pattern, accent = LOOKS[kind][index % len(LOOKS[kind])]
    offset = KINDS.index(kind)
    return GarmentLook(kind, colour, pattern, accent, surface=(index * 3 + offset) % SURFACES,
                       pose=index)


def features(chosen: GarmentLook) -> frozenset[str]:
    """What a listing's name may say about a look: denim, striped, floral, quilted, ribbed."""
    found = {"denim"} if "denim" in chosen.colour else set()
    found |= {"striped"} if chosen.pattern in ("stripes", "breton") else set()
    found |= {chosen.pattern} & {"floral", "quilted", "ribbed"}
    return frozenset(found)


STRONG = frozenset({"denim", "floral", "quilted", "ribbed"})  # a name must say these


def fits(needs: str | None, chosen: GarmentLook) -> bool:
    """Whether a name that ``needs`` a feature (or none) may describe ``chosen``."""
    if needs is not None:
        return needs in features(chosen)
    return not (features(chosen) & STRONG)


def kind_rounds(rng: random.Random) -> Iterator[str]:
    """Kinds in shuffled rounds, every kind once per round, never twice in a row."""
    last = None
    while True:
        round_ = list(KINDS)
        rng.shuffle(round_)
        if round_[0] == last:
            round_[0], round_[-1] = round_[-1], round_[0]
        yield from round_
        last = round_[-1]


def deal(rng: random.Random) -> Iterator[tuple[str, int]]:
    """(kind, look index) for listing after listing (see the module's docstring)."""
    dealt = dict.fromkeys(KINDS, 0)
    for kind in kind_rounds(rng):
        yield kind, dealt[kind] % len(LOOKS[kind])
        dealt[kind] += 1
