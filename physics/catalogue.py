"""The pieces: ids, mass, friction, true mass properties and geometry, read from the committed meshes.

Mass properties come from the exact convex parts (trimesh), not from Bullet: for a hull Bullet
puts the centre of mass at the shape origin and uses box inertia (a cone was 2.8x off;
engine-notes 3.3). The meshes are already written in the piece frame (origin = centre of mass,
axes = principal axes), so the inertia here is diagonal and the body frame is the mesh frame.

Besides the 60 junk pieces of `game.pieces`, Nashville's extras can be spawned by id:
"cactus-1".."cactus-3", "cowboy-1".."cowboy-6" and "bullet-1".."bullet-6".
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import trimesh

from game.assets import assets_path
from game.pieces import PIECE_IDS, split_piece_id
from physics.errors import UnknownPieceError
from physics.geometry import combined_mass_properties, quaternion_matrix, matrix_quaternion
from physics.meshfile import read_obj
from physics.settings import BALL_ROLLING_FRICTION, WOOD_DENSITY, WOOD_FRICTION, WOOD_RESTITUTION

EXTRA_PIECE_IDS: tuple[str, ...] = (
    tuple(f"cactus-{i}" for i in range(1, 4))
    + tuple(f"cowboy-{i}" for i in range(1, 7))
    + tuple(f"bullet-{i}" for i in range(1, 7))
)
EXTRA_COLOURS = {"cactus": "green", "cowboy": "brown", "bullet": "grey"}
ALL_PIECE_IDS: tuple[str, ...] = PIECE_IDS + EXTRA_PIECE_IDS

# The ball collides as an exact sphere (a Bullet sphere primitive: exact, cheap, and it rolls
# like a ball rather than resting on an icosphere facet). Its mesh files hold an icosphere for
# drawing; its mass properties, extent and tape-measure top use the true sphere.
SPHERE_RADIUS_M: dict[str, float] = {"ball": 0.025}


@dataclass(frozen=True)
class ShapeGeometry:
    """A shape's convex parts and hull vertices in its piece frame (metres)."""

    shape: str
    parts: tuple[np.ndarray, ...]          # (n_i, 3) vertices per convex part
    part_faces: tuple[np.ndarray, ...]     # (m_i, 3) triangles per part
    vertices: np.ndarray                   # all part vertices stacked: the tape measure's points
    volume_m3: float
    center_of_mass: np.ndarray             # ~0: residual of the 1 um rounding in the files
    inertia_per_density: np.ndarray        # (3,) principal moments for density 1 (m^5)
    sphere_radius: float | None = None     # set for shapes that collide as an exact sphere

    def mesh(self) -> trimesh.Trimesh:
        """All parts in one (unwelded) mesh: fine for hulls, stable poses and mass properties."""
        offsets = np.cumsum([0] + [len(p) for p in self.parts[:-1]])
        return trimesh.Trimesh(
            vertices=np.vstack(self.parts),
            faces=np.vstack([f + o for f, o in zip(self.part_faces, offsets)]),
            process=False,
        )


@dataclass(frozen=True)
class PieceSpec:
    piece_id: str
    shape: str
    colour: str
    mass_kg: float
    inertia_kg_m2: tuple[float, float, float]  # principal moments = the piece frame's axes
    friction: float                            # wood-on-wood pair coefficient
    restitution: float                         # pair coefficient
    rolling_friction: float                    # the body's own (Bullet's rollingFriction): 0 but for the exact sphere


@dataclass(frozen=True)
class StablePose:
    """A resting orientation on a flat surface (trimesh.poses.compute_stable_poses)."""

    orientation: tuple[float, float, float, float]  # (x, y, z, w), piece frame -> world
    probability: float
    com_height_m: float                              # centre of mass above the surface


def shape_of_id(piece_id: str) -> tuple[str, str]:
    """(colour, shape) of any spawnable id; UnknownPieceError otherwise."""
    if piece_id in EXTRA_PIECE_IDS:
        shape = piece_id.split("-")[0]
        return EXTRA_COLOURS[shape], shape
    try:
        return split_piece_id(piece_id)
    except ValueError:
        raise UnknownPieceError(
            f"unknown piece id {piece_id!r}; expected '<colour>-<shape>' (e.g. 'blue-ring') or a Nashville extra (e.g. 'cactus-1')"
        ) from None


def piece_shape(piece_id: str) -> str:
    """The shape of any spawnable piece: "ring" for "blue-ring", "cactus" for "cactus-2"."""
    return shape_of_id(piece_id)[1]


@lru_cache(maxsize=None)
def shape_geometry(shape: str) -> ShapeGeometry:
    path = assets_path("meshes", f"{shape}_collision.obj")
    if not path.is_file():
        raise FileNotFoundError(f"missing mesh {path}; run `python -m physics.build_assets`")
    groups = read_obj(path)
    meshes = [trimesh.Trimesh(vertices=g.vertices, faces=g.faces, process=False) for g in groups]
    props = combined_mass_properties(meshes)
    radius = SPHERE_RADIUS_M.get(shape)
    if radius is not None:
        volume = 4.0 / 3.0 * np.pi * radius ** 3
        return ShapeGeometry(
            shape=shape,
            parts=tuple(g.vertices for g in groups),
            part_faces=tuple(g.faces for g in groups),
            vertices=np.vstack([g.vertices for g in groups]),
            volume_m3=volume,
            center_of_mass=np.zeros(3),
            inertia_per_density=np.full(3, 0.4 * volume * radius ** 2),
            sphere_radius=radius,
        )
    return ShapeGeometry(
        shape=shape,
        parts=tuple(g.vertices for g in groups),
        part_faces=tuple(g.faces for g in groups),
        vertices=np.vstack([g.vertices for g in groups]),
        volume_m3=props.volume,
        center_of_mass=props.center,
        inertia_per_density=np.diag(props.inertia).copy(),
    )


