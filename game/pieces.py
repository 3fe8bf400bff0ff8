"""The 60 junk pieces by name: 15 shapes x 4 colours. Shared vocabulary of `game` and `physics`.

A piece id is "<colour>-<shape>", e.g. "blue-long_plank". The integer index (0..59) is
colour_index * 15 + shape_index, in the orders below. Shapes follow DESIGN.md's table (#1..#15).
"""
from __future__ import annotations

COLOURS: tuple[str, ...] = ("orange", "blue", "green", "grey")

SHAPES: tuple[str, ...] = (
    "long_plank",      # 1  20 x 3 x 1.5 cm
    "holed_plank",     # 2  14 x 4 x 1.5, three holes
    "short_plank",     # 3  8 x 3 x 1.5
    "ring",            # 4  outer 7, hole 3.5, 2 thick
    "flower_pot",      # 5  top 6, foot 4, 6 high, open top
    "dumbbell",        # 6  10 long, ends 4, bar 1.5
    "grooved_block",   # 7  8 x 5 x 4, groove 2 wide
    "axle",            # 8  2 x 10, fits the groove
    "ball",            # 9  5
    "cylinder",        # 10 4 x 6
    "cone",            # 11 5 x 7
    "bowling_pin",     # 12 10 high
    "arch",            # 13 10 span, 5 high, 2 deep
    "l_bracket",       # 14 8 x 6 x 2
    "wedge",           # 15 8 x 4 x 4
)

PIECE_IDS: tuple[str, ...] = tuple(f"{colour}-{shape}" for colour in COLOURS for shape in SHAPES)


def piece_id(colour: str, shape: str) -> str:
    if colour not in COLOURS:
        raise ValueError(f"unknown colour {colour!r}; colours are {', '.join(COLOURS)}")
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}; shapes are {', '.join(SHAPES)}")
    return f"{colour}-{shape}"


def split_piece_id(pid: str) -> tuple[str, str]:
    """("blue", "ring") from "blue-ring"; a clear error for anything else."""
    colour, _, shape = pid.partition("-")
    if colour not in COLOURS or shape not in SHAPES:
        raise ValueError(f"unknown piece id {pid!r}; expected '<colour>-<shape>', e.g. 'blue-ring'")
    return colour, shape


def colour_of(pid: str) -> str:
    return split_piece_id(pid)[0]


def shape_of(pid: str) -> str:
    return split_piece_id(pid)[1]
