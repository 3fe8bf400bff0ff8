"""Bots never submit an illegal action: hundreds of seeded card and choice decisions in every
city, on observations only (physics outcomes drawn as data so this stays fast)."""
from __future__ import annotations

import random

import pytest

from game import api
from game.actions import Place
from game.cards import city_cards
from game.sim import play_random
from play.controllers import BotController

CITIES = [c for c in city_cards()]


@pytest.mark.parametrize("card", CITIES, ids=[c.name for c in CITIES])
def test_bots_choose_only_legal_actions(card):
    decisions = 0

    def with_bots(bots):
        def policy(state, seat, legal, rng):
            nonlocal decisions
            if all(isinstance(a, Place) for a in legal) and len(legal) == 1:
                return legal[0]
            action = bots[seat].choose(api.observe(state, seat), legal)
            assert action in legal, f"{card.name}: {action.to_text()} is not legal"
            decisions += 1
            return action
        return policy

    for seed in range(4):
        players = card.min_players + seed % 2
        bots = [BotController(("easy", "normal", "hard")[(s + seed) % 3], f"legal:{seed}:{s}") for s in range(players)]
        state, _ = play_random(api.TourConfig(players, (card.name,), start_seat=0), random.Random(seed),
                               policy=with_bots(bots))
        assert api.is_terminal(state)
    if card.name not in ("gujarat", "indianapolis", "monaco"):   # cities with card decisions
        assert decisions >= 20
