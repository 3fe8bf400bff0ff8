"""The hard bot's look-ahead: the expected final Pop of a partial display.

A placed print's condition is scored against the finished 3 x 3 display, so its worth depends
on cells not yet filled. For every way the current prints can still sit inside the final 3 x 3
frame, unknown cells get the deck's chance of showing each subject (a print colour or a type),
and each condition's expectation is computed exactly (sums of probabilities, binomial sets,
products for "if" and "no adjacent"). The average over frames is the value of the display:
how a placement scores now *and* what it keeps possible. Goal cards add their chance of being met.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Mapping, Sequence

from game.popart.cards import BLENDED, PRIMARIES, PRINT_COLOURS, SUBJECTS, TYPES, Catalogue, Face
from game.popart.goals import LINES
from game.popart.patterns import AREAS, DIAGONAL, ORTHOGONAL

Cell = tuple[int, int]
Vector = tuple[float, ...]          # P(cell shows subject i), i over SUBJECTS
S_INDEX = {s: i for i, s in enumerate(SUBJECTS)}
BLENDED_I = tuple(S_INDEX[c] for c in BLENDED)
PRIMARY_I = tuple(S_INDEX[c] for c in PRIMARIES)
COLOUR_I = tuple(S_INDEX[c] for c in PRINT_COLOURS)
PORTRAIT_I = S_INDEX["Portrait"]
STILL_I = S_INDEX["Still Life"]
AREA_CELLS = {name: tuple(sorted(cells)) for name, cells in AREAS.items()}


@dataclass(frozen=True)
class Condition:
    pattern: str
    subject: int          # index into SUBJECTS
    value: int
    area: str | None


def face_vector(face: Face) -> Vector:
    return tuple(1.0 if face.is_(s) else 0.0 for s in SUBJECTS)


def deck_marginal(cat: Catalogue) -> Vector:
    """Chance that a random print shows each subject (colour from both decks, type from the foreground)."""
    fgs, bgs = list(cat.foregrounds.values()), list(cat.backgrounds.values())
    colour: dict[str, float] = {c: 0.0 for c in PRINT_COLOURS}
    from game.popart.cards import blend
    for a in PRIMARIES:
        pa = sum(f.colour == a for f in fgs) / len(fgs)
        for b in PRIMARIES:
            colour[blend(a, b)] += pa * sum(g.colour == b for g in bgs) / len(bgs)
    kinds = {k: sum(f.kind == k for f in fgs) / len(fgs) for k in TYPES}
    return tuple(colour[s] if s in colour else kinds[s] for s in SUBJECTS)


def _binom(u: int, p: float) -> list[float]:
    return [comb(u, k) * p ** k * (1 - p) ** (u - k) for k in range(u + 1)]


@lru_cache(maxsize=65536)
def expected_sets(known: int, unknown: int, p: float, size: int) -> float:
    return sum(w * ((known + k) // size) for k, w in enumerate(_binom(unknown, p)))


@lru_cache(maxsize=65536)
def chance_more(known: int, unknown: int, theirs: int, their_unknown: int, p: float) -> float:
    mine, other = _binom(unknown, p), _binom(their_unknown, p)
    return sum(wm * wo for a, wm in enumerate(mine) for b, wo in enumerate(other) if known + a > theirs + b)


@lru_cache(maxsize=65536)
def chance_at_least(known: int, unknown: int, p: float, target: int) -> float:
    return sum(w for k, w in enumerate(_binom(unknown, p)) if known + k >= target)


@lru_cache(maxsize=4096)
def chance_all_colours(missing: frozenset[int], unknown: int, probs: Vector) -> float:
    """P(every missing colour shows up among `unknown` random cells), by inclusion-exclusion."""
    items = sorted(missing)
    total = 0.0
    for mask in range(1 << len(items)):
        chosen = [items[i] for i in range(len(items)) if mask >> i & 1]
        total += (-1) ** len(chosen) * max(0.0, 1 - sum(probs[i] for i in chosen)) ** unknown
    return total


def frames(cells: Sequence[Cell]) -> list[Cell]:
    """Top-left corners of every 3 x 3 frame that still contains all `cells`."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return [(t, l) for t in range(max(rows) - 2, min(rows) + 1) for l in range(max(cols) - 2, min(cols) + 1)]


