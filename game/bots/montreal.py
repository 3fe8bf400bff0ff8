"""Montréal bot. The card you play goes onto the next player's structure, and 2+ pieces falling
at once eliminate them (last standing wins), so the bot hands over its most awkward card. One
exception: when the players are about to move, that very structure becomes the bot's own; if
it is already worth keeping (tall, many pieces) the bot gives the easiest card instead.
"""
from __future__ import annotations

import random

from game.actions import Action, PlayCard
from game.bots.heuristics import fit
from game.state import Exhibition
from game.tour import State

CARDS_BEFORE_MOVING = 3
WORTH_KEEPING = 5   # pieces on the structure we are about to inherit


def about_to_inherit(ex: Exhibition, to: int) -> bool:
    """True when this card is the last before the move and the structure is worth keeping."""
    last_card = len(ex.table[to]) == CARDS_BEFORE_MOVING - 1
    return last_card and len(ex.structure_of(to).pieces) >= WORTH_KEEPING


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if not plays:
        return legal[rng.randrange(len(legal))]
    to = plays[0].to
    on = ex.structure_of(to).pieces
    sign = 1.0 if about_to_inherit(ex, to) else -1.0

    def value(a: PlayCard) -> float:
        return sign * fit(a.card, on)

    best = max(value(a) for a in plays)
    return rng.choice([a for a in plays if value(a) == best])
