"""One placement: carry the held piece along its targets, release, settle, and report the outcome.

The held piece is a normal dynamic body pulled toward its target pose every tick by a fixed
constraint of limited strength, so it can nudge (or shove) pieces of its structure. Its per-tick
targets are the placement input a replay records; without one, a short default path lowers the
piece onto its release pose from just above.

Outcome rules (rulebook "Fallen Pieces"): a piece has fallen when it touched the table at any
moment, left the table top, or ends up not resting on its structure (not connected to a base
through contacts with standing pieces, e.g. lying on a fallen piece). The placing seat caused
every fall of the placement. If the active piece is the only one that fell, it is a free
re-place and the rules see nothing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import pybullet as pb

from physics.catalogue import piece_spec
from physics.errors import IntersectingPoseError, PieceStateError
from physics.rest import RestTracker
from physics.settings import (
    DEFAULT_DESCENT_M_S, DEFAULT_LIFT_M, GRAVITY, HOLD_FORCE_WEIGHTS, HOLD_TICKS_BEFORE_RELEASE,
    PENETRATION_TOLERANCE_M, SCALE, SETTLE_CHECK_EVERY, TIME_STEP, TOUCH_DISTANCE_M,
)
from physics.snapshot import PlacedPiece, Quat, Vec3, check_pose

if TYPE_CHECKING:
    from physics.world import World

Pose = tuple[Vec3, Quat]
OFF_TABLE_DROP_M = 0.02  # below the table top by this much: it went over the edge


@dataclass(frozen=True)
class PlacementReport:
    piece_id: str
    structure: int
    caused_by: int                              # the placing seat
    fallen: tuple[tuple[str, int], ...]         # (piece id, structure it belonged to); () on a free re-place
    active_fell: bool
    only_active_fell: bool                      # free re-place: only the active piece fell
    touching: tuple[str, ...]                   # what the active piece rests against: piece ids and "base:<k>"
    settled: bool                               # False: the timeout hit before everything came to rest
    heights_mm: tuple[float, ...]               # tape measure per structure, after fallen pieces are removed
    simulated_s: float                          # from the first held tick to the end of settling
    active_pose: Pose | None                    # where the active piece came to rest (None if it fell)


def default_path(release: Pose, lift_m: float) -> list[Pose]:
    """Straight down from `lift_m` above the release pose, then a short still hold."""
    (x, y, z), quat = release
    ticks = max(1, math.ceil(lift_m / (DEFAULT_DESCENT_M_S * TIME_STEP))) if lift_m > 0 else 0
    path = [((x, y, z + lift_m * (1.0 - (i + 1) / ticks)), quat) for i in range(ticks)]
    return path + [release] * HOLD_TICKS_BEFORE_RELEASE


class _Monitor:
    """Watches every tick for table contacts and pieces going over the table edge."""

    def __init__(self, world: "World") -> None:
        self.world = world
        self.touched_table: set[str] = set()
        self.off_table: set[str] = set()
        self.half = world.layout.table_half_size_m * SCALE

    def tick(self, check_edges: bool) -> None:
        w = self.world
        for point in pb.getContactPoints(bodyA=w.table, physicsClientId=w.client):
            if point[8] <= TOUCH_DISTANCE_M * SCALE:
                owner = w.owner_of_body(point[2])
                if owner is not None and not owner.startswith("base:"):
                    self.touched_table.add(owner)
        if check_edges:
            for pid in w.dynamic_piece_ids():
                if pid in self.off_table:
                    continue
                (x, y, z), _ = pb.getBasePositionAndOrientation(w.body_id(pid), physicsClientId=w.client)
                if z < -OFF_TABLE_DROP_M * SCALE or abs(x) > self.half or abs(y) > self.half:
                    self.off_table.add(pid)
                    # Park it: falling forever would only cost steps and block settling.
                    pb.resetBaseVelocity(w.body_id(pid), [0, 0, 0], [0, 0, 0], physicsClientId=w.client)
                    pb.changeDynamics(w.body_id(pid), -1, mass=0.0, physicsClientId=w.client)

    @property
    def fallen(self) -> set[str]:
        return self.touched_table | self.off_table


def _validate(world: "World", structure: int, piece_id: str, release_pose: Pose, seat: int,
              trajectory: Sequence[Pose] | None, settle_timeout_s: float) -> tuple[Pose, list[Pose] | None]:
    world.layout.check_structure(structure)
    piece_spec(piece_id)
    if piece_id in world.piece_ids():
        raise PieceStateError(f"piece {piece_id!r} is already in the world")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < world.layout.n_seats:
        raise ValueError(f"seat must be 0..{world.layout.n_seats - 1}, not {seat!r}")
    if not (isinstance(settle_timeout_s, (int, float)) and math.isfinite(settle_timeout_s) and settle_timeout_s > 0):
        raise ValueError(f"settle_timeout_s must be a positive number, not {settle_timeout_s!r}")
    try:
        position, orientation = release_pose
    except (TypeError, ValueError):
        raise check_pose((), (), "release pose") from None  # raises InvalidPoseError
    release = check_pose(position, orientation, f"release pose of {piece_id!r}")
    targets = None
    if trajectory is not None:
        targets = []
        for i, pose in enumerate(trajectory):
            try:
                p, q = pose
            except (TypeError, ValueError):
                check_pose((), (), f"trajectory pose {i}")
            targets.append(check_pose(p, q, f"trajectory pose {i}"))
    return release, targets


def _move(world: "World", body: int, pose: Pose) -> None:
    (x, y, z), quat = pose
    pb.resetBasePositionAndOrientation(body, [x * SCALE, y * SCALE, z * SCALE], list(quat), physicsClientId=world.client)


def _supported(world: "World", fallen: set[str]) -> set[str]:
    """Pieces connected to a base through contacts between standing pieces (static ones count)."""
    edges: dict[str, set[str]] = {}
    for point in pb.getContactPoints(physicsClientId=world.client):
        if point[8] > TOUCH_DISTANCE_M * SCALE:
            continue
        a, b = world.owner_of_body(point[1]), world.owner_of_body(point[2])
        if a is None or b is None or "table" in (a, b) or a in fallen or b in fallen:
            continue
        edges.setdefault(a, set()).add(b)
        edges.setdefault(b, set()).add(a)
    frontier = [f"base:{k}" for k in range(world.layout.n_structures)]
    frontier += [pid for pid in world.piece_ids() if pid not in world.dynamic_piece_ids()]
    seen = set(frontier)
    while frontier:
        node = frontier.pop()
        for other in edges.get(node, ()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen


def run_placement(world: "World", structure: int, piece_id: str, release_pose: Pose, seat: int,
                  trajectory: Sequence[Pose] | None, settle_timeout_s: float) -> PlacementReport:
    release, targets = _validate(world, structure, piece_id, release_pose, seat, trajectory, settle_timeout_s)
    c = world.client

    # Canonical start: rebuild from the snapshot, with only reachable structures dynamic.
    world.ensure_rebuilt(world.layout.neighbours(structure))

    body = world._create(PlacedPiece(piece_id, structure, release[0], release[1]), static=False)
    try:
        depth, what = world.penetration_m(body)
        if depth > PENETRATION_TOLERANCE_M:
            raise IntersectingPoseError(f"release pose of {piece_id!r} would intersect {what} by {depth * 1000:.1f} mm")
        if targets is None:
            for lift in (DEFAULT_LIFT_M, DEFAULT_LIFT_M / 2, DEFAULT_LIFT_M / 4, 0.0):
                targets = default_path(release, lift)
                _move(world, body, targets[0])
                if world.penetration_m(body)[0] <= PENETRATION_TOLERANCE_M:
                    break
        elif targets:
            targets = targets + [release] * HOLD_TICKS_BEFORE_RELEASE
            _move(world, body, targets[0])
            depth, what = world.penetration_m(body)
            if depth > PENETRATION_TOLERANCE_M:
                raise IntersectingPoseError(f"trajectory of {piece_id!r} starts inside {what} ({depth * 1000:.1f} mm)")
    except IntersectingPoseError:
        world._forget(piece_id)
        raise

    monitor = _Monitor(world)
    ticks = 0
    if targets:
        mass = piece_spec(piece_id).mass_kg
        (x, y, z), quat = targets[0]
        constraint = pb.createConstraint(body, -1, -1, -1, pb.JOINT_FIXED, [0, 0, 0], [0, 0, 0],
                                         [x * SCALE, y * SCALE, z * SCALE], childFrameOrientation=list(quat), physicsClientId=c)
        max_force = HOLD_FORCE_WEIGHTS * mass * GRAVITY * SCALE
        for (x, y, z), quat in targets:
            pb.changeConstraint(constraint, [x * SCALE, y * SCALE, z * SCALE], jointChildFrameOrientation=list(quat),
                                maxForce=max_force, physicsClientId=c)
            world.step(1)
            ticks += 1
            monitor.tick(check_edges=ticks % SETTLE_CHECK_EVERY == 0)
        pb.removeConstraint(constraint, physicsClientId=c)

    # Settle: everything still on the table top must stay slow for SETTLE_HOLD_S.
    settle_ticks = 0
    settled = False
    tracker = RestTracker()
    tracker.observe(world.motion_sample(world.dynamic_piece_ids()))
    limit = int(round(settle_timeout_s / TIME_STEP))
    while settle_ticks < limit:
        world.step(1)
        settle_ticks += 1
        check = settle_ticks % SETTLE_CHECK_EVERY == 0
        monitor.tick(check_edges=check)
        if check and tracker.observe(world.motion_sample([p for p in world.dynamic_piece_ids() if p not in monitor.fallen])):
            settled = True
            break

    fallen = set(monitor.fallen)
    supported = _supported(world, fallen)
    fallen |= {pid for pid in world.dynamic_piece_ids() if pid not in supported}
    active_fell = piece_id in fallen
    only_active = fallen == {piece_id}
    touching: tuple[str, ...] = ()
    active_pose = None
    if not active_fell:
        touching = tuple(o for o in world.contacts_of(piece_id, TOUCH_DISTANCE_M) if o != "table" and o not in fallen)
        active_pose = world.pose(piece_id)
    order = {pid: i for i, pid in enumerate(world.piece_ids())}
    fallen_report = () if only_active else tuple(
        (pid, world.structure_of(pid)) for pid in sorted(fallen, key=order.__getitem__)
    )
    world.remove(sorted(fallen, key=order.__getitem__))
    return PlacementReport(
        piece_id=piece_id,
        structure=structure,
        caused_by=seat,
        fallen=fallen_report,
        active_fell=active_fell,
        only_active_fell=only_active,
        touching=touching,
        settled=settled,
        heights_mm=world.heights_mm(),
        simulated_s=(ticks + settle_ticks) * TIME_STEP,
        active_pose=active_pose,
    )
