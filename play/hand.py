"""Your own hand at the desktop: take the piece, move it over your structure with the mouse,
turn it, and let go.

The piece in hand is always shown where it would come to rest: lowered straight down at the
point under the cursor until it first touches something (the ghost). Letting go releases it
just above that pose, with no hand noise (the mouse is your hand; its precision is yours), so
what you see is what the physics gets. The wheel holds it higher above that pose, to drop it
from there (into a cup, say); a line then shows where it would land. The table under the
cursor is looked up with rays in a scratch world rebuilt from the turn's snapshot, the same
rays the planner's pre-filter casts, so following the mouse costs a fraction of a millisecond
per frame.

Only the structures you may place on this turn follow the cursor (yours; in Pisa either
common base): pointing at the table or at a rival's structure leaves the piece where it was.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from game.actions import Place
from physics.catalogue import resting_way_index, resting_ways
from physics.geometry import quaternion_matrix, rotate_quaternion
from physics.spots import RELEASE_GAP_M, UP, Pose, rest_height
from physics.snapshot import Snapshot
from physics.world import BASE_PREFIX, World

TURN_DEG = 15.0               # Q / E (and R / F for tilting) per press ...
FINE_TURN_DEG = 5.0           # ... and with Shift
LIFT_MM = 5.0                 # the wheel, per notch ...
FINE_LIFT_MM = 1.0            # ... and with Shift
MAX_LIFT_MM = 100.0           # at most this high above where the piece would rest


class ManualHand:
    """The piece of one placement in your hand. Close it (or use it as a context manager)."""

    def __init__(self, snapshot: Snapshot, places: Sequence[Place], start: Pose, start_place: Place | None = None) -> None:
        """`places`: the structures the piece may go on; it starts at `start`, over the
        structure of `start_place` (the assist's aim: in Pisa it may be either base)."""
        if not places:
            raise ValueError("a hand needs at least one placement to make")
        self.places = tuple(places)
        self.piece = places[0].piece
        self._world = World.from_snapshot(snapshot)
        self.place = start_place if start_place in self.places else places[0]
        (x, y, _), quat = start
        self.x, self.y = float(x), float(y)
        self.quat: tuple[float, float, float, float] = tuple(quat)  # type: ignore[assignment]
        self._pose_index = 0
        self._landing: Pose | None = None
        self.lift_mm = 0.0

    # --- moving ---------------------------------------------------------------------------------

    def point_at(self, start: Sequence[float], end: Sequence[float]) -> bool:
        """Follow a ray (metres, e.g. from the camera through the cursor): when it first meets a
        structure you may place on, the piece moves over that point. True if it moved."""
        hit = self._world.ray(start, end)
        place = self._place_for(hit.what) if hit is not None else None
        if hit is None or place is None:
            return False
        x, y = hit.point[0], hit.point[1]
        if (x, y, place) == (self.x, self.y, self.place):
            return False
        self.x, self.y, self.place = x, y, place
        self._landing = None
        return True

    def turn(self, degrees: float) -> None:
        """Turn the piece about the vertical axis (Q / E)."""
        self._rotate(UP, degrees)

    def tilt(self, degrees: float, heading_deg: float = 0.0) -> None:
        """Tip the piece towards or away from a viewer looking along `heading_deg` (R / F)."""
        h = math.radians(heading_deg)
        self._rotate((math.cos(h), math.sin(h), 0.0), degrees)

    def turn_over(self) -> None:
        """Lay the piece on its next most likely way of resting (T), keeping where it points: a
        bowling pin goes from its side to upright, to its head, not round its sixteen facets."""
        poses = resting_ways(self.piece)
        now = resting_way_index(self.piece, self.quat)
        self._pose_index = ((self._pose_index if now is None else now) + 1) % len(poses)
        face = poses[self._pose_index].orientation
        self.quat = rotate_quaternion(UP, _yaw_of(self.quat) - _yaw_of(face), face)
        self._landing = None

    def raise_by(self, mm: float) -> None:
        """Hold the piece `mm` higher (lower if negative), between where it would rest and
        MAX_LIFT_MM above that; it keeps that height as it moves."""
        self.lift_mm = min(MAX_LIFT_MM, max(0.0, self.lift_mm + mm))

    def _rotate(self, axis: tuple[float, float, float], degrees: float) -> None:
        # Renormalised: many small turns in a row must not let the rotation drift.
        quat = rotate_quaternion(axis, math.radians(degrees), self.quat)
        norm = math.sqrt(sum(v * v for v in quat))
        self.quat = tuple(v / norm for v in quat)  # type: ignore[assignment]
        self._landing = None

    def _place_for(self, owner: str) -> Place | None:
        for place in self.places:
            if owner == f"{BASE_PREFIX}{place.structure}" or owner in self._world.pieces_on(place.structure):
                return place
        return None

    # --- where it goes --------------------------------------------------------------------------

    def landing(self) -> Pose:
        """Where the piece would come to rest lowered at the cursor: what the ghost shows and
        (a fraction of a millimetre higher) where it is let go."""
        if self._landing is None:
            z = rest_height(self._world, self.piece, self.x, self.y, self.quat) + RELEASE_GAP_M
            self._landing = ((self.x, self.y, z), self.quat)
        return self._landing

    def held(self) -> Pose:
        """Where the piece is held, and let go: its landing pose, raised by the wheel."""
        (x, y, z), quat = self.landing()
        return (x, y, z + self.lift_mm / 1000.0), quat

    def close(self) -> None:
        self._world.close()

    def __enter__(self) -> "ManualHand":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _yaw_of(quat: Sequence[float]) -> float:
    """The heading of the piece's own x axis, projected on the table."""
    x_axis = quaternion_matrix(np.asarray(quat))[:, 0]
    return math.atan2(x_axis[1], x_axis[0]) if abs(x_axis[0]) + abs(x_axis[1]) > 1e-9 else 0.0
