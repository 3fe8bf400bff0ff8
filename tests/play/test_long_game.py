"""The hard bot's long game: in the survival cities it keeps its structure low, so the pieces
still to come find level room; where height wins it grows where they can land (real worlds,
real rollouts)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from physics.catalogue import stable_poses
from physics.layout import TableLayout
from physics.planner import hand_place, plan_placement, usable_height_mm
from physics.spots import candidates
from physics.world import World
from play.controllers import DIFFICULTY_PARAMS, SURVIVAL_SIMULATED_BUDGET_S, BotController, bot_params
from play.objectives import objective_for
from game.actions import Place

UNDER = "grey-short_plank"
PLANK = "blue-short_plank"
LONG = "grey-long_plank"


def plank_near_the_edge():
    """Base 0 with a short plank lying flat near one edge: room on the base beside it, and the
    same flat 3 x 8 cm on top of it, 1.5 cm up."""
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        quat = stable_poses(UNDER)[0].orientation
        x, y = base.x, base.y - 0.03
        world.add(UNDER, 0, (x, y, world.resting_z(UNDER, x, y, quat) + 0.0005), quat)
        world.settle()
        return world.snapshot()


def height_after(snapshot, release) -> float:
    with World.from_snapshot(snapshot) as world:
        _, report = hand_place(world, 0, PLANK, release, 0, 0.0, 0.0, random.Random(0))
        assert report.nothing_fell
        return world.height_mm(0)


def test_the_long_game_searches_low_spots_first_where_height_seeking_searches_high_ones():
    snapshot = plank_near_the_edge()
    params = DIFFICULTY_PARAMS["hard"]
    with World.from_snapshot(snapshot) as world:
        plank_top = world.height_mm(0)
        low = candidates(world, 0, PLANK, params, objective_for("philadelphia", PLANK, (UNDER,), long_game=True))
        high = candidates(world, 0, PLANK, params, objective_for("tokyo", PLANK, (UNDER,)))
    assert low and high
    # Release heights of the plank's centre: lying on the base 3.8 cm, on its edge there 4.6 cm,
    # lying on the other plank 5.3 cm.
    assert all(c.release[0][2] < 0.040 for c in low[:params.candidates // 2])
    assert all(c.release[0][2] > 0.044 for c in high[:params.candidates // 2])
    assert plank_top > 44.0


def test_a_hard_bot_puts_the_plank_beside_in_philadelphia_and_a_height_seeker_on_top():
    snapshot = plank_near_the_edge()
    with World.from_snapshot(snapshot) as world:
        plank_top = world.height_mm(0)
    bot = BotController("hard", "long-game")
    _, intent = bot.placement(snapshot, [Place(0, PLANK, 0)], "philadelphia", {0: (UNDER,)})
    assert intent.plan.stand_rate == 1.0
    assert height_after(snapshot, intent.aim) < plank_top + 1.0        # beside it, on the base
    seeker = plan_placement(snapshot, 0, PLANK, 0, objective_for("tokyo", PLANK, (UNDER,)),
                            DIFFICULTY_PARAMS["hard"], random.Random(1))
    assert seeker.stand_rate == 1.0
    assert height_after(snapshot, seeker.release) > plank_top + 10.0   # on top of it


def _summit(snapshot, long_game: bool, resting_ways: int) -> tuple[float, float]:
    """(height, usable height) after a hard bot's plan for the long plank, trying that many of
    the plank's ways of resting (flat, on its side, on its end)."""
    objective = objective_for("tokyo", LONG, (UNDER,), long_game=long_game)
    assert (objective.usable_weight > 0) == long_game
    params = replace(DIFFICULTY_PARAMS["hard"], stable_poses=resting_ways)
    plan = plan_placement(snapshot, 0, LONG, 0, objective, params, random.Random(1))
    with World.from_snapshot(snapshot) as world:
        _, report = hand_place(world, 0, LONG, plan.release, 0, 0.0, 0.0, random.Random(0))
        assert report.nothing_fell
        return world.height_mm(0), usable_height_mm(world, 0)


def test_where_height_wins_the_long_game_grows_where_the_next_pieces_can_land():
    snapshot = plank_near_the_edge()
    # Lying down only: a height-seeker stands the 20 cm plank on its 3 cm side across the short
    # one, 2 cm higher, and no probe shape rests up there any more. The long game lays it flat
    # beside the short one, whose level top the next pieces can still use.
    (greedy_height, greedy_usable), (long_height, long_usable) = (_summit(snapshot, g, 2) for g in (False, True))
    assert greedy_height > long_height + 10.0
    assert long_usable > greedy_usable + 5.0
    # Every way it rests: 200 mm of height on its end outweigh any room left (the long game's
    # figures over whole towers are in play/controllers.py), so both stand it up.
    (greedy_height, _), (long_height, _) = (_summit(snapshot, g, 3) for g in (False, True))
    assert greedy_height == pytest.approx(long_height, abs=1.0) and greedy_height > 220.0


