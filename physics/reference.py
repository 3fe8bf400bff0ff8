"""Hand-built reference structures: the towers that must stand, and a helper to stack pieces.

Used by the tests (towers stand 10 s), the benchmark (a 60-piece table, bot-style rollouts)
and handy for the planner and scene demos: `release_above` is how a caller turns "put this
piece here, in this orientation" into a release pose just above whatever is below.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pybullet as pb

from physics.catalogue import stable_poses
from physics.geometry import matrix_quaternion, quaternion_matrix
from physics.placement import PlacementReport
from physics.layout import TableLayout
from physics.snapshot import Quat, Snapshot, Vec3
from physics.world import World

RELEASE_GAP_M = 0.0005


@dataclass(frozen=True)
class Layer:
    """A piece dropped straight down, centred (dx, dy) from the base centre, turned by `yaw`."""

    piece_id: str
    yaw_deg: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    roll_deg: float = 0.0   # tip about x first (e.g. 90 to stand a piece on its side)
    pose: int = -1          # >= 0: start from stable_poses(piece_id)[pose] instead of roll_deg

    def orientation(self) -> Quat:
        if self.pose < 0:
            return yaw_quat(self.yaw_deg, self.roll_deg)
        rest = quaternion_matrix(np.asarray(stable_poses(self.piece_id)[self.pose].orientation))
        return matrix_quaternion(quaternion_matrix(np.asarray(yaw_quat(self.yaw_deg))) @ rest)


def yaw_quat(yaw_deg: float, roll_deg: float = 0.0) -> Quat:
    return tuple(pb.getQuaternionFromEuler([math.radians(roll_deg), 0.0, math.radians(yaw_deg)]))  # type: ignore[return-value]


def release_above(world: World, piece_id: str, x: float, y: float, orientation: Quat,
                  gap_m: float = RELEASE_GAP_M) -> tuple[Vec3, Quat]:
    """A release pose `gap_m` above where the piece would first touch what is below (x, y)."""
    z = world.resting_z(piece_id, x, y, orientation)
    return (x, y, z + gap_m), orientation


# Each tower has 8-12 pieces. Planks and their yaw alternate to cross; the bottom is centred.
TOWERS: dict[str, tuple[Layer, ...]] = {
    "crossed_planks": (
        Layer("orange-long_plank", 0), Layer("blue-long_plank", 90),
        Layer("green-long_plank", 0), Layer("grey-long_plank", 90),
        Layer("orange-short_plank", 0), Layer("blue-short_plank", 90),
        Layer("green-short_plank", 0), Layer("grey-short_plank", 90),
        Layer("orange-holed_plank", 0), Layer("blue-holed_plank", 90),
        Layer("orange-cone", 0),
    ),
    "cylinders_on_planks": (
        Layer("orange-long_plank", 0), Layer("orange-cylinder", 0),
        Layer("blue-long_plank", 90), Layer("blue-cylinder", 0),
        Layer("green-short_plank", 0), Layer("green-cylinder", 0),
        Layer("grey-short_plank", 90), Layer("grey-cylinder", 0),
        Layer("orange-holed_plank", 0), Layer("blue-cone", 0),
    ),
    "pot_ring_groove": (
        Layer("orange-long_plank", 0), Layer("blue-long_plank", 90),
        Layer("green-short_plank", 0), Layer("orange-ring", 0),
        Layer("blue-flower_pot", 0), Layer("grey-short_plank", 0),
        Layer("green-grooved_block", 0), Layer("grey-axle", 0),
    ),
}


def build_tower(world: World, structure: int, layers: tuple[Layer, ...], seat: int = 0) -> list[PlacementReport]:
    """Place the layers one by one through `world.place` (released just above their support).

    Offsets and yaw are in the base's own frame, so a recipe builds the same on every seat.
    """
    base = world.layout.bases[structure]
    c, s = math.cos(base.yaw), math.sin(base.yaw)
    turn = quaternion_matrix(np.asarray(yaw_quat(math.degrees(base.yaw))))
    reports = []
    for layer in layers:
        orientation = matrix_quaternion(turn @ quaternion_matrix(np.asarray(layer.orientation())))
        x, y = base.x + c * layer.dx - s * layer.dy, base.y + s * layer.dx + c * layer.dy
        release = release_above(world, layer.piece_id, x, y, orientation)
        reports.append(world.place(structure, layer.piece_id, release, seat, trajectory=()))
    return reports


# A full 6-seat table: all 60 junk pieces, 10 per base, every piece at rest (found by trying
# offsets and stable poses on this machine, then frozen here). The benchmark's "60 placed
# pieces" table; also a ready-made busy scene for screenshots.
TABLE_OF_60: tuple[tuple[Layer, ...], ...] = (
    (
        Layer('orange-long_plank', 0, 0, 0), Layer('orange-holed_plank', 90, 0, 0),
        Layer('orange-grooved_block', 0, 0, 0, pose=1), Layer('orange-short_plank', 90, 0, 0),
        Layer('orange-ring', 0, 0, 0), Layer('orange-ball', 0, 0, 0),
        Layer('orange-dumbbell', 90, 0.075, 0), Layer('orange-axle', 90, -0.075, 0),
        Layer('orange-cone', 0, -0.06, 0, pose=1), Layer('orange-wedge', 0, 0, 0.06, pose=2),
    ),
    (
        Layer('blue-long_plank', 0, 0, 0), Layer('blue-holed_plank', 90, 0, 0),
        Layer('blue-grooved_block', 0, 0, 0, pose=1), Layer('blue-short_plank', 90, 0, 0),
        Layer('blue-ring', 0, 0, 0), Layer('blue-ball', 0, 0, 0),
        Layer('blue-dumbbell', 90, 0.075, 0), Layer('blue-axle', 90, -0.075, 0),
        Layer('blue-cone', 0, -0.06, 0, pose=1), Layer('blue-wedge', 0, 0.06, 0, pose=0),
    ),
    (
        Layer('green-long_plank', 0, 0, 0), Layer('green-holed_plank', 90, 0, 0),
        Layer('green-grooved_block', 0, 0, 0, pose=1), Layer('green-short_plank', 90, 0, 0),
        Layer('orange-flower_pot', 0, 0, 0), Layer('green-ball', 0, 0, 0),
        Layer('green-dumbbell', 90, 0.075, 0), Layer('green-axle', 90, -0.075, 0),
        Layer('green-cone', 0, -0.055, 0, pose=1), Layer('green-wedge', 0, 0.06, 0, pose=0),
    ),
    (
        Layer('grey-long_plank', 0, 0, 0), Layer('grey-holed_plank', 90, 0, 0),
        Layer('grey-grooved_block', 0, 0, 0, pose=1), Layer('grey-short_plank', 90, 0, 0),
        Layer('blue-flower_pot', 0, 0, 0), Layer('grey-ball', 0, 0, 0),
        Layer('grey-dumbbell', 90, 0.075, 0), Layer('grey-axle', 90, -0.075, 0),
        Layer('grey-cone', 0, -0.06, 0, pose=1), Layer('grey-wedge', 0, 0.06, 0, pose=0),
    ),
    (
        Layer('orange-l_bracket', 0, 0, 0, pose=0), Layer('blue-l_bracket', 180, 0, 0, pose=0),
        Layer('orange-arch', 0, 0, 0, pose=0), Layer('green-ring', 0, 0, 0),
        Layer('orange-cylinder', 0, 0, 0), Layer('blue-arch', 90, 0, 0, pose=0),
        Layer('blue-cylinder', 0, 0, 0), Layer('green-flower_pot', 0, 0, 0),
        Layer('orange-bowling_pin', 0, 0, 0, pose=0), Layer('blue-bowling_pin', 0, 0, 0, pose=0),
    ),
    (
        Layer('green-l_bracket', 0, 0, 0, pose=0), Layer('grey-l_bracket', 180, 0, 0, pose=0),
        Layer('green-arch', 0, 0, 0, pose=0), Layer('grey-ring', 0, 0, 0),
        Layer('green-cylinder', 0, 0, 0), Layer('grey-arch', 90, 0, 0, pose=0),
        Layer('grey-cylinder', 0, 0, 0), Layer('grey-flower_pot', 0, 0, 0),
        Layer('green-bowling_pin', 0, 0, 0, pose=0), Layer('grey-bowling_pin', 0, 0, 0, pose=0),
    ),
)


def build_table_of_60(world: World) -> list[PlacementReport]:
    """Build TABLE_OF_60 on a 6-seat world (structure k by seat k)."""
    reports = []
    for k, layers in enumerate(TABLE_OF_60):
        reports.extend(build_tower(world, k, layers, seat=k))
    return reports


def cone_on_the_base_centre() -> Snapshot:
    """A 2-seat table with one grey cone standing upright, tip up, on base 0's centre: nothing
    rests on its tip, so a planner that sees only the centre must search wider."""
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        quat = next(p.orientation for p in stable_poses("grey-cone")
                    if abs(p.orientation[0]) + abs(p.orientation[1]) < 1e-6)
        world.add("grey-cone", 0, (base.x, base.y, world.resting_z("grey-cone", base.x, base.y, quat) + RELEASE_GAP_M), quat)
        world.settle()
        return world.snapshot()
