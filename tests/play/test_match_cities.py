"""Every city (Nashville aside until its shots exist) played to the end by bots through the
real physics. The minimum player count runs in the default suite; one more player is a soak."""
from __future__ import annotations

import pytest

from game import api
from game.cards import city_cards
from game.outcomes import PlacementOutcome
from physics.snapshot import Snapshot
from play.controllers import BotController
from play.match import Match

CITIES = [c for c in city_cards() if c.name != "nashville"]


def play(city: str, players: int, seed: int = 1) -> Match:
    bots = [BotController("easy", f"test:{city}:{seed}:{s}") for s in range(players)]
    match = Match(api.TourConfig(players, (city,), start_seat=0), bots, seed)
    match.run()
    return match


def check_played_to_the_end(match: Match, city: str, players: int) -> None:
    assert api.is_terminal(match.state)
    [result] = match.log.cities
    assert result.city == city
    assert result.end_reason, "an exhibition ends for a stated reason"
    assert result.placements > 0 and match.log.placements, "pieces were really placed"
    # Every placement went through the physics: its outcome carries measured heights for
    # every structure of the table, and the world recorded a settled snapshot.
    ex = api.current(match.state)
    for record in match.log.placements:
        outcome = record.action.outcome
        assert isinstance(outcome, PlacementOutcome)
        assert len(outcome.heights_mm) == len(ex.structures)
        assert len(record.snapshot_digest) == 64
    assert max(max(r.action.outcome.heights_mm) for r in match.log.placements) > 30.0, "something stood on a base"
    # The rules' structures and the physical table agree piece for piece at the end.
    assert isinstance(match.snapshot, Snapshot)
    for k, structure in enumerate(ex.structures):
        assert set(structure.pieces) == set(match.snapshot.pieces_on(k)), f"structure {k}"
    fans = api.outcome(match.state).fans
    assert sum(fans) == sum(result.fans) and len(fans) == players


@pytest.mark.slow
@pytest.mark.parametrize("card", CITIES, ids=[c.name for c in CITIES])
def test_city_plays_to_the_end_with_bots(card):
    match = play(card.name, card.min_players)
    check_played_to_the_end(match, card.name, card.min_players)


@pytest.mark.soak
@pytest.mark.parametrize("card", CITIES, ids=[c.name for c in CITIES])
def test_city_plays_to_the_end_with_one_more_player(card):
    match = play(card.name, card.min_players + 1, seed=2)
    check_played_to_the_end(match, card.name, card.min_players + 1)
