"""Your Nashville shot at the desktop: move your cowboy round your base, aim by dragging back
from it (a slingshot: the disc flies the other way, harder the farther you pull), watch where
the disc would fly, and flick.

The assist aims first (as it does your placements): its shot is on screen when aiming starts,
so Space alone flicks a sensible shot. The preview is the physics' own (physics/shots.py
`preview_path`: the disc's flight up to its first contact), computed in a scratch world kept
for the turn, so it costs a few milliseconds per change, not per frame. The aim you flick is
what the match simulates and the replay keeps.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Sequence

from game.mechanics.shots import Shoot
from physics.cowboys import UPRIGHT, Pose, cowboy_poses, spots_after_shot
from physics.shots import DISC_ID_PREFIX, ShotAim, cowboy_spot_position, disc_start, preview_path
from physics.snapshot import Snapshot, Vec3
from physics.world import World

SPOT_STEP_DEG = 10.0          # Left / Right: your cowboy steps this far round your base
TURN_STEP_DEG = 2.0           # A / D: the flick turns this much (Shift: FINE_TURN_DEG)
FINE_TURN_DEG = 0.5
POWER_STEP = 0.05             # Up / Down: this much more or less power (of 0..1)
FULL_DRAG_M = 0.20            # pulled back this far from the cowboy: a full-power flick
MIN_DRAG_M = 0.01             # closer than this to the cowboy a drag aims nothing


def disc_id(seat: int) -> str:
    return f"{DISC_ID_PREFIX}{seat + 1}"


def power_meter(power: float, cells: int = 10) -> str:
    """The power as a meter in text: "■■■■■■□□□□ 60%"."""
    filled = round(max(0.0, min(1.0, power)) * cells)
    return "\u25a0" * filled + "\u25a1" * (cells - filled) + f" {round(power * 100)}%"


class ShotAiming:
    """One shot being aimed: `aim` changes with your keys and drags; `preview` is where the disc
    would fly. Close it when the shot is flicked or abandoned (its scratch world)."""

    def __init__(self, shoot: Shoot, table: Snapshot, spots: Sequence[float], first: ShotAim) -> None:
        self.shoot = shoot
        self.table = table
        self.spots = tuple(spots)
        self.aim = first
        self._world: World | None = None
        self._preview: tuple[ShotAim, tuple[Vec3, ...]] | None = None

    @property
    def seat(self) -> int:
        return self.shoot.seat

    def spots_now(self) -> tuple[float, ...]:
        """Every seat's spot with yours where you moved your cowboy."""
        return spots_after_shot(self.spots, self.seat, self.aim.spot_deg)

    def cowboy_xy(self) -> tuple[float, float]:
        return cowboy_spot_position(self.table.layout, self.seat, self.aim.spot_deg)

    def props(self) -> dict[str, Pose]:
        """Every cowboy, and your disc lying against your cowboy's foot on the side it goes."""
        poses = cowboy_poses(self.table.layout, self.spots_now())
        poses[disc_id(self.seat)] = (disc_start(self.cowboy_xy(), self.aim.direction_deg), UPRIGHT)
        return poses

    def move_spot(self, degrees: float) -> None:
        """Your cowboy steps round your base; it keeps aiming the same way."""
        self.aim = replace(self.aim, spot_deg=(self.aim.spot_deg + degrees) % 360.0)

    def turn(self, degrees: float) -> None:
        self.aim = replace(self.aim, direction_deg=(self.aim.direction_deg + degrees) % 360.0)

    def add_power(self, delta: float) -> None:
        self.aim = replace(self.aim, power=round(max(0.0, min(1.0, self.aim.power + delta)), 4))

    def drag_to(self, x: float, y: float) -> bool:
        """The pointer, on the table at (x, y), pulls the disc back from your cowboy: the flick
        goes the other way, with power by how far. False if it is too close to say."""
        cx, cy = self.cowboy_xy()
        dx, dy = cx - x, cy - y
        pulled = math.hypot(dx, dy)
        if pulled < MIN_DRAG_M:
            return False
        self.aim = replace(self.aim, direction_deg=math.degrees(math.atan2(dy, dx)) % 360.0,
                           power=round(min(1.0, pulled / FULL_DRAG_M), 4))
        return True

    def preview(self) -> tuple[Vec3, ...]:
        """The disc's flight as the physics has it, up to what it first meets."""
        if self._preview is None or self._preview[0] != self.aim:
            if self._world is None:
                self._world = World(self.table.layout)
            path = preview_path(self.table, self.seat, self.aim, self.spots_now(), world=self._world)
            self._preview = (self.aim, path)
        return self._preview[1]

    def close(self) -> None:
        if self._world is not None:
            self._world.close()
            self._world = None
