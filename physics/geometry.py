"""Geometry shared by the asset builder and the runtime: hulls, mass properties, margins.

Kept free of pybullet so the asset builder and the catalogue can use it without a client.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import permutations
from typing import Sequence

import numpy as np
import trimesh
from scipy.spatial import ConvexHull, HalfspaceIntersection


@dataclass(frozen=True)
class MassProperties:
    """Per unit density: volume, centre of mass and inertia tensor about that centre."""

    volume: float
    center: np.ndarray   # (3,)
    inertia: np.ndarray  # (3, 3)


def hull(points: np.ndarray) -> trimesh.Trimesh:
    """The convex hull of `points` as a closed, outward-facing triangle mesh."""
    return trimesh.convex.convex_hull(np.asarray(points, dtype=float))


def combined_mass_properties(meshes: list[trimesh.Trimesh]) -> MassProperties:
    """Mass properties of a union of closed meshes with disjoint interiors (parts that tile)."""
    volumes = np.array([m.volume for m in meshes])
    centers = np.array([m.center_mass for m in meshes])
    volume = float(volumes.sum())
    center = (volumes[:, None] * centers).sum(axis=0) / volume
    inertia = np.zeros((3, 3))
    for mesh, v, c in zip(meshes, volumes, centers):
        d = c - center
        # trimesh's moment_inertia is about the part's own centre of mass, for density 1.
        inertia += np.asarray(mesh.moment_inertia) + v * (np.dot(d, d) * np.eye(3) - np.outer(d, d))
    return MassProperties(volume, center, inertia)


def principal_axes(inertia: np.ndarray, tolerance: float = 1e-6) -> np.ndarray:
    """Rotation R (columns = principal axes) that diagonalises `inertia`, as close to I as possible.

    Symmetric shapes (products of inertia already ~0) keep the identity, so their meshes are not
    turned by eigen-solver noise; the others (L-bracket, wedge) get the eigenvectors, ordered and
    signed to stay nearest to the design axes and right-handed.
    """
    off_diagonal = inertia - np.diag(np.diag(inertia))
    if np.abs(off_diagonal).max() <= tolerance * np.abs(inertia).max():
        return np.eye(3)
    _, vectors = np.linalg.eigh(inertia)
    best = max(permutations(range(3)), key=lambda order: sum(abs(vectors[axis, col]) for axis, col in enumerate(order)))
    rotation = vectors[:, list(best)]
    rotation = rotation * np.sign(np.diag(rotation))
    if np.linalg.det(rotation) < 0:
        rotation[:, int(np.argmin(np.abs(np.diag(rotation))))] *= -1.0
    return rotation


def shrink_hull(points: np.ndarray, margin: float) -> np.ndarray:
    """Vertices of the convex hull of `points` with every face moved inwards by `margin`.

    Bullet inflates a convex hull by its collision margin (a Minkowski sum with a sphere), so a
    hull shrunk by exactly that margin collides with its true flat faces: pieces neither hover
    nor sink, and heights measured from the exact vertices stay exact.
    """
    pts = np.asarray(points, dtype=float)
    qhull = ConvexHull(pts)
    equations = qhull.equations.copy()          # rows (n, d): n.x + d <= 0 inside
    equations[:, 3] += margin
    interior = pts[qhull.vertices].mean(axis=0)
    shrunk = HalfspaceIntersection(equations, interior).intersections
    # Several planes meet at apexes (cone tip), which yields near-duplicate points: merge them.
    keyed = np.round(shrunk / (margin * 1e-3), 0)
    _, first = np.unique(keyed, axis=0, return_index=True)
    return shrunk[np.sort(first)]


def quaternion_matrix(quaternion_xyzw: np.ndarray) -> np.ndarray:
    """3x3 rotation matrix from a unit quaternion (x, y, z, w)."""
    x, y, z, w = quaternion_xyzw
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def rotate_quaternion(axis: Sequence[float], angle: float, quat: Sequence[float]) -> tuple[float, float, float, float]:
    """`quat` (x, y, z, w) turned by `angle` (rad) about the world-frame unit `axis`: q_axis * q.
    Not renormalised: about z this is exactly the yaw the planner has always composed, so its
    recorded and planned poses stay bit for bit the same."""
    s, c = math.sin(angle / 2), math.cos(angle / 2)
    ax, ay, az = (a * s for a in axis)
    x, y, z, w = quat
    return (c * x + ax * w + ay * z - az * y,
            c * y - ax * z + ay * w + az * x,
            c * z + ax * y - ay * x + az * w,
            c * w - ax * x - ay * y - az * z)


def matrix_quaternion(matrix: np.ndarray) -> tuple[float, float, float, float]:
    """Unit quaternion (x, y, z, w) of a rotation matrix, with w >= 0."""
    m = np.asarray(matrix, dtype=float)
    trace = m[0, 0] + m[1, 1] + m[2, 2]
    if trace > 0:
        s = 2.0 * np.sqrt(trace + 1.0)
        q = np.array([(m[2, 1] - m[1, 2]) / s, (m[0, 2] - m[2, 0]) / s, (m[1, 0] - m[0, 1]) / s, 0.25 * s])
    elif m[0, 0] > m[1, 1] and m[0, 0] > m[2, 2]:
        s = 2.0 * np.sqrt(1.0 + m[0, 0] - m[1, 1] - m[2, 2])
        q = np.array([0.25 * s, (m[0, 1] + m[1, 0]) / s, (m[0, 2] + m[2, 0]) / s, (m[2, 1] - m[1, 2]) / s])
    elif m[1, 1] > m[2, 2]:
        s = 2.0 * np.sqrt(1.0 + m[1, 1] - m[0, 0] - m[2, 2])
        q = np.array([(m[0, 1] + m[1, 0]) / s, 0.25 * s, (m[1, 2] + m[2, 1]) / s, (m[0, 2] - m[2, 0]) / s])
    else:
        s = 2.0 * np.sqrt(1.0 + m[2, 2] - m[0, 0] - m[1, 1])
        q = np.array([(m[0, 2] + m[2, 0]) / s, (m[1, 2] + m[2, 1]) / s, 0.25 * s, (m[1, 0] - m[0, 1]) / s])
    q = q / np.linalg.norm(q)
    if q[3] < 0:
        q = -q
    return (float(q[0]), float(q[1]), float(q[2]), float(q[3]))
