"""An orbit camera in metres: a target point, a heading around it, a pitch above it, a distance.

Kept as plain numbers and applied to Panda's camera in one place, so the desktop bindings
(right-drag orbits, middle-drag pans, wheel zooms, Space recentres) and tests drive the same
small API. The near plane is 1 cm: Panda's default of 1 m renders a metre-scale scene blank
(engine-notes section 5).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

NEAR_M = 0.01
FAR_M = 60.0
MIN_DISTANCE_M = 0.12
MAX_DISTANCE_M = 6.0
MIN_PITCH_DEG = 5.0
MAX_PITCH_DEG = 85.0


@dataclass
class OrbitCamera:
    target: tuple[float, float, float] = (0.0, 0.0, 0.1)
    heading_deg: float = 0.0       # 0 looks along +y (from a seat at -y), positive turns left
    pitch_deg: float = 30.0        # above the horizon
    distance_m: float = 1.2
    fov_deg: float = 45.0

    def eye(self) -> tuple[float, float, float]:
        h, p = math.radians(self.heading_deg), math.radians(self.pitch_deg)
        back = self.distance_m * math.cos(p)
        tx, ty, tz = self.target
        return (tx + back * math.sin(h), ty - back * math.cos(h), tz + self.distance_m * math.sin(p))

    def orbit(self, d_heading_deg: float, d_pitch_deg: float) -> None:
        self.heading_deg = (self.heading_deg + d_heading_deg) % 360.0
        self.pitch_deg = min(MAX_PITCH_DEG, max(MIN_PITCH_DEG, self.pitch_deg + d_pitch_deg))

    def zoom(self, factor: float) -> None:
        """factor < 1 moves closer."""
        self.distance_m = min(MAX_DISTANCE_M, max(MIN_DISTANCE_M, self.distance_m * factor))

    def pan(self, right_m: float, forward_m: float) -> None:
        """Slide the target over the table in the camera's own right / forward directions."""
        h = math.radians(self.heading_deg)
        tx, ty, tz = self.target
        self.target = (tx + right_m * math.cos(h) - forward_m * math.sin(h),
                       ty + right_m * math.sin(h) + forward_m * math.cos(h), tz)

    def frame(self, center: tuple[float, float, float], radius_m: float) -> None:
        """Look at a sphere of `radius_m` around `center` so that it fills most of the view."""
        self.target = center
        half_fov = math.radians(self.fov_deg) / 2.0
        self.distance_m = min(MAX_DISTANCE_M, max(MIN_DISTANCE_M, radius_m / math.sin(half_fov) * 1.05))

    def face_seat(self, seat_angle_rad: float) -> None:
        """Turn so that the view comes from a seat sitting at `seat_angle_rad` around the table."""
        # A seat at angle a sits at (cos a, sin a); heading 0 is a seat at -y (a = -90 deg).
        self.heading_deg = (math.degrees(seat_angle_rad) + 90.0) % 360.0

    def apply(self, base: Any) -> None:
        base.camLens.set_near_far(NEAR_M, FAR_M)
        aspect = base.camLens.get_aspect_ratio() or 16.0 / 9.0
        # fov_deg is vertical; the horizontal one follows the window's shape.
        hfov = math.degrees(2.0 * math.atan(math.tan(math.radians(self.fov_deg) / 2.0) * aspect))
        base.camLens.set_fov(hfov, self.fov_deg)
        base.camera.set_pos(*self.eye())
        base.camera.look_at(*self.target)
