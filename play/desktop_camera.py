"""The table's camera under your mouse: right-drag orbits, middle-drag pans, the wheel zooms
(when no piece is in hand: play/desktop_keys.py's `TableInput.wheel` asks `zoom` then)."""
from __future__ import annotations

import time
from typing import Any

USER_CAMERA_S = 12.0      # after you move the camera, it stops following whoever acts this long
DRAG_BUTTONS = (("mouse3", "orbit"), ("mouse2", "pan"))
ORBIT_DEG_PER_SCREEN = (120.0, 60.0)     # heading, pitch per full window width / height dragged


class CameraControl:
    def __init__(self, base: Any, view: Any) -> None:
        self.base, self.view = base, view
        self._drag: tuple[str, float, float] | None = None

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    def bind(self) -> None:
        for button, mode in DRAG_BUTTONS:
            self.base.accept(button, self.start_drag, [mode])
            self.base.accept(f"{button}-up", self.end_drag)

    def unbind(self) -> None:
        for button, _ in DRAG_BUTTONS:
            self.base.ignore(button)
            self.base.ignore(f"{button}-up")

    def zoom(self, factor: float) -> None:
        self._took_over()
        self.view.camera.zoom(factor)
        self.view.apply_camera()

    def start_drag(self, mode: str) -> None:
        watcher = self.base.mouseWatcherNode
        if watcher is not None and watcher.has_mouse():
            self._drag = (mode, watcher.get_mouse_x(), watcher.get_mouse_y())
            self._took_over()

    def _took_over(self) -> None:
        """Your camera: the view stops following whoever acts for a while (TableView.follow_seat)."""
        self.view.user_camera_until = time.monotonic() + USER_CAMERA_S

    def end_drag(self) -> None:
        self._drag = None

    def drag(self) -> None:
        """Every frame: follow a drag in progress."""
        watcher = getattr(self.base, "mouseWatcherNode", None)
        if self._drag is None or watcher is None or not watcher.has_mouse():
            return
        mode, x0, y0 = self._drag
        x, y = watcher.get_mouse_x(), watcher.get_mouse_y()
        if mode == "orbit":
            self.view.camera.orbit(-(x - x0) * ORBIT_DEG_PER_SCREEN[0], -(y - y0) * ORBIT_DEG_PER_SCREEN[1])
        else:
            scale = self.view.camera.distance_m
            self.view.camera.pan(-(x - x0) * scale, -(y - y0) * scale)
        self._drag = (mode, x, y)
        self.view.apply_camera()
