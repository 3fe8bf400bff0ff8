"""Random physics outcomes as data, and seeded random playouts.

Used by the playout tests (every city x every player count) and handy for headless demos: no
physics runs here; a placement's outcome is drawn from a seeded `random.Random` with plausible
heights, occasional falls and touches.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from game import api
from game.actions import Action, Place
from game.cities import get_city
from game.outcomes import FallenPiece, PlacementOutcome
from game.state import Exhibition

OutcomeFn = Callable[[Exhibition, Place, random.Random], PlacementOutcome]


@dataclass(frozen=True)
class OutcomeOdds:
    drop: float = 0.04          # only the active piece drops (free re-place)
    fall: float = 0.15          # some pieces fall
    touch: float = 0.6          # the active piece touches something


def random_outcome(ex: Exhibition, place: Place, rng: random.Random,
                   odds: OutcomeOdds = OutcomeOdds()) -> PlacementOutcome:
    """A plausible outcome for `place` in `ex`, drawn from `rng`."""
    heights = [s.height_mm for s in ex.structures]
    elapsed = round(rng.uniform(2.0, 25.0), 2)
    roll = rng.random()
    if roll < odds.drop:
        return PlacementOutcome(only_active_fell=True, heights_mm=tuple(heights), elapsed_s=elapsed)
    target = ex.structures[place.structure]
    fallen: tuple[FallenPiece, ...] = ()
    on_it = list(target.pieces) + [place.piece]
    if roll < odds.drop + odds.fall:
        count = min(len(on_it), rng.choice((1, 1, 1, 2, 3)))
        lost = rng.sample(on_it, count)
        if lost == [place.piece]:   # "only the active piece fell" is its own case; take another
            lost = rng.sample(on_it, min(2, len(on_it)))
        fallen = tuple(FallenPiece(p, place.structure) for p in lost)
        heights[place.structure] = max(0.0, heights[place.structure] - rng.uniform(0, 30) * len(lost))
    else:
        heights[place.structure] = heights[place.structure] + round(rng.uniform(5.0, 40.0), 1)
    gone = {f.piece for f in fallen}
    standing = [p for p in target.pieces if p not in gone]
    touching: tuple[str, ...] = ()
    if place.piece not in gone and standing and rng.random() < odds.touch:
        touching = tuple(rng.sample(standing, min(len(standing), rng.choice((1, 1, 2, 3)))))
    if fallen and all(f.piece == place.piece for f in fallen):
        return PlacementOutcome(only_active_fell=True, heights_mm=tuple(ex.structures[i].height_mm
                                                                        for i in range(len(heights))),
                                elapsed_s=elapsed)
    return PlacementOutcome(fallen=fallen, touching=touching,
                            heights_mm=tuple(round(h, 1) for h in heights), elapsed_s=elapsed)


def complete(state: api.State, action: Action, rng: random.Random,
             outcome_fn: OutcomeFn = random_outcome) -> Action:
    """Give a prototype that needs physics (a Place, or a city's own e.g. shot) a random outcome."""
    ex = state.exhibition
    if ex is None:
        return action      # a choice before the first city (a base's side) needs no physics
    special = get_city(ex.city).random_physics(ex, action, rng)
    if special is not None:
        return special
    if isinstance(action, Place) and action.outcome is None:
        return action.with_outcome(outcome_fn(ex, action, rng))
    return action


Policy = Callable[[api.State, int, list[Action], random.Random], Action]


def random_policy(state: api.State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def play_random(config: api.TourConfig, rng: random.Random, outcome_fn: OutcomeFn = random_outcome,
                max_actions: int = 20000,
                on_step: Callable[[api.State, Action], None] | None = None,
                policy: Policy = random_policy) -> tuple[api.State, list[Action]]:
    """Play a whole tour with `policy`'s choices (random by default) and random physics
    outcomes; returns (final state, log). Bot tests pass their bot as the policy."""
    state = api.new_tour(config)
    log: list[Action] = []
    while not api.is_terminal(state):
        if len(log) >= max_actions:
            raise RuntimeError(f"tour did not end within {max_actions} actions")
        if api.is_chance(state):
            action = api.sample_chance(state, rng)
        else:
            acting = api.to_act(state)
            seat = acting[rng.randrange(len(acting))]
            legal = api.legal_actions(state, seat)
            if not legal:
                raise RuntimeError(f"seat {seat} must act but has no legal action")
            action = policy(state, seat, legal, rng)
            action = complete(state, action, rng, outcome_fn)
        if on_step is not None:
            on_step(state, action)
        state = api.apply(state, action)
        log.append(action)
    return state, log


def replay(config: api.TourConfig, log: list[Action]) -> api.State:
    state = api.new_tour(config)
    for action in log:
        state = api.apply(state, action)
    return state
