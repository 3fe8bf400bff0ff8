"""Philadelphia bot: keep the card that is easiest on your own structure; give the most awkward
card to the neighbour closer to elimination (two fallen eliminate), the other to the other."""
from __future__ import annotations

import random

from game.actions import Action, Give
from game.bots.heuristics import danger, fit
from game.tour import State


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    gives = [a for a in legal if isinstance(a, Give)]
    if not gives:
        return legal[rng.randrange(len(legal))]
    seat = gives[0].seat
    mine = ex.structure_of(seat).pieces

    def value(a: Give) -> float:
        score = 0.0
        for card, to in zip(a.cards, a.to):
            if to == seat:
                score += 2.0 * fit(card, mine)
            else:
                # Spite pays most against the neighbour nearest to elimination.
                score -= (0.5 + danger(ex, to, 2)) * fit(card, ex.structure_of(to).pieces)
        return score

    best = max(value(a) for a in gives)
    return rng.choice([a for a in gives if value(a) == best])
