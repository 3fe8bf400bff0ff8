"""The world: layouts, spawning, snapshots, the tape measure, rays and bad input."""
from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from physics import (
    ALL_PIECE_IDS, IntersectingPoseError, InvalidPoseError, PieceStateError, SnapshotFormatError, Snapshot,
    TableLayout, UnknownPieceError, UnknownStructureError, World,
)
from physics.reference import release_above, yaw_quat

FLAT = (0.0, 0.0, 0.0, 1.0)


@pytest.mark.parametrize("n", range(2, 7))
def test_seat_bases_are_at_least_50_cm_apart(n: int) -> None:
    layout = TableLayout.for_seats(n)
    assert layout.n_structures == n
    for a, b in itertools.combinations(layout.bases, 2):
        assert math.hypot(a.x - b.x, a.y - b.y) >= 0.5 - 1e-9
    for k in range(n):
        assert layout.neighbours(k) == frozenset({k})
        assert max(abs(layout.bases[k].x), abs(layout.bases[k].y)) + 0.05 < layout.table_half_size_m


def test_common_bases_for_paris_and_pisa() -> None:
    paris = TableLayout.common(1, 4)
    assert paris.n_structures == 1 and paris.n_seats == 4 and paris.common
    pisa = TableLayout.common(2, 5, faces=("A", "B"))
    left, right = pisa.bases
    assert right.x - left.x >= 0.10  # side by side, not overlapping
    assert pisa.neighbours(0) == frozenset({0, 1})  # a placement on one can reach the other
    with pytest.raises(ValueError):
        TableLayout.common(3, 4)
    with pytest.raises(ValueError):
        TableLayout.for_seats(7)
    with pytest.raises(ValueError):
        TableLayout.for_seats(2, faces=("A", "C"))


def test_any_piece_can_be_spawned_by_id_and_removed() -> None:
    layout = TableLayout.for_seats(1)
    with World(layout) as world:
        for i, pid in enumerate(ALL_PIECE_IDS):
            position = (0.0, 0.0, 0.2 + 0.25 * i)  # a column in the air: nothing overlaps
            world.add(pid, 0, position, FLAT)
            assert world.pose(pid)[0] == position
        assert world.pieces_on(0) == ALL_PIECE_IDS
        world.remove(ALL_PIECE_IDS[:10])
        assert world.piece_ids() == ALL_PIECE_IDS[10:]
        with pytest.raises(PieceStateError):
            world.remove(["orange-long_plank"])
        with pytest.raises(PieceStateError):
            world.add("grey-wedge", 0, (0, 0, 0.5), FLAT)


def test_snapshot_round_trips_through_json_and_its_digest_is_exact() -> None:
    layout = TableLayout.for_seats(3, faces=("A", "B", "A"))
    with World(layout) as world:
        world.add("blue-ring", 1, (0.1, 0.2, 0.3), (0.1, 0.2, 0.3, 0.9))
        world.add("grey-cone", 2, (-0.1, 0.0, 0.3), FLAT)
        snap = world.snapshot()
    again = Snapshot.from_json(snap.to_json())
    assert again == snap
    assert again.digest() == snap.digest()
    # one ulp in one coordinate changes the digest
    data = json.loads(snap.to_json())
    data["pieces"][0]["position"][0] = float(np.nextafter(data["pieces"][0]["position"][0], 1.0))
    assert Snapshot.from_dict(data).digest() != snap.digest()
    # a world rebuilt from a snapshot gives that snapshot back exactly
    with World.from_snapshot(snap) as rebuilt:
        assert rebuilt.snapshot() == snap
        assert rebuilt.snapshot().digest() == snap.digest()


@pytest.mark.parametrize("text", ["", "[]", '{"version": 99}', '{"version": 1, "layout": {}, "pieces": []}',
                                  '{"version": 1, "layout": {"bases": [{"x": 0, "y": 0, "yaw": 0, "face": "A"}], "n_seats": 1},'
                                  ' "pieces": [{"id": "blue-ring", "structure": 3, "position": [0, 0, 0], "orientation": [0, 0, 0, 1]}]}'])
