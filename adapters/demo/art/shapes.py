"""Garment outlines laid flat, seen from above: the outline (for the mask), the seams and
trims drawn over the fabric, and where the fabric folds.

Coordinates are fractions of the frame; a ``Pose`` turns them into canvas pixels with the
garment's small rotation, scale and shift, so no two photos lie exactly alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import ImageDraw

Colour = tuple[int, int, int]
Unit = list[tuple[float, float]]
Pixels = list[tuple[float, float]]


@dataclass(frozen=True)
class Pose:
    width: int
    height: int
    angle: float = 0.0  # degrees, counter-clockwise
    scale: float = 1.0
    shift: tuple[float, float] = (0.0, 0.0)

    def __call__(self, points: Unit) -> Pixels:
        cos, sin = math.cos(math.radians(self.angle)), math.sin(math.radians(self.angle))
        out = []
        for x, y in points:
            dx, dy = (x - 0.5) * self.scale, (y - 0.52) * self.scale
            rx, ry = dx * cos + dy * sin, -dx * sin + dy * cos
            out.append(((0.5 + rx + self.shift[0]) * self.width,
                        (0.52 + ry + self.shift[1]) * self.height))
        return out

    def size(self, fraction: float) -> int:
        return max(1, int(fraction * self.width * self.scale))


def rounded(points: Unit, radius: float = 0.012) -> Unit:
    """The same outline with each corner cut a little (cloth, not card): every corner becomes
    three points, ``radius`` (at most a third of the edge) either side of it."""
    out: Unit = []
    count = len(points)
    for index, (x, y) in enumerate(points):
        before, after = points[index - 1], points[(index + 1) % count]
        cut = []
        for nx, ny in (before, after):
            length = math.hypot(nx - x, ny - y) or 1.0
            t = min(radius, length / 3) / length
            cut.append((x + (nx - x) * t, y + (ny - y) * t))
        out += [cut[0], (x * 0.5 + (cut[0][0] + cut[1][0]) * 0.25,
                         y * 0.5 + (cut[0][1] + cut[1][1]) * 0.25), cut[1]]
    return out


@dataclass
class Pen:
    """Draws seams and trims: a shaded stitch line with a lit edge beside it."""

    draw: ImageDraw.ImageDraw
    pose: Pose
    seam: Colour
    lit: Colour
    accent: Colour

    def line(self, points: Unit, width: float = 0.004, colour: Colour | None = None) -> None:
        pixels = self.pose(points)
        size = self.pose.size(width)
        self.draw.line([(x + size * 0.7, y + size * 0.7) for x, y in pixels], fill=self.lit,
                       width=max(1, size // 2), joint="curve")
        self.draw.line(pixels, fill=colour or self.seam, width=size, joint="curve")

    def shape(self, points: Unit, fill: Colour | None = None, width: float = 0.004) -> None:
        self.draw.polygon(self.pose(points), fill=fill)
        self.line([*points, points[0]], width)

    def dot(self, x: float, y: float, radius: float, fill: Colour) -> None:
        (cx, cy), r = self.pose([(x, y)])[0], self.pose.size(radius)
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=self.seam,
                          width=max(1, r // 5))


@dataclass
class Shape:
    outline: list[Unit]  # filled polygons (unit coordinates)
    details: Callable[[Pen], None]
    folds: list[Unit] = field(default_factory=list)
    material: str = "cotton"


def _tee() -> Shape:
    body = rounded([(0.36, 0.2), (0.43, 0.18), (0.5, 0.22), (0.57, 0.18), (0.64, 0.2),
                    (0.86, 0.31), (0.79, 0.45), (0.7, 0.41), (0.71, 0.82), (0.29, 0.82),
                    (0.3, 0.41), (0.21, 0.45), (0.14, 0.31)])

    def details(pen: Pen) -> None:
        pen.shape([(0.43, 0.18), (0.5, 0.215), (0.57, 0.18), (0.5, 0.2)],
                  fill=pen.seam, width=0.006)
        pen.line([(0.43, 0.185), (0.5, 0.235), (0.57, 0.185)], 0.006)
        pen.line([(0.31, 0.41), (0.31, 0.25)])
        pen.line([(0.69, 0.41), (0.69, 0.25)])
        pen.line([(0.29, 0.79), (0.71, 0.79)])
        pen.line([(0.2, 0.42), (0.16, 0.33)])
        pen.line([(0.8, 0.42), (0.84, 0.33)])
    folds = [[(0.32, 0.43), (0.45, 0.56), (0.52, 0.7)], [(0.68, 0.44), (0.6, 0.55)],
             [(0.35, 0.72), (0.5, 0.75), (0.66, 0.7)], [(0.2, 0.36), (0.28, 0.37)]]
    return Shape([body], details, folds, "jersey")


def _blouse() -> Shape:
    body = rounded([(0.37, 0.17), (0.5, 0.2), (0.63, 0.17), (0.77, 0.23), (0.88, 0.7),
                    (0.8, 0.72), (0.72, 0.4), (0.72, 0.84), (0.5, 0.86), (0.28, 0.84),
                    (0.28, 0.4), (0.2, 0.72), (0.12, 0.7), (0.23, 0.23)])

    def details(pen: Pen) -> None:
        for side in (-1, 1):
            collar = [(0.5, 0.21), (0.5 + side * 0.13, 0.16), (0.5 + side * 0.1, 0.27)]
            pen.shape(collar, fill=pen.lit, width=0.004)
            pen.shape([(0.5 + side * 0.37, 0.68), (0.5 + side * 0.3, 0.7),
                       (0.5 + side * 0.31, 0.73), (0.5 + side * 0.38, 0.71)], width=0.003)
        pen.line([(0.485, 0.22), (0.485, 0.85)], 0.003)
        pen.line([(0.515, 0.22), (0.515, 0.85)], 0.003)
        for y in (0.3, 0.41, 0.52, 0.63, 0.74):
            pen.dot(0.5, y, 0.011, (238, 232, 220))
    folds = [[(0.36, 0.3), (0.4, 0.55), (0.37, 0.82)], [(0.62, 0.32), (0.6, 0.6), (0.64, 0.8)],
             [(0.24, 0.35), (0.2, 0.55)], [(0.76, 0.35), (0.81, 0.6)],
             [(0.3, 0.42), (0.42, 0.47)]]
    return Shape([body], details, folds, "silk")


def _hoodie() -> Shape:
    body = rounded([(0.34, 0.2), (0.38, 0.11), (0.5, 0.07), (0.62, 0.11), (0.66, 0.2),
                    (0.8, 0.26), (0.9, 0.73), (0.82, 0.76), (0.72, 0.42), (0.72, 0.84),
                    (0.28, 0.84), (0.28, 0.42), (0.18, 0.76), (0.1, 0.73), (0.2, 0.26)])

    def details(pen: Pen) -> None:
        pen.shape(rounded([(0.41, 0.14), (0.5, 0.11), (0.59, 0.14), (0.57, 0.25),
                           (0.5, 0.28), (0.43, 0.25)]), fill=pen.seam)
        pen.line([(0.47, 0.27), (0.46, 0.39)], 0.005, pen.accent)
        pen.line([(0.53, 0.27), (0.54, 0.39)], 0.005, pen.accent)
        pen.line(rounded([(0.36, 0.6), (0.42, 0.56), (0.58, 0.56), (0.64, 0.6), (0.66, 0.74),
                          (0.34, 0.74), (0.36, 0.6)]))
        pen.line([(0.28, 0.79), (0.72, 0.79)], 0.005)
        pen.line([(0.12, 0.7), (0.19, 0.72)])
        pen.line([(0.88, 0.7), (0.81, 0.72)])
    folds = [[(0.3, 0.45), (0.4, 0.52), (0.45, 0.55)], [(0.7, 0.44), (0.62, 0.5)],
             [(0.2, 0.5), (0.17, 0.62)], [(0.8, 0.48), (0.84, 0.62)],
             [(0.34, 0.77), (0.5, 0.76), (0.66, 0.78)]]
    return Shape([body], details, folds, "fleece")


def _jacket() -> Shape:
    body = rounded([(0.34, 0.15), (0.5, 0.19), (0.66, 0.15), (0.81, 0.22), (0.9, 0.76),
                    (0.82, 0.78), (0.74, 0.4), (0.75, 0.87), (0.25, 0.87), (0.26, 0.4),
                    (0.18, 0.78), (0.1, 0.76), (0.19, 0.22)])

    def details(pen: Pen) -> None:
        pen.line([(0.5, 0.2), (0.5, 0.87)], 0.006)
        for side in (-1, 1):
            pen.shape([(0.5 + side * 0.16, 0.15), (0.5, 0.2), (0.5 + side * 0.06, 0.37),
                       (0.5 + side * 0.12, 0.26)], fill=pen.lit, width=0.004)
            pen.shape([(0.5 + side * 0.19, 0.6), (0.5 + side * 0.06, 0.6),
                       (0.5 + side * 0.06, 0.67), (0.5 + side * 0.19, 0.67)], width=0.003)
            pen.line([(0.5 + side * 0.35, 0.7), (0.5 + side * 0.32, 0.71)], 0.004)
        for y in (0.42, 0.53, 0.64, 0.76):
            pen.dot(0.535, y, 0.014, pen.accent)
    folds = [[(0.27, 0.42), (0.36, 0.5)], [(0.73, 0.42), (0.65, 0.5)],
             [(0.18, 0.45), (0.15, 0.62)], [(0.82, 0.45), (0.85, 0.62)],
             [(0.3, 0.8), (0.46, 0.78)]]
    return Shape([body], details, folds, "canvas")


def _dress() -> Shape:
    body = rounded([(0.39, 0.11), (0.44, 0.11), (0.46, 0.2), (0.54, 0.2), (0.56, 0.11),
                    (0.61, 0.11), (0.63, 0.29), (0.58, 0.43), (0.62, 0.55), (0.81, 0.89),
                    (0.5, 0.91), (0.19, 0.89), (0.38, 0.55), (0.42, 0.43), (0.37, 0.29)])

    def details(pen: Pen) -> None:
        pen.line([(0.42, 0.43), (0.58, 0.43)], 0.012, pen.accent)
        pen.line([(0.46, 0.2), (0.5, 0.235), (0.54, 0.2)], 0.004)
        pen.line([(0.2, 0.87), (0.5, 0.89), (0.8, 0.87)], 0.003)
    folds = [[(0.46, 0.46), (0.38, 0.7), (0.3, 0.87)], [(0.5, 0.47), (0.5, 0.88)],
             [(0.54, 0.46), (0.62, 0.7), (0.7, 0.87)], [(0.44, 0.3), (0.48, 0.4)]]
    return Shape([body], details, folds, "cotton")


def _skirt() -> Shape:
    body = rounded([(0.34, 0.25), (0.66, 0.25), (0.67, 0.32), (0.83, 0.78), (0.5, 0.8),
                    (0.17, 0.78), (0.33, 0.32)])

    def details(pen: Pen) -> None:
        pen.line([(0.335, 0.31), (0.665, 0.31)], 0.006)
        pen.dot(0.6, 0.28, 0.01, pen.accent)
        pen.line([(0.19, 0.76), (0.5, 0.78), (0.81, 0.76)], 0.003)
    folds = [[(0.42, 0.33), (0.34, 0.77)], [(0.5, 0.33), (0.5, 0.78)],
             [(0.58, 0.33), (0.66, 0.77)], [(0.38, 0.4), (0.28, 0.7)]]
    return Shape([body], details, folds, "cotton")


def _jeans() -> Shape:
    body = rounded([(0.32, 0.11), (0.68, 0.11), (0.7, 0.2), (0.74, 0.9), (0.54, 0.9),
                    (0.5, 0.38), (0.46, 0.9), (0.26, 0.9), (0.3, 0.2)])

    def details(pen: Pen) -> None:
        stitch = (206, 150, 70)
        pen.line([(0.31, 0.17), (0.69, 0.17)], 0.004, stitch)
        pen.line([(0.5, 0.17), (0.5, 0.36)], 0.005)
        pen.line([(0.35, 0.13), (0.36, 0.18), (0.45, 0.26)], 0.004, stitch)
        pen.line([(0.65, 0.13), (0.64, 0.18), (0.55, 0.26)], 0.004, stitch)
        pen.line([(0.27, 0.86), (0.46, 0.86)], 0.004, stitch)
        pen.line([(0.54, 0.86), (0.73, 0.86)], 0.004, stitch)
        pen.dot(0.5, 0.14, 0.012, (184, 160, 110))
        for x in (0.36, 0.45, 0.55, 0.64):
            pen.line([(x, 0.11), (x, 0.17)], 0.005)
    folds = [[(0.33, 0.3), (0.42, 0.33)], [(0.33, 0.34), (0.41, 0.37)],
             [(0.67, 0.3), (0.58, 0.33)], [(0.67, 0.34), (0.59, 0.37)],
             [(0.3, 0.62), (0.44, 0.6)], [(0.56, 0.6), (0.7, 0.63)],
             [(0.28, 0.8), (0.45, 0.79)]]
    return Shape([body], details, folds, "denim")


def _sneaker() -> Shape:
    upper = rounded([(0.11, 0.66), (0.1, 0.52), (0.13, 0.44), (0.18, 0.43), (0.24, 0.48),
                     (0.31, 0.43), (0.34, 0.38), (0.39, 0.38), (0.42, 0.42), (0.6, 0.49),
                     (0.76, 0.53), (0.87, 0.56), (0.92, 0.61), (0.91, 0.66)], 0.02)
    sole = rounded([(0.09, 0.64), (0.93, 0.64), (0.93, 0.71), (0.1, 0.72)], 0.03)

    def details(pen: Pen) -> None:
        pen.shape(sole, fill=(242, 240, 234), width=0.003)
        pen.line([(0.11, 0.685), (0.92, 0.68)], 0.003, (210, 206, 198))
        for x in range(12, 92, 4):
            pen.line([(x / 100, 0.705), (x / 100 + 0.015, 0.715)], 0.002, (214, 210, 202))
        pen.shape(rounded([(0.14, 0.45), (0.18, 0.44), (0.23, 0.485), (0.2, 0.5),
                           (0.15, 0.49)], 0.01), fill=pen.seam, width=0.003)
        pen.line([(0.66, 0.64), (0.72, 0.545), (0.82, 0.55), (0.9, 0.6)], 0.004)
        pen.line([(0.1, 0.53), (0.16, 0.56), (0.17, 0.64)], 0.004)
        for n in range(5):
            left, top = 0.42 + n * 0.042, 0.43 + n * 0.016
            pen.line([(left, top), (left + 0.035, top + 0.035)], 0.007, (246, 244, 238))
            pen.dot(left, top, 0.006, pen.seam)
        pen.line([(0.26, 0.61), (0.44, 0.53), (0.62, 0.6)], 0.016, pen.accent)
    folds = [[(0.5, 0.5), (0.56, 0.56)], [(0.3, 0.5), (0.36, 0.58)],
             [(0.74, 0.56), (0.8, 0.6)]]
    return Shape([upper, sole], details, folds, "leather")


def _bag() -> Shape:
    body = rounded([(0.22, 0.4), (0.78, 0.4), (0.8, 0.82), (0.2, 0.82)], 0.05)
    handle = rounded([(0.33, 0.41), (0.36, 0.21), (0.5, 0.17), (0.64, 0.21), (0.67, 0.41),
                      (0.63, 0.41), (0.61, 0.24), (0.5, 0.21), (0.39, 0.24), (0.37, 0.41)])

    def details(pen: Pen) -> None:
        pen.shape(rounded([(0.22, 0.42), (0.78, 0.42), (0.74, 0.6), (0.26, 0.6)]),
                  width=0.004)
        pen.shape([(0.46, 0.57), (0.54, 0.57), (0.54, 0.63), (0.46, 0.63)],
                  fill=(200, 170, 96), width=0.003)
        pen.line([(0.23, 0.79), (0.77, 0.79)], 0.003)
    folds = [[(0.3, 0.65), (0.35, 0.78)], [(0.7, 0.64), (0.66, 0.78)]]
    return Shape([body, handle], details, folds, "leather")


SHAPES: dict[str, Callable[[], Shape]] = {
    "tee": _tee, "blouse": _blouse, "hoodie": _hoodie, "jacket": _jacket, "dress": _dress,
    "skirt": _skirt, "jeans": _jeans, "sneaker": _sneaker, "bag": _bag,
}
