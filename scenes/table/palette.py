"""Colours of the 3D table. Painted wood, not plastic: each piece colour is mixed with a little
wood tone so the four colours read as one set, and stay apart under the lights (checked in
screenshots: orange, blue, green and grey remain distinct at 1280 x 720)."""
from __future__ import annotations

import re

RGBA = tuple[float, float, float, float]

WOOD: RGBA = (0.80, 0.62, 0.42, 1.0)
WOOD_TINT = 0.12          # share of wood tone mixed into every painted colour

_PAINT: dict[str, RGBA] = {
    "orange": (0.96, 0.50, 0.12, 1.0),
    "blue": (0.16, 0.42, 0.82, 1.0),
    "green": (0.30, 0.66, 0.24, 1.0),
    "grey": (0.59, 0.63, 0.69, 1.0),      # a touch cool: under the table's warm light it reads neutral
    "brown": (0.45, 0.29, 0.16, 1.0),     # Nashville cowboys
}

TABLE_TOP: RGBA = (0.55, 0.37, 0.22, 1.0)
TABLE_GRAIN: RGBA = (0.44, 0.28, 0.16, 1.0)
TABLE_EDGE: RGBA = (0.36, 0.23, 0.13, 1.0)
BASE: RGBA = (0.10, 0.10, 0.11, 1.0)
BACKGROUND: RGBA = (0.13, 0.14, 0.17, 1.0)
GHOST: RGBA = (1.0, 1.0, 1.0, 0.55)
TAPE: RGBA = (1.0, 0.93, 0.55, 0.35)
TAPE_TEXT: RGBA = (1.0, 0.96, 0.80, 1.0)


def _mix(a: RGBA, b: RGBA, t: float) -> RGBA:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, 1.0)


PIECE: dict[str, RGBA] = {name: _mix(paint, WOOD, WOOD_TINT) for name, paint in _PAINT.items()}


def piece_colour(colour: str) -> RGBA:
    """The painted-wood colour of a piece colour name (unknown names: plain wood)."""
    return PIECE.get(colour, WOOD)


# Each seat's colour: its name tag by the base and the bar on its panel (not a piece colour,
# so a seat never reads as "the orange pieces").
SEATS: tuple[RGBA, ...] = (
    (0.95, 0.33, 0.42, 1.0),     # rose
    (0.40, 0.78, 0.95, 1.0),     # sky
    (0.62, 0.90, 0.38, 1.0),     # lime (not the acting seat's amber)
    (0.72, 0.52, 0.95, 1.0),     # violet
    (0.45, 0.92, 0.70, 1.0),     # mint
    (0.98, 0.62, 0.80, 1.0),     # pink
)


def seat_colour(seat: int) -> RGBA:
    return SEATS[seat % len(SEATS)]


# Colour-blind help (a setting): a shape per piece colour, so the four read apart without hue.
MARKS: dict[str, str] = {"orange": "\u25b2", "blue": "\u25cf", "green": "\u25a0", "grey": "\u25c6"}   # ▲ ● ■ ◆


def marked(colour: str, text: str) -> str:
    """`text` with its colour's mark in front ("▲ 3 orange wedge"); unmarked colours unchanged."""
    mark = MARKS.get(colour)
    return f"{mark} {text}" if mark else text


_COLOUR_WORD = re.compile(r"(?<![\u25a0-\u25ff] )\b(" + "|".join(MARKS) + r")\b")


def mark_words(text: str) -> str:
    """Every piece colour named in `text` with its mark in front ("take 3 ▲ orange wedge"):
    where the table names colours (options, the last event, what to place)."""
    return _COLOUR_WORD.sub(lambda m: f"{MARKS[m.group(1)]} {m.group(1)}", text)
