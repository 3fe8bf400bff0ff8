"""Tokyo bot: the card you put on top is what the next player must place, so pass the deck
with the most awkward card on top (the one that fits their structure worst)."""
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
    seat = picks[0].seat
    playing = ex.playing()
    nxt = playing[(playing.index(seat) + 1) % len(playing)]
    on = ex.structure_of(nxt).pieces
    worst = min(fit(a.card, on) for a in picks)
    return rng.choice([a for a in picks if fit(a.card, on) == worst])
