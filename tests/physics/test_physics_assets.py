"""The mesh generator: deterministic output, exact convex parts, the designed sizes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import trimesh

from game.assets import assets_path
from game.pieces import SHAPES
from physics.build_assets import build_all
from physics.geometry import hull, shrink_hull
from physics.meshfile import read_obj
from physics.shapes import SHAPE_BUILDERS

MESH_DIR = assets_path("meshes")
ALL_SHAPES = list(SHAPE_BUILDERS) + ["base"]


def test_regenerated_meshes_are_byte_identical_to_committed(tmp_path: Path) -> None:
    written = build_all(tmp_path)
    committed = sorted(p.name for p in MESH_DIR.glob("*.obj"))
    assert sorted(p.name for p in written) == committed
    assert len(committed) == 2 * len(ALL_SHAPES)
    for path in written:
        assert path.read_bytes() == (MESH_DIR / path.name).read_bytes(), f"{path.name} differs: rerun python -m physics.build_assets"


@pytest.mark.parametrize("shape", ALL_SHAPES)
def test_every_collision_part_is_convex_and_they_tile_the_visual_solid(shape: str) -> None:
    parts = read_obj(MESH_DIR / f"{shape}_collision.obj")
    total = 0.0
    for part in parts:
        mesh = trimesh.Trimesh(part.vertices, part.faces, process=False)
        # A part is convex when it is its own hull: same volume, and every vertex is on the hull.
        assert mesh.volume > 0
        assert hull(part.vertices).volume == pytest.approx(mesh.volume, rel=1e-4)  # 1 um rounding
        total += mesh.volume
    visual = read_obj(MESH_DIR / f"{shape}_visual.obj")
    assert len(visual) == 1
    assert trimesh.Trimesh(visual[0].vertices, visual[0].faces, process=False).volume == pytest.approx(total, rel=1e-6)


@pytest.mark.parametrize("shape, parts", [
    ("ring", 6), ("flower_pot", 7), ("holed_plank", 6), ("bowling_pin", 4), ("grooved_block", 3), ("arch", 6),
    ("l_bracket", 2), ("dumbbell", 3), ("long_plank", 1), ("base", 5),
])
def test_concave_shapes_are_unions_of_hand_built_parts(shape: str, parts: int) -> None:
    assert len(read_obj(MESH_DIR / f"{shape}_collision.obj")) == parts


DESIGN_SIZES_CM = {  # DESIGN.md's table, in the design axes (these shapes keep them as principal axes)
    "long_plank": (20, 3, 1.5), "holed_plank": (14, 4, 1.5), "short_plank": (8, 3, 1.5), "ring": (7, 7, 2),
    "flower_pot": (6, 6, 6), "dumbbell": (10, 4, 4), "grooved_block": (8, 5, 4), "ball": (5, 5, 5),
    "cylinder": (4, 4, 6), "cone": (5, 5, 7), "arch": (10, 2, 5), "base": (10, 10, 3), "cactus": (None, None, 8),
    "bullet": (1.6, 1.6, 0.4), "cowboy": (None, None, 5),
}


@pytest.mark.parametrize("shape", sorted(DESIGN_SIZES_CM))
def test_shapes_have_the_designed_size(shape: str) -> None:
    vertices = np.vstack([g.vertices for g in read_obj(MESH_DIR / f"{shape}_collision.obj")])
    size_cm = np.ptp(vertices, axis=0) * 100
    for got, want in zip(size_cm, DESIGN_SIZES_CM[shape]):
        if want is not None:
            assert got == pytest.approx(want, abs=0.01)


def test_rotated_shapes_keep_their_volume_and_the_axle_fits_the_groove() -> None:
    def volume(shape: str) -> float:
        return sum(trimesh.Trimesh(g.vertices, g.faces, process=False).volume for g in read_obj(MESH_DIR / f"{shape}_collision.obj"))
    assert volume("l_bracket") * 1e6 == pytest.approx(8 * 2 * 2 + 2 * 4 * 2, rel=1e-4)
    assert volume("wedge") * 1e6 == pytest.approx(8 * 4 / 2 * 4, rel=1e-4)
    axle = np.vstack([g.vertices for g in read_obj(MESH_DIR / "axle_collision.obj")])
    assert 1.9 < np.ptp(axle[:, 1]) * 100 < 2.0  # across flats, under the 2 cm groove
    assert np.ptp(axle[:, 0]) * 100 == pytest.approx(10.0, abs=0.01)


def test_every_junk_shape_has_meshes() -> None:
    for shape in SHAPES:
        assert (MESH_DIR / f"{shape}_visual.obj").is_file()
        assert (MESH_DIR / f"{shape}_collision.obj").is_file()


def test_shrinking_a_hull_moves_every_face_in_by_the_margin() -> None:
    box = np.array([[x, y, z] for x in (-1, 1) for y in (-2, 2) for z in (-0.5, 0.5)], dtype=float)
    shrunk = shrink_hull(box, 0.1)
    assert np.allclose(np.ptp(shrunk, axis=0), [1.8, 3.8, 0.8])
    cone_like = np.array([[1, 0, 0], [-1, 1, 0], [-1, -1, 0], [0, 0, 2]], dtype=float)
    assert len(shrink_hull(cone_like, 0.01)) == 4
