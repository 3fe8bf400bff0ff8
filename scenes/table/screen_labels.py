"""The labels over the table, drawn flat on the screen: each structure's height beside its tape
column's top, and a name tag by each base (the seat's name in its colour, the acting seat lit).

Every frame they are placed anew where the camera shows their points, clear of the HUD's
blocks and of each other (scenes/table/layout.py); a label with no clear spot waits hidden.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from panda3d.core import NodePath, TextNode

from scenes.common import ui_font
from scenes.table import palette
from scenes.table.hud_model import NameTag
from scenes.table.layout import Rect, Wanted, beside, place, under

TAPE_SCALE = 0.036
TAG_SCALE = 0.038


class ScreenLabels:
    def __init__(self, base: Any) -> None:
        self.base = base
        self.root: NodePath = base.aspect2d.attach_new_node("table-labels")
        self.root.set_bin("fixed", 5)       # under the HUD's widgets, which keep clear anyway
        self.font = ui_font(base.loader, bold=True)
        self._nodes: dict[str, tuple[NodePath, TextNode]] = {}
        self.shown: dict[str, Rect] = {}    # label key -> where it is drawn now (tests read this)
        self.hidden: list[str] = []

    def _node(self, key: str) -> tuple[NodePath, TextNode]:
        if key not in self._nodes:
            text = TextNode(key)
            if self.font is not None:
                text.set_font(self.font)
            text.set_align(TextNode.A_left)
            text.set_card_as_margin(0.3, 0.3, 0.18, 0.12)
            node = self.root.attach_new_node(text)
            self._nodes[key] = (node, text)
        return self._nodes[key]

    def update(self, project: Callable[[Sequence[float]], tuple[float, float] | None],
               tape: Sequence[tuple[tuple[float, float, float], str]],
               tags: Sequence[tuple[tuple[float, float, float], NameTag]],
               obstacles: Sequence[Rect]) -> None:
        """Place the labels: `tape` pairs a column top (metres) with its text, `tags` a base's
        front edge with its name tag; `project` maps a table point to the window (-1..1)."""
        a, t = float(self.base.a2dRight), float(self.base.a2dTop)
        screen = Rect(-a + 0.01, -t + 0.01, a - 0.01, t - 0.01)
        entries: list[tuple[str, tuple[float, float] | None, str, float, Any, bool]] = []
        for k, (point, text) in enumerate(tape):
            entries.append((f"tape-{k}", project(point), text, TAPE_SCALE, palette.TAPE_TEXT, False))
        for point, tag in tags:
            colour = palette.seat_colour(tag.seat) if tag.seat is not None else (0.9, 0.9, 0.9, 1.0)
            entries.append((f"tag-{tag.structure}", project(point), tag.name, TAG_SCALE, colour, tag.active))
        # The acting seat's tag first, then the heights, then the other names.
        entries.sort(key=lambda e: 0 if e[5] else (1 if e[0].startswith("tape") else 2))
        wanted, keys = [], []
        for key, at, text, scale, colour, active in entries:
            node, tn = self._node(key)
            tn.set_text(text)
            tn.set_text_color(*((0.08, 0.06, 0.02, 1.0) if active else colour))
            tn.set_card_color(*((0.98, 0.78, 0.30, 0.95) if active else (0.05, 0.05, 0.06, 0.72)))
            if at is None or not text:
                node.hide()
                continue
            l, r, b, top = tn.get_card_actual()
            w, h = (r - l) * scale, (top - b) * scale
            x, y = at[0] * a, at[1] * t
            spots = under(w, h) if key.startswith("tag") else beside(w, h)
            wanted.append(Wanted(w, h, (x, y), spots))
            keys.append((key, node, l, b, scale))
        self.shown, self.hidden = {}, []
        for (key, node, l, b, scale), rect in zip(keys, place(wanted, obstacles, screen)):
            if rect is None:
                node.hide()
                self.hidden.append(key)
                continue
            node.set_scale(scale)
            node.set_pos(rect.x0 - l * scale, 0, rect.y0 - b * scale)
            node.show()
            self.shown[key] = rect
        for key, (node, _) in self._nodes.items():
            if key not in self.shown:
                node.hide()

    def hide(self) -> None:
        self.root.hide()

    def unhide(self) -> None:
        self.root.show()

    def destroy(self) -> None:
        self.root.remove_node()
        self._nodes.clear()
