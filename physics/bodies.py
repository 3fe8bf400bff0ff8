"""Creating PyBullet bodies (table, bases, pieces) inside one client, in internal units.

PyBullet builds a compound of convex hulls from an OBJ with several `o` groups, and
`createCollisionShapeArray` takes no vertices, so every collision shape comes from a file. The
files PyBullet reads are derived from the committed `<shape>_collision.obj`: scaled to
decimetres and each hull shrunk by Bullet's collision margin (Bullet inflates hulls by it, so
the shrunk hull collides with the exact faces). They are written once per process into its own
folder under one per-user cache folder, which each start cleans of killed runs' leftovers.
"""
from __future__ import annotations

import atexit
import math
import os
import shutil
import tempfile
import threading
from pathlib import Path

import numpy as np
import pybullet as pb

from physics.catalogue import SPHERE_RADIUS_M, PieceSpec, shape_geometry
from physics.geometry import hull, shrink_hull
from physics.layout import BasePlacement
from physics.meshfile import MeshGroup, write_obj
from physics.settings import COLLISION_MARGIN, SCALE, WOOD_FRICTION, WOOD_RESTITUTION, TABLE_THICKNESS_M, body_coefficient

BASE_HEIGHT_M = 0.03

_cache_lock = threading.Lock()
_cache_dir: Path | None = None
_cache_files: dict[str, Path] = {}


def _private_dir() -> Path:
    """This process's folder under one per-user parent ($TMPDIR/junkart-hulls-<uid>/<pid>).
    A killed run cannot clean up after itself, so each start removes the folders of processes
    that are gone: leftovers never pile up."""
    global _cache_dir
    if _cache_dir is None:
        parent = Path(tempfile.gettempdir()) / f"junkart-hulls-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
        parent.mkdir(mode=0o700, exist_ok=True)
        if parent.is_symlink() or not parent.is_dir() or (hasattr(os, "getuid") and parent.stat().st_uid != os.getuid()):
            parent = Path(tempfile.mkdtemp(prefix="junkart-hulls-"))   # not ours to use: a private one
        _remove_stale(parent)
        _cache_dir = Path(tempfile.mkdtemp(prefix=f"{os.getpid()}-", dir=parent))
        atexit.register(shutil.rmtree, _cache_dir, True)
    return _cache_dir


def _remove_stale(parent: Path) -> None:
    for folder in parent.iterdir():
        pid = folder.name.split("-", 1)[0]
        if pid.isdigit() and not _is_running(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True      # someone else's process: leave its folder alone
    return True


def collision_file(shape: str) -> Path:
    """The decimetre-scale, margin-shrunk collision OBJ PyBullet loads for `shape`."""
    with _cache_lock:
        path = _cache_files.get(shape)
        if path is None:
            geometry = shape_geometry(shape)
            groups = []
            for i, part in enumerate(geometry.parts):
                mesh = hull(shrink_hull(part * SCALE, COLLISION_MARGIN))
                groups.append(MeshGroup(f"part_{i:02d}", mesh.vertices, mesh.faces))
            path = _private_dir() / f"{shape}_internal.obj"
            write_obj(path, groups, f"{shape}: internal units, hulls shrunk by the collision margin")
            _cache_files[shape] = path
        return path


class ShapeCache:
    """Collision shape ids of one client (after resetSimulation they are gone: make a new one)."""

    def __init__(self, client: int) -> None:
        self.client = client
        self.ids: dict[str, int] = {}

    def shape_id(self, shape: str) -> int:
        if shape not in self.ids:
            radius = SPHERE_RADIUS_M.get(shape)
            if radius is not None:
                # A sphere's margin is its radius: the primitive is exact as it is.
                self.ids[shape] = pb.createCollisionShape(pb.GEOM_SPHERE, radius=radius * SCALE, physicsClientId=self.client)
            else:
                self.ids[shape] = pb.createCollisionShape(pb.GEOM_MESH, fileName=str(collision_file(shape)), physicsClientId=self.client)
        return self.ids[shape]


def _wood(client: int, body: int, rolling_friction: float = 0.0) -> None:
    pb.changeDynamics(
        body, -1,
        lateralFriction=body_coefficient(WOOD_FRICTION),
        restitution=body_coefficient(WOOD_RESTITUTION),
        rollingFriction=rolling_friction,
        spinningFriction=0.0,
        # Positional static friction: without it a resting tower creeps ~0.4 mm/s (solver
        # drift) and a crossed-plank tower moved 4 mm in 10 s; with it, 0.3 mm and it stops.
        # What it costs a rolling body, and the limit that bounds it: settings.py
        # CONTACT_BREAKING_THRESHOLD.
        frictionAnchor=1,
        physicsClientId=client,
    )


def create_table(client: int, half_size_m: float) -> int:
    """A static slab whose top face is z = 0 (box shapes keep their margin inside: exact top)."""
    half = [half_size_m * SCALE, half_size_m * SCALE, TABLE_THICKNESS_M * SCALE / 2.0]
    shape = pb.createCollisionShape(pb.GEOM_BOX, halfExtents=half, physicsClientId=client)
    body = pb.createMultiBody(0.0, shape, basePosition=[0.0, 0.0, -half[2]], physicsClientId=client)
    _wood(client, body)
    return body


def base_orientation(base: BasePlacement) -> tuple[float, float, float, float]:
    """Face A up: the mesh as built; face B up: turned over about the base's own x axis."""
    roll = 0.0 if base.face == "A" else math.pi
    return tuple(pb.getQuaternionFromEuler([roll, 0.0, base.yaw]))  # type: ignore[return-value]


def create_base(client: int, shapes: ShapeCache, base: BasePlacement) -> int:
    position = [base.x * SCALE, base.y * SCALE, BASE_HEIGHT_M * SCALE / 2.0]
    body = pb.createMultiBody(0.0, shapes.shape_id("base"), basePosition=position, baseOrientation=base_orientation(base), physicsClientId=client)
    _wood(client, body)
    return body


def create_piece(client: int, shapes: ShapeCache, spec: PieceSpec, position_m: tuple[float, float, float],
                 orientation: tuple[float, float, float, float], static: bool) -> int:
    """A piece body; `static` bodies (mass 0) are frozen structures that cannot be reached."""
    position = [position_m[0] * SCALE, position_m[1] * SCALE, position_m[2] * SCALE]
    body = pb.createMultiBody(
        0.0 if static else spec.mass_kg,
        shapes.shape_id(spec.shape),
        basePosition=position,
        baseOrientation=list(orientation),
        physicsClientId=client,
    )
    if not static:
        # Bullet's own inertia for a hull is the box inertia of its AABB: replace it with the
        # exact principal moments (kg m^2 -> kg dm^2).
        pb.changeDynamics(body, -1, localInertiaDiagonal=[i * SCALE * SCALE for i in spec.inertia_kg_m2], physicsClientId=client)
    _wood(client, body, spec.rolling_friction)
    return body


def internal_vertices_m(shape: str) -> np.ndarray:
    """The exact hull vertices (metres, piece frame) used by the tape measure."""
    return shape_geometry(shape).vertices
