"""Flick 'em Up shots through the real physics: a 2-seat Nashville table (bases 50 cm apart),
seat 0 flicking at seat 1's structure and cowboy."""
from __future__ import annotations

import math

import pybullet as pb
import pytest

from physics import TableLayout, World
from physics.reference import Layer, build_tower
from physics.settings import SCALE
from physics.shots import (
    LOFT_DEG, Shot, ShotAim, ShotMotionRecorder, aim_at, cowboy_spot_position, default_spots, preview_path, simulate_shot,
)
from physics.snapshot import Snapshot

SPOTS = (90.0, 0.0)     # seat 0 faces seat 1; seat 1's cowboy stands to one side, out of the line


def table(*layers: Layer) -> Snapshot:
    with World(TableLayout.for_seats(2)) as world:
        build_tower(world, 1, layers, seat=1)
        return world.snapshot()


@pytest.fixture(scope="module")
def cone_on_plank() -> Snapshot:
    return table(Layer("orange-long_plank", 0), Layer("green-cone", 0))


def position(snapshot: Snapshot, piece: str) -> tuple[float, float, float]:
    return next(p.position for p in snapshot.pieces if p.piece_id == piece)


def test_the_table_is_nashvilles_and_cowboys_stand_3_cm_from_their_base() -> None:
    layout = TableLayout.for_seats(4)
    a, b = layout.bases[0], layout.bases[1]
    assert math.hypot(a.x - b.x, a.y - b.y) == pytest.approx(0.5)
    for seat, spot in enumerate(default_spots(layout)):
        x, y = cowboy_spot_position(layout, seat, spot)
        base = layout.bases[seat]
        local = math.radians(spot) - base.yaw
        gap = math.hypot(x - base.x, y - base.y) - 0.05 / max(abs(math.cos(local)), abs(math.sin(local))) - 0.012
        assert gap == pytest.approx(0.03)


def test_a_shot_straight_at_a_structure_knocks_its_piece_down(cone_on_plank: Snapshot) -> None:
    aim = aim_at(cone_on_plank.layout, 0, SPOTS[0], position(cone_on_plank, "green-cone"))
    assert aim is not None
    report = simulate_shot(cone_on_plank, 0, aim, SPOTS)
    assert report.fallen == (("green-cone", 1),) and not report.wobbled
    assert report.disc_hits[0] == "green-cone"
    assert report.snapshot.pieces_on(1) == ("orange-long_plank",)
    assert report.heights_mm[1] < 50.0 and report.settled


def test_a_shot_wide_of_everything_knocks_nothing(cone_on_plank: Snapshot) -> None:
    aim = aim_at(cone_on_plank.layout, 0, SPOTS[0], position(cone_on_plank, "green-cone"))
    assert aim is not None
    wide = ShotAim(aim.spot_deg, aim.direction_deg + 60.0, aim.power)
    report = simulate_shot(cone_on_plank, 0, wide, SPOTS)
    assert report.fallen == () and report.cowboys_hit == () and report.wobbled == ()
    assert report.snapshot.digest() == cone_on_plank.digest()


def test_a_shot_at_a_cowboy_tips_it(cone_on_plank: Snapshot) -> None:
    x, y = cowboy_spot_position(cone_on_plank.layout, 1, SPOTS[1] - 60.0)
    aim = aim_at(cone_on_plank.layout, 0, SPOTS[0], (x, y, 0.035))
    assert aim is not None
    report = simulate_shot(cone_on_plank, 0, aim, (SPOTS[0], SPOTS[1] - 60.0))
    assert report.cowboys_hit == (1,) and report.disc_hits[0] == "cowboy:1"
    assert report.fallen == ()