@lru_cache(maxsize=None)
def piece_spec(piece_id: str) -> PieceSpec:
    colour, shape = shape_of_id(piece_id)
    geometry = shape_geometry(shape)
    inertia = geometry.inertia_per_density * WOOD_DENSITY
    return PieceSpec(
        piece_id=piece_id,
        shape=shape,
        colour=colour,
        mass_kg=geometry.volume_m3 * WOOD_DENSITY,
        inertia_kg_m2=(float(inertia[0]), float(inertia[1]), float(inertia[2])),
        friction=WOOD_FRICTION,
        restitution=WOOD_RESTITUTION,
        rolling_friction=BALL_ROLLING_FRICTION if shape in SPHERE_RADIUS_M else 0.0,
    )


def catalogue() -> dict[str, PieceSpec]:
    """Every spawnable piece by id (the 60 junk pieces first, then the Nashville extras)."""
    return {pid: piece_spec(pid) for pid in ALL_PIECE_IDS}


@lru_cache(maxsize=None)
def _stable_poses(shape: str) -> tuple[StablePose, ...]:
    geometry = shape_geometry(shape)
    if geometry.sphere_radius is not None:
        return (StablePose((0.0, 0.0, 0.0, 1.0), 1.0, geometry.sphere_radius),)  # every orientation rests
    mesh = geometry.mesh()
    # sigma=0 and one sample: trimesh's deterministic path (no random perturbation).
    transforms, probabilities = trimesh.poses.compute_stable_poses(mesh, center_mass=np.zeros(3), sigma=0.0, n_samples=1)
    poses = []
    for transform, probability in zip(transforms, probabilities):
        poses.append(StablePose(matrix_quaternion(transform[:3, :3]), float(probability), float(transform[2, 3])))
    return tuple(poses)


def stable_poses(piece_id: str) -> tuple[StablePose, ...]:
    """Resting orientations of a piece on a flat surface, most probable first (cached)."""
    return _stable_poses(shape_of_id(piece_id)[1])


def resting_ways(piece_id: str) -> tuple[StablePose, ...]:
    """The distinct ways a piece rests on a flat surface, likeliest first (cached): one pose
    for each, the likeliest of those that differ only by a turn about the vertical, with their
    probabilities summed.

    Why: a faceted round piece has a stable pose per facet it can roll onto. The bowling pin's
    sixteen likeliest poses all lay it on its side, so a planner that tried the first few never
    stood it up; the dumbbell's first twenty and the axle's first sixteen are the same. The
    pin stands upright in 2% of tosses and on its head in 0.1%, but a player stands it up on
    purpose."""
    return _resting_ways(shape_of_id(piece_id)[1])


@lru_cache(maxsize=None)
def _resting_ways(shape: str) -> tuple[StablePose, ...]:
    vertices = shape_geometry(shape).vertices
    ways: dict[tuple[float, ...], list[StablePose]] = {}
    for pose in _stable_poses(shape):
        ways.setdefault(_rest_signature(vertices @ quaternion_matrix(np.asarray(pose.orientation)).T), []).append(pose)
    merged = [StablePose(group[0].orientation, sum(p.probability for p in group), group[0].com_height_m)
              for group in ways.values()]
    return tuple(sorted(merged, key=lambda p: -p.probability))


def resting_way_index(piece_id: str, orientation: tuple[float, float, float, float]) -> int | None:
    """Which of `resting_ways(piece_id)` the piece held at `orientation` rests in, whatever its
    turn about the vertical; None if it is tilted out of all of them."""
    shape = shape_of_id(piece_id)[1]
    vertices = shape_geometry(shape).vertices
    signatures = [_rest_signature(vertices @ quaternion_matrix(np.asarray(way.orientation)).T)
                  for way in _resting_ways(shape)]
    held = _rest_signature(vertices @ quaternion_matrix(np.asarray(orientation, dtype=float)).T)
    return signatures.index(held) if held in signatures else None


def _rest_signature(rotated: np.ndarray) -> tuple[float, ...]:
    """What a resting pose looks like whatever its turn about the vertical, to a millimetre: the
    centre of mass's height, the piece's height and the spreads of its vertices over the table
    (the square roots of their covariance's eigenvalues, to half a millimetre)."""
    spread = np.sqrt(np.maximum(np.linalg.eigvalsh(np.cov((rotated[:, :2] - rotated[:, :2].mean(axis=0)).T)), 0.0))
    return (round(-rotated[:, 2].min() * 1000.0), round(float(np.ptp(rotated[:, 2])) * 1000.0),
            *(round(float(s) * 2000.0) / 2.0 for s in spread))


def extent(piece_id: str, orientation: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 1.0)) -> tuple[np.ndarray, np.ndarray]:
    """(min xyz, max xyz) of the piece's hull, in metres relative to its centre of mass, once rotated."""
    geometry = shape_geometry(shape_of_id(piece_id)[1])
    if geometry.sphere_radius is not None:
        return np.full(3, -geometry.sphere_radius), np.full(3, geometry.sphere_radius)
    vertices = geometry.vertices @ quaternion_matrix(np.asarray(orientation, dtype=float)).T
    return vertices.min(axis=0), vertices.max(axis=0)


def bottom_offset(piece_id: str, orientation: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 1.0)) -> float:
    """How far the centre of mass sits above the piece's lowest point in that orientation (m).

    To rest a piece on a support point at height z, release it with its centre at
    z + bottom_offset(...) (+ a small gap).
    """
    return float(-extent(piece_id, orientation)[0][2])
