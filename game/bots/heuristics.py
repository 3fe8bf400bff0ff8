"""What a bot knows about pieces without physics: how easy each shape is to place on a
structure, and how it fits the pieces already there. Numbers are judgement, not measurement:
flat wide pieces carry others; round and pointed ones (ball, cone, bowling pin) roll or tip.
"""
from __future__ import annotations

from game.pieces import colour_of, shape_of
from game.state import Exhibition

# 0 = nearly impossible to place safely, 1 = easy and gives a good surface for the next piece.
EASE: dict[str, float] = {
    "long_plank": 0.85, "holed_plank": 0.9, "short_plank": 0.9, "ring": 0.7, "flower_pot": 0.6,
    "dumbbell": 0.35, "grooved_block": 0.95, "axle": 0.4, "ball": 0.05, "cylinder": 0.75,
    "cone": 0.2, "bowling_pin": 0.15, "arch": 0.7, "l_bracket": 0.7, "wedge": 0.65,
}

# Height it tends to add (cm, standing the stable way up): for the tallest-structure cities.
HEIGHT_CM: dict[str, float] = {
    "long_plank": 1.5, "holed_plank": 1.5, "short_plank": 1.5, "ring": 2.0, "flower_pot": 6.0,
    "dumbbell": 4.0, "grooved_block": 4.0, "axle": 2.0, "ball": 5.0, "cylinder": 6.0,
    "cone": 7.0, "bowling_pin": 10.0, "arch": 5.0, "l_bracket": 6.0, "wedge": 4.0,
}

AWKWARD = ("ball", "cone", "bowling_pin")


def ease(piece: str) -> float:
    return EASE[shape_of(piece)]


def fit(piece: str, on: tuple[str, ...]) -> float:
    """How well `piece` suits a structure made of `on`: the base takes almost anything, a
    taller pile wants easy pieces more and more."""
    risk = min(1.0, len(on) / 8)
    return ease(piece) * (0.5 + risk) + (0.3 if not on and shape_of(piece) not in AWKWARD else 0.0)


def matching(piece: str, on: tuple[str, ...]) -> int:
    """Pieces in `on` that share the colour or the shape of `piece` (Home Town fans)."""
    colour, shape = colour_of(piece), shape_of(piece)
    return sum(1 for p in on if colour_of(p) == colour or shape_of(p) == shape)


def danger(ex: Exhibition, seat: int, threshold: int) -> float:
    """0..1: how close `seat` is to elimination at `threshold` fallen pieces."""
    return min(1.0, len(ex.fallen[seat]) / max(1, threshold - 1)) if threshold > 1 else 1.0