def test_bad_snapshot_documents_get_one_clear_error(text: str) -> None:
    with pytest.raises(SnapshotFormatError):
        Snapshot.from_json(text)


def test_snapshot_with_an_unknown_piece_is_refused_when_built() -> None:
    snap = Snapshot.from_json(Snapshot(TableLayout.for_seats(1)).to_json())
    data = snap.to_dict()
    data["pieces"] = [{"id": "blue-spoon", "structure": 0, "position": [0, 0, 0.1], "orientation": [0, 0, 0, 1]}]
    with pytest.raises(UnknownPieceError):
        World.from_snapshot(Snapshot.from_dict(data))


def _rest(world: World, pid: str, structure: int, orientation=FLAT, dx: float = 0.0, dy: float = 0.0) -> None:
    base = world.layout.bases[structure]
    release = release_above(world, pid, base.x + dx, base.y + dy, orientation)
    report = world.place(structure, pid, release, seat=structure, trajectory=())
    assert report.settled and not report.active_fell


@pytest.mark.parametrize("face, floor_mm", [("A", 30.0), ("B", 26.0)])
def test_tape_measure_matches_analytic_heights(face: str, floor_mm: float) -> None:
    with World(TableLayout.for_seats(2, faces=(face, face))) as world:
        assert world.heights_mm() == (30.0, 30.0)
        _rest(world, "blue-long_plank", 0)  # 20 cm plank lies on the rim (B) or the flat face (A)
        assert world.height_mm(0) == pytest.approx(30.0 + 15.0, abs=0.5)
        _rest(world, "green-cylinder", 1)   # standing 6 cm on the face / the recessed floor
        assert world.height_mm(1) == pytest.approx(floor_mm + 60.0, abs=0.5)


def test_tape_measure_ball_on_a_ring() -> None:
    with World(TableLayout.for_seats(1)) as world:
        _rest(world, "orange-ring", 0)
        _rest(world, "orange-ball", 0)
        # The sphere (r 2.5) sits on the ring's hexagonal hole edges (apothem 1.75 cos(pi/6)).
        apothem = 1.75 * math.cos(math.pi / 6)
        expected = 30.0 + 20.0 + 10.0 * math.sqrt(2.5 ** 2 - apothem ** 2) + 25.0
        assert world.height_mm(0) == pytest.approx(expected, abs=0.5)


def test_tape_measure_follows_a_tilted_piece_exactly() -> None:
    with World(TableLayout.for_seats(1)) as world:
        q = yaw_quat(0.0, 30.0)
        world.add("grey-short_plank", 0, (0.0, 0.0, 0.2), q)
        # highest corner of an 8 x 3 x 1.5 box turned 30 degrees about x
        half_y, half_z = 0.015, 0.0075
        top = 0.2 + half_y * math.sin(math.radians(30)) + half_z * math.cos(math.radians(30))
        assert world.height_mm(0) == pytest.approx(top * 1000, abs=1e-6)


def test_ray_down_and_resting_height_find_the_support() -> None:
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        hit = world.ray_down(base.x, base.y)
        assert hit is not None and hit.what == "base:0" and hit.z_m == pytest.approx(0.03, abs=2e-4)
        hit = world.ray_down(0.0, 0.0)
        assert hit is not None and hit.what == "table" and hit.z_m == pytest.approx(0.0, abs=2e-4)
        _rest(world, "blue-long_plank", 0)
        hit = world.ray_down(base.x + 0.08, base.y)  # plank overhang
        assert hit is not None and hit.what == "blue-long_plank" and hit.z_m == pytest.approx(0.045, abs=3e-4)
        assert world.resting_z("orange-cone", base.x, base.y) == pytest.approx(0.045 + 0.07 / 4, abs=5e-5)
        # A slanted line of sight (as through the cursor), 45 degrees down across the plank's
        # width, meets the base top 2 cm from its centre, just beside the 3 cm wide plank.
        hit = world.ray((base.x, base.y - 0.3, 0.31), (base.x, base.y, 0.01))
        assert hit is not None and hit.what == "base:0"
        assert hit.point == pytest.approx((base.x, base.y - 0.02, 0.03), abs=3e-4)
        assert world.ray((0.0, 0.0, 0.5), (0.0, 0.0, 0.4)) is None          # nothing between


