"""What a settled structure leaves for the next move: the planner's one move of lookahead.

- `room_cm2`: how much level surface is left to build on (rays on a fine grid).
- `shaky`: whether the structure moves when the table tilts a little (a few dozen ticks).

Both run in a rollout's scratch world right after the piece settled, in a few milliseconds.
"""
from __future__ import annotations

import math

import numpy as np
import pybullet as pb

from physics.layout import BASE_HALF_M
from physics.settings import GRAVITY, SCALE, TIME_STEP
from physics.snapshot import Snapshot
from physics.world import BASE_PREFIX, World

ROOM_STEP_M = 0.005           # room is measured on a grid of this spacing ...
ROOM_MARGIN_M = 0.02          # ... over the base and this much around it
ROOM_FLAT_NORMAL_Z = 0.97     # a surface tilted less than ~14 degrees is flat
ROOM_LEVEL_M = 0.003          # neighbouring cells this close in height are one level patch
ROOM_TOP_BAND_MM = 40.0       # room this far below the top counts fully, lower room a quarter
ROOM_CAP_CM2 = 16.0           # more room than this is worth no more (a piece needs a few cm²)


def room_cm2(world: World, structure: int) -> float:
    """How much room the structure leaves for the pieces to come: the area (cm²) of level
    surface on it at least 1 cm across (a flat cell whose 4 neighbours are flat at the same
    height: the top of a ring lying down counts, the rim of a ring on edge does not), near
    the top counted fully and lower down a quarter, capped.

    Greedy height alone stands planks on end and lays pots on their sides; a player keeps a
    flat top to build on, and a spot to tuck an awkward piece into."""
    base = world.layout.bases[structure]
    half = BASE_HALF_M + ROOM_MARGIN_M
    n = round(2 * half / ROOM_STEP_M) + 1
    steps = np.linspace(-half, half, n)
    cy, sy = math.cos(base.yaw), math.sin(base.yaw)
    points = [(base.x + u * cy - v * sy, base.y + u * sy + v * cy) for u in steps for v in steps]
    own = {f"{BASE_PREFIX}{structure}", *world.pieces_on(structure)}
    top_z = max(world.heights_mm()) / 1000.0 + 0.3
    starts = [[x * SCALE, y * SCALE, top_z * SCALE] for x, y in points]
    ends = [[x * SCALE, y * SCALE, -0.01 * SCALE] for x, y in points]
    heights = np.full(n * n, np.nan)
    for i, hit in enumerate(pb.rayTestBatch(starts, ends, physicsClientId=world.client)):
        if hit[0] >= 0 and hit[4][2] >= ROOM_FLAT_NORMAL_Z and world.owner_of_body(hit[0]) in own:
            heights[i] = hit[3][2] / SCALE
    grid = heights.reshape(n, n)
    centre = grid[1:-1, 1:-1]
    level = ~np.isnan(centre)
    for du, dv in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        neighbour = grid[1 + du: n - 1 + du, 1 + dv: n - 1 + dv]
        level &= np.abs(np.nan_to_num(neighbour, nan=-1.0) - np.nan_to_num(centre, nan=1.0)) <= ROOM_LEVEL_M
    if not level.any():
        return 0.0
    top = np.nanmax(grid) - ROOM_TOP_BAND_MM / 1000.0
    cell_cm2 = (ROOM_STEP_M * 100.0) ** 2
    area = float(np.sum(np.where(centre[level] >= top, 1.0, 0.25))) * cell_cm2
    return min(area, ROOM_CAP_CM2)


TILT_DEG = 5.0                # the shake test tilts gravity this much ...
TILT_S = 0.15                 # ... for this long ...
TILT_MOVED_MM = 4.0           # ... and a piece that moved farther than this means a shaky structure


def shaky(world: World, structure: int, azimuth: float) -> bool:
    """Does the structure, just settled, move when gravity tilts TILT_DEG toward `azimuth`
    (radians from +x)? Rollouts tilt toward a random side each.

    A plank on end or a piece perched on a point stands when nothing touches it, but the next
    piece (or a nudge) brings it down; a tilt test finds that in a fraction of a rollout."""
    tilt = math.radians(TILT_DEG)
    g = GRAVITY * SCALE
    before = world.snapshot()
    pb.setGravity(g * math.sin(tilt) * math.cos(azimuth), g * math.sin(tilt) * math.sin(azimuth),
                  -g * math.cos(tilt), physicsClientId=world.client)
    try:
        world.step(round(TILT_S / TIME_STEP))
    finally:
        pb.setGravity(0.0, 0.0, -g, physicsClientId=world.client)
    return moved_count(before, world.snapshot(), structure, TILT_MOVED_MM) > 0


def moved_count(before: Snapshot, after: Snapshot, structure: int, moved_mm: float) -> int:
    """How many of the structure's pieces moved farther than `moved_mm` from `before` to `after`."""
    old = {p.piece_id: p.position for p in before.pieces if p.structure == structure}
    return sum(1 for piece in after.pieces
               if piece.piece_id in old and math.dist(piece.position, old[piece.piece_id]) * 1000.0 > moved_mm)
