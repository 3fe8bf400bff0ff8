"""One placement: carry the held piece tick by tick, release, settle, and report the outcome.

The held piece is a normal dynamic body pulled toward its target pose every tick by a fixed
constraint of limited strength, so it can nudge (or shove) pieces of its structure. Its per-tick
targets are the placement input a replay records. `Placement` is the incremental form (a scene
moves the piece each frame); `run_placement` / `World.place` run a whole recorded trajectory.

Cost: until the held piece comes within WAKE_DISTANCE_M of a piece of a structure it could
reach, those structures are static (an untouched structure at rest does not move, so this is
exact). On first approach the world is rebuilt with them dynamic, at their unchanged poses.
Carrying a piece around above a tower thus costs almost nothing.

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

import numpy as np
import pybullet as pb

from physics.catalogue import extent, piece_spec
from physics.errors import IntersectingPoseError, PieceStateError
from physics.motion import MotionRecorder
from physics.rest import RestTracker
from physics.settings import (
    DEFAULT_DESCENT_M_S, DEFAULT_LIFT_M, GRAVITY, HOLD_FORCE_WEIGHTS, HOLD_TICKS_BEFORE_RELEASE,
    PENETRATION_TOLERANCE_M, SCALE, SETTLE_CHECK_EVERY, SETTLE_TIMEOUT_S, TIME_STEP, TOUCH_DISTANCE_M,
)
from physics.snapshot import PlacedPiece, Quat, Vec3, check_pose
from physics.waking import SleepingPieces

if TYPE_CHECKING:
    from physics.world import World

Pose = tuple[Vec3, Quat]
OFF_TABLE_DROP_M = 0.02   # below the table top by this much: it went over the edge
WAKE_DISTANCE_M = 0.01    # the held piece's box this close to a structure piece's box wakes it
# `lazy_wake` (rollouts): a sleeping piece wakes when a moving box comes this close, and a woken
# piece that moved this far wakes its neighbours in turn (as in shots, physics/shots.py) ...
LAZY_WAKE_M = 0.02
LAZY_WAKE_MOVE_M = 0.0005
LAZY_RESTING_PAD_M = 0.002  # ... together with the pieces resting on it (boxes this close)
REACH_M = 0.25            # a release pose farther than this from its base is not "on" that structure


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

    @property
    def nothing_fell(self) -> bool:
        """Neither the structure nor the active piece lost anything (a free re-place is a drop too)."""
        return not self.fallen and not self.only_active_fell


def default_path(release: Pose, lift_m: float) -> list[Pose]:
    """Straight down from `lift_m` above the release pose to it, one pose per tick ([] if no lift)."""
    (x, y, z), quat = release
    ticks = max(1, math.ceil(lift_m / (DEFAULT_DESCENT_M_S * TIME_STEP))) if lift_m > 0 else 0
    return [((x, y, z + lift_m * (1.0 - i / ticks)), quat) for i in range(ticks + 1)] if ticks else []


def _as_pose(pose: object, what: str) -> Pose:
    try:
        position, orientation = pose  # type: ignore[misc]
    except (TypeError, ValueError):
        position, orientation = (), ()
    return check_pose(position, orientation, what)


def _check_seat(world: "World", seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < world.layout.n_seats:
        raise ValueError(f"seat must be 0..{world.layout.n_seats - 1}, not {seat!r}")


def _check_reach(world: "World", structure: int, pose: Pose, what: str) -> None:
    base = world.layout.bases[structure]
    (x, y, _), _ = pose
    if math.hypot(x - base.x, y - base.y) > REACH_M:
        raise ValueError(f"{what} at ({x:.3f}, {y:.3f}) m is not over structure {structure} (base at ({base.x:.3f}, {base.y:.3f}))")


def _check_timeout(settle_timeout_s: float) -> None:
    if not (isinstance(settle_timeout_s, (int, float)) and math.isfinite(settle_timeout_s) and settle_timeout_s > 0):
        raise ValueError(f"settle_timeout_s must be a positive number, not {settle_timeout_s!r}")


class _Monitor:
    """Watches every tick for table contacts and pieces going over the table edge."""

    def __init__(self, world: "World") -> None:
        self.world = world
        self.touched_table: set[str] = set()
        self.off_table: set[str] = set()
        self.half = world.layout.table_half_size_m * SCALE

    def tick(self, check_edges: bool) -> None:
        w = self.world
        for point in pb.getContactPoints(bodyA=w.table, physicsClientId=w._client):
            if point[8] <= TOUCH_DISTANCE_M * SCALE:
                owner = w.owner_of_body(point[2])
                if owner is not None and not owner.startswith("base:"):
                    self.touched_table.add(owner)
        if check_edges:
            for pid in w.dynamic_piece_ids():
                if pid not in self.off_table:
                    (x, y, z), _ = pb.getBasePositionAndOrientation(w.body_id(pid), physicsClientId=w._client)
                    if z < -OFF_TABLE_DROP_M * SCALE or abs(x) > self.half or abs(y) > self.half:
                        self.off_table.add(pid)
                        self.park(pid)

    def park(self, pid: str) -> None:
        # Falling forever would only cost steps and block settling.
        w = self.world
        pb.resetBaseVelocity(w.body_id(pid), [0, 0, 0], [0, 0, 0], physicsClientId=w._client)
        pb.changeDynamics(w.body_id(pid), -1, mass=0.0, physicsClientId=w._client)

    @property
    def fallen(self) -> set[str]:
        return self.touched_table | self.off_table

    @property
    def any_fallen(self) -> bool:
        """`bool(fallen)` without building the set: asked every tick by a rollout."""
        return bool(self.touched_table or self.off_table)

    def down_besides(self, piece_id: str) -> int:
        """How many pieces but `piece_id` touched the table or left it (asked every tick by a rollout)."""
        if not (self.touched_table or self.off_table):
            return 0
        return len(self.fallen - {piece_id})


@dataclass(frozen=True)
class Verdict:
    """When a planner's rollout may stop before everything rests: it needs the verdict only.

    It stops `after_fall_s` after the first piece touches the table (what is still in the air
    then counts as fallen), instead of waiting for the wreck to come to rest; or, with
    `pieces_down`, as soon as that many pieces of the table (not the placed one) have touched
    the table or left it: a planner that counts no more falls than that (`Objective.falls_counted`)
    learns nothing from the rest of the collapse. Either way the report is unsettled. With
    `counts_placed_piece` the placed piece counts among them once another piece is down too
    (a lone drop is no fall: it is placed again).

    A rollout calls a placement at rest as the match does (SETTLE_HOLD_S of quiet). From
    2026-12-04 to 12-05 it called rest after half of that: 12% less planning, but a piece that
    starts to tip or roll slowly is quiet that long. A hard bot's wedge, placed while the ball
    below it began to roll off, stood in 16 of 16 such rollouts where the match saw the ball
    fall (tests/physics/tables/README.md); its solo towers of seeds 30-59 dropped something
    after plans that stood in all their rollouts 13 times in 291 placements, against 5 in 286
    with the match's hold."""
    after_fall_s: float
    pieces_down: int | None = None
    counts_placed_piece: bool = False
    # The table's own doing (physics/rollout.py `table_baseline`): pieces that fall with no piece
    # placed at all. Their falls set no deadline and count for nothing, and nobody waits for
    # them to rest: a rollout judges what its placement does.
    ignored: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not (isinstance(self.after_fall_s, (int, float)) and math.isfinite(self.after_fall_s) and self.after_fall_s >= 0):
            raise ValueError(f"after_fall_s must be a number >= 0, not {self.after_fall_s!r}")
        if self.pieces_down is not None and (type(self.pieces_down) is not int or self.pieces_down < 1):
            raise ValueError(f"pieces_down must be a whole number >= 1 or None, not {self.pieces_down!r}")


