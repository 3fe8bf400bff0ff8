"""The camera during a Nashville shot: it glides after the flying disc, which draws a short
fading trail (a small disc is easy to lose). The game's window and `replay watch` both call
`follow` once a frame with the motion playing."""
from __future__ import annotations

from typing import Any

from physics.motion import Motion
from physics.shots import DISC_ID_PREFIX
from scenes.table.shot_marks import ShotMarks

DISC_FOLLOW = 0.25           # the camera goes this share of the way to the disc each frame
TRAIL_FRAMES = 12            # the flying disc draws a trail of its last this many frames


class DiscCamera:
    """Moves `view`'s camera after the disc of the shot playing; draws nothing otherwise."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.marks = ShotMarks(view.root)
        self._trail: list[tuple[float, float, float]] = []    # the disc's last positions in flight

    def follow(self, motion: Motion | None) -> bool:
        """While a shot plays, the camera glides after the disc, keeping in view the base it
        flies at (the one nearest it, other than the shooter's). True when it moved the camera."""
        layout = self.view.layout
        if motion is None or layout is None or not motion.piece_id.startswith(DISC_ID_PREFIX):
            self.stop()
            return False
        node = self.view.pieces.get(motion.piece_id)
        if node is None or node.is_hidden():
            return False
        disc = node.get_pos()
        self._trail = (self._trail + [tuple(disc)])[-TRAIL_FRAMES:]
        self.marks.trail(self._trail)
        others = [b for k, b in enumerate(layout.bases) if k != motion.seat] or list(layout.bases)
        near = min(others, key=lambda b: (b.x - disc.x) ** 2 + (b.y - disc.y) ** 2)
        spread = ((near.x - disc.x) ** 2 + (near.y - disc.y) ** 2) ** 0.5
        camera = self.view.camera
        target, distance = camera.target, camera.distance_m
        camera.frame(((disc.x + near.x) / 2, (disc.y + near.y) / 2, 0.04), max(0.22, spread / 2 + 0.12))
        # A glide, not a cut: a quarter of the way there each frame.
        camera.target = tuple(a + (b - a) * DISC_FOLLOW for a, b in zip(target, camera.target))
        camera.distance_m = distance + (camera.distance_m - distance) * DISC_FOLLOW
        self.view.apply_camera()
        return True

    def stop(self) -> None:
        """No disc flying: its trail goes (the camera stays where it is)."""
        if self._trail:
            self._trail = []
            self.marks.hide()
