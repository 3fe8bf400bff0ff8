"""End-of-game scoring: every print's condition, goal cards, tie-breaks and the solo ranks.

Produces a per-print breakdown worded like the rulebook's A-I example, which the end screen
and `junkart popart sim --json` show as they are.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from game.popart.cards import Catalogue, Face, load_catalogue
from game.popart.goals import is_goal_met
from game.popart.patterns import Cell, Evaluation, Grid, condition_text, evaluate, plural, with_article

LABELS = "ABCDEFGHI"

# (lowest score, name), from the rulebook's "Solo Scoring".
SOLO_RANKS: tuple[tuple[int, str], ...] = (
    (65, "Designers' Top Score"),
    (55, "Iconic"),
    (45, "Popular"),
    (35, "15 Minutes of Fame"),
    (0, "Forgettable"),
)


def solo_rank(score: int) -> str:
    return next(name for floor, name in SOLO_RANKS if score >= floor)


def label(cell: Cell) -> str:
    """A..I in reading order of a finished (normalised) 3 x 3 display."""
    row, col = cell
    return LABELS[row * 3 + col] if 0 <= row < 3 and 0 <= col < 3 else f"{row},{col}"


@dataclass(frozen=True)
class PrintScore:
    label: str
    row: int
    col: int
    fg: str
    bg: str
    colour: str
    kind: str
    illustration: str
    condition: str
    points: int
    explanation: str

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class GoalScore:
    id: str
    text: str
    met: bool
    points: int

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class ScoreSheet:
    prints: tuple[PrintScore, ...]
    goals: tuple[GoalScore, ...]
    total: int
    colours: int          # distinct print colours: the first tie-break

    @property
    def goals_met(self) -> bool:
        return all(goal.met for goal in self.goals)

    def to_json(self) -> dict:
        return {"total": self.total, "colours": self.colours,
                "prints": [p.to_json() for p in self.prints], "goals": [g.to_json() for g in self.goals]}


def normalise(cells: Mapping[Cell, tuple[str, str]]) -> dict[Cell, tuple[str, str]]:
    """Shift a display so its top-left occupied row and column are 0."""
    if not cells:
        return {}
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return {(r - top, c - left): cards for (r, c), cards in cells.items()}


def faces_of(cells: Mapping[Cell, tuple[str, str]], catalogue: Catalogue | None = None) -> dict[Cell, Face]:
    cat = catalogue or load_catalogue()
    return {cell: cat.face(fg, bg) for cell, (fg, bg) in cells.items()}


def _names(cells: Sequence[Cell]) -> str:
    return f" ({', '.join(label(c) for c in cells)})" if cells else ""


def _explain(pattern: str, subject: str, ev: Evaluation, grid: Grid, cell: Cell,
             left: Sequence[Face] | None) -> str:
    x, xs = subject, plural(subject)
    scored = f"You score {ev.points} Pop." if ev.points else "You don't score."
    count_x = f"{ev.count} {xs if ev.count != 1 and xs != x else x}"
    if pattern in ("per_set_of_2", "per_set_of_3"):
        return f"You have {count_x}{_names(ev.cells)}. {scored}"
    if pattern == "more_than_left":
        theirs = sum(face.is_(subject) for face in left) if left is not None else ev.count
        verdict = "You have more." if ev.scored else "You do not have more."
        return f"You have {count_x}{_names(ev.cells)}. Your neighbor has {theirs} {x}. {verdict} {scored}"
    where = {"per_in_column": "in this column", "per_in_row": "in the row", "per_in_area": "in the area",
             "per_adjacent": "adjacent", "per_diagonal": "diagonally adjacent"}
    if pattern in where:
        return f"You have {count_x} {where[pattern]}{_names(ev.cells)}. {scored}"
    if pattern in ("if_right", "if_above"):
        other = (cell[0], cell[1] + 1) if pattern == "if_right" else (cell[0] - 1, cell[1])
        side = "to the right" if pattern == "if_right" else "above"
        if other not in grid:
            return f"Nothing is {side}. {scored}"
        verb = "is" if ev.scored else "is not"
        return f"{label(other)} {verb} {with_article(x)}. {scored}"
    if pattern == "if_no_adjacent":
        return f"You have {count_x} adjacent to this card{_names(ev.cells)}. {scored}"
    if pattern == "in_every_row":
        verdict = "Every row has one." if ev.scored else "Not every row has one."
        return f"You have {count_x}{_names(ev.cells)}. {verdict} {scored}"
    return scored


def score_print(cell: Cell, fg_id: str, bg_id: str, grid: Grid, left: Sequence[Face] | None,
                catalogue: Catalogue | None = None) -> PrintScore:
    cat = catalogue or load_catalogue()
    fg, bg = cat.foregrounds[fg_id], cat.backgrounds[bg_id]
    ev = evaluate(bg.pattern, fg.subject, bg.value, cell, grid, left, bg.area)
    face = cat.face(fg_id, bg_id)
    return PrintScore(label(cell), cell[0], cell[1], fg_id, bg_id, face.colour, face.kind, fg.illustration,
                      condition_text(bg.pattern, fg.subject, bg.value, bg.area), ev.points,
                      _explain(bg.pattern, fg.subject, ev, grid, cell, left))


def score_display(cells: Mapping[Cell, tuple[str, str]], left: Sequence[Face] | None = None,
                  goals: Sequence[str] = (), catalogue: Catalogue | None = None) -> ScoreSheet:
    """Score a display given as cell -> (foreground id, background id); it is normalised first.

    `left` is the left neighbour's display (the rival in solo); None means "no neighbour", for
    which "more than your left neighbor" never scores.
    """
    cat = catalogue or load_catalogue()
    norm = normalise(cells)
    grid = faces_of(norm, cat)
    prints = tuple(score_print(cell, fg, bg, grid, left if left is not None else (), cat)
                   for cell, (fg, bg) in sorted(norm.items()))
    goal_scores = []
    for goal_id in goals:
        goal = cat.goals[goal_id]
        met = is_goal_met(goal.kind, grid)
        goal_scores.append(GoalScore(goal.id, goal.text, met, goal.value if met else 0))
    total = sum(p.points for p in prints) + sum(g.points for g in goal_scores)
    return ScoreSheet(prints, tuple(goal_scores), total, len({face.colour for face in grid.values()}))


def winners(sheets: Sequence[ScoreSheet]) -> tuple[int, ...]:
    """Seats that win: most Pop, then more colours; more than one seat means a tie ("play again")."""
    best = max(sheets, key=lambda s: (s.total, s.colours))
    return tuple(i for i, s in enumerate(sheets) if (s.total, s.colours) == (best.total, best.colours))
