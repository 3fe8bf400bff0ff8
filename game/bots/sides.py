"""Which side up a bot turns its base for the World Tour (the rulebook's setup: "Each player
chooses which side to place it"): "A" flat, or "B" with a shallow raised rim.

A bot that plans takes the side that measured better for the bots' own hands. Side B against
side A, the same bots on the same random pieces (scripts kept outside the repository; the
solo tower and survival benches in `benchmarks/` build on side A):

    10 towers of 10 random pieces, hard:   drops in 31 of 120 placements vs 22 of 112,
                                           298 vs 271 mm tall
                                   easy:   drops in 46 of 128 vs 42 of 124, 181 vs 163 mm
    pieces placed before Philadelphia's second fall, 20 sequences, hard:   8.65 vs 9.0
                                                                   easy:   6.35 vs 6.2

None of these differences is beyond the noise (a tower's height or a sequence's count swings
by half either way), and the one that comes closest says the rim costs a steady hand drops (a
piece lying across the rim sits tilted). So a planning bot builds on the flat side. An easy bot
turns its base at random half the time, as it plays its cards (`game.bots`).
"""
from __future__ import annotations

import random

from game.actions import Action, ChooseSide
from game.tour import State

PLANNED_SIDE = "A"


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    return next(a for a in legal if isinstance(a, ChooseSide) and a.side == PLANNED_SIDE)
