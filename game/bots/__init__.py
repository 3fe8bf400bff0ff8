"""Bot card strategies: `choose(observation, legal, rng, difficulty)` for every decision that is
not a placement (placements belong to the physics planner).

One module per city, `game/bots/<city>.py`, exposing
`choose(observation, legal_actions, rng) -> Action`; cities without a module (or decisions a
module does not handle) fall back to a random legal action. The tour's own decision, which side
of its base a bot builds on, is `game/bots/sides.py`. Bots see only `observe(state, seat)`.

Difficulty: "easy" makes a random legal choice half of the time (a card, or its base's side);
"normal" and "hard" always plan.
"""
from __future__ import annotations

import importlib
import random
from functools import lru_cache
from types import ModuleType

from game.actions import Action, ChooseSide, Place
from game.bots import sides
from game.tour import State

DIFFICULTIES = ("easy", "normal", "hard")


@lru_cache(maxsize=None)
def _module(city: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"game.bots.{city}")
    except ModuleNotFoundError as error:
        if error.name == f"game.bots.{city}":
            return None
        raise


def chooses_places(city: str) -> bool:
    """Whether choosing WHICH piece to place is a card decision in this city (New York's
    face-up row, Nashville's hand), made by the city's card strategy rather than the planner."""
    module = _module(city)
    return bool(getattr(module, "CHOOSES_PLACES", False))


def choose(observation: State, legal: list[Action], rng: random.Random, difficulty: str = "normal") -> Action:
    """Pick one of `legal` for the seat that `observation` was made for."""
    if not legal:
        raise ValueError("a bot cannot choose from no legal actions")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; use one of {', '.join(DIFFICULTIES)}")
    ex = observation.exhibition
    if ex is None:      # before the first city: which side of the base to build on
        module: ModuleType | None = sides if all(isinstance(a, ChooseSide) for a in legal) else None
    else:
        module = _module(ex.city)
        if all(isinstance(a, Place) for a in legal) and not chooses_places(ex.city):
            module = None   # which piece goes where is the planner's business
    if module is None:
        return legal[rng.randrange(len(legal))]
    if difficulty == "easy" and rng.random() < 0.5:
        return legal[rng.randrange(len(legal))]
    action = module.choose(observation, legal, rng)
    if action not in legal:
        raise AssertionError(f"bot for {module.__name__} chose an illegal action {action.to_text()}")
    return action
