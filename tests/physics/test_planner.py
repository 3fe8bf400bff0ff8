"""The bots' placement planner: real candidates, real rollouts, and choices that stand."""
from __future__ import annotations

import random

from physics.layout import TableLayout
from physics.planner import (ROOM_CAP_CM2, Objective, PlannerParams, candidates, hand_place, plan_placement,
                             random_placement, room_cm2, shaky)
from physics.world import World
from play.controllers import DIFFICULTY_PARAMS

EASY_STACK = ("blue-long_plank", "grey-short_plank", "green-cylinder", "orange-long_plank", "blue-wedge")


def empty_table():
    with World(TableLayout.for_seats(2)) as world:
        return world.snapshot()


def test_candidates_rest_on_the_structure_and_never_on_the_table():
    snapshot = empty_table()
    with World.from_snapshot(snapshot) as world:
        found = candidates(world, 1, "blue-cylinder", DIFFICULTY_PARAMS["normal"], Objective())
        base = world.layout.bases[1]
    assert len(found) >= 10
    for c in found:
        (x, y, z), _ = c.release
        assert abs(x - base.x) < 0.05 and abs(y - base.y) < 0.05, "over its own base"
        assert c.support == "base:1" and c.margin_mm > 0
        assert z > 0.03, "above the 3 cm base, not on the table"
    # best guesses first
    assert [c.guess for c in found] == sorted((c.guess for c in found), reverse=True)


def test_the_same_generator_gives_the_same_plan():
    snapshot = empty_table()
    params = DIFFICULTY_PARAMS["easy"]
    first = plan_placement(snapshot, 0, "grey-ring", 0, Objective(), params, random.Random(5))
    second = plan_placement(snapshot, 0, "grey-ring", 0, Objective(), params, random.Random(5))
    assert first == second
    assert first.rolled_out >= params.candidates and first.stand_rate == 1.0


def test_a_hard_bot_stacks_a_plain_tower_without_dropping_anything():
    snapshot = empty_table()
    rng = random.Random(1)
    params = DIFFICULTY_PARAMS["hard"]
    for piece in EASY_STACK:
        plan = plan_placement(snapshot, 0, piece, 0, Objective(), params, rng)
        with World.from_snapshot(snapshot) as world:
            _, report = hand_place(world, 0, piece, plan.release, 0, params.noise_mm, params.noise_deg, rng)
            snapshot = world.snapshot()
        assert not report.fallen and not report.only_active_fell, f"{piece} dropped"
    with World.from_snapshot(snapshot) as world:
        assert len(world.pieces_on(0)) == len(EASY_STACK)
        # Planks and a cylinder on a 3 cm base: a height-seeking bot builds up, not out.
        assert world.height_mm(0) > 150.0
    # Looking one move ahead, it left a flat top: a sixth piece still goes on.
    plan = plan_placement(snapshot, 0, "grey-holed_plank", 0, Objective(), params, rng)
    assert plan.stand_rate == 1.0 and plan.score > 0.0


def test_when_nothing_can_stand_the_plan_says_so_instead_of_hoping():
    """data/ring_on_edge_tower.json: a tower an earlier planner built in the bots benchmark
    (seed 0), with a ring on edge on top and the base full: a cone has no place to go."""
    from pathlib import Path

    from physics.snapshot import Snapshot

    snapshot = Snapshot.from_json((Path(__file__).parent / "data" / "ring_on_edge_tower.json").read_text())
    plan = plan_placement(snapshot, 0, "green-cone", 0, Objective(), DIFFICULTY_PARAMS["hard"], random.Random(0))
    assert plan.stand_rate < 0.5 and plan.score < 0.0


def test_risky_spots_score_below_safe_ones_when_falls_are_expensive():
    """With a huge fall penalty the planner keeps the piece low on a wide support."""
    snapshot = empty_table()
    rng = random.Random(2)
    params = PlannerParams(candidates=6, finalists=2, extra_rollouts=2, noise_mm=3.0, noise_deg=5.0)
    for piece in ("blue-long_plank", "green-cylinder"):
        plan = plan_placement(snapshot, 0, piece, 0, Objective(), params, rng)
        with World.from_snapshot(snapshot) as world:
            _, report = hand_place(world, 0, piece, plan.release, 0, 1.0, 1.0, rng)
            snapshot = world.snapshot()
    careful = Objective(height_weight=0.0, fall_penalty=1000.0, drop_penalty=500.0, room_weight=0.0,
                        shaky_penalty=0.0)
    plan = plan_placement(snapshot, 0, "orange-ball", 0, careful, params, rng)
    assert plan.stand_rate == 1.0 and plan.score > -1.0


def test_the_random_baseline_places_anywhere_on_the_base():
    snapshot = empty_table()
    rng = random.Random(3)
    base = snapshot.layout.bases[0]
    for _ in range(5):
        (x, y, z), quat = random_placement(snapshot, 0, "grey-wedge", rng)
        assert abs(x - base.x) <= 0.04 + 1e-9 and abs(y - base.y) <= 0.04 + 1e-9 and z > 0.03


def _settled_world_with(piece_id: str, pose_index: int) -> World:
    """A world with `piece_id` placed in its pose_index-th stable pose at the centre of base 0."""
    from physics.catalogue import stable_poses

    world = World(TableLayout.for_seats(2))
    base = world.layout.bases[0]
    quat = stable_poses(piece_id)[pose_index].orientation
    z = world.resting_z(piece_id, base.x, base.y, quat)
    report = world.place(0, piece_id, ((base.x, base.y, z + 0.0005), quat), 0)
    assert not report.active_fell
    return world


def test_room_is_the_level_area_left_to_build_on():
    with World(TableLayout.for_seats(2)) as world:
        assert room_cm2(world, 0) == ROOM_CAP_CM2, "an empty base is all room"
    with _settled_world_with("green-cone", 0) as world:   # flat side down, point up
        point_up = room_cm2(world, 0)
    with _settled_world_with("blue-long_plank", 0) as world:   # lying flat
        plank_flat = room_cm2(world, 0)
    assert point_up < 0.8 * ROOM_CAP_CM2, "below a cone's point only the base is left, and it is low"
    assert plank_flat == ROOM_CAP_CM2, "a plank lying flat is a new floor"


def test_the_tilt_test_finds_a_ball_that_would_roll_and_trusts_a_plank_lying_flat():
    import math

    for piece, expect in (("grey-ball", True), ("blue-long_plank", False)):
        with _settled_world_with(piece, 0) as world:
            snapshot = world.snapshot()
            verdicts = []
            for k in range(4):
                world.load(snapshot)
                verdicts.append(shaky(world, 0, k * math.pi / 2))
        assert verdicts == [expect] * 4, (piece, verdicts)


def test_a_hard_plan_is_confirmed_by_a_run_of_standing_rollouts():
    snapshot = empty_table()
    params = DIFFICULTY_PARAMS["hard"]
    plan = plan_placement(snapshot, 0, "orange-cylinder", 0, Objective(), params, random.Random(4))
    assert params.confirm > 0 and plan.stand_rate == 1.0
    assert len(plan.scores) >= params.confirm
