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


def test_each_base_is_built_on_the_side_its_player_chose():
    """The bots choose their sides before the first city; the physics builds every base that side
    up, and a city on side B plays to the end like any other."""
    bots = [BotController(level, f"test:sides:{s}") for s, level in enumerate(("hard", "easy", "easy"))]
    match = Match(api.TourConfig(3, ("philadelphia",), start_seat=0), bots, 5)
    while api.current(match.state) is None:
        match.step()
    chosen = match.state.base_sides
    assert chosen[0] == "A" and all(side in ("A", "B") for side in chosen)
    assert [a.seat for a in match.log.actions if a.VERB == "side"] == [0, 1, 2]
    assert [b.face for b in match.table().layout.bases] == list(chosen)

    fixed = Match(api.TourConfig(2, ("philadelphia",), start_seat=0, base_sides=("B", "B")),
                  [BotController("easy", f"test:side-b:{s}") for s in range(2)], 3)
    fixed.run()
    check_played_to_the_end(fixed, "philadelphia", 2)
    assert [b.face for b in fixed.snapshot.layout.bases] == ["B", "B"]