class Placement:
    """The active piece in hand: `move` it one tick at a time, then `release` to settle and report.

    Create it with `World.begin_placement`. `replay_input()` gives the recorded input: passing
    it to `World.place` on the same snapshot gives the same outcome, bit for bit.
    """

    def __init__(self, world: "World", structure: int, piece_id: str, seat: int, start_pose: Pose,
                 check_poses: Sequence[Pose] = (), motion: MotionRecorder | None = None,
                 lazy_wake: bool = False) -> None:
        """Validate, spawn the piece at `start_pose` and hold it there (IntersectingPoseError if blocked).

        `motion`: a recorder that samples every tick for the view (physics/motion.py); its
        `motion` is set when the placement is released and settled.

        `lazy_wake` (planners' rollouts only: the match's placements never use it): the
        structure's pieces sleep, each until the active piece or a woken piece that moved comes
        near it (physics/waking.py), instead of the whole reachable table waking at once. On a
        tall tower only its top feels a new piece, and a rollout is a prediction of the real
        placement, not the record of one."""
        world.layout.check_structure(structure)
        piece_spec(piece_id)
        if piece_id in world.piece_ids():
            raise PieceStateError(f"piece {piece_id!r} is already in the world")
        _check_seat(world, seat)
        start = _as_pose(start_pose, f"start pose of {piece_id!r}")
        for pose in check_poses:
            _check_reach(world, structure, pose, f"release pose of {piece_id!r}")
        self.world, self.structure, self.piece_id, self.seat = world, structure, piece_id, seat
        self.reachable = world.layout.neighbours(structure)
        self.sleepers: SleepingPieces | None = None
        if lazy_wake:
            world.ensure_rebuilt(frozenset(), self.reachable)
            self.sleepers = SleepingPieces(world, [p for p in world.piece_ids() if world.structure_of(p) in self.reachable],
                                           LAZY_WAKE_M, LAZY_WAKE_MOVE_M, LAZY_RESTING_PAD_M)
            self.awake = True
        else:
            self.sleeping_boxes = self._structure_boxes()
            lo, hi = extent(piece_id, start[1])
            self.awake = self._overlaps(np.asarray(start[0]) + lo, np.asarray(start[0]) + hi)
            # Everything static until the held piece comes near (or reachable ones at once if it starts near).
            world.ensure_rebuilt(self.reachable if self.awake else frozenset(), self.reachable)
        self.body = world._create(PlacedPiece(piece_id, structure, start[0], start[1]), static=False)
        try:
            for label, pose in [*((f"release pose of {piece_id!r}", p) for p in check_poses), (f"start pose of {piece_id!r}", start)]:
                self._teleport(pose)
                depth, what = world.penetration_m(self.body)
                if depth > PENETRATION_TOLERANCE_M:
                    raise IntersectingPoseError(f"{label} would intersect {what} by {depth * 1000:.1f} mm")
        except IntersectingPoseError:
            world._forget(piece_id)
            raise
        self.start = start
        self.targets: list[Pose] = []
        self.ticks = 0
        self.released = False
        self.monitor = _Monitor(world)
        self.max_force = HOLD_FORCE_WEIGHTS * piece_spec(piece_id).mass_kg * GRAVITY * SCALE
        self.constraint = self._hold(start)
        self.recorder = motion
        if motion is not None:
            motion.sample(world, 0, force=True)

    # --- holding --------------------------------------------------------------------------------

    def _teleport(self, pose: Pose) -> None:
        (x, y, z), quat = pose
        pb.resetBasePositionAndOrientation(self.body, [x * SCALE, y * SCALE, z * SCALE], list(quat), physicsClientId=self.world._client)

    def _hold(self, target: Pose) -> int:
        (x, y, z), quat = target
        c = self.world._client
        constraint = pb.createConstraint(self.body, -1, -1, -1, pb.JOINT_FIXED, [0, 0, 0], [0, 0, 0],
                                         [x * SCALE, y * SCALE, z * SCALE], childFrameOrientation=list(quat), physicsClientId=c)
        pb.changeConstraint(constraint, maxForce=self.max_force, physicsClientId=c)
        return constraint

    @property
    def pose(self) -> Pose:
        """Where the held (or released) piece is now."""
        (x, y, z), quat = pb.getBasePositionAndOrientation(self.body, physicsClientId=self.world._client)
        return (x / SCALE, y / SCALE, z / SCALE), tuple(quat)  # type: ignore[return-value]

    def replay_input(self) -> tuple[Pose, tuple[Pose, ...]]:
        """(release_pose, trajectory) that make `World.place` repeat this placement exactly."""
        if not self.targets:
            return self.start, ()
        return self.targets[-1], (self.start, *self.targets[:-1])

    def move(self, target: Pose) -> None:
        """Pull the held piece toward `target` for one physics tick (1/480 s)."""
        if self.released:
            raise PieceStateError(f"{self.piece_id!r} was already released")
        (x, y, z), quat = _as_pose(target, f"target pose {len(self.targets)} of {self.piece_id!r}")
        self.targets.append(((x, y, z), quat))
        pb.changeConstraint(self.constraint, [x * SCALE, y * SCALE, z * SCALE], jointChildFrameOrientation=list(quat),
                            maxForce=self.max_force, physicsClientId=self.world._client)
        self._tick()

    # --- waking reachable structures ------------------------------------------------------------

    def _structure_boxes(self) -> np.ndarray:
        """(n, 6) metre boxes (min xyz, max xyz) of the reachable structures' pieces, from exact vertices."""
        w = self.world
        boxes = []
        for pid in w.piece_ids():
            if pid != self.piece_id and w.structure_of(pid) in self.reachable:
                v = w.world_vertices(pid)
                boxes.append(np.concatenate([v.min(axis=0), v.max(axis=0)]))
        return np.array(boxes).reshape(-1, 6)

    def _overlaps(self, lo: np.ndarray, hi: np.ndarray) -> bool:
        b = self.sleeping_boxes
        if not len(b):
            return False
        pad = WAKE_DISTANCE_M
        overlap = ((b[:, 0] <= hi[0] + pad) & (b[:, 3] >= lo[0] - pad) & (b[:, 1] <= hi[1] + pad)
                   & (b[:, 4] >= lo[1] - pad) & (b[:, 2] <= hi[2] + pad) & (b[:, 5] >= lo[2] - pad))
        return bool(overlap.any())

    def _near_structure(self) -> bool:
        lo, hi = pb.getAABB(self.body, physicsClientId=self.world._client)
        return self._overlaps(np.asarray(lo) / SCALE, np.asarray(hi) / SCALE)

    def _wake(self) -> None:
        """Rebuild with the reachable structures dynamic, carrying the held piece's state over."""
        w = self.world
        c = w._client
        position, quat = self.pose
        linear, angular = pb.getBaseVelocity(self.body, physicsClientId=c)
        others = tuple(p for p in w.snapshot().pieces if p.piece_id != self.piece_id)
        w._rebuild(others, self.reachable, self.reachable)
        self.body = w._create(PlacedPiece(self.piece_id, self.structure, position, quat), static=False)
        pb.resetBaseVelocity(self.body, linear, angular, physicsClientId=c)
        for pid in self.monitor.off_table:
            if pid in w.piece_ids():
                self.monitor.park(pid)
        if not self.released:
            self.constraint = self._hold(self.targets[-1] if self.targets else (position, quat))
        self.awake = True

    def _tick(self) -> None:
        if not self.awake and self._near_structure():
            self._wake()
        if self.sleepers:
            self.sleepers.wake_near([self.body, *self.sleepers.moving()])
        self.world.step(1)
        self.ticks += 1
        self.monitor.tick(check_edges=self.ticks % SETTLE_CHECK_EVERY == 0)
        if self.recorder is not None:
            self.recorder.sample(self.world, self.ticks)

    # --- release and outcome --------------------------------------------------------------------

    def release(self, settle_timeout_s: float = SETTLE_TIMEOUT_S, verdict: Verdict | None = None) -> PlacementReport:
        """Let go, run until everything on the table top is at rest (or the timeout), report.
        `verdict`: a planner's rollout stops once it has its verdict (see `Verdict`)."""
        self.let_go(settle_timeout_s, verdict)
        while not self.settle_ticks(1 << 30):
            pass
        return self.outcome()

    # The incremental form of `release`, for a window that shows the settle as it happens:
    # let_go, then settle_ticks(n) every frame until it says done, then outcome. The ticks are
    # the same in the same order, so the outcome is the same bits as `release`'s.

    def let_go(self, settle_timeout_s: float = SETTLE_TIMEOUT_S, verdict: Verdict | None = None) -> None:
        _check_timeout(settle_timeout_s)
        if self.released:
            raise PieceStateError(f"{self.piece_id!r} was already released")
        w = self.world
        pb.removeConstraint(self.constraint, physicsClientId=w._client)
        self.released = True
        if self.recorder is not None:
            self.recorder.mark_release()
        # Speed at every sample, not shots' drift (physics/rest.py). Measured 2026-12-04 with the
        # drift rule here: the hard bot planned the 50 late tables in 17% less CPU (1415 -> 1142 s
        # simulated), the same choice on 38; but it calls a top at rest that is not: on three of
        # the random towers it built, its choices stood 8 of 8 trials by drift, 0 of 8 by speed.
        self._tracker = RestTracker()
        self._tracker.observe(w.motion_sample(w.dynamic_piece_ids()))
        self._settled: bool | None = None
        self._limit = self.ticks + int(round(settle_timeout_s / TIME_STEP))
        self._verdict_ticks = None if verdict is None else int(round(verdict.after_fall_s / TIME_STEP))
        self._pieces_down = None if verdict is None else verdict.pieces_down
        self._counts_placed_piece = verdict is not None and verdict.counts_placed_piece
        self._ignored = frozenset() if verdict is None else verdict.ignored

    def settle_ticks(self, ticks: int) -> bool:
        """Run up to `ticks` more ticks of the settle; True once it is over (at rest or timed out)."""
        if not self.released:
            raise PieceStateError(f"{self.piece_id!r} is still in hand")
        if self._settled is not None:
            return True
        w = self.world
        for _ in range(ticks):
            if self.ticks >= self._limit:
                self._settled = False
                return True
            self._tick()
            if self._verdict_ticks is not None and self.monitor.any_fallen and self._fell_besides_ignored():
                self._limit = min(self._limit, self.ticks + self._verdict_ticks)
                self._verdict_ticks = None   # the deadline is set once, at the first fall
            if self._pieces_down is not None and self._down() >= self._pieces_down:
                self._settled = False       # down is down: the verdict can only count more
                return True
            if self.ticks % SETTLE_CHECK_EVERY == 0:
                moving = [p for p in w.dynamic_piece_ids() if p not in self.monitor.fallen and p not in self._ignored]
                if self._tracker.observe(w.motion_sample(moving)):
                    self._settled = True
                    return True
        if self.ticks >= self._limit:
            self._settled = False
            return True
        return False

    def _fell_besides_ignored(self) -> bool:
        return not self._ignored or bool(self.monitor.fallen - self._ignored)

    def _down(self) -> int:
        """Pieces down as the verdict counts them (`Verdict.counts_placed_piece`, `Verdict.ignored`)."""
        others = self.monitor.down_besides(self.piece_id)
        if others and self._ignored:
            others = len(self.monitor.fallen - self._ignored - {self.piece_id})
        if others and self._counts_placed_piece and self.piece_id in self.monitor.fallen:
            return others + 1
        return others

    def outcome(self) -> PlacementReport:
        """The report once `settle_ticks` said done (fallen pieces leave the world)."""
        if self._settled is None:
            raise PieceStateError(f"{self.piece_id!r} has not come to rest yet")
        return self._outcome(self._settled)

    def _outcome(self, settled: bool) -> PlacementReport:
        w = self.world
        fallen = set(self.monitor.fallen)
        supported = _supported(w, fallen)
        fallen |= {pid for pid in w.dynamic_piece_ids() if pid not in supported}
        active_fell = self.piece_id in fallen
        only_active = fallen == {self.piece_id}
        touching: tuple[str, ...] = ()
        active_pose = None
        if not active_fell:
            touching = tuple(o for o in w.contacts_of(self.piece_id, TOUCH_DISTANCE_M) if o != "table" and o not in fallen)
            active_pose = w.pose(self.piece_id)
        order = {pid: i for i, pid in enumerate(w.piece_ids())}
        fallen_in_order = sorted(fallen, key=order.__getitem__)
        report_fallen = () if only_active else tuple((pid, w.structure_of(pid)) for pid in fallen_in_order)
        w.remove(fallen_in_order)
        if self.recorder is not None:
            self.recorder.finish(w, self.ticks, self.piece_id, self.structure, self.seat, tuple(fallen_in_order))
        return PlacementReport(
            piece_id=self.piece_id, structure=self.structure, caused_by=self.seat, fallen=report_fallen,
            active_fell=active_fell, only_active_fell=only_active, touching=touching, settled=settled,
            heights_mm=w.heights_mm(), simulated_s=self.ticks * TIME_STEP, active_pose=active_pose,
        )


