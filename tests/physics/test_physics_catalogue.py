"""The piece catalogue: 60 ids, wood mass, true centre of mass and inertia (not Bullet's guesses)."""
from __future__ import annotations

import math

import numpy as np
import pybullet as pb
import pytest
import trimesh

from game.assets import assets_path
from game.pieces import COLOURS, PIECE_IDS, SHAPES
from physics import (
    EXTRA_PIECE_IDS, UnknownPieceError, World, TableLayout, bottom_offset, catalogue, extent, piece_spec, stable_poses,
)
from physics.catalogue import resting_way_index, resting_ways, shape_geometry
from physics.geometry import quaternion_matrix, rotate_quaternion
from physics.meshfile import read_obj
from physics.settings import SCALE, WOOD_DENSITY


def test_catalogue_has_the_60_pieces_and_the_nashville_extras() -> None:
    cat = catalogue()
    assert list(cat)[:60] == list(PIECE_IDS)
    assert set(EXTRA_PIECE_IDS) <= set(cat)
    for pid in PIECE_IDS:
        spec = cat[pid]
        assert f"{spec.colour}-{spec.shape}" == pid
        assert spec.friction == pytest.approx(0.45)
        assert 0.0 <= spec.restitution < 0.5
    # every colour has the same 15 shapes, with the same mass
    for shape in SHAPES:
        masses = {cat[f"{c}-{shape}"].mass_kg for c in COLOURS}
        assert len(masses) == 1


@pytest.mark.parametrize("bad", ["purple-ring", "blue-spoon", "ring", "", "cactus-9"])
def test_unknown_ids_are_refused(bad: str) -> None:
    with pytest.raises(UnknownPieceError):
        piece_spec(bad)
    with pytest.raises(ValueError):
        piece_spec(bad)


def test_masses_are_volume_times_wood_density() -> None:
    plank = piece_spec("blue-long_plank")
    assert plank.mass_kg == pytest.approx(20 * 3 * 1.5 * 0.6 / 1000, rel=1e-5)  # 54 g
    ball = piece_spec("grey-ball")
    assert ball.mass_kg == pytest.approx(4 / 3 * math.pi * 0.025 ** 3 * WOOD_DENSITY, rel=1e-9)
    cylinder = piece_spec("green-cylinder")
    n = 24
    polygon_area = n / 2 * 0.02 ** 2 * math.sin(2 * math.pi / n)
    assert cylinder.mass_kg == pytest.approx(polygon_area * 0.06 * WOOD_DENSITY, rel=1e-4)  # 1 um rounding
    for spec in catalogue().values():
        assert 0.0003 < spec.mass_kg < 0.1  # a bullet disc (~0.5 g) up to the grooved block (~82 g)


def test_inertia_matches_the_analytic_box() -> None:
    spec = piece_spec("orange-long_plank")
    m, a, b, c = spec.mass_kg, 0.20, 0.03, 0.015
    expected = (m / 12 * (b * b + c * c), m / 12 * (a * a + c * c), m / 12 * (a * a + b * b))
    assert spec.inertia_kg_m2 == pytest.approx(expected, rel=1e-5)


@pytest.mark.parametrize("shape", list(SHAPES) + ["cactus", "cowboy", "bullet"])
def test_piece_frame_is_the_centre_of_mass_and_principal_axes(shape: str) -> None:
    # Independent check on the welded visual mesh: its own centre of mass and inertia tensor.
    group = read_obj(assets_path("meshes", f"{shape}_visual.obj"))[0]
    mesh = trimesh.Trimesh(group.vertices, group.faces, process=False)
    geometry = shape_geometry(shape)
    if geometry.sphere_radius is None:
        assert np.abs(mesh.center_mass).max() < 2e-6  # metres: the 1 um rounding of the files
        inertia = np.asarray(mesh.moment_inertia)
        assert np.abs(inertia - np.diag(np.diag(inertia))).max() < 1e-4 * np.abs(inertia).max()
        assert np.diag(inertia) == pytest.approx(geometry.inertia_per_density, rel=1e-4)


def test_cone_centre_of_mass_is_a_quarter_up_not_at_the_shape_origin() -> None:
    # Bullet would put it at the hull's origin (engine-notes "Mass properties trap").
    assert bottom_offset("blue-cone") == pytest.approx(0.07 / 4, abs=2e-6)
    lo, hi = extent("blue-cone")
    assert hi[2] == pytest.approx(0.07 * 3 / 4, abs=2e-6)


def test_bodies_get_the_catalogue_inertia_not_bullets_box_guess() -> None:
    with World(TableLayout.for_seats(1)) as world:
        world.add("blue-cone", 0, (0.0, 0.0, 0.2), (0, 0, 0, 1), check=False)
        info = pb.getDynamicsInfo(world.body_id("blue-cone"), -1, physicsClientId=world.client)
        spec = piece_spec("blue-cone")
        assert info[0] == pytest.approx(spec.mass_kg)
        assert info[2] == pytest.approx([i * SCALE * SCALE for i in spec.inertia_kg_m2], rel=1e-9)
        assert info[3] == pytest.approx((0.0, 0.0, 0.0))  # inertial frame = piece frame


def test_stable_poses_are_cached_sorted_and_rest_the_piece_on_its_lowest_point() -> None:
    for shape in SHAPES:
        poses = stable_poses(f"blue-{shape}")
        assert poses is stable_poses(f"grey-{shape}")
        assert poses and all(a.probability >= b.probability for a, b in zip(poses, poses[1:]))
        for pose in poses[:3]:
            assert bottom_offset(f"blue-{shape}", pose.orientation) == pytest.approx(pose.com_height_m, abs=2e-6)
    plank = stable_poses("blue-long_plank")[0]
    assert plank.com_height_m == pytest.approx(0.0075, abs=1e-6)  # lying flat


def _height_mm(piece_id: str, orientation) -> float:
    vertices = shape_geometry(piece_id.split("-", 1)[1]).vertices @ quaternion_matrix(np.asarray(orientation)).T
    return float(np.ptp(vertices[:, 2])) * 1000.0


def test_resting_ways_stand_a_bowling_pin_up_where_its_likeliest_poses_only_roll_it_round() -> None:
    for shape in SHAPES:
        ways, poses = resting_ways(f"blue-{shape}"), stable_poses(f"blue-{shape}")
        assert ways is resting_ways(f"grey-{shape}")
        assert sum(w.probability for w in ways) == pytest.approx(sum(p.probability for p in poses))
        assert all(a.probability >= b.probability for a, b in zip(ways, ways[1:]))
        assert {w.orientation for w in ways} <= {p.orientation for p in poses}
        assert [resting_way_index(f"blue-{shape}", w.orientation) for w in ways] == list(range(len(ways)))
    # The pin's sixteen likeliest poses all lay it on its side; its ways are side, upright, head.
    pin = "blue-bowling_pin"
    assert {round(_height_mm(pin, p.orientation)) for p in stable_poses(pin)[:16]} == {37}
    assert [round(_height_mm(pin, w.orientation)) for w in resting_ways(pin)] == [37, 100, 100]
    assert [len(resting_ways(f"blue-{s}")) for s in ("ball", "dumbbell", "axle", "cylinder", "long_plank")] == \
        [1, 2, 2, 2, 3]
    # Any turn about the vertical is the same way of resting; a tilt is none of them.
    upright = resting_ways(pin)[1].orientation
    assert resting_way_index(pin, rotate_quaternion((0.0, 0.0, 1.0), 0.7, upright)) == 1
    assert resting_way_index(pin, rotate_quaternion((1.0, 0.0, 0.0), 0.3, upright)) is None