def test_a_ricochet_off_a_base_that_topples_a_piece_counts() -> None:
    # A flower pot at the near edge of base 1; the disc strikes the base's top edge, hops and
    # hits the pot (found by a scan of aims at the edge; the physics is deterministic).
    snapshot = table(Layer("green-flower_pot", 0, 0, 0.02))
    base = snapshot.layout.bases[1]
    aim = aim_at(snapshot.layout, 0, SPOTS[0], (base.x, base.y - 0.05, 0.031))
    assert aim is not None
    report = simulate_shot(snapshot, 0, aim, SPOTS)
    assert report.disc_hits[:2] == ("base:1", "green-flower_pot")
    assert report.ricochets >= 1 and report.fallen == (("green-flower_pot", 1),)


def test_a_disc_off_the_table_edge_is_lost_and_harmless(cone_on_plank: Snapshot) -> None:
    report = simulate_shot(cone_on_plank, 0, ShotAim(SPOTS[0], 0.0, 1.0), SPOTS)
    assert report.disc_hits == ("table-edge",)
    assert report.fallen == () and report.cowboys_hit == () and report.ricochets == 0
    assert report.snapshot.digest() == cone_on_plank.digest()


def test_a_piece_falling_from_a_structure_nothing_touched_is_a_wobble() -> None:
    # A cylinder hanging 1.5 cm over base 1's edge; the disc passes close enough to wake it and
    # lands on the base, touching no piece: the cylinder falls by itself.
    with World(TableLayout.for_seats(2)) as world:
        world.add("green-cylinder", 1, (0.0, 0.185, 0.06), (0.0, 0.0, 0.0, 1.0))
        snapshot = world.snapshot()
    aim = aim_at(snapshot.layout, 0, SPOTS[0], (0.035, 0.185, 0.02))
    assert aim is not None
    report = simulate_shot(snapshot, 0, aim, SPOTS)
    assert report.disc_hits == ("base:1",)
    assert report.wobbled == (("green-cylinder", 1),) and report.fallen == ()
    assert report.snapshot.pieces_on(1) == ()


def test_the_same_shot_gives_the_same_bits_and_its_motion_ends_on_the_table(cone_on_plank: Snapshot) -> None:
    aim = aim_at(cone_on_plank.layout, 0, SPOTS[0], position(cone_on_plank, "green-cone"))
    assert aim is not None
    first = simulate_shot(cone_on_plank, 0, aim, SPOTS)
    recorder = ShotMotionRecorder()
    second = simulate_shot(cone_on_plank, 0, aim, SPOTS, motion=recorder)
    assert first.snapshot.digest() == second.snapshot.digest() and first.disc_hits == second.disc_hits
    motion = recorder.motion
    assert motion is not None and motion.removed == ("green-cone",)
    shown = motion.poses_through(len(motion.frames) - 1)
    assert "bullet-1" in shown and "cowboy-2" in shown
    assert shown["orange-long_plank"] == (position(second.snapshot, "orange-long_plank"),
                                          next(p.orientation for p in second.snapshot.pieces if p.piece_id == "orange-long_plank"))


def test_the_preview_rises_at_the_flicks_lift_and_stops_at_the_first_contact(cone_on_plank: Snapshot) -> None:
    aim = aim_at(cone_on_plank.layout, 0, SPOTS[0], position(cone_on_plank, "green-cone"))
    assert aim is not None
    path = preview_path(cone_on_plank, 0, aim, SPOTS)
    (x0, y0, z0), (x1, y1, z1) = path[0], path[1]
    assert math.degrees(math.atan2(z1 - z0, math.hypot(x1 - x0, y1 - y0))) == pytest.approx(LOFT_DEG, abs=2.0)
    cone = position(cone_on_plank, "green-cone")
    assert math.hypot(path[-1][0] - cone[0], path[-1][1] - cone[1]) < 0.05


@pytest.mark.parametrize("aim", [(0.0, 0.0, 1.5), (0.0, float("nan"), 0.5), (0.0, 0.0, -0.1)])
def test_a_bad_aim_is_one_clear_error(aim: tuple[float, float, float]) -> None:
    with pytest.raises(ValueError, match="aim|power"):
        ShotAim(*aim)


