"""The tape measure: a faint column beside each structure, up to its height, with a label.

The column stands just off the base (so it never hides a piece); centimetre ticks make the
height readable at a glance. The label's words live here (`labels`, `tops`); the view draws
them flat on the screen beside each column's top, where they keep clear of the HUD and of
each other (scenes/table/layout.py).
"""
from __future__ import annotations

import math
from typing import Sequence

from panda3d.core import NodePath, TextNode, TransparencyAttrib

from physics.layout import BASE_HALF_M, TableLayout
from scenes.common import box_mesh, mesh_node, remove_node
from scenes.table import palette
from scenes.table.hud_model import height_text

COLUMN_HALF_M = 0.002
OFFSET_M = BASE_HALF_M + 0.018     # from the base centre, along the base's own +x
TICK_EVERY_M = 0.05


class TapeMeasures:
    def __init__(self, parent: NodePath) -> None:
        self.root = parent.attach_new_node("tape-measures")
        self.root.set_light_off()
        self.root.set_transparency(TransparencyAttrib.M_alpha)
        self.root.set_depth_write(False)
        self.root.set_bin("transparent", 20)
        self.labels: list[TextNode] = []
        self.tops: list[tuple[float, float, float]] = []     # each column's top (metres)
        self._columns: list[NodePath] = []

    def set_label_scale(self, camera_distance_m: float) -> None:
        """Labels are drawn on the screen at one size: nothing to do (kept for callers)."""

    def clear(self) -> None:
        for node in self._columns:
            remove_node(node)
        self._columns, self.labels, self.tops = [], [], []

    def update(self, layout: TableLayout, heights_mm: Sequence[float]) -> None:
        if len(self._columns) != layout.n_structures:
            self.clear()
            for k in range(layout.n_structures):
                self._columns.append(self._make(k))
            self.tops = [(0.0, 0.0, 0.0)] * layout.n_structures
        for k, (b, column) in enumerate(zip(layout.bases, self._columns)):
            height = heights_mm[k] / 1000.0 if k < len(heights_mm) else 0.0
            x = b.x + OFFSET_M * math.cos(b.yaw)
            y = b.y + OFFSET_M * math.sin(b.yaw)
            column.set_pos(x, y, 0.0)
            bar = column.find("bar")
            bar.set_scale(1.0, 1.0, max(height, 0.001))
            ticks = column.find("ticks")
            for child in ticks.get_children():
                child.remove_node()
            for i in range(1, int(height / TICK_EVERY_M) + 1):
                tick = ticks.attach_new_node(mesh_node("tick", *box_mesh(0.006, 0.0006, 0.0006)))
                tick.set_z(i * TICK_EVERY_M)
                tick.set_h(math.degrees(b.yaw))
            self.tops[k] = (x, y, height)
            self.labels[k].set_text(height_text(heights_mm[k]) if k < len(heights_mm) else "")

    def _make(self, k: int) -> NodePath:
        column = self.root.attach_new_node(f"tape-{k}")
        bar = column.attach_new_node("bar")
        geom = bar.attach_new_node(mesh_node("tape", *box_mesh(COLUMN_HALF_M, COLUMN_HALF_M, 0.5)))
        geom.set_z(0.5)            # unit-high column from z=0, scaled to the height
        bar.set_color(*palette.TAPE)
        ticks = column.attach_new_node("ticks")
        ticks.set_color(palette.TAPE[0], palette.TAPE[1], palette.TAPE[2], 0.8)
        text = TextNode(f"tape-label-{k}")
        text.set_text_color(*palette.TAPE_TEXT)
        text.set_align(TextNode.A_left)
        text.set_card_color(0.05, 0.05, 0.06, 0.72)
        text.set_card_as_margin(0.25, 0.25, 0.15, 0.1)
        self.labels.append(text)
        return column
