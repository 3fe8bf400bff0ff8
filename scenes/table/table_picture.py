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
        reach = max(math.hypot(b.x, b.y) for b in layout.bases)
        tallest = max([0.05] + [top[2] for top in view.structure_tops()])
        camera.frame((0.0, 0.0, tallest * 0.3), 0.8 * reach + 0.1 + 0.3 * tallest)
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

