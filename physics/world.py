"""One physics world = one PyBullet DIRECT client: table, bases, placed pieces.

Public units: metres for positions, (x, y, z, w) quaternions, millimetres for heights. Inside
the client everything is x10 (decimetres; settings.py says why).

The canonical timeline is the snapshot: `place()` first rebuilds the client from
`snapshot()` (resetSimulation + the same creation calls), so a world built with
`World.from_snapshot(s)` and a long-lived world whose snapshot is `s` give bit-identical
placements. A placement builds only the structures it can reach (bases within 30 cm), static
until the held piece comes near them; the others keep their exact poses without bodies until a
whole-table query (`client`, `ray_down`, `resting_z`, `add`, `run`, `settle`) rebuilds them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import pybullet as pb

from physics import bodies
from physics.clients import give_back, take_client
from physics.catalogue import piece_spec, shape_geometry
from physics.errors import IntersectingPoseError, PieceStateError
from physics.geometry import quaternion_matrix
from physics.layout import TableLayout
from physics.motion import MotionRecorder
from physics.placement import Placement, PlacementReport, Verdict, run_placement
from physics.settings import (
    CONE_FRICTION, CONTACT_BREAKING_THRESHOLD, GRAVITY, PENETRATION_TOLERANCE_M, SCALE, SETTLE_CHECK_EVERY,
    SETTLE_TIMEOUT_S, SOLVER_ITERATIONS, TIME_STEP,
)
from physics.rest import RestTracker
from physics.snapshot import PlacedPiece, Quat, Snapshot, Vec3, check_pose

BASE_PREFIX = "base:"
ABSENT_PAD_M = 0.002      # a left-out piece's (x, y) box grows by this (hull margins, rounding)


@dataclass(frozen=True)
class RayHit:
    point: Vec3          # where the ray first meets something (metres)
    what: str            # piece id, "base:<k>" or "table"
    normal: Vec3

    @property
    def z_m(self) -> float:
        return self.point[2]


@dataclass(frozen=True)
class SettleResult:
    settled: bool
    simulated_s: float


class World:
    """A table with its bases and pieces in its own PyBullet client. Use as a context manager."""

    def __init__(self, layout: TableLayout, *, dynamic_structures: Iterable[int] | None = None) -> None:
        self.layout = layout
        self._client = take_client()
        self._pieces: dict[str, PlacedPiece] = {}     # insertion order = creation order
        self._bodies: dict[str, int] = {}
        self._body_owner: dict[int, str] = {}         # body id -> piece id or "base:k" / "table"
        self._static: set[str] = set()
        self._stale = False                            # dynamic poses must be read back from Bullet
        self.simulated_s = 0.0
        self._absent: set[str] = set()                # pieces with no body: structures left out of a partial build
        self._absent_boxes: np.ndarray | None = None  # their (x, y) boxes, for `client_for_rays_down`
        self._fresh: tuple[frozenset[int], frozenset[int]] | None = None  # (dynamic, present) of an untouched rebuild
        self._rebuild((), dynamic_structures)

    # --- construction ---------------------------------------------------------------------------

    @classmethod
    def from_snapshot(cls, snapshot: Snapshot, *, dynamic_structures: Iterable[int] | None = None) -> "World":
        world = cls(snapshot.layout, dynamic_structures=dynamic_structures)
        world._rebuild(snapshot.pieces, dynamic_structures)
        return world

    def _rebuild(self, pieces: Sequence[PlacedPiece], dynamic_structures: Iterable[int] | None,
                 present_structures: Iterable[int] | None = None) -> None:
        """Reset the client and create table, bases and pieces, always in the same order.

        Pieces of structures not in `present_structures` get no body at all: a placement builds
        only what it can reach (a 60-piece table rebuilds 10 bodies, not 60). Their poses are
        kept; `ensure_complete` builds them when a whole-table query needs them.
        """
        c = self._client
        pb.resetSimulation(physicsClientId=c)
        pb.setPhysicsEngineParameter(
            fixedTimeStep=TIME_STEP, numSolverIterations=SOLVER_ITERATIONS, numSubSteps=0,
            deterministicOverlappingPairs=1, enableConeFriction=CONE_FRICTION,
            contactBreakingThreshold=CONTACT_BREAKING_THRESHOLD, physicsClientId=c,
        )
        pb.setGravity(0.0, 0.0, -GRAVITY * SCALE, physicsClientId=c)
        self._shapes = bodies.ShapeCache(c)
        self.table = bodies.create_table(c, self.layout.table_half_size_m)
        self._body_owner = {self.table: "table"}
        self.base_bodies = []
        for k, base in enumerate(self.layout.bases):
            body = bodies.create_base(c, self._shapes, base)
            self.base_bodies.append(body)
            self._body_owner[body] = f"{BASE_PREFIX}{k}"
        everything = frozenset(range(self.layout.n_structures))
        dynamic = everything if dynamic_structures is None else frozenset(dynamic_structures)
        present = everything if present_structures is None else frozenset(present_structures)
        self._pieces, self._bodies, self._static, self._absent, self._stale = {}, {}, set(), set(), False
        self._absent_boxes = None
        for piece in pieces:
            if piece.structure in present:
                self._create(piece, static=piece.structure not in dynamic)
            else:
                self._pieces[piece.piece_id] = piece
                self._absent.add(piece.piece_id)
        self.simulated_s = 0.0
        self._fresh = (dynamic, present)

    def load(self, snapshot: Snapshot) -> None:
        """Replace the whole state by a snapshot, reusing this client (cheaper than a new World).

        Bot rollouts: `world.load(s); world.place(...)` per trial.
        """
        self.layout = snapshot.layout
        self._rebuild(snapshot.pieces, None)

    def load_for_placement(self, snapshot: Snapshot, structure: int, awake: bool) -> None:
        """`load`, built as a placement on `structure` builds its table (physics/placement.py):
        only the structures it can reach, dynamic if the held piece starts `awake` near them.
        The placement then finds its table built and does not build it again: a rollout built
        every table twice (78 trials on late tower tables: 1.4 builds a trial instead of 2.3, and
        8.0 s instead of 8.2, median of three runs; the same bits).
        The rays that lower the hand onto the structure hit the same bits: all they can reach
        is built."""
        self.layout = snapshot.layout
        reach = self.layout.neighbours(structure)
        self._rebuild(snapshot.pieces, reach if awake else frozenset(), reach)

    def ensure_rebuilt(self, dynamic_structures: frozenset[int], present_structures: frozenset[int] | None = None) -> None:
        """Make the client a fresh rebuild of `snapshot()` with these structures dynamic (and built).

        Skipped when nothing happened since such a rebuild: the result is the same bits, and
        it halves the cost of a rollout (load + place).
        """
        present = frozenset(range(self.layout.n_structures)) if present_structures is None else present_structures
        if self._fresh != (dynamic_structures, present):
            self._rebuild(self.snapshot().pieces, dynamic_structures, present)

    def ensure_complete(self) -> None:
        """Give every piece a body again after a partial build (for whole-table queries)."""
        if self._absent:
            self._rebuild(self.snapshot().pieces, None)

    def _create(self, piece: PlacedPiece, static: bool) -> int:
        self._fresh = None
        body = bodies.create_piece(self._client, self._shapes, piece_spec(piece.piece_id), piece.position, piece.orientation, static)
        self._pieces[piece.piece_id] = piece
        self._bodies[piece.piece_id] = body
        self._body_owner[body] = piece.piece_id
        if static:
            self._static.add(piece.piece_id)
        return body

    def client_for_rays_down(self, xy: np.ndarray) -> int:
        """The client, for vertical rays at the points `xy` (n x 2, metres): a partial build
        serves when no piece it left out lies over or under any of them (a vertical ray meets
        nothing beside its line), else the whole table is built first (as `client`). A rollout
        lowers its hand by such rays: building the whole table for them cost it two builds of
        three (a 30-piece Philadelphia table: 0.73 s of a hard decision's 3.8), and the rays
        meet the same bodies either way."""
        if self._absent:
            if self._absent_boxes is None:
                boxes = []
                for pid in self._absent:
                    v = self.world_vertices(pid)[:, :2]
                    boxes.append(np.concatenate([v.min(axis=0) - ABSENT_PAD_M, v.max(axis=0) + ABSENT_PAD_M]))
                self._absent_boxes = np.array(boxes)
            b = self._absent_boxes
            x, y = np.asarray(xy, dtype=float).reshape(-1, 2).T
            under = ((b[:, None, 0] <= x) & (x <= b[:, None, 2]) & (b[:, None, 1] <= y) & (y <= b[:, None, 3]))
            if under.any():
                self.ensure_complete()
        return self._client

    @property
    def client(self) -> int:
        """The PyBullet client id, for callers that query PyBullet directly (rays, contacts).

        A placement leaves out-of-reach structures without bodies; asking for the client builds
        them first, so direct queries always see the whole table.
        """
        self.ensure_complete()
        return self._client

    def close(self) -> None:
        if self._client is not None:
            give_back(self._client)     # emptied and kept for the next world (physics/clients.py)
        self._client = None  # type: ignore[assignment]

    def __enter__(self) -> "World":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- state ----------------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        self._refresh()
        return Snapshot(self.layout, tuple(self._pieces.values()))

    def _refresh(self) -> None:
        if not self._stale:
            return
        for pid in self.dynamic_piece_ids():
            pos, quat = pb.getBasePositionAndOrientation(self._bodies[pid], physicsClientId=self._client)
            old = self._pieces[pid]
            self._pieces[pid] = PlacedPiece(pid, old.structure, (pos[0] / SCALE, pos[1] / SCALE, pos[2] / SCALE), tuple(quat))  # type: ignore[arg-type]
        self._stale = False

    def piece_ids(self) -> tuple[str, ...]:
        return tuple(self._pieces)

    def pieces_on(self, structure: int) -> tuple[str, ...]:
        self.layout.check_structure(structure)
        return tuple(pid for pid, p in self._pieces.items() if p.structure == structure)

    def structure_of(self, piece_id: str) -> int:
        return self._require(piece_id).structure

    def pose(self, piece_id: str) -> tuple[Vec3, Quat]:
        self._require(piece_id)
        self._refresh()
        piece = self._pieces[piece_id]
        return piece.position, piece.orientation

    def body_id(self, piece_id: str) -> int:
        self._require(piece_id)
        if piece_id in self._absent:
            self.ensure_complete()
        return self._bodies[piece_id]

    def owner_of_body(self, body: int) -> str | None:
        """Piece id, "base:<k>" or "table" for a body id of this client."""
        return self._body_owner.get(body)

    def _require(self, piece_id: str) -> PlacedPiece:
        piece_spec(piece_id)  # UnknownPieceError first: the clearer message
        if piece_id not in self._pieces:
            raise PieceStateError(f"piece {piece_id!r} is not in the world")
        return self._pieces[piece_id]

    # --- editing --------------------------------------------------------------------------------

    def add(self, piece_id: str, structure: int, position: Sequence[float], orientation: Sequence[float],
            *, check: bool = True) -> None:
        """Put a piece at a pose with no simulation (building scenes, tests, benchmarks).

        The piece is dynamic unless the world was built with other dynamic structures only.
        """
        self.layout.check_structure(structure)
        piece_spec(piece_id)
        if piece_id in self._pieces:
            raise PieceStateError(f"piece {piece_id!r} is already in the world")
        pos, quat = check_pose(position, orientation, f"pose of {piece_id!r}")
        self.ensure_complete()
        self._refresh()
        body = self._create(PlacedPiece(piece_id, structure, pos, quat), static=False)
        if check:
            try:
                self.check_clear(body, f"{piece_id!r}")
            except IntersectingPoseError:
                self._forget(piece_id)
                raise

    def remove(self, piece_ids: Iterable[str]) -> None:
        ids = list(piece_ids)
        for pid in ids:
            self._require(pid)
        self._refresh()
        for pid in ids:
            self._forget(pid)

    def _forget(self, piece_id: str) -> None:
        self._fresh = None
        if piece_id in self._absent:
            self._absent.discard(piece_id)
            del self._pieces[piece_id]
            return
        body = self._bodies.pop(piece_id)
        pb.removeBody(body, physicsClientId=self._client)
        del self._body_owner[body]
        del self._pieces[piece_id]
        self._static.discard(piece_id)

    def penetration_m(self, body: int) -> tuple[float, str | None]:
        """Deepest overlap (m, >= 0) of `body` with any other body, and what it overlaps."""
        c = self._client
        lo, hi = pb.getAABB(body, physicsClientId=c)
        deepest, what = 0.0, None
        for other, owner in self._body_owner.items():
            if other == body:
                continue
            olo, ohi = pb.getAABB(other, physicsClientId=c)
            if any(olo[i] > hi[i] or ohi[i] < lo[i] for i in range(3)):
                continue
            for point in pb.getClosestPoints(body, other, 0.0, physicsClientId=c):
                depth = -point[8] / SCALE
                if depth > deepest:
                    deepest, what = depth, owner
        return deepest, what

    def check_clear(self, body: int, label: str) -> None:
        depth, what = self.penetration_m(body)
        if depth > PENETRATION_TOLERANCE_M:
            raise IntersectingPoseError(f"{label} would intersect {what} by {depth * 1000:.1f} mm")

    # --- simulation -----------------------------------------------------------------------------

    def dynamic_piece_ids(self) -> tuple[str, ...]:
        return tuple(pid for pid in self._pieces if pid not in self._static and pid not in self._absent)

    def step(self, ticks: int = 1) -> None:
        self._fresh = None
        for _ in range(ticks):
            pb.stepSimulation(physicsClientId=self._client)
        self.simulated_s += ticks * TIME_STEP
        self._stale = True

    def run(self, seconds: float) -> None:
        self.ensure_complete()
        self.step(int(round(seconds / TIME_STEP)))

    def motion_sample(self, piece_ids: Iterable[str]) -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
        """Internal-unit poses of these pieces now, for `RestTracker`."""
        c = self._client
        return {pid: pb.getBasePositionAndOrientation(self._bodies[pid], physicsClientId=c) for pid in piece_ids}

    def settle(self, timeout_s: float = SETTLE_TIMEOUT_S) -> SettleResult:
        """Step until every dynamic piece stays at rest for SETTLE_HOLD_S, or report a timeout."""
        self.ensure_complete()
        ids = self.dynamic_piece_ids()
        start = self.simulated_s
        tracker = RestTracker()
        tracker.observe(self.motion_sample(ids))
        while self.simulated_s - start < timeout_s:
            self.step(SETTLE_CHECK_EVERY)
            if tracker.observe(self.motion_sample(ids)):
                return SettleResult(True, self.simulated_s - start)
        return SettleResult(False, self.simulated_s - start)

    # --- measuring ------------------------------------------------------------------------------

    def world_vertices(self, piece_id: str) -> np.ndarray:
        """The piece's exact hull vertices in the world frame (metres)."""
        position, orientation = self.pose(piece_id)
        local = shape_geometry(piece_spec(piece_id).shape).vertices
        return local @ quaternion_matrix(np.asarray(orientation)).T + np.asarray(position)

    def height_mm(self, structure: int) -> float:
        """Tape measure: the structure's highest point above the table (base included), mm."""
        self.layout.check_structure(structure)
        top = bodies.BASE_HEIGHT_M
        for pid in self.pieces_on(structure):
            radius = shape_geometry(piece_spec(pid).shape).sphere_radius
            if radius is not None:
                top = max(top, self.pose(pid)[0][2] + radius)
            else:
                top = max(top, float(self.world_vertices(pid)[:, 2].max()))
        return top * 1000.0

    def heights_mm(self) -> tuple[float, ...]:
        return tuple(self.height_mm(k) for k in range(self.layout.n_structures))

    def ray_down(self, x: float, y: float, from_z: float = 1.0) -> RayHit | None:
        """The first surface straight below (x, y) (metres): its height and what it belongs to."""
        return self.ray((x, y, from_z), (x, y, -0.01))

    def ray(self, start: Sequence[float], end: Sequence[float]) -> RayHit | None:
        """The first surface on the segment from `start` to `end` (metres; e.g. a line of sight
        through the cursor), and what it belongs to."""
        (start, _), (end, _) = check_pose(start, (0, 0, 0, 1), "ray start"), check_pose(end, (0, 0, 0, 1), "ray end")
        self.ensure_complete()
        hit = pb.rayTest([v * SCALE for v in start], [v * SCALE for v in end], physicsClientId=self._client)[0]
        if hit[0] < 0:
            return None
        owner = self._body_owner.get(hit[0], "unknown")
        return RayHit(tuple(v / SCALE for v in hit[3]), owner, tuple(hit[4]))  # type: ignore[arg-type]

    def resting_z(self, piece_id: str, x: float, y: float, orientation: Sequence[float] = (0.0, 0.0, 0.0, 1.0),
                  from_z: float = 0.8) -> float:
        """Centre-of-mass height (m) at which the piece, lowered straight down at (x, y) in this
        orientation, first touches something (a piece, a base or the table).

        Exact to the collision geometry: conservative advancement with PyBullet distance queries
        (each step lowers the probe by the current clearance, which never overshoots).
        A release pose a fraction of a millimetre above this height rests the piece in place.
        """
        (x, y, from_z), quat = check_pose((x, y, from_z), orientation, f"resting pose of {piece_id!r}")
        spec = piece_spec(piece_id)
        self.ensure_complete()
        c = self._client
        self._fresh = None  # the probe body (and maybe a new shape) changes the client's state
        probe = pb.createMultiBody(spec.mass_kg, self._shapes.shape_id(spec.shape),
                                   basePosition=[x * SCALE, y * SCALE, from_z * SCALE], baseOrientation=list(quat), physicsClientId=c)
        try:
            lo, hi = pb.getAABB(probe, physicsClientId=c)
            candidates = []
            for other in self._body_owner:
                olo, ohi = pb.getAABB(other, physicsClientId=c)
                if olo[0] <= hi[0] and ohi[0] >= lo[0] and olo[1] <= hi[1] and ohi[1] >= lo[1]:
                    candidates.append(other)
            z = from_z * SCALE
            for _ in range(200):
                gap = min(
                    (pt[8] for other in candidates for pt in pb.getClosestPoints(probe, other, 1e9, physicsClientId=c)),
                    default=z,
                )
                if gap <= 1e-6 * SCALE:
                    break
                z -= gap
                pb.resetBasePositionAndOrientation(probe, [x * SCALE, y * SCALE, z], list(quat), physicsClientId=c)
            return z / SCALE
        finally:
            pb.removeBody(probe, physicsClientId=c)

    def contacts_of(self, piece_id: str, max_distance_m: float) -> tuple[str, ...]:
        """Everything (piece ids, "base:<k>", "table") the piece touches, from the last step's contacts."""
        body = self.body_id(piece_id)
        found: list[str] = []
        for point in pb.getContactPoints(bodyA=body, physicsClientId=self._client):
            if point[8] / SCALE <= max_distance_m:
                owner = self._body_owner.get(point[2])
                if owner is not None and owner not in found:
                    found.append(owner)
        return tuple(sorted(found))

    # --- placing (physics/placement.py) ---------------------------------------------------------

    def place(self, structure: int, piece_id: str, release_pose: tuple[Sequence[float], Sequence[float]], seat: int,
              trajectory: Sequence[tuple[Sequence[float], Sequence[float]]] | None = None,
              settle_timeout_s: float = SETTLE_TIMEOUT_S, verdict: Verdict | None = None,
              motion: MotionRecorder | None = None, lazy_wake: bool = False) -> PlacementReport:
        """A whole placement from recorded input; see the package docstring (and `Verdict` and
        `Placement`'s `lazy_wake`, which only planners' rollouts use).
        `motion`: a recorder for the view (physics/motion.py); the outcome is the same without."""
        return run_placement(self, structure, piece_id, release_pose, seat, trajectory, settle_timeout_s,  # type: ignore[arg-type]
                             verdict, motion, lazy_wake)

    def begin_placement(self, structure: int, piece_id: str, seat: int,
                        start_pose: tuple[Sequence[float], Sequence[float]],
                        motion: MotionRecorder | None = None) -> Placement:
        """Take a piece in hand at `start_pose` for an interactive placement (move / release)."""
        return Placement(self, structure, piece_id, seat, start_pose, motion=motion)  # type: ignore[arg-type]
