"""Card bots for Home Town, Philadelphia, Paris, Pisa and Tokyo: they act on observations only,
always choose legal actions, follow their plan, and beat random play when falls depend on how
awkward the pieces are."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game import api, bots
from game.actions import Action, Choose, Give, Offer, Place, PlayCard
from game.bots.heuristics import ease
from game.outcomes import FallenPiece, PlacementOutcome
from game.sim import play_random
from game.state import Exhibition

MY_CITIES = ("home_town", "philadelphia", "paris", "pisa", "tokyo", "indianapolis", "monaco")


def ease_outcome(ex: Exhibition, place: Place, rng: random.Random) -> PlacementOutcome:
    """Falls are likelier for awkward pieces: a physics-free stand-in for the planner."""
    heights = [s.height_mm for s in ex.structures]
    if rng.random() < 0.45 * (1.0 - ease(place.piece)):
        on = ex.structures[place.structure].pieces
        lost = (place.piece,) + on[-1:]
        if len(lost) == 1:
            return PlacementOutcome(only_active_fell=True, heights_mm=tuple(heights), elapsed_s=5.0)
        return PlacementOutcome(fallen=tuple(FallenPiece(p, place.structure) for p in lost),
                                heights_mm=tuple(heights), elapsed_s=5.0)
    heights[place.structure] += 30.0 * ease(place.piece) + 5.0
    return PlacementOutcome(touching=ex.structures[place.structure].pieces[-2:], heights_mm=tuple(heights),
                            elapsed_s=5.0)


def play(city: str, seats: int, seed: int, bot_seats: tuple[int, ...], difficulty: str = "normal") -> api.State:
    def policy(state: api.State, seat: int, legal: list[Action], rng: random.Random) -> Action:
        if seat in bot_seats:
            return bots.choose(api.observe(state, seat), legal, rng, difficulty)
        return rng.choice(legal)

    config = api.TourConfig(seats, (city,), start_seat=seed % seats)
    state, _ = play_random(config, random.Random(seed), outcome_fn=ease_outcome, policy=policy)
    return state


@pytest.mark.parametrize("city", MY_CITIES)
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_bots_play_legal_games(city: str, difficulty: str) -> None:
    for seed in range(3):
        final = play(city, 3, seed, (0, 1, 2), difficulty)
        assert api.outcome(final).final


def _ex(city: str, seats: int = 3) -> api.State:
    state = api.new_tour(api.TourConfig(seats, (city,), start_seat=0, base_sides=("A",) * seats))
    return api.apply(state, api.sample_chance(state, random.Random(0)))


def test_tokyo_bot_puts_the_most_awkward_card_on_top() -> None:
    state = _ex("tokyo")
    legal = [Choose(0, c) for c in ("blue-grooved_block", "green-ball", "grey-short_plank")]
    assert bots.choose(state, legal, random.Random(0)) == Choose(0, "green-ball")


def test_philadelphia_bot_keeps_the_easy_card_and_spites_the_weaker_neighbour() -> None:
    state = _ex("philadelphia")
    ex = state.exhibition
    ex = replace(ex, fallen=((), (), ("x",)))   # seat 2 (previous neighbour of 0) is one fall from out
    state = replace(state, exhibition=ex)
    cards = ("blue-grooved_block", "green-ball", "grey-wedge")
    from itertools import permutations
    legal: list[Action] = [Give(0, p, (0, 1, 2)) for p in permutations(cards)]
    assert bots.choose(state, legal, random.Random(0)) == Give(0, ("blue-grooved_block", "grey-wedge", "green-ball"),
                                                               (0, 1, 2))


def test_home_town_bots() -> None:
    state = _ex("home_town")
    keep = bots.choose(state, [Choose(1, "green-ball"), Choose(1, "grey-grooved_block")], random.Random(0))
    assert keep == Choose(1, "grey-grooved_block")
    offers = [Offer(0, ("blue-ball", "blue-cone")), Offer(0, ("blue-grooved_block", "blue-short_plank")),
              Offer(0, ("blue-ball", "blue-grooved_block"))]
    # offering two good cards leaves a good one for you
    assert bots.choose(state, offers, random.Random(0)) == offers[1]


def test_paris_and_pisa_bots() -> None:
    paris = _ex("paris")
    legal = [PlayCard(0, c, 1) for c in ("blue-holed_plank", "grey-bowling_pin", "green-cylinder")]
    assert bots.choose(paris, legal, random.Random(0)) == PlayCard(0, "grey-bowling_pin", 1)
    pisa = _ex("pisa")
    legal2 = [Choose(0, c) for c in ("blue-cone", "orange-grooved_block")]
    assert bots.choose(pisa, legal2, random.Random(0)) == Choose(0, "orange-grooved_block")


def test_bad_difficulty_and_empty_legal() -> None:
    state = _ex("tokyo")
    with pytest.raises(ValueError, match="difficulty"):
        bots.choose(state, [Choose(0, "green-ball")], random.Random(0), "impossible")
    with pytest.raises(ValueError):
        bots.choose(state, [], random.Random(0))


@pytest.mark.parametrize("city,seats", [("philadelphia", 3), ("tokyo", 3), ("home_town", 4)])
def test_bot_beats_random(city: str, seats: int) -> None:
    """One planning bot (seat 0) against random card play: it wins more fans on average."""
    bot_fans = other_fans = 0.0
    for seed in range(40):
        banked = play(city, seats, seed, (0,)).banked
        bot_fans += banked[0]
        other_fans += sum(banked[1:]) / (seats - 1)
    assert bot_fans > other_fans
