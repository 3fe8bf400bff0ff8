"""Rectangles on the screen and labels placed so that none of them overlap (no Panda3D here).

The HUD reports the boxes it draws; the labels over the table (tape heights, name tags) are
then placed one by one at the first spot near their anchor that is on screen and clear of every
box and every label already placed. A label with no clear spot is not drawn: a missing label
reads better than two printed over each other.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence


@dataclass(frozen=True)
class Rect:
    """Screen rectangle in aspect2d units (x grows right, y grows up)."""
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: "Rect", gap: float = 0.0) -> bool:
        return (self.x0 < other.x1 + gap and other.x0 < self.x1 + gap
                and self.y0 < other.y1 + gap and other.y0 < self.y1 + gap)

    def inside(self, other: "Rect", slack: float = 0.0) -> bool:
        return (self.x0 >= other.x0 - slack and self.x1 <= other.x1 + slack
                and self.y0 >= other.y0 - slack and self.y1 <= other.y1 + slack)

    def moved(self, dx: float, dy: float) -> "Rect":
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Wanted:
    """A label to place: its size and the point it belongs to; `spots` are the offsets of its
    lower-left corner from the anchor, tried in order."""
    width: float
    height: float
    anchor: tuple[float, float]
    spots: tuple[tuple[float, float], ...]


GAP = 0.008        # labels keep this much clear of each other and of the HUD


def beside(width: float, height: float, room: float = 0.02) -> tuple[tuple[float, float], ...]:
    """Spots for a label that names a point: right of it, left, above, below, then farther out."""
    spots: list[tuple[float, float]] = []
    for reach in (1.0, 2.5, 4.5, 7.0):
        r = room * reach
        spots += [(r, -height / 2), (-width - r, -height / 2), (-width / 2, r), (-width / 2, -height - r),
                  (r, r), (-width - r, r), (r, -height - r), (-width - r, -height - r)]
    return tuple(spots)


def under(width: float, height: float, room: float = 0.02) -> tuple[tuple[float, float], ...]:
    """Spots for a tag that stands below its point (a name by a base), then beside it."""
    spots: list[tuple[float, float]] = []
    for reach in (1.0, 2.0, 3.5, 5.5):
        r = room * reach
        spots += [(-width / 2, -height - r), (r, -height - r), (-width - r, -height - r),
                  (r, -height / 2), (-width - r, -height / 2)]
    return tuple(spots)


def place(wanted: Sequence[Wanted], obstacles: Iterable[Rect], screen: Rect) -> list[Rect | None]:
    """Each label's rectangle, or None where no spot is clear (first come, first placed)."""
    taken = list(obstacles)
    placed: list[Rect | None] = []
    for label in wanted:
        ax, ay = label.anchor
        spot = None
        for dx, dy in label.spots:
            rect = Rect(ax + dx, ay + dy, ax + dx + label.width, ay + dy + label.height)
            if rect.inside(screen) and not any(rect.overlaps(t, GAP) for t in taken):
                spot = rect
                break
        placed.append(spot)
        if spot is not None:
            taken.append(spot)
    return placed


def overlapping(rects: Sequence[tuple[str, Rect]]) -> list[tuple[str, str]]:
    """Every pair of named rectangles that overlap (for tests and for a debug log)."""
    pairs = []
    for i, (name_a, a) in enumerate(rects):
        for name_b, b in rects[i + 1:]:
            if a.overlaps(b):
                pairs.append((name_a, name_b))
    return pairs