def test_a_hard_bot_searches_on_where_height_or_surviving_wins_and_only_there():
    """The escalations (physics/planner.py, `plan_best`) are worth their time where a drop costs
    the tower or a fall counts towards elimination, on fewer simulated seconds where surviving
    wins but with as many rollouts (play/controllers.py); not where touches or piece counts win,
    nor in Nashville."""
    hard = DIFFICULTY_PARAMS["hard"]
    assert bot_params("hard", "tokyo").escalations == hard.escalations > 0
    assert bot_params("hard", "tokyo").simulated_budget_s == hard.simulated_budget_s
    assert bot_params("hard", "tokyo", attempt=1).escalations > 0          # a re-place too
    for city in ("philadelphia", "paris", "pisa", "amsterdam", "montreal"):
        assert bot_params("hard", city).escalations == hard.escalations
        assert bot_params("hard", city).simulated_budget_s == SURVIVAL_SIMULATED_BUDGET_S < hard.simulated_budget_s
        assert bot_params("hard", city, attempt=1).simulated_budget_s == SURVIVAL_SIMULATED_BUDGET_S
        assert (bot_params("hard", city).rollouts, bot_params("hard", city).extra_rollouts) == (hard.rollouts, hard.extra_rollouts)
    for city in ("monaco", "indianapolis", "new_york", "home_town", "nashville"):
        assert bot_params("hard", city).escalations == 0
        assert bot_params("hard", city).rollouts == hard.rollouts
    for level in ("easy", "normal"):
        for city in ("tokyo", "philadelphia"):
            assert bot_params(level, city) == DIFFICULTY_PARAMS[level]


def test_a_hard_bot_has_the_same_steady_hand_and_margin_everywhere():
    """Its hand and its rollouts' margin cost no planning time, so they are the same in every
    city (play/controllers.py): only the searches on are for towers. Its rollouts wake the
    whole structure everywhere (lazy waking was blind on low Philadelphia piles too)."""
    tower = bot_params("hard", "tokyo")
    for city in ("philadelphia", "monaco", "paris", "new_york", "nashville"):
        elsewhere = bot_params("hard", city)
        assert (elsewhere.noise_mm, elsewhere.noise_deg, elsewhere.margin) == (tower.noise_mm, tower.noise_deg, tower.margin)
        assert not elsewhere.lazy_wake
    assert tower.margin > 1.0 and tower.noise_mm < bot_params("normal", "philadelphia").noise_mm
    assert bot_params("hard", "tokyo", attempt=1).margin == tower.margin
    assert bot_params("hard", "tokyo", attempt=1).noise_mm < tower.noise_mm   # steadier after a drop


@pytest.mark.parametrize("city, eliminated_at", [("philadelphia", 2), ("paris", 3), ("montreal", 2)])
def test_where_falls_eliminate_a_bot_counts_as_many_as_eliminate_the_placed_piece_among_them(city, eliminated_at):
    """Two fallen eliminate in Philadelphia, and the placed piece is one of them when it falls
    with another: the rollouts weigh a placement that loses both as the end it is."""
    for long_game in (False, True):
        objective = objective_for(city, PLANK, (UNDER,), long_game=long_game)
        assert objective.counts_placed_piece and objective.falls_counted == eliminated_at
    assert not objective_for("tokyo", PLANK, (UNDER,), long_game=True).counts_placed_piece


def test_where_height_does_not_win_a_hard_bot_rolls_out_its_candidates_six_at_a_time():
    """As many candidates in all, in smaller batches (play/controllers.py `in_batches_of`): on an
    empty base the first six already hold a spot that stands in all of a finalist's rollouts, so
    the decision stops there, where height wins it weighs twelve."""
    hard = DIFFICULTY_PARAMS["hard"]
    for city in ("philadelphia", "paris", "monaco", "indianapolis", "new_york", "home_town"):
        params = bot_params("hard", city)
        assert params.candidates == 6
        assert params.candidates * (1 + params.extra_batches) == hard.candidates * (1 + hard.extra_batches)
    for city in ("tokyo", "nashville"):
        assert (bot_params("hard", city).candidates, bot_params("hard", city).extra_batches) == \
            (hard.candidates, hard.extra_batches)
    with World(TableLayout.for_seats(2)) as world:
        snapshot = world.snapshot()
    piece = "blue-short_plank"
    trials = {}
    for city in ("philadelphia", "tokyo"):
        plan = plan_placement(snapshot, 0, piece, 0, objective_for(city, piece, (), True), bot_params("hard", city),
                              random.Random(5))
        assert plan.stand_rate == 1.0
        trials[city] = plan.rolled_out
    assert trials["philadelphia"] == 6 * hard.rollouts + hard.extra_rollouts     # a batch and its leader's proof
    assert trials["tokyo"] >= 12 * hard.rollouts + hard.extra_rollouts
