"""Placement outcomes on real PyBullet worlds: falls, who caused them, free re-places, contacts."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pybullet as pb
import pytest

from physics import TableLayout, World
from physics.placement import Verdict
from physics.reference import release_above, yaw_quat
from physics.rollout import (ROLLOUT_TIMEOUT_S, STEADY, BaselineJob, Objective, RolloutJob, run_rollout, shaken_place,
                             table_baseline)
from physics.settings import TIME_STEP
from physics.snapshot import Snapshot

FLAT = (0.0, 0.0, 0.0, 1.0)
TABLES = Path(__file__).parent / "tables"
# Where the hard bot aimed the wedge on the saved table (its plan's release).
WEDGE_AIM = ((0.0, -0.27, 0.17717001949704023),
             (0.15423383298086538, -0.5756085009306824, 0.2078442274199867, 0.7756852167912911))


def _place_on(world: World, structure: int, pid: str, dx: float = 0.0, dy: float = 0.0, yaw: float = 0.0, seat: int = 0):
    base = world.layout.bases[structure]
    q = yaw_quat(yaw)
    return world.place(structure, pid, release_above(world, pid, base.x + dx, base.y + dy, q), seat, trajectory=())


def test_overloading_an_overhanging_plank_drops_both_and_blames_the_placing_seat() -> None:
    # Paris: one common base, so the structure (0) and the placing seat (2) differ.
    with World(TableLayout.common(1, 3)) as world:
        first = _place_on(world, 0, "orange-long_plank", dx=0.04, seat=1)  # centre of mass still over the base
        assert not first.fallen and not first.active_fell and first.settled and first.nothing_fell
        report = _place_on(world, 0, "green-grooved_block", dx=0.12, seat=2)  # on the far end: tips the plank
        assert report.active_fell and not report.only_active_fell
        assert report.fallen == (("orange-long_plank", 0), ("green-grooved_block", 0))
        assert not report.nothing_fell
        assert report.caused_by == 2
        assert report.touching == () and report.active_pose is None
        assert world.piece_ids() == ()           # fallen pieces leave the world
        assert report.heights_mm == (30.0,)


def test_lone_active_piece_off_the_edge_is_a_free_re_place() -> None:
    with World(TableLayout.for_seats(2)) as world:
        _place_on(world, 0, "blue-cylinder")
        before = world.snapshot()
        report = _place_on(world, 0, "grey-short_plank", dx=0.085)  # centre of mass 3.5 cm past the edge
        assert report.active_fell and report.only_active_fell
        assert report.fallen == ()
        assert not report.nothing_fell   # a free re-place is still a drop
        assert report.settled
        assert world.piece_ids() == ("blue-cylinder",)  # the piece is back in hand
        assert world.snapshot().pieces[0].position == pytest.approx(before.pieces[0].position, abs=1e-4)


def test_pushing_a_structure_piece_off_with_the_held_piece_is_caused_by_the_placing_seat() -> None:
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[1]
        _place_on(world, 1, "blue-cylinder", dx=0.025, seat=1)  # standing near the +x edge
        q = yaw_quat(90.0)                                       # short plank held crosswise
        z = 0.03 + 0.0075 + 0.001                                # just clear of the base face
        speed = 0.1 * TIME_STEP
        forward = [((base.x - 0.035 + i * speed, base.y, z), q) for i in range(int(0.105 / speed))]
        back = [((base.x + 0.07 - i * speed, base.y, z), q) for i in range(int(0.09 / speed))]
        release = ((base.x - 0.02, base.y, z - 0.0005), q)
        report = world.place(1, "grey-short_plank", release, seat=1, trajectory=forward + back)
        assert report.fallen == (("blue-cylinder", 1),)
        assert report.caused_by == 1
        assert not report.active_fell and not report.only_active_fell
        assert report.touching == ("base:1",)
        assert world.pieces_on(1) == ("grey-short_plank",)
        assert report.heights_mm[1] == pytest.approx(45.0, abs=0.5)


def test_touching_lists_what_the_active_piece_rests_on() -> None:
    with World(TableLayout.for_seats(2)) as world:
        assert _place_on(world, 0, "blue-long_plank").touching == ("base:0",)
        assert _place_on(world, 0, "green-cylinder").touching == ("blue-long_plank",)
        assert _place_on(world, 0, "orange-short_plank", yaw=90).touching == ("green-cylinder",)
        # a cube-ish block on the long plank's overhang, beside the cylinder: touches the plank only
        assert _place_on(world, 0, "grey-grooved_block", dx=0.065, yaw=90).touching == ("blue-long_plank",)
        # the axle laid in the block's groove touches the block
        assert _place_on(world, 0, "grey-axle", dx=0.065, yaw=90).touching == ("grey-grooved_block",)


def test_default_carry_path_lowers_the_piece_onto_its_release_pose() -> None:
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        release = release_above(world, "orange-cone", base.x, base.y, FLAT)
        report = world.place(0, "orange-cone", release, seat=0)  # trajectory=None: the default path
        assert report.settled and not report.active_fell
        assert report.simulated_s > 0.2  # it was carried down, not dropped
        (x, y, z), _ = report.active_pose
        assert (x, y) == pytest.approx((base.x, base.y), abs=5e-4)
        assert z == pytest.approx(0.03 + 0.07 / 4, abs=5e-4)


def test_other_structures_are_not_touched_by_a_placement() -> None:
    with World(TableLayout.for_seats(3)) as world:
        _place_on(world, 1, "blue-ring", seat=1)
        _place_on(world, 1, "blue-flower_pot", seat=1)
        before = [p for p in world.snapshot().pieces if p.structure == 1]
        _place_on(world, 0, "grey-cylinder", seat=0)
        _place_on(world, 2, "orange-cone", seat=2)
        after = [p for p in world.snapshot().pieces if p.structure == 1]
        assert after == before  # bit for bit: they were static while others placed
        # The placement built only structure 2; raw PyBullet access through `client` sees every
        # body again (table + 3 bases + 4 pieces), and so do rays.
        assert pb.getNumBodies(physicsClientId=world.client) == 1 + 3 + len(world.piece_ids())
        base = world.layout.bases[1]
        hit = world.ray_down(base.x, base.y)
        assert hit is not None and hit.what == "blue-flower_pot"
        # a release pose over another base is refused
        with pytest.raises(ValueError, match="not over structure 0"):
            world.place(0, "green-cone", ((base.x, base.y, 0.3), FLAT), 0)


def test_a_timeout_reports_not_settled_instead_of_hanging() -> None:
    with World(TableLayout.for_seats(1)) as world:
        base = world.layout.bases[0]
        report = world.place(0, "orange-ball", ((base.x, base.y, 0.2), FLAT), 0, trajectory=(), settle_timeout_s=0.05)
        assert not report.settled
        assert report.simulated_s == pytest.approx(0.05, abs=2 * TIME_STEP)
        with pytest.raises(ValueError, match="settle_timeout_s"):
            world.place(0, "orange-cone", ((base.x, base.y, 0.2), FLAT), 0, settle_timeout_s=float("nan"))


def test_a_rollout_can_stop_soon_after_the_first_fall_with_the_same_verdict() -> None:
    """Planners' rollouts need the verdict, not the wreck at rest: the same overloaded plank
    reports the same fallen pieces in far less simulated time."""
    verdicts = []
    for stop in (None, 0.1):
        with World(TableLayout.common(1, 3)) as world:
            base = world.layout.bases[0]
            _place_on(world, 0, "orange-long_plank", dx=0.04, seat=1)
            release = release_above(world, "green-grooved_block", base.x + 0.12, base.y, FLAT)
            verdicts.append(world.place(0, "green-grooved_block", release, 2, trajectory=(),
                                       verdict=None if stop is None else Verdict(stop)))
    full, early = verdicts
    assert full.settled and not early.settled
    assert early.fallen == full.fallen == (("orange-long_plank", 0), ("green-grooved_block", 0))
    assert early.simulated_s < full.simulated_s


def test_a_rollout_that_counts_one_fall_stops_when_a_piece_is_down() -> None:
    """A planner that counts no more than one fallen piece (Objective.falls_counted) learns
    nothing from the rest of the collapse: the rollout ends the tick the plank is down."""
    reports = []
    for verdict in (Verdict(1.0), Verdict(1.0, pieces_down=1)):
        with World(TableLayout.common(1, 3)) as world:
            base = world.layout.bases[0]
            _place_on(world, 0, "orange-long_plank", dx=0.04, seat=1)
            release = release_above(world, "green-grooved_block", base.x + 0.12, base.y, FLAT)
            reports.append(world.place(0, "green-grooved_block", release, 2, trajectory=(), verdict=verdict))
    window, counted = reports
    assert counted.fallen == window.fallen == (("orange-long_plank", 0), ("green-grooved_block", 0))
    assert window.settled and not counted.settled
    assert counted.simulated_s < window.simulated_s / 2     # it stopped with the plank down, not at rest


def test_a_rollout_that_counts_the_placed_piece_stops_when_it_and_one_below_are_down() -> None:
    """Where the rules count the placed piece among the fallen (`Verdict.counts_placed_piece`),
    the block that takes the plank down with it is two pieces down: a planner counting two
    stops there; counting only the pieces below, it waits for the table to come to rest."""
    reports = []
    for counts in (False, True):
        with World(TableLayout.common(1, 3)) as world:
            base = world.layout.bases[0]
            _place_on(world, 0, "orange-long_plank", dx=0.04, seat=1)
            release = release_above(world, "green-grooved_block", base.x + 0.14, base.y, FLAT)
            reports.append(world.place(0, "green-grooved_block", release, 2, trajectory=(),
                                       verdict=Verdict(1.0, pieces_down=2, counts_placed_piece=counts)))
    below_only, counted = reports
    assert counted.fallen == below_only.fallen == (("orange-long_plank", 0), ("green-grooved_block", 0))
    assert below_only.settled and not counted.settled
    assert counted.simulated_s < below_only.simulated_s   # it stopped with both down, not at rest


def test_a_lone_drop_is_not_a_fall_even_when_the_placed_piece_counts() -> None:
    """A piece that falls alone is placed again: a verdict counting the placed piece does not
    stop at it, and the rollout still sees whether anything followed."""
    with World(TableLayout.common(1, 3)) as world:
        base = world.layout.bases[0]
        release = release_above(world, "green-grooved_block", base.x + 0.09, base.y, FLAT)
        report = world.place(0, "green-grooved_block", release, 2, trajectory=(),
                             verdict=Verdict(1.0, pieces_down=1, counts_placed_piece=True))
    assert report.only_active_fell and report.settled


def test_a_rollout_sees_a_slow_fall_as_the_match_does() -> None:
    """A saved tower top (tests/physics/tables/README.md) where the ball on top, quiet at
    first, rolls off while the next piece settles: a rollout's verdict holds rest as long as
    the match does, so it sees the ball go too (on the table's first form, one that called rest
    after half that hold saw the wedge stand, and the hard bot chose it)."""
    table = Snapshot.from_json((TABLES / "wedge_that_tips_a_ball_late.json").read_text())
    reports = []
    for verdict in (None, Verdict(1.0, pieces_down=2)):
        with World.from_snapshot(table) as world:
            reports.append(shaken_place(world, 0, "orange-wedge", WEDGE_AIM, 0, STEADY, verdict=verdict)[1])
    match, rollout = reports
    assert match.fallen == rollout.fallen == (("grey-ball", 0),)
    assert not rollout.nothing_fell


def test_what_the_table_does_by_itself_is_not_blamed_on_the_placement() -> None:
    """Left alone, the saved tower's ball rolls off (tests/physics/tables/README.md): the match
    sees it fall whatever the bot places there. The table's baseline names it, and a rollout
    that ignores it judges the wedge by what the wedge does; one that does not saw the wedge
    "drop" the ball wherever it went, and the searches spent their budget on it."""
    table = Snapshot.from_json((TABLES / "wedge_that_tips_a_ball_late.json").read_text())
    with World.from_snapshot(table) as world:
        ignored, simulated_s = table_baseline(world, BaselineJob(table, 0))
        assert "grey-ball" in ignored and simulated_s <= ROLLOUT_TIMEOUT_S + TIME_STEP
        height = world.height_mm(0)
        job = RolloutJob(table, 0, "orange-wedge", WEDGE_AIM, 0, Objective(falls_counted=2), height, STEADY)
        blind = run_rollout(world, job)
        fair = run_rollout(world, replace(job, ignored=ignored))
    assert not blind.stood and fair.stood and fair.value > blind.value
    # A table at rest has nothing of its own, and says so at once.
    with World(TableLayout.for_seats(2)) as world:
        _place_on(world, 0, "blue-long_plank")
        _place_on(world, 0, "green-cylinder")
        plain = world.snapshot()
        assert table_baseline(world, BaselineJob(plain, 0)) == (frozenset(), pytest.approx(0.15, abs=0.1))


@pytest.mark.parametrize("bad", [dict(after_fall_s=-1.0), dict(after_fall_s=float("nan")),
                                 dict(after_fall_s=1.0, pieces_down=0), dict(after_fall_s=1.0, pieces_down=1.5)])
def test_a_verdict_refuses_impossible_limits(bad: dict) -> None:
    with pytest.raises(ValueError, match="after_fall_s|pieces_down"):
        Verdict(**bad)


def test_interactive_placement_replays_bit_for_bit_through_place() -> None:
    with World(TableLayout.for_seats(2)) as world:
        _place_on(world, 0, "blue-long_plank")
        snap = world.snapshot()
        base = world.layout.bases[0]
        q = yaw_quat(20.0)
        held = world.begin_placement(0, "green-grooved_block", seat=0, start_pose=((base.x - 0.1, base.y, 0.12), q))
        assert not held.awake  # far from the structure: it stays static, nothing to simulate
        for i in range(400):  # a hand sweeping in and lowering the block onto the plank's end
            t = min(1.0, i / 300)
            held.move(((base.x - 0.1 + 0.16 * t, base.y, 0.12 - (0.12 - 0.0655) * t), q))
        assert held.awake
        x, _, z = held.pose[0]
        assert x == pytest.approx(base.x + 0.06, abs=0.003) and z == pytest.approx(0.0655, abs=0.003)
        report = held.release()
        assert report.settled and not report.fallen and report.touching == ("blue-long_plank",)
        release, trajectory = held.replay_input()
        final = world.snapshot()
    with World.from_snapshot(snap) as again:
        assert again.place(0, "green-grooved_block", release, 0, trajectory=trajectory) == report
        assert again.snapshot() == final


def test_a_hand_let_go_while_pulling_into_a_piece_replays_as_it_played() -> None:
    """A person held the piece into their structure and let go: the hand's last target lies
    inside the cylinder (the piece itself was pushed back), and the match must take that path."""
    with World(TableLayout.for_seats(2)) as world:
        _place_on(world, 0, "blue-cylinder")
        snap = world.snapshot()
        base = world.layout.bases[0]
        z = 0.03 + 0.0075 + 0.001
        held = world.begin_placement(0, "grey-short_plank", seat=0, start_pose=((base.x - 0.09, base.y, z), FLAT))
        for i in range(240):               # pulled in until the target is 2 cm inside the cylinder
            held.move(((base.x - 0.09 + 0.08 * min(1.0, i / 180), base.y, z), FLAT))
        report = held.release()
        release, trajectory = held.replay_input()
        final = world.snapshot()
    assert release[0][0] == pytest.approx(base.x - 0.01)   # the last target: inside the cylinder
    with World.from_snapshot(snap) as again:
        assert again.place(0, "grey-short_plank", release, 0, trajectory=trajectory) == report
        assert again.snapshot() == final


def test_a_rollouts_lazy_wake_wakes_only_what_the_piece_reaches_and_still_sees_a_fall() -> None:
    """`lazy_wake` (planners' rollouts): the structure sleeps until the piece, or a woken piece
    that moved, comes near. On a 4-layer tower a cylinder stood on top wakes only the top, and
    stands as it does with the whole tower awake; the overloaded plank still falls with the
    piece that tipped it, as the match's placement reports."""
    from physics.reference import TABLE_OF_60, build_tower

    with World(TableLayout.for_seats(2)) as world:
        build_tower(world, 0, TABLE_OF_60[1][:4])       # planks and a block, flat on flat
        tower = world.snapshot()
    top = max(p.position[2] for p in tower.pieces)
    base = tower.layout.bases[0]
    reports = {}
    for lazy in (False, True):
        with World.from_snapshot(tower) as world:
            release = release_above(world, "grey-cylinder", base.x, base.y, FLAT)
            assert release[0][2] > top
            reports[lazy] = world.place(0, "grey-cylinder", release, 0, trajectory=(), lazy_wake=lazy)
            awake = [p for p in world.dynamic_piece_ids() if p != "grey-cylinder"]
            if lazy:
                assert 0 < len(awake) < 4          # the top of the tower, not all of it
            else:
                assert len(awake) == 4
    assert reports[True].nothing_fell and reports[False].nothing_fell
    assert reports[True].heights_mm[0] == pytest.approx(reports[False].heights_mm[0], abs=0.5)

    with World(TableLayout.common(1, 3)) as world:
        _place_on(world, 0, "orange-long_plank", dx=0.04, seat=1)
        base = world.layout.bases[0]
        release = release_above(world, "green-grooved_block", base.x + 0.12, base.y, FLAT)
        report = world.place(0, "green-grooved_block", release, 2, trajectory=(), lazy_wake=True)
    assert report.fallen == (("orange-long_plank", 0), ("green-grooved_block", 0))