def test_what_a_shot_woke_sleeps_again_once_at_rest_and_cowboys_nobody_neared_never_wake() -> None:
    """Pieces and cowboys are static until something moving comes near (physics/shots.py says
    why that is exact); what woke and is at rest again, with nothing moving near it, sleeps
    again while the rest of the shot goes on. On the bench's 4-seat table of 8-piece
    structures, some of the flicks at the highest pieces wake a structure that settles and
    sleeps again before the shot ends."""
    from benchmarks.bench_shots import bench_table

    snapshot = bench_table()
    spots = default_spots(snapshot.layout)
    aims = [aim_at(snapshot.layout, 0, spots[0], p.position)
            for p in sorted(snapshot.pieces, key=lambda p: -p.position[2]) if p.structure != 0]
    slept_again = 0
    for aim in [a for a in aims if a is not None][:6]:
        with World(snapshot.layout) as world:
            shot = Shot(world, snapshot, 0, aim, spots)
            standing = [pb.getBasePositionAndOrientation(body, physicsClientId=world._client) for body in shot.cowboys]
            woke: set[str] = set()
            cowboys_woke: set[int] = set()
            while not shot.run_ticks(8):
                woke |= set(shot.woke_at)
                slept_again += len(woke & set(shot.asleep))
                cowboys_woke |= set(range(len(spots))) - set(shot.cowboys_asleep)
            never_near = [s for s in range(len(spots)) if s not in cowboys_woke]
            assert never_near, "a flick at one structure leaves some cowboy alone"
            for seat in never_near:
                assert pb.getBasePositionAndOrientation(shot.cowboys[seat], physicsClientId=world._client) == standing[seat]
            shot.report()
    assert slept_again > 0


def test_a_disc_that_lands_short_is_spent_where_it_can_reach_no_structure(cone_on_plank: Snapshot) -> None:
    """Back down on the table and too low to reach a structure, with no cowboy ahead, the disc
    stops (`Shot._check_landed`) instead of sliding on into the base."""
    aim = aim_at(cone_on_plank.layout, 0, SPOTS[0], position(cone_on_plank, "green-cone"))
    assert aim is not None
    short = ShotAim(aim.spot_deg, aim.direction_deg, 0.05)
    base = cone_on_plank.layout.bases[1]
    with World(cone_on_plank.layout) as world:
        shot = Shot(world, cone_on_plank, 0, short, SPOTS)
        while not shot.disc_gone:
            assert not shot.run_ticks(1)
        x, y, z = (v / SCALE for v in pb.getBasePositionAndOrientation(shot.disc, physicsClientId=world._client)[0])
        assert z < 0.02 and abs(y - base.y) > 0.05 + 0.01      # on the table, short of the base
        while not shot.run_ticks(8):
            pass
        report = shot.report()
    assert report.disc_hits == () and report.fallen == () and report.snapshot.digest() == cone_on_plank.digest()


def test_a_landed_disc_with_a_cowboy_ahead_slides_on_and_tips_it(cone_on_plank: Snapshot) -> None:
    spots = (SPOTS[0], SPOTS[1] - 60.0)
    x, y = cowboy_spot_position(cone_on_plank.layout, 1, spots[1])
    aim = aim_at(cone_on_plank.layout, 0, spots[0], (x, y, 0.035))
    assert aim is not None
    short = ShotAim(aim.spot_deg, aim.direction_deg, 0.05)
    with World(cone_on_plank.layout) as world:
        shot = Shot(world, cone_on_plank, 0, short, spots)
        while not shot.disc_low:
            assert not shot.run_ticks(1)
        assert shot.hits == [] and not shot.disc_gone     # down on the table, short of the cowboy
        while not shot.run_ticks(8):
            pass
        report = shot.report()
    assert report.cowboys_hit == (1,) and report.disc_hits[0] == "cowboy:1"
