"""Pisa bot: take the face-up card that is easiest on the common structure; what you leave
is what the next players must place."""
from __future__ import annotations

import random

from game.actions import Action, Choose
from game.bots.heuristics import fit
from game.tour import State


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    picks = [a for a in legal if isinstance(a, Choose)]
    if not picks:
        return legal[rng.randrange(len(legal))]
    on = ex.structures[0].pieces + ex.structures[1].pieces
    best = max(fit(a.card, on) for a in picks)
    return rng.choice([a for a in picks if fit(a.card, on) == best])
