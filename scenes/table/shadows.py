"""Soft shadows for the pieces without a shader: baked soft blobs laid flat under each piece.

This renderer has no shader generator and simplepbr's shadow maps crash it (engine-notes
section 5), so the shadows are fixed-function decals that follow the pieces:
  contact   under each piece, on whatever it rests on or hangs over (the table, a base's top, the
            top of a piece below), shaped like its footprint, softer and fainter the higher the
            piece floats: a stack reads as layers.
  cast      each piece above the table also darkens the table where the key light would throw
            its shadow, so a tower lays a long soft shadow away from the light: its height reads.
The surface under a piece is found from the shown poses (bounding boxes), never from physics.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np
import trimesh
from panda3d.core import CardMaker, NodePath, Texture, TransparencyAttrib

from physics.bodies import BASE_HEIGHT_M
from physics.layout import BASE_HALF_M, TableLayout
from scenes.table.meshes import shape_mesh

# Where the key light comes from (TableView's key light, hpr (-35, -58)): a point at height z
# throws its shadow this far along x and y per metre of height.
KEY_HPR = (-35.0, -58.0)
_h, _p = math.radians(KEY_HPR[0]), math.radians(KEY_HPR[1])
CAST_PER_M = (-math.sin(_h) * math.cos(_p) / -math.sin(_p), math.cos(_h) * math.cos(_p) / -math.sin(_p))
CONTACT_ALPHA = 0.6
CAST_ALPHA = 0.3
FADE_M = 0.12              # a contact shadow fades out over this much gap
LIFT_M = 0.0007            # decals sit this far above the surface they darken


@lru_cache(maxsize=None)
def hull_points(shape: str) -> np.ndarray:
    """The shape's convex hull corners (metres, piece frame): enough to bound a pose."""
    vertices = shape_mesh(shape)[0]
    return np.asarray(trimesh.convex.convex_hull(vertices).vertices, np.float64)


def _rotation(q: Sequence[float]) -> np.ndarray:
    x, y, z, w = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def footprint(shape: str, position: Sequence[float], orientation: Sequence[float]) -> tuple[float, float, float, float, float, float, float]:
    """(cx, cy, heading_deg, length, width, bottom z, top z) of a piece's shadow-casting outline:
    its points seen from above, measured along the piece's own long axis."""
    points = hull_points(shape) @ _rotation(orientation).T + np.asarray(position, np.float64)
    xy = points[:, :2]
    centred = xy - xy.mean(axis=0)
    cov = centred.T @ centred
    angle = 0.5 * math.atan2(2 * cov[0, 1], cov[0, 0] - cov[1, 1])
    c, s = math.cos(angle), math.sin(angle)
    along, across = centred[:, 0] * c + centred[:, 1] * s, -centred[:, 0] * s + centred[:, 1] * c
    mid_a, mid_c = (along.max() + along.min()) / 2, (across.max() + across.min()) / 2
    cx, cy = xy.mean(axis=0) + (mid_a * c - mid_c * s, mid_a * s + mid_c * c)
    return (float(cx), float(cy), math.degrees(angle), float(np.ptp(along)), float(np.ptp(across)),
            float(points[:, 2].min()), float(points[:, 2].max()))