class Model:
    """Expected Pop of a seat's display; `goal_weight` > 1 when goals are a must (solo)."""

    def __init__(self, catalogue: Catalogue, unknown: Vector | None = None):
        self.cat = catalogue
        self.unknown = unknown or deck_marginal(catalogue)

    def condition(self, fg_id: str, bg_id: str) -> Condition:
        fg, bg = self.cat.foregrounds[fg_id], self.cat.backgrounds[bg_id]
        return Condition(bg.pattern, S_INDEX[fg.subject], bg.value, bg.area)

    def value(self, prints: Mapping[Cell, tuple[Face, Condition]], left_known: Sequence[Face] = (),
              left_unknown: int = 0, goals: Sequence[tuple[str, float]] = ()) -> float:
        """Average over frames of the expected Pop of the placed conditions plus weighted goal chances."""
        if not prints:
            return 0.0
        vectors = {cell: face_vector(face) for cell, (face, _) in prints.items()}
        unknown_count = 9 - len(prints)
        totals = [0] * len(SUBJECTS)
        for vec in vectors.values():
            for i, x in enumerate(vec):
                totals[i] += int(x)
        left_totals = [sum(face.is_(s) for face in left_known) for s in SUBJECTS]
        corners = frames(list(prints))
        grand = 0.0
        for top, left in corners:
            grid: list[list[Vector]] = [[self.unknown] * 3 for _ in range(3)]
            for (r, c), vec in vectors.items():
                grid[r - top][c - left] = vec
            frame_total = 0.0
            for (r, c), (_, cond) in prints.items():
                frame_total += self._expect(cond, r - top, c - left, grid, totals, unknown_count,
                                            left_totals, left_unknown)
            for kind, weight in goals:
                frame_total += weight * self._goal(kind, grid, totals, unknown_count)
            grand += frame_total
        return grand / len(corners)

    def _expect(self, cond: Condition, r: int, c: int, grid: list[list[Vector]], totals: list[int],
                unknown: int, left_totals: list[int], left_unknown: int) -> float:
        s, v, p = cond.subject, cond.value, self.unknown[cond.subject]
        pattern = cond.pattern
        if pattern == "per_set_of_2":
            return v * expected_sets(totals[s], unknown, p, 2)
        if pattern == "per_set_of_3":
            return v * expected_sets(totals[s], unknown, p, 3)
        if pattern == "more_than_left":
            return v * chance_more(totals[s], unknown, left_totals[s], left_unknown, p)
        if pattern == "per_in_column":
            return v * sum(grid[i][c][s] for i in range(3))
        if pattern == "per_in_row":
            return v * sum(grid[r][j][s] for j in range(3))
        if pattern == "per_in_area":
            return v * sum(grid[i][j][s] for i, j in AREA_CELLS[cond.area or ""])
        if pattern == "per_adjacent":
            return v * sum(grid[r + dr][c + dc][s] for dr, dc in ORTHOGONAL if 0 <= r + dr < 3 and 0 <= c + dc < 3)
        if pattern == "per_diagonal":
            return v * sum(grid[r + dr][c + dc][s] for dr, dc in DIAGONAL if 0 <= r + dr < 3 and 0 <= c + dc < 3)
        if pattern == "if_right":
            return v * grid[r][c + 1][s] if c < 2 else 0.0
        if pattern == "if_above":
            return v * grid[r - 1][c][s] if r > 0 else 0.0
        if pattern == "if_no_adjacent":
            chance = 1.0
            for dr, dc in ORTHOGONAL:
                if 0 <= r + dr < 3 and 0 <= c + dc < 3:
                    chance *= 1 - grid[r + dr][c + dc][s]
            return v * chance
        if pattern == "in_every_row":
            chance = 1.0
            for i in range(3):
                none = 1.0
                for j in range(3):
                    none *= 1 - grid[i][j][s]
                chance *= 1 - none
            return v * chance
        raise ValueError(f"unknown pattern {pattern!r}")

    def _goal(self, kind: str, grid: list[list[Vector]], totals: list[int], unknown: int) -> float:
        if kind == "all_colours":
            missing = frozenset(i for i in COLOUR_I if totals[i] == 0)
            return chance_all_colours(missing, unknown, self.unknown)
        if kind == "five_portraits":
            return chance_at_least(totals[PORTRAIT_I], unknown, self.unknown[PORTRAIT_I], 5)
        if kind == "five_still_lifes":
            return chance_at_least(totals[STILL_I], unknown, self.unknown[STILL_I], 5)
        if kind in ("blended_corners", "primary_plus"):
            cells = AREA_CELLS["corners" if kind == "blended_corners" else "plus"]
            wanted = BLENDED_I if kind == "blended_corners" else PRIMARY_I
            chance = 1.0
            for i, j in cells:
                chance *= sum(grid[i][j][k] for k in wanted)
            return chance
        if kind == "mono_line":
            miss = 1.0
            for line in LINES:
                miss *= 1 - sum(_product(grid[i][j][k] for i, j in line) for k in COLOUR_I)
            return 1 - miss
        raise ValueError(f"unknown goal {kind!r}")


def _product(values: Sequence[float] | object) -> float:
    result = 1.0
    for x in values:  # type: ignore[union-attr]
        result *= x
    return result
