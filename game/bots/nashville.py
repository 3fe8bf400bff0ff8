"""Nashville bot. Builds with its easiest pieces, plays the card that earns the most shots
(a number match is worth 2, a Cactus card 1 plus a cactus bonus if it stands), always shoots,
at the rival with the most to lose (height and loot), places a cactus from its take when it
can (+1 fan while it stands) or else the piece that fits best, and steals any loot it can.
"""
from __future__ import annotations

import random

from game.actions import Action, Place
from game.bots.heuristics import ease, fit
from game.mechanics.shots import Holster, Shoot, Steal, is_cactus, shots_earned
from game.state import Exhibition
from game.tour import State

# Which piece to place IS this city's card decision (a face-up card / a card from hand / the
# take), so the bot registry should consult this module even when every legal action is a Place.
CHOOSES_PLACES = True

CACTUS_EASE = 0.5          # a standing saguaro: awkward but worth a fan
LOOT_AS_MM = 50.0          # one loot piece weighs like 5 cm of height when picking a target


def _ease(piece: str) -> float:
    return CACTUS_EASE if is_cactus(piece) else ease(piece)


def best_shots(ex: Exhibition, seat: int, card: str) -> int:
    tops = [ex.table[s][-1] if ex.table[s] else None for s in ex.seats() if s != seat]
    return max((shots_earned(card, top) for top in tops), default=0)


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    shoots = [a for a in legal if isinstance(a, Shoot)]
    if shoots:
        return _target(ex, shoots, rng)
    steals = [a for a in legal if isinstance(a, Steal)]
    if steals:
        return rng.choice(steals)
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        return _place(ex, places, rng)
    holster = [a for a in legal if isinstance(a, Holster)]
    return holster[0] if holster else legal[rng.randrange(len(legal))]


def stake(ex: Exhibition, target: int) -> float:
    """What a rival has to lose to a shot: its height, and its loot a tipped cowboy gives up."""
    return ex.structure_of(target).height_mm + LOOT_AS_MM * len(ex.var("loot")[target])


def _target(ex: Exhibition, shoots: list[Shoot], rng: random.Random) -> Action:
    best = max(stake(ex, a.target) for a in shoots)
    return rng.choice([a for a in shoots if stake(ex, a.target) == best])


def _place(ex: Exhibition, places: list[Place], rng: random.Random) -> Action:
    seat = places[0].seat
    on = ex.structure_of(seat).pieces

    def value(a: Place) -> float:
        if ex.phase == "play":
            return 1.2 * best_shots(ex, seat, a.piece) + (1.0 if is_cactus(a.piece) else 0.0) + _ease(a.piece)
        if ex.phase == "haul":
            return 2.0 if is_cactus(a.piece) else fit(a.piece, on)
        return _ease(a.piece)

    scored = [(value(a), a) for a in places]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == best])