class PieceShadows:
    """Two soft decals per piece (contact, cast), moved by `update` whenever poses change."""

    def __init__(self, parent: NodePath) -> None:
        self.root = parent.attach_new_node("piece-shadows")
        self.root.set_light_off()
        self.root.set_transparency(TransparencyAttrib.M_alpha)
        self.root.set_depth_write(False)
        self.root.set_bin("transparent", -10)       # after the solid pieces, before see-through ones
        self.root.set_texture(blob_texture())
        self._nodes: dict[tuple[str, str], NodePath] = {}
        self._outlines: dict[str, tuple[tuple, tuple]] = {}
        self.placed: dict[str, tuple[float, float, float, float]] = {}   # piece -> (x, y, z, alpha) of its contact shadow

    def _node(self, piece_id: str, kind: str) -> NodePath:
        key = (piece_id, kind)
        if key not in self._nodes:
            maker = CardMaker(f"shadow-{kind}-{piece_id}")
            maker.set_frame(-0.5, 0.5, -0.5, 0.5)
            holder = self.root.attach_new_node(f"shadow-{kind}")
            card = holder.attach_new_node(maker.generate())
            card.set_p(-90.0)            # CardMaker draws upright: lay it flat, facing up
            self._nodes[key] = holder
        return self._nodes[key]

    def update(self, layout: TableLayout | None, poses: Mapping[str, tuple[str, Sequence[float], Sequence[float]]]) -> None:
        """`poses`: every piece on the table, id -> (shape, position, orientation xyzw)."""
        outlines = {pid: self._outline(pid, shape, pos, quat) for pid, (shape, pos, quat) in poses.items()}
        bases = [] if layout is None else [(b.x, b.y) for b in layout.bases]
        self.placed = {}
        # Every piece against every other at once (a motion asks each frame): centre, reach, top.
        table = np.array([(o[0], o[1], max(o[3], o[4]), o[6]) for o in outlines.values()]).reshape(-1, 4)
        for k, (pid, (cx, cy, heading, length, width, bottom, top)) in enumerate(outlines.items()):
            surface, support = 0.0, math.inf        # the surface's height, and its size across
            for bx, by in bases:
                if abs(cx - bx) <= BASE_HALF_M and abs(cy - by) <= BASE_HALF_M and bottom >= BASE_HEIGHT_M - 0.004:
                    surface, support = max(surface, BASE_HEIGHT_M), 2 * BASE_HALF_M
            under = ((np.abs(table[:, 0] - cx) <= table[:, 2] / 2) & (np.abs(table[:, 1] - cy) <= table[:, 2] / 2)
                     & (table[:, 3] <= bottom + 0.004))
            under[k] = False
            if under.any():
                below = int(np.argmax(np.where(under, table[:, 3], -np.inf)))
                if table[below, 3] > surface:
                    surface, support = float(table[below, 3]), float(table[below, 2])
            gap = max(0.0, bottom - surface)
            alpha = CONTACT_ALPHA * max(0.0, 1.0 - gap / FADE_M)
            grow = 1.4 + 3.0 * gap
            # On top of a piece the decal lies at that piece's top: kept no wider than it, so it
            # does not hang in the air beside it.
            size_l, size_w = min(length * grow + 0.015, support), min(width * grow + 0.015, support)
            # Nudged away from the light by a share of the piece's height: it peeks out on the far side.
            lean = min(0.3 * (top - bottom), 0.02)
            self._put(self._node(pid, "contact"), cx + CAST_PER_M[0] * lean, cy + CAST_PER_M[1] * lean,
                      surface + LIFT_M, heading, size_l, size_w, alpha)
            self.placed[pid] = (cx, cy, surface + LIFT_M, alpha)
            cast = self._node(pid, "cast")
            mid = (bottom + top) / 2
            if surface <= 0.0 and bottom < 0.01:
                cast.hide()                  # on the table already: its contact shadow is its shadow
                continue
            self._put(cast, cx + CAST_PER_M[0] * mid, cy + CAST_PER_M[1] * mid, LIFT_M * 0.8, heading,
                      length * 1.2 + 0.015 + 0.35 * (top - bottom), width * 1.2 + 0.015, CAST_ALPHA)
        for (pid, _), node in self._nodes.items():
            if pid not in outlines:
                node.hide()

    def _outline(self, pid: str, shape: str, position: Sequence[float], orientation: Sequence[float]) -> tuple:
        """`footprint`, remembered while the piece stays where it is."""
        key = (tuple(position), tuple(orientation))
        cached = self._outlines.get(pid)
        if cached is None or cached[0] != key:
            cached = (key, footprint(shape, position, orientation))
            self._outlines[pid] = cached
        return cached[1]

    @staticmethod
    def _put(node: NodePath, x: float, y: float, z: float, heading: float, length: float, width: float,
             alpha: float) -> None:
        if alpha <= 0.01:
            node.hide()
            return
        node.set_pos(x, y, z)
        node.set_h(heading)
        node.set_scale(length, width, 1.0)
        node.set_color(0.0, 0.0, 0.0, alpha)
        node.show()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.remove_node()
        self._nodes.clear()


_blob: list[Texture] = []


def blob_texture() -> Texture:
    """A soft rounded rectangle: dark in the middle, fading to nothing at the edge (baked once)."""
    if _blob:
        return _blob[0]
    size = 64
    y, x = (np.mgrid[0:size, 0:size].astype(np.float32) + 0.5) / size * 2.0 - 1.0
    r = (np.abs(x) ** 3 + np.abs(y) ** 3) ** (1.0 / 3.0)
    alpha = np.clip((1.0 - r) / 0.35, 0.0, 1.0) ** 1.2
    texture = Texture("piece-shadow")
    texture.setup_2d_texture(size, size, Texture.T_unsigned_byte, Texture.F_alpha)
    texture.set_ram_image((alpha * 255).astype(np.uint8).tobytes())
    texture.set_wrap_u(Texture.WM_clamp)
    texture.set_wrap_v(Texture.WM_clamp)
    _blob.append(texture)
    return texture
