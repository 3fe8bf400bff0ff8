"""Where Nashville's cowboys stand between shots, and how a window draws them standing there.

Cowboys are not part of a table's snapshot: each shot stands every seat's cowboy at its spot
(physics/shots.py). A seat's spot is where its last shot in this city was flicked from, else
`default_spots`; the match keeps them as it plays and `replay watch` rebuilds them from the
file's shots, both through these functions, so a re-simulated shot has the cowboys the match had.
"""
from __future__ import annotations

from typing import Sequence

from physics.layout import TableLayout
from physics.shots import COWBOY_ID_PREFIX, cowboy_spot_position, default_spots, spec_bottom
from physics.snapshot import Quat, Vec3

UPRIGHT: Quat = (0.0, 0.0, 0.0, 1.0)
Pose = tuple[Vec3, Quat]


def opening_spots(layout: TableLayout) -> tuple[float, ...]:
    """The spots as a city's table opens: the defaults, none on shared bases (no shots there)."""
    return () if layout.shared else default_spots(layout)


def spots_after_shot(spots: Sequence[float], shooter: int, spot_deg: float) -> tuple[float, ...]:
    """After a shot the shooter's cowboy stays where it shot from; the others do not move."""
    after = list(spots)
    if 0 <= shooter < len(after):
        after[shooter] = spot_deg
    return tuple(after)


def cowboy_id(seat: int) -> str:
    return f"{COWBOY_ID_PREFIX}{seat + 1}"


def cowboy_pose(layout: TableLayout, seat: int, spot_deg: float) -> Pose:
    """Where seat's cowboy stands at `spot_deg` round its base (as the shot stands it, upright)."""
    x, y = cowboy_spot_position(layout, seat, spot_deg)
    return (x, y, -spec_bottom(cowboy_id(seat)) + 0.0002), UPRIGHT


def cowboy_poses(layout: TableLayout, spots: Sequence[float]) -> dict[str, Pose]:
    """Every seat's cowboy standing at its spot: the windows draw them between shots."""
    return {cowboy_id(seat): cowboy_pose(layout, seat, spot) for seat, spot in enumerate(spots)}