def test_bad_input_gives_clear_errors() -> None:
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        release = release_above(world, "blue-cylinder", base.x, base.y, FLAT)
        with pytest.raises(UnknownPieceError, match="unknown piece id"):
            world.place(0, "blue-spoon", release, 0)
        with pytest.raises(InvalidPoseError, match="NaN"):
            world.place(0, "blue-cylinder", ((base.x, math.nan, 0.1), FLAT), 0)
        with pytest.raises(InvalidPoseError):
            world.place(0, "blue-cylinder", ((base.x, base.y, 0.1), (0, 0, 0, 0)), 0)
        with pytest.raises(InvalidPoseError):
            world.place(0, "blue-cylinder", ((base.x, base.y), FLAT), 0)
        with pytest.raises(UnknownStructureError):
            world.place(5, "blue-cylinder", release, 0)
        with pytest.raises(ValueError, match="seat"):
            world.place(0, "blue-cylinder", release, 9)
        with pytest.raises(IntersectingPoseError, match="base:0"):
            world.place(0, "blue-cylinder", ((base.x, base.y, 0.05), FLAT), 0)
        with pytest.raises(IntersectingPoseError, match="table"):
            world.place(0, "blue-cylinder", ((0.0, 0.0, 0.01), FLAT), 0)
        world.place(0, "blue-cylinder", release, 0, trajectory=())
        with pytest.raises(IntersectingPoseError, match="blue-cylinder"):
            world.place(0, "grey-cone", ((base.x, base.y, 0.06), FLAT), 0)
        with pytest.raises(IntersectingPoseError):
            world.add("grey-cone", 0, (base.x, base.y, 0.06), FLAT)
        with pytest.raises(InvalidPoseError):
            world.add("grey-cone", 0, (base.x, base.y, math.inf), FLAT)
        # refused placements leave the world as it was
        assert world.piece_ids() == ("blue-cylinder",)
        for error in (UnknownPieceError, InvalidPoseError, IntersectingPoseError, UnknownStructureError):
            assert issubclass(error, ValueError)


def test_rays_down_on_a_partial_build_meet_what_the_whole_table_meets() -> None:
    """A rollout builds only the structures its placement can reach; lowering its hand by rays
    must not build the rest (`World.client_for_rays_down`) and must rest it at the same height
    as on the whole table. Rays under a left-out structure build it first."""
    from physics.reference import TABLE_OF_60, build_tower
    from physics.spots import rest_height

    with World(TableLayout.for_seats(4)) as world:
        for k in range(4):
            build_tower(world, k, TABLE_OF_60[k + 2][:5], seat=k)
        snap = world.snapshot()
    quat = (0.0, 0.0, 0.0, 1.0)
    base = snap.layout.bases[0]
    spots = [(base.x + dx, base.y + dy) for dx in (-0.03, 0.0, 0.02) for dy in (-0.02, 0.01)]
    with World.from_snapshot(snap) as whole:
        expected = [rest_height(whole, "orange-cone", x, y, quat) for x, y in spots]
    with World(snap.layout) as partial:
        partial.load_for_placement(snap, 0, awake=True)
        assert partial._absent           # the other structures have no bodies
        got = [rest_height(partial, "orange-cone", x, y, quat) for x, y in spots]
        assert partial._absent           # ... and the rays did not build them
        assert got == expected
        top = max((p for p in snap.pieces if p.structure == 2), key=lambda p: p.position[2])
        partial.client_for_rays_down(np.array([top.position[:2]]))
        assert not partial._absent       # rays under a left-out piece: the whole table is built