def falls_by_themselves(world: "World", timeout_s: float) -> tuple[frozenset[str], float]:
    """The table as built (`World.load_for_placement`), left alone with no piece placed: the
    pieces that fall within `timeout_s` (or until all else rests), and the seconds simulated.
    Most tables rest at once (the match called them at rest); a few do not: a ball that rolls a
    millimetre a second stays under the rest speeds long enough for the match to stop, and
    rolls on, and off, when the table is built again. And a built table is not the table it was
    built from: a rebuild loses Bullet's contact manifolds and warm start (engine-notes
    section 3.1). Over the hard bot's solo towers of seeds 0-19 (`junkart bench bots`,
    2026-12-06), after each placement left alone in its own world and built again: twice
    nothing fell in its own world and six pieces fell in the rebuilt one (seed 2's ring, a fall
    then counted against the next piece; seed 13's cone), once a ball rolled off in both, and
    three times a piece fell in its own world only (seed 12)."""
    _check_timeout(timeout_s)
    monitor = _Monitor(world)
    tracker = RestTracker()
    ids = world.dynamic_piece_ids()
    tracker.observe(world.motion_sample(ids))
    limit = int(round(timeout_s / TIME_STEP))
    ticks = 0
    while ticks < limit:
        world.step(1)
        ticks += 1
        monitor.tick(check_edges=ticks % SETTLE_CHECK_EVERY == 0)
        if ticks % SETTLE_CHECK_EVERY == 0 and tracker.observe(world.motion_sample(p for p in ids if p not in monitor.fallen)):
            break
    return frozenset(monitor.fallen), ticks * TIME_STEP


