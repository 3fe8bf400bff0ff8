"""Paris bot: the next player must place the card you play on the common structure and keeps
whatever falls, so hand over the card that is hardest to place (ball, cone, bowling pin first)."""
from __future__ import annotations

import random

from game.actions import Action, PlayCard
from game.bots.heuristics import fit
from game.tour import State


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if not plays:
        return legal[rng.randrange(len(legal))]
    on = ex.structures[0].pieces
    worst = min(fit(a.card, on) for a in plays)
    return rng.choice([a for a in plays if fit(a.card, on) == worst])
