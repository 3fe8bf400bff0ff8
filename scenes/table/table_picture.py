"""A picture of the table as it stands, for the scoreboards: the whole table seen from above,
rendered once into a texture by a second camera (the window's own view is left as it is).

The camera renders `base.render` (the table, its pieces, their shadows and the tape measures)
into an offscreen texture buffer for one frame; the HUD, drawn in render2d, is not in it.
The texture keeps a copy in RAM, so tests (and anyone saving it) can read the pixels.
"""
from __future__ import annotations

import math
from typing import Any

from panda3d.core import NodePath, PerspectiveLens, Texture

from physics.layout import BASE_HALF_M
from scenes.table.camera import FAR_M, NEAR_M, OrbitCamera

SIZE = (640, 360)          # pixels: the scoreboard shows it at about this size on a 1280 x 720 window
PITCH_DEG = 52.0           # higher than the play view: every structure shows, none hides another


class TablePicture:
    """Holds the last picture's buffer and camera until the next one (or `destroy`)."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.texture: Texture | None = None
        self._buffer: Any = None
        self._camera: NodePath | None = None

    def take(self, view: Any) -> Texture | None:
        """Render `view`'s table as it stands now into a new texture (ready after the next frame)."""
        self.destroy()
        layout = view.layout
        if layout is None or self.base.win is None:
            return None
        texture = Texture("table-picture")
        buffer = self.base.win.make_texture_buffer("table-picture", SIZE[0], SIZE[1], texture, True)
        if buffer is None:           # no offscreen buffers on this driver: the board goes without
            return None
        buffer.set_clear_color(view.base.get_background_color())
        buffer.set_sort(-50)          # before the window, in the same frame
        buffer.set_one_shot(True)
        lens = PerspectiveLens()
        camera = OrbitCamera(heading_deg=view.camera.heading_deg, pitch_deg=PITCH_DEG)
        points = [(b.x + dx, b.y + dy, 0.0) for b in layout.bases for dx in (-BASE_HALF_M, BASE_HALF_M)
                  for dy in (-BASE_HALF_M, BASE_HALF_M)] + list(view.structure_tops())
        points += [tuple(pose[1]) for pose in view.shown_poses().values()]     # fallen pieces too
        _fit(camera, points, SIZE[0] / SIZE[1])
        hfov = math.degrees(2.0 * math.atan(math.tan(math.radians(camera.fov_deg) / 2.0) * SIZE[0] / SIZE[1]))
        lens.set_fov(hfov, camera.fov_deg)
        lens.set_near_far(NEAR_M, FAR_M)
        node = self.base.make_camera(buffer, lens=lens)
        node.reparent_to(self.base.render)
        node.set_pos(*camera.eye())
        node.look_at(*camera.target)
        self._buffer, self._camera, self.texture = buffer, node, texture
        texture.set_clear_color((0.0, 0.0, 0.0, 0.0))
        texture.set_wrap_u(Texture.WM_clamp)
        texture.set_wrap_v(Texture.WM_clamp)
        return texture

    def rendered(self) -> bool:
        """True once the picture's frame has been drawn (and copied to RAM)."""
        return self.texture is not None and self.texture.has_ram_image()

    def destroy(self) -> None:
        if self._camera is not None:
            self._camera.remove_node()
            self._camera = None
        if self._buffer is not None:
            self.base.graphicsEngine.remove_window(self._buffer)
            self._buffer = None



def _fit(camera: OrbitCamera, points: list[tuple[float, float, float]], aspect: float, room: float = 0.9) -> None:
    """Aim at the points' middle and come as close as every point allows (each inside `room` of
    the half-view): the structures fill the picture however tall they grew."""
    xs, ys, zs = zip(*points)
    camera.target = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (min(zs) + max(zs)) / 2)
    tan_v = math.tan(math.radians(camera.fov_deg) / 2) * room
    tan_h = tan_v * aspect

    def fits(distance: float) -> bool:
        camera.distance_m = distance
        ex, ey, ez = camera.eye()
        tx, ty, tz = camera.target
        f = (tx - ex, ty - ey, tz - ez)
        norm = math.sqrt(sum(c * c for c in f))
        f = (f[0] / norm, f[1] / norm, f[2] / norm)
        r = (f[1], -f[0], 0.0)
        rn = math.hypot(r[0], r[1]) or 1.0
        r = (r[0] / rn, r[1] / rn, 0.0)
        u = (r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0])
        for px, py, pz in points:
            d = (px - ex, py - ey, pz - ez)
            depth = d[0] * f[0] + d[1] * f[1] + d[2] * f[2]
            if depth <= 0.05:
                return False
            if abs(d[0] * r[0] + d[1] * r[1]) > tan_h * depth or abs(d[0] * u[0] + d[1] * u[1] + d[2] * u[2]) > tan_v * depth:
                return False
        return True

    near, far = 0.1, 8.0
    for _ in range(40):
        middle = (near + far) / 2
        if fits(middle):
            far = middle
        else:
            near = middle
    camera.distance_m = far
