"""Background scoring patterns and how each is evaluated on a display.

A print's condition is its background's pattern applied to its foreground's subject X.
Grids map (row, col) -> Face with row 0 at the top; a finished display fills rows and
columns 0..2. The same functions score partial displays (missing cells simply do not match),
which the HUD and the bots use for "how it scores now".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from game.popart.cards import Face

Cell = tuple[int, int]
Grid = Mapping[Cell, Face]


@dataclass(frozen=True)
class Pattern:
    key: str
    template: str          # {v} value, {x} subject, {xs} plural, {ax} with article, {area}
    needs_area: bool = False
    from_rulebook: bool = True


PATTERNS: dict[str, Pattern] = {p.key: p for p in (
    Pattern("per_set_of_2", "Score {v} Pop per set of 2 {xs}."),
    Pattern("more_than_left", "Score {v} Pop if you have more {x} than your left neighbor."),
    Pattern("per_in_column", "Score {v} Pop per {x} in this column."),
    Pattern("if_right", "Score {v} Pop if {ax} is immediately to the right."),
    Pattern("per_adjacent", "Score {v} Pop per {x} immediately left, up, right, or down."),
    Pattern("if_no_adjacent", "Score {v} Pop if there's no adjacent {x}."),
    Pattern("per_in_area", "Score {v} Pop per {x} in the highlighted area ({area}).", needs_area=True),
    Pattern("per_in_row", "Score {v} Pop per {x} in this row."),
    # Our own additions.
    Pattern("per_set_of_3", "Score {v} Pop per set of 3 {xs}.", from_rulebook=False),
    Pattern("if_above", "Score {v} Pop if {ax} is immediately above.", from_rulebook=False),
    Pattern("per_diagonal", "Score {v} Pop per {x} diagonally adjacent.", from_rulebook=False),
    Pattern("in_every_row", "Score {v} Pop if every row has {ax}.", from_rulebook=False),
)}

# Highlighted areas are drawn on the card as a small 3 x 3 map: absolute cells of the final display.
AREAS: dict[str, frozenset[Cell]] = {
    "corners": frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    "edges": frozenset({(0, 1), (1, 0), (1, 2), (2, 1)}),
    "diagonal": frozenset({(0, 0), (1, 1), (2, 2)}),
    "anti-diagonal": frozenset({(0, 2), (1, 1), (2, 0)}),
    "plus": frozenset({(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}),
    "cross": frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
}

ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (-1, 0), (0, 1), (1, 0))   # left, up, right, down
DIAGONAL: tuple[Cell, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def plural(subject: str) -> str:
    return {"Portrait": "Portraits", "Still Life": "Still Lifes"}.get(subject, subject)


def with_article(subject: str) -> str:
    return f"{'an' if subject[0] in 'aeiouAEIOU' else 'a'} {subject}"


def condition_text(pattern: str, subject: str, value: int, area: str | None = None) -> str:
    return PATTERNS[pattern].template.format(v=value, x=subject, xs=plural(subject), ax=with_article(subject),
                                             area=area)


@dataclass(frozen=True)
class Evaluation:
    points: int
    count: int                 # how many matching prints the condition saw
    cells: tuple[Cell, ...]    # which ones (for the breakdown's "(C, F)")
    scored: bool


def _matching(grid: Grid, cells: Sequence[Cell], subject: str) -> tuple[Cell, ...]:
    return tuple(c for c in cells if c in grid and grid[c].is_(subject))


def _shift(cell: Cell, delta: Cell) -> Cell:
    return (cell[0] + delta[0], cell[1] + delta[1])


def _per(grid: Grid, cells: Sequence[Cell], subject: str, value: int) -> Evaluation:
    found = _matching(grid, sorted(cells), subject)
    return Evaluation(value * len(found), len(found), found, bool(found))


def _if(found: tuple[Cell, ...], value: int, when_found: bool = True) -> Evaluation:
    met = bool(found) == when_found
    return Evaluation(value if met else 0, len(found), found, met)


def _sets(grid: Grid, subject: str, value: int, size: int) -> Evaluation:
    found = _matching(grid, sorted(grid), subject)
    return Evaluation(value * (len(found) // size), len(found), found, len(found) >= size)


def evaluate(pattern: str, subject: str, value: int, cell: Cell, grid: Grid,
             left: Sequence[Face] | None = None, area: str | None = None) -> Evaluation:
    """Score one print's condition. `left` is the left neighbour's (or solo rival's) display."""
    row, col = cell
    rows = {r for r, _ in grid} | {row}
    if pattern == "per_set_of_2":
        return _sets(grid, subject, value, 2)
    if pattern == "per_set_of_3":
        return _sets(grid, subject, value, 3)
    if pattern == "more_than_left":
        found = _matching(grid, sorted(grid), subject)
        theirs = sum(face.is_(subject) for face in left) if left is not None else len(found)
        met = len(found) > theirs
        return Evaluation(value if met else 0, len(found), found, met)
    if pattern == "per_in_column":
        return _per(grid, [c for c in grid if c[1] == col], subject, value)
    if pattern == "per_in_row":
        return _per(grid, [c for c in grid if c[0] == row], subject, value)
    if pattern == "per_in_area":
        if area not in AREAS:
            raise ValueError(f"pattern per_in_area needs an area, got {area!r}")
        return _per(grid, list(AREAS[area]), subject, value)
    if pattern == "per_adjacent":
        return _per(grid, [_shift(cell, d) for d in ORTHOGONAL], subject, value)
    if pattern == "per_diagonal":
        return _per(grid, [_shift(cell, d) for d in DIAGONAL], subject, value)
    if pattern == "if_right":
        return _if(_matching(grid, [(row, col + 1)], subject), value)
    if pattern == "if_above":
        return _if(_matching(grid, [(row - 1, col)], subject), value)
    if pattern == "if_no_adjacent":
        return _if(_matching(grid, [_shift(cell, d) for d in ORTHOGONAL], subject), value, when_found=False)
    if pattern == "in_every_row":
        per_row = {r: _matching(grid, sorted(c for c in grid if c[0] == r), subject) for r in sorted(rows)}
        found = tuple(c for r in sorted(per_row) for c in per_row[r])
        met = len(rows) == 3 and all(per_row.values())
        return Evaluation(value if met else 0, len(found), found, met)
    raise ValueError(f"unknown pattern {pattern!r}")


