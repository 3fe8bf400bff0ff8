"""The one transition API the match loop, bots, replays and the CLI use.

    state = new_tour(TourConfig(num_seats=4, cities=("philadelphia",), start_seat=0))
    while not is_terminal(state):
        if is_chance(state):
            state = apply(state, sample_chance(state, rng))
            continue
        seat = to_act(state)[0]
        action = choose(legal_actions(state, seat))       # a Place prototype gets its outcome
        state = apply(state, action)

`to_act` is empty while a chance action is due or when the tour is over. Several seats in
`to_act` means a simultaneous choice: apply them in any order (before the first city, every
seat chooses its base's side this way, with no exhibition open yet). A `Place` prototype
(outcome None) says which piece goes on which structure index; run the physics and apply
`place.with_outcome(PlacementOutcome(...))`.
"""
from __future__ import annotations

import random
from dataclasses import replace

from game import exhibition as exh
from game import tour as _tour
from game.actions import Action
from game.errors import (IllegalActionError, MalformedActionError, UnknownCityError,
                         UnsupportedPlayerCountError)
from game.state import Exhibition
from game.tour import (BASE_SIDES, State, TourConfig, TourOutcome, base_side, new_tour, state_from_json,
                       state_to_json)

__all__ = ["State", "TourConfig", "TourOutcome", "Exhibition", "new_tour", "legal_actions", "to_act",
           "apply", "observe", "is_terminal", "outcome", "is_chance", "sample_chance", "state_to_json",
           "state_from_json", "IllegalActionError", "MalformedActionError", "UnknownCityError",
           "UnsupportedPlayerCountError", "current", "BASE_SIDES", "base_side"]


def current(state: State) -> Exhibition | None:
    """The exhibition being played (or just finished)."""
    return state.exhibition


def is_chance(state: State) -> bool:
    return _tour.is_chance(state)


def sample_chance(state: State, rng: random.Random) -> Action:
    return _tour.sample_chance(state, rng)


def to_act(state: State) -> tuple[int, ...]:
    if state.phase == "sides":
        return _tour.sides_to_choose(state)
    if state.phase not in ("play", "faceoff") or state.exhibition is None or is_chance(state):
        return ()
    return exh.to_act(state.exhibition)


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase == "sides":
        return _tour.side_choices(state, seat)
    assert state.exhibition is not None
    return exh.legal_actions(state.exhibition, seat)


def apply(state: State, action: Action) -> State:
    return _tour.apply(state, action)


def observe(state: State, seat: int) -> State:
    """The tour as `seat` sees it: hidden cards of the exhibition become '?'."""
    if state.exhibition is None:
        return state
    return replace(state, exhibition=exh.observe(state.exhibition, seat))


def is_terminal(state: State) -> bool:
    return state.phase == "over"


def outcome(state: State) -> TourOutcome:
    return _tour.outcome(state)
