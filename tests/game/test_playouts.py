"""Seeded random playouts over every registered city x every supported player count.

Physics outcomes are drawn at random as data (game.sim.random_outcome). Invariants: every
exhibition ends; the 60 Junk Art cards are always all accounted for; fans are conserved with
the supply; a seat that must act always has a legal action; every legal action round-trips
through its text and JSON forms; the state round-trips through JSON; same seed, same game.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game import api
from game.actions import Action
from game.cards import FAN_SUPPLY_TOTAL, JUNK_CARD_IDS
from game.cities import registry
from game.sim import play_random, replay
from game.state import card_piles

SEEDS_PER_CASE = 10

CASES = [(name, n) for name, city in registry().items()
         for n in range(city.card.min_players, city.card.max_players + 1)]


def check_invariants(state: api.State, action: Action, step: int) -> None:
    ex = state.exhibition
    if ex is not None:
        junk = Counter(c for c in card_piles(ex) if c in set(JUNK_CARD_IDS))
        assert sorted(junk) == sorted(JUNK_CARD_IDS) and set(junk.values()) == {1}, \
            f"cards not accounted for: missing {set(JUNK_CARD_IDS) - set(junk)}, doubled " \
            f"{[c for c, k in junk.items() if k > 1]}"
        in_play = 0 if ex.is_over else sum(ex.fans)
        assert ex.fan_supply + sum(state.banked) + in_play == FAN_SUPPLY_TOTAL
        assert ex.fan_supply >= 0 and min(ex.fans) >= 0
    for seat in api.to_act(state):
        legal = api.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        if step % 7 == 0:
            for a in legal:
                assert Action.from_text(a.to_text()) == a
                assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert Action.from_text(action.to_text()) == action
    if step % 25 == 0:
        assert api.state_from_json(json.loads(json.dumps(api.state_to_json(state)))) == state


@pytest.mark.parametrize("city,num_seats", CASES, ids=[f"{c}-{n}" for c, n in CASES])
def test_random_playouts(city: str, num_seats: int) -> None:
    for seed in range(SEEDS_PER_CASE):
        config = api.TourConfig(num_seats=num_seats, cities=(city,), start_seat=seed % num_seats)
        final, log = play_random(config, random.Random(seed), on_step=lambda s, a, _c=[0]: (
            check_invariants(s, a, _c[0]), _c.__setitem__(0, _c[0] + 1)))
        assert api.is_terminal(final)
        assert final.exhibition is not None and final.exhibition.is_over and final.exhibition.end_reason
        result = api.outcome(final)
        assert result.final and result.winners
        assert sum(final.banked) + final.exhibition.fan_supply == FAN_SUPPLY_TOTAL
        if seed == 0:
            again, log2 = play_random(config, random.Random(seed))
            assert log2 == log and again == final
            assert replay(config, log) == final
