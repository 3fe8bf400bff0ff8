"""Pop Art bots. They see only an Observation and choose one Play per round.

random  any legal play.
easy    plays like normal, except that 40% of the time it plays anything legal.
normal  the combo and cell with the best score of the display as it stands now.
hard    the combo and cell with the best *expected final* score (game.popart.expectation):
        how the placement scores now and what it enables or spoils for the remaining cells.
"""
from __future__ import annotations

import random
from typing import Callable, Protocol

from game.popart.actions import Play
from game.popart.cards import Catalogue, Face, load_catalogue
from game.popart.expectation import Condition, Model
from game.popart.rules import Observation, display_cells, legal_plays
from game.popart.scoring import score_display
from game.popart.state import PRINTS

# Missing a goal in solo loses the game, so the hard bot treats a goal as worth this much more.
SOLO_GOAL_BONUS = 30.0


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation, rng: random.Random) -> Play: ...


def _plays(obs: Observation) -> list[Play]:
    plays = legal_plays(obs.seat, obs.hand, obs.display)
    if not plays:
        raise ValueError(f"seat {obs.seat} has nothing to play")
    return plays


def _left(obs: Observation, cat: Catalogue) -> tuple[Face, ...]:
    if obs.rival is not None:
        return obs.rival
    return tuple(cat.face(p.fg, p.bg) for p in obs.displays[obs.left])


def _score_now(obs: Observation, play: Play, cat: Catalogue) -> int:
    cells = display_cells(obs.display)
    cells[play.cell] = (play.fg, play.bg)
    return score_display(cells, _left(obs, cat), obs.goals, cat).total


def _best(plays: list[Play], key: Callable[[Play], float], rng: random.Random) -> Play:
    """Highest key; ties broken by the seeded rng so bots stay deterministic but not predictable."""
    scored = [(key(p), p) for p in plays]
    top = max(s for s, _ in scored)
    return rng.choice([p for s, p in scored if s >= top - 1e-9])


class RandomBot:
    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Play:
        return rng.choice(_plays(obs))


class EasyBot:
    name = "easy"

    def __init__(self, catalogue: Catalogue | None = None):
        self.cat = catalogue or load_catalogue()

    def choose(self, obs: Observation, rng: random.Random) -> Play:
        plays = _plays(obs)
        if rng.random() < 0.4:
            return rng.choice(plays)
        return _best(plays, lambda p: _score_now(obs, p, self.cat), rng)


class NormalBot:
    name = "normal"

    def __init__(self, catalogue: Catalogue | None = None):
        self.cat = catalogue or load_catalogue()

    def choose(self, obs: Observation, rng: random.Random) -> Play:
        return _best(_plays(obs), lambda p: _score_now(obs, p, self.cat), rng)


class HardBot:
    name = "hard"

    def __init__(self, catalogue: Catalogue | None = None):
        self.cat = catalogue or load_catalogue()
        self.model = Model(self.cat)

    def choose(self, obs: Observation, rng: random.Random) -> Play:
        cat = self.cat
        placed: dict[tuple[int, int], tuple[Face, Condition]] = {
            (p.row, p.col): (cat.face(p.fg, p.bg), self.model.condition(p.fg, p.bg)) for p in obs.display}
        if obs.rival is not None:
            left_known, left_unknown = obs.rival, 0
        else:
            left_display = obs.displays[obs.left]
            left_known = tuple(cat.face(p.fg, p.bg) for p in left_display)
            left_unknown = PRINTS - len(left_display)
        bonus = SOLO_GOAL_BONUS if obs.config.solo else 0.0
        goals = [(cat.goals[g].kind, cat.goals[g].value + bonus) for g in obs.goals]
        combos = {(p.fg, p.bg): (cat.face(p.fg, p.bg), self.model.condition(p.fg, p.bg)) for p in _plays(obs)}

        def value(play: Play) -> float:
            trial = dict(placed)
            trial[play.cell] = combos[(play.fg, play.bg)]
            return self.model.value(trial, left_known, left_unknown, goals)

        return _best(_plays(obs), value, rng)


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown Pop Art bot {name!r}; choose from {', '.join(BOTS)}") from None