def _supported(world: "World", fallen: set[str]) -> set[str]:
    """Pieces connected to a base through contacts between standing pieces (static ones count)."""
    edges: dict[str, set[str]] = {}
    for point in pb.getContactPoints(physicsClientId=world._client):
        if point[8] > TOUCH_DISTANCE_M * SCALE:
            continue
        a, b = world.owner_of_body(point[1]), world.owner_of_body(point[2])
        if a is None or b is None or "table" in (a, b) or a in fallen or b in fallen:
            continue
        edges.setdefault(a, set()).add(b)
        edges.setdefault(b, set()).add(a)
    dynamic = set(world.dynamic_piece_ids())
    frontier = [f"base:{k}" for k in range(world.layout.n_structures)]
    frontier += [pid for pid in world.piece_ids() if pid not in dynamic]
    seen = set(frontier)
    while frontier:
        node = frontier.pop()
        for other in edges.get(node, ()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen


def run_placement(world: "World", structure: int, piece_id: str, release_pose: Pose, seat: int,
                  trajectory: Sequence[Pose] | None, settle_timeout_s: float,
                  verdict: Verdict | None = None, motion: MotionRecorder | None = None,
                  lazy_wake: bool = False) -> PlacementReport:
    """A whole placement from recorded input (see `World.place`).

    The piece appears at trajectory[0], is pulled toward trajectory[1:] and then release_pose,
    one pose per tick, and is let go. trajectory=() lets go at release_pose at once; None uses
    the default carry: down from 2 cm above (less if that start is blocked), then 0.05 s still.
    """
    world.layout.check_structure(structure)
    piece_spec(piece_id)
    _check_seat(world, seat)
    _check_timeout(settle_timeout_s)
    release = _as_pose(release_pose, f"release pose of {piece_id!r}")
    if trajectory is not None:
        recorded = [_as_pose(p, f"trajectory pose {i}") for i, p in enumerate(trajectory)]
        start, moves = (recorded[0], recorded[1:] + [release]) if recorded else (release, [])
        # A hand's path ends where the hand was pulling when it let go, not where the piece was:
        # held into something, the piece is pushed back (force-limited), as the window showed it.
        # So only its start must be clear, and its release within reach of the structure.
        driven = len(recorded) > 1
        if driven:
            _check_reach(world, structure, release, f"release pose of {piece_id!r}")
        placement = Placement(world, structure, piece_id, seat, start, check_poses=[] if driven else [release],
                              motion=motion, lazy_wake=lazy_wake)
    else:
        placement = None
        for lift in (DEFAULT_LIFT_M, DEFAULT_LIFT_M / 2, DEFAULT_LIFT_M / 4, 0.0):
            path = default_path(release, lift) + [release] * HOLD_TICKS_BEFORE_RELEASE
            try:
                placement = Placement(world, structure, piece_id, seat, path[0], check_poses=[release], motion=motion,
                                      lazy_wake=lazy_wake)
                break
            except IntersectingPoseError as error:
                if lift == 0.0 or str(error).startswith("release pose"):
                    raise
        assert placement is not None
        moves = path[1:]
    for target in moves:
        placement.move(target)
    return placement.release(settle_timeout_s, verdict)
