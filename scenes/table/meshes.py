"""Piece and base meshes for rendering, read once from `assets/meshes/<shape>_visual.obj`.

The visual meshes share vertices across hard edges; with per-vertex (fixed-function) lighting
that smears a plank's edges into a blur. So each mesh is split where faces meet at more than
SMOOTH_ANGLE, which keeps cylinders and balls round and boxes crisp.
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import trimesh
from panda3d.core import GeomNode

from game.assets import assets_path
from physics.meshfile import read_obj
from scenes.common import mesh_node

SMOOTH_ANGLE = math.radians(35.0)


@lru_cache(maxsize=None)
def shape_mesh(shape: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(vertices, faces, vertex normals) of a shape's visual mesh in its piece frame (metres)."""
    path = assets_path("meshes", f"{shape}_visual.obj")
    if not path.is_file():
        raise FileNotFoundError(f"missing mesh {path}; run `python -m physics.build_assets`")
    groups = read_obj(path)
    offsets = np.cumsum([0] + [len(g.vertices) for g in groups[:-1]])
    mesh = trimesh.Trimesh(vertices=np.vstack([g.vertices for g in groups]),
                           faces=np.vstack([g.faces + o for g, o in zip(groups, offsets)]), process=False)
    shaded = trimesh.graph.smooth_shade(mesh, angle=SMOOTH_ANGLE)
    return (np.asarray(shaded.vertices, np.float32), np.asarray(shaded.faces, np.int64),
            np.asarray(shaded.vertex_normals, np.float32))


@lru_cache(maxsize=None)
def shape_node(shape: str) -> GeomNode:
    """One shared GeomNode per shape; pieces instance it under their own coloured NodePath."""
    vertices, faces, normals = shape_mesh(shape)
    return mesh_node(shape, vertices, faces, normals)
