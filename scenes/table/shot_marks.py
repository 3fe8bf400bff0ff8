"""The marks of a Nashville shot being aimed, drawn on the table: the slingshot band from your
cowboy back to where you pull (its length is the power), and the disc's flight as the physics
previews it, ending in a ring where it first meets something."""
from __future__ import annotations

import math
from typing import Sequence

from panda3d.core import LineSegs, NodePath, TransparencyAttrib

BAND_RGBA = (1.0, 0.78, 0.25, 0.95)      # the pull: warm, like the turn banner's highlight
FLIGHT_RGBA = (1.0, 1.0, 1.0, 0.85)
MARK_LIFT_M = 0.002                       # drawn just above the table top
HIT_RING_M = 0.012
FULL_BAND_M = 0.20                        # the band at full power (play/desktop_shot.FULL_DRAG_M)


class ShotMarks:
    """Holds one NodePath under the table view's root; `show` redraws it, `hide` clears it."""

    def __init__(self, root: NodePath) -> None:
        self.root = root
        self._node: NodePath | None = None

    @property
    def shown(self) -> bool:
        return self._node is not None

    def show(self, cowboy_xy: tuple[float, float], direction_deg: float, power: float,
             flight: Sequence[Sequence[float]]) -> None:
        self.hide()
        lines = LineSegs("shot-aim")
        # The band: pulled back from the cowboy, away from where the disc will go.
        a = math.radians(direction_deg)
        back = FULL_BAND_M * max(0.05, power)
        cx, cy = cowboy_xy
        lines.set_thickness(5.0)
        lines.set_color(*BAND_RGBA)
        lines.move_to(cx, cy, MARK_LIFT_M)
        lines.draw_to(cx - back * math.cos(a), cy - back * math.sin(a), MARK_LIFT_M)
        # The flight, as dashes (every other sample) so the table shows through.
        lines.set_thickness(2.5)
        lines.set_color(*FLIGHT_RGBA)
        points = [tuple(p) for p in flight]
        for k in range(0, len(points) - 1, 2):
            lines.move_to(*points[k])
            lines.draw_to(*points[k + 1])
        if points:
            x, y, z = points[-1]
            for i in range(17):
                t = 2.0 * math.pi * i / 16
                at = (x + HIT_RING_M * math.cos(t), y + HIT_RING_M * math.sin(t), max(z, MARK_LIFT_M))
                lines.move_to(*at) if i == 0 else lines.draw_to(*at)
        node = self.root.attach_new_node(lines.create())
        node.set_light_off()
        node.set_transparency(TransparencyAttrib.M_alpha)
        node.set_bin("fixed", 21)
        node.set_depth_test(False)
        self._node = node

    def trail(self, points: Sequence[Sequence[float]]) -> None:
        """The disc's last few positions in flight, fading: a small disc is easy to lose."""
        self.hide()
        if len(points) < 2:
            return
        lines = LineSegs("disc-trail")
        lines.set_thickness(3.0)
        for k in range(1, len(points)):
            lines.set_color(*FLIGHT_RGBA[:3], FLIGHT_RGBA[3] * k / len(points))
            lines.move_to(*points[k - 1])
            lines.draw_to(*points[k])
        node = self.root.attach_new_node(lines.create())
        node.set_light_off()
        node.set_transparency(TransparencyAttrib.M_alpha)
        node.set_bin("fixed", 21)
        self._node = node

    def hide(self) -> None:
        if self._node is not None:
            self._node.remove_node()
            self._node = None
