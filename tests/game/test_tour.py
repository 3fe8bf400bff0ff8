"""World Tour: config parsing, start players, banking fans, winner and tie-breaks, face-off."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game import api, tour
from game.actions import Action, DealCities, Place
from game.cards import FAN_SUPPLY_TOTAL
from game.cities import get_city, registry
from game.errors import IllegalActionError, UnknownCityError, UnsupportedPlayerCountError
from game.outcomes import FallenPiece, PlacementOutcome
from game.sim import random_outcome
from game.state import Exhibition


def quiet(ex: Exhibition, place: Place, rng: random.Random) -> PlacementOutcome:
    heights = tuple(s.height_mm + (10.0 if i == place.structure else 0.0) for i, s in enumerate(ex.structures))
    return PlacementOutcome(heights_mm=heights, elapsed_s=round(rng.uniform(1, 10), 2))


def run(state: api.State, rng: random.Random, outcome_fn=random_outcome, watch=None) -> api.State:
    while not api.is_terminal(state):
        if api.is_chance(state):
            action: Action = api.sample_chance(state, rng)
        else:
            seat = api.to_act(state)[0]
            action = rng.choice(api.legal_actions(state, seat))
            if isinstance(action, Place):
                assert state.exhibition is not None
                action = action.with_outcome(outcome_fn(state.exhibition, action, rng))
        before = state
        state = api.apply(state, action)
        if watch:
            watch(before, state)
    return state


@pytest.mark.parametrize("next_to,banked,previous,expected", [
    ("fewest", (5, 3, 4, 8), 0, 1),
    ("tie goes clockwise from the previous start", (5, 3, 3, 8), 1, 2),
    ("wraps round", (5, 3, 3, 8), 2, 1),
    ("all tied", (0, 0, 0, 0), 3, 0),
    ("previous start keeps it if alone fewest", (5, 1, 4, 8), 1, 1),
])
def test_next_start_seat(next_to: str, banked, previous: int, expected: int) -> None:
    assert tour.next_start_seat(banked, previous) == expected


def test_first_tour_of_three_cities_with_four_seats_from_setup_to_winner() -> None:
    config = tour.TourConfig.parse("first", 4)
    assert config.cities == ("philadelphia", "monaco", "paris") and config.start_seat is None
    state = api.new_tour(config)
    assert api.is_chance(state) and api.to_act(state) == ()
    starts: list[tuple[int, tuple[int, ...]]] = []

    def watch(before: api.State, after: api.State) -> None:
        if after.exhibition is not None and (before.exhibition is None or after.index != before.index):
            starts.append((after.start_seat, after.banked))

    final = run(state, random.Random(7), watch=watch)
    assert [s.exhibition is not None for s in (final,)] == [True]
    assert len(final.results) == 3 and len(starts) == 3
    for (start, banked), (prev_start, _b) in zip(starts[1:], starts[:-1]):
        assert start == tour.next_start_seat(banked, prev_start)
    assert final.banked == tuple(sum(r[s] for r in final.results) for s in range(4))
    assert sum(final.banked) + final.exhibition.fan_supply == FAN_SUPPLY_TOTAL
    result = api.outcome(final)
    assert result.final and result.fans == final.banked
    assert all(final.banked[w] == max(final.banked) for w in result.winners)


def _paris_end(banked: tuple[int, ...], victim: int, faceoff: bool = False) -> api.State:
    """Play a final Paris (4 seats) from the given banked fans where `victim` is eliminated."""
    config = tour.TourConfig(4, ("paris",), start_seat=0, faceoff=faceoff)
    state = api.new_tour(config)
    state = tour._open_city(replace(state, banked=banked), 0, 0)

    def outcome_fn(ex: Exhibition, place: Place, rng: random.Random) -> PlacementOutcome:
        if place.seat != victim:
            return quiet(ex, place, rng)
        lost = (place.piece,) + ex.structures[0].pieces[:2]
        return PlacementOutcome(fallen=tuple(FallenPiece(p, 0) for p in lost), heights_mm=(0.0,), elapsed_s=1.0)

    rng = random.Random(3)
    while not (state.exhibition and state.exhibition.is_over):
        if api.is_chance(state):
            state = api.apply(state, api.sample_chance(state, rng))
            continue
        seat = api.to_act(state)[0]
        a = api.legal_actions(state, seat)[0]
        if isinstance(a, Place):
            a = a.with_outcome(outcome_fn(state.exhibition, a, rng))
        state = api.apply(state, a)
    return state


@pytest.mark.parametrize("banked,victim,winners,decided_by", [
    ((10, 10, 7, 4), 1, (0,), "fans"),                 # 13, 10, 10, 7
    ((10, 13, 7, 4), 1, (0,), "last city"),            # 13, 13: seat 0 won 3 in Paris, seat 1 none
    ((10, 7, 10, 4), 3, (0, 2), "shared"),             # 13, 10, 13: both won 3 in Paris
])
def test_winner_and_tie_breaks(banked, victim, winners, decided_by) -> None:
    state = _paris_end(banked, victim)
    assert api.is_terminal(state)
    result = api.outcome(state)
    assert result.winners == winners and result.decided_by == decided_by


def test_final_monaco_faceoff_between_tied_players() -> None:
    state = _paris_end((10, 7, 10, 4), 3, faceoff=True)
    assert state.phase == "faceoff" and state.faceoff_seats == (0, 2) and not api.is_terminal(state)
    rng = random.Random(5)
    state = api.apply(state, api.sample_chance(state, rng))   # the face-off's shuffle
    ex = state.exhibition
    assert ex.city == "monaco" and ex.playing() == (0, 2) and ex.sitting_out == (False, True, False, True)
    state = run(state, rng, outcome_fn=quiet)
    result = api.outcome(state)
    assert result.decided_by == "face-off" and set(result.winners) <= {0, 2}
    best = max(state.faceoff_fans[s] for s in (0, 2))
    assert result.winners == tuple(s for s in (0, 2) if state.faceoff_fans[s] == best)
    assert state.banked == (13, 10, 13, 4)   # face-off fans decide the winner only


def test_random_tour_deal_filters_by_player_count_and_sets_nashville_aside() -> None:
    for seats in (2, 5, 6):
        config = tour.TourConfig.parse("random:3", seats)
        eligible = tour.eligible_cities(config)
        assert "nashville" not in eligible
        assert all(get_city(c).card.supports(seats) for c in eligible)
        state = api.new_tour(config)
        deal = api.sample_chance(state, random.Random(seats))
        assert isinstance(deal, DealCities) and len(set(deal.cities)) == 3
        state = api.apply(state, deal)
        assert state.cities == deal.cities and state.phase == "start"
    if "nashville" in registry():
        assert "nashville" in tour.eligible_cities(tour.TourConfig(3, (), 3, include_nashville=True))
    with pytest.raises(IllegalActionError):
        api.apply(api.new_tour(tour.TourConfig.parse("random:2", 4)), DealCities(("paris", "paris")))


def test_start_player_drawn_or_chosen() -> None:
    state = api.new_tour(tour.TourConfig(3, ("tokyo",), base_sides=("A",) * 3))
    assert state.phase == "start" and api.is_chance(state)
    drawn = api.sample_chance(state, random.Random(1))
    state = api.apply(state, drawn)
    assert state.start_seat == drawn.seat and state.exhibition.start_seat == drawn.seat  # type: ignore[attr-defined]
    chosen = api.new_tour(tour.TourConfig(3, ("tokyo",), start_seat=2, base_sides=("A",) * 3))
    assert chosen.exhibition is not None and chosen.exhibition.start_seat == 2


def test_config_errors() -> None:
    with pytest.raises(UnsupportedPlayerCountError, match="2-6"):
        api.new_tour(tour.TourConfig(7, ("paris",)))
    limited = [c for c in registry().values() if c.card.max_players < 6]
    for city in limited:
        with pytest.raises(UnsupportedPlayerCountError, match=f"{city.card.min_players}-{city.card.max_players}"):
            api.new_tour(tour.TourConfig(6, (city.name,)))
    with pytest.raises(UnknownCityError, match="Philadelphia"):
        tour.TourConfig.parse("philly,paris", 3)
    with pytest.raises(UnknownCityError, match="Monaco"):
        get_city("monacco")
    assert get_city("Home Town").name == "home_town" and get_city("HOME_TOWN").name == "home_town"
    with pytest.raises(ValueError, match="random"):
        tour.TourConfig.parse("random:x", 3)


def test_state_json_round_trip_mid_tour() -> None:
    import json
    state = api.new_tour(tour.TourConfig(3, ("philadelphia", "tokyo"), start_seat=1, base_sides=("A",) * 3))
    rng = random.Random(2)
    for _ in range(40):
        if api.is_chance(state):
            state = api.apply(state, api.sample_chance(state, rng))
        else:
            seat = api.to_act(state)[0]
            a = rng.choice(api.legal_actions(state, seat))
            if isinstance(a, Place):
                a = a.with_outcome(random_outcome(state.exhibition, a, rng))
            state = api.apply(state, a)
        assert api.state_from_json(json.loads(json.dumps(api.state_to_json(state)))) == state
    with pytest.raises(ValueError, match="not a Junk Art tour state"):
        api.state_from_json({"config": {}})


def test_new_york_short_and_long_games_are_tour_variants():
    import random as _random
    from game import api as _api
    from game.errors import UnknownCityError
    config = _api.TourConfig.parse("New York:short, philadelphia, new_york:long", 3)
    assert config.cities == ("new_york:short", "philadelphia", "new_york:long")
    state = _api.new_tour(_api.TourConfig(3, ("new_york:long",), start_seat=0, base_sides=("A",) * 3))
    assert _api.current(state).var("parts") == 4
    rng = _random.Random(1)
    while _api.is_chance(state):
        state = _api.apply(state, _api.sample_chance(state, rng))
    assert _api.current(state).city == "new_york"
    with pytest.raises(UnknownCityError, match="no variant 'tiny'.*short, long"):
        _api.TourConfig.parse("new_york:tiny", 3)
    with pytest.raises(UnknownCityError, match="Paris has no variant"):
        _api.TourConfig.parse("paris:short", 3)
