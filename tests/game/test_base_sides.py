"""Setup: every player chooses which side of their base to build on (A flat, B raised rim),
all at once before the first city; the side holds for the whole tour."""
from __future__ import annotations

import random

import pytest

from game import api
from game.actions import Action, ChooseSide, Choose
from game.errors import IllegalActionError
from game.sim import play_random, replay


def _at_sides(seats: int = 3, **options) -> api.State:
    state = api.new_tour(api.TourConfig(seats, ("philadelphia", "monaco"), start_seat=1, **options))
    assert state.phase == "sides" and api.current(state) is None
    return state


def test_every_seat_chooses_at_once_then_the_first_city_opens() -> None:
    state = _at_sides()
    assert api.to_act(state) == (0, 1, 2) and not api.is_chance(state)
    assert api.legal_actions(state, 2) == [ChooseSide(2, "A"), ChooseSide(2, "B")]
    for seat, side in ((2, "B"), (0, "A")):          # any order
        state = api.apply(state, ChooseSide(seat, side))
        assert seat not in api.to_act(state) and api.current(state) is None
    assert api.base_side(state, 1) == "A" and state.base_sides[1] == ""   # not chosen yet: shown as A
    state = api.apply(state, ChooseSide(1, "B"))
    assert state.phase == "play" and api.current(state).city == "philadelphia"
    assert api.current(state).start_seat == 1
    assert state.base_sides == ("A", "B", "B")
    assert [api.base_side(state, s) for s in range(3)] == ["A", "B", "B"]


def test_sides_hold_for_the_whole_tour() -> None:
    final, log = play_random(api.TourConfig(3, ("philadelphia", "monaco"), start_seat=0), random.Random(4))
    chosen = tuple(a.side for a in sorted((a for a in log if isinstance(a, ChooseSide)), key=lambda a: a.seat))
    assert len(chosen) == 3 and final.base_sides == chosen and len(final.results) == 2
    assert replay(final.config, log) == final


@pytest.mark.parametrize("action, message", [
    (Choose(0, "blue-ring"), "every player chooses the side of their base first"),
    (ChooseSide(0, "C"), "a base has sides A and B"),
    (ChooseSide(5, "A"), "seat 5 is not choosing a side"),
])
def test_bad_side_choices_are_refused_with_one_line(action: Action, message: str) -> None:
    state = _at_sides()
    with pytest.raises(IllegalActionError, match=message) as raised:
        api.apply(state, action)
    assert "\n" not in str(raised.value)


def test_a_seat_chooses_once() -> None:
    state = api.apply(_at_sides(), ChooseSide(0, "B"))
    with pytest.raises(IllegalActionError, match="seat 0 is not choosing"):
        api.apply(state, ChooseSide(0, "A"))


def test_sides_fixed_in_the_config_skip_the_choice() -> None:
    state = api.new_tour(api.TourConfig(2, ("philadelphia",), start_seat=0, base_sides=("B", "A")))
    assert state.phase == "play" and state.base_sides == ("B", "A")


@pytest.mark.parametrize("sides", [("A",), ("A", "C"), ("a", "b"), ()])
def test_bad_sides_in_the_config_are_one_line_errors(sides: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="give A or B for each of the 2 seats"):
        api.new_tour(api.TourConfig(2, ("philadelphia",), base_sides=sides))


def test_text_and_json_forms() -> None:
    action = ChooseSide(3, "B")
    assert action.to_text() == "side 3 B" and Action.from_text("side 3 B") == action
    assert Action.from_json(action.to_json()) == action
    state = api.apply(_at_sides(), ChooseSide(1, "B"))
    assert api.state_from_json(api.state_to_json(state)) == state


def test_files_from_before_the_choice_read_as_side_a() -> None:
    """A replay header or a saved state written before players chose sides: every base was A."""
    data = api.TourConfig(2, ("philadelphia",), start_seat=0).to_json()
    del data["base_sides"]
    assert api.TourConfig.from_json(data).base_sides == ("A", "A")
    saved = api.state_to_json(api.new_tour(api.TourConfig(2, ("philadelphia",), start_seat=0, base_sides=("A", "A"))))
    del saved["base_sides"], saved["config"]["base_sides"]
    assert api.state_from_json(saved).base_sides == ("A", "A")
    saved["base_sides"] = ["A", "Z"]
    with pytest.raises(ValueError, match="not a Junk Art tour state: bad base sides"):
        api.state_from_json(saved)


@pytest.mark.parametrize("difficulty", ["normal", "hard"])
def test_planning_bots_build_on_the_side_that_measured_better(difficulty: str) -> None:
    from game import bots
    from game.bots.sides import PLANNED_SIDE
    for seed in range(20):
        state = _at_sides(seats=4)
        seat = seed % 4
        legal = api.legal_actions(state, seat)
        rng = random.Random(seed)
        assert bots.choose(api.observe(state, seat), legal, rng, difficulty) == ChooseSide(seat, PLANNED_SIDE)
        assert rng.random() == random.Random(seed).random()     # a plan, not a draw


def test_easy_bots_turn_their_base_at_random_half_the_time() -> None:
    from game import bots
    from game.bots.sides import PLANNED_SIDE
    state = _at_sides(seats=2)
    legal = api.legal_actions(state, 0)
    sides = [bots.choose(api.observe(state, 0), legal, random.Random(seed), "easy").side for seed in range(400)]
    other = sum(side != PLANNED_SIDE for side in sides) / len(sides)
    assert 0.17 < other < 0.33          # half the time at random, so one time in four the other side
