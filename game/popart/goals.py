"""Goal cards: end-of-game targets worth extra Pop (and, in solo, a must or you lose)."""
from __future__ import annotations

from typing import Callable

from game.popart.cards import BLENDED, PRIMARIES, PRINT_COLOURS, Face
from game.popart.patterns import AREAS, Cell, Grid

# The three rows, then the three columns.
LINES: tuple[tuple[Cell, ...], ...] = (
    ((0, 0), (0, 1), (0, 2)), ((1, 0), (1, 1), (1, 2)), ((2, 0), (2, 1), (2, 2)),
    ((0, 0), (1, 0), (2, 0)), ((0, 1), (1, 1), (2, 1)), ((0, 2), (1, 2), (2, 2)),
)


def _faces(grid: Grid) -> list[Face]:
    return list(grid.values())


def all_colours(grid: Grid) -> bool:
    return {face.colour for face in _faces(grid)} >= set(PRINT_COLOURS)


def five_portraits(grid: Grid) -> bool:
    return sum(face.kind == "Portrait" for face in _faces(grid)) >= 5


def five_still_lifes(grid: Grid) -> bool:
    return sum(face.kind == "Still Life" for face in _faces(grid)) >= 5


def blended_corners(grid: Grid) -> bool:
    return all(cell in grid and grid[cell].colour in BLENDED for cell in AREAS["corners"])


def mono_line(grid: Grid) -> bool:
    return any(all(c in grid for c in line) and len({grid[c].colour for c in line}) == 1 for line in LINES)


def primary_plus(grid: Grid) -> bool:
    return all(cell in grid and grid[cell].colour in PRIMARIES for cell in AREAS["plus"])


GOAL_CHECKS: dict[str, Callable[[Grid], bool]] = {
    "all_colours": all_colours,
    "five_portraits": five_portraits,
    "five_still_lifes": five_still_lifes,
    "blended_corners": blended_corners,
    "mono_line": mono_line,
    "primary_plus": primary_plus,
}


def is_goal_met(kind: str, grid: Grid) -> bool:
    return GOAL_CHECKS[kind](grid)
