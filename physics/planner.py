"""The placement planner bots use: where and how to put a piece so that it stands.

1. Candidates: the piece's most probable stable poses x yaw steps x support points found by
   casting rays down on a grid over the structure's base (the top surfaces of the structure).
2. A cheap pre-filter per candidate: cast rays under the piece's lowest vertices to find the
   height at which it first rests, which vertices carry it, and how far its centre of mass lies
   inside their support polygon. Candidates whose centre of mass is outside, or that would
   touch the table, go; the rest are ranked by the objective's guess.
3. Rollouts: the best candidates are really placed, with the bot's hand noise, in a scratch
   world rebuilt from the turn's snapshot (the same rebuild path the match uses), and scored by
   what happened: falls, drops, height gained, touches, pieces disturbed, and, looking one
   move ahead, the level room left to build on (`room_cm2`) and whether the structure moves
   when the table tilts a little (`shaky`). Finalists get more rollouts.
4. Choice: the best mean after one imagined drop is added to every candidate (so a spot that
   stood 12 times beats one that stood twice by luck). A hard bot then re-tests its favourite
   until one has stood `confirm` rollouts in a row, and when no spot always stood it first
   searches a finer grid once more (`look_wider`).

The planner knows nothing of cities: `Objective` carries the weights the caller chose.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np
import pybullet as pb

from physics.catalogue import shape_geometry, shape_of_id, stable_poses
from physics.errors import IntersectingPoseError
from physics.geometry import quaternion_matrix
from physics.layout import BASE_HALF_M
from physics.placement import PlacementReport
from physics.settings import GRAVITY, SCALE, TIME_STEP
from physics.snapshot import Snapshot
from physics.world import BASE_PREFIX, World

Pose = tuple[tuple[float, float, float], tuple[float, float, float, float]]

RELEASE_GAP_M = 0.0005        # release this far above the first contact: the piece drops onto it
CONTACT_BAND_M = 0.0015       # vertices within this of the first contact carry the piece
BOTTOM_BAND_M = 0.004         # vertices this close to the lowest point may touch the support
MAX_RAYS_PER_CANDIDATE = 16
FOOTPRINT_STEP_M = 0.012      # spacing of the extra rays under a piece's flat underside
DISTURBED_MM = 2.0            # a structure piece that moved more than this counts as disturbed
WIDEN_BELOW = 3               # fewer candidates than this many batches' worth: search finer
PRIOR_DROPS = 1.0             # every candidate starts with this many imagined drops (see _value)


@dataclass(frozen=True)
class PlannerParams:
    """How hard a bot thinks and how steady its hand is."""
    stable_poses: int = 3
    yaw_steps: int = 4
    grid: int = 5                 # support points per side of the base
    candidates: int = 8           # kept after the pre-filter, each rolled out
    rollouts: int = 1             # noisy rollouts per candidate
    finalists: int = 2            # best candidates re-tested ...
    extra_rollouts: int = 2       # ... with this many more rollouts each
    extra_batches: int = 0        # when the best option ever failed, roll out this many more batches
    max_rollouts: int = 60        # ... but never more rollouts than this in one decision
    confirm: int = 0              # the chosen candidate must stand this many rollouts in a row
    look_wider: bool = False      # when no candidate always stood, search a finer grid once more
    noise_mm: float = 2.0         # hand: position standard deviation
    noise_deg: float = 3.0        # hand: yaw standard deviation


@dataclass(frozen=True)
class Objective:
    """What a placement is worth; the caller (who knows the city) picks the weights."""
    height_weight: float = 1.0            # per mm of structure height gained
    touch_weight: float = 0.0             # per touched piece in `touch_targets`
    touch_targets: frozenset[str] = frozenset()
    disturb_weight: float = 3.0           # per structure piece moved more than DISTURBED_MM
    fall_penalty: float = 200.0           # per structure piece knocked down
    drop_penalty: float = 100.0           # the active piece fell alone (a re-place)
    stability_weight: float = 0.5         # per mm of support margin (pre-filter only)
    room_weight: float = 2.0              # per cm² of flat room left near the top (see `room_cm2`)
    shaky_penalty: float = 60.0           # the structure it leaves moves when the table tilts (see `shaky`)


@dataclass(frozen=True)
class Candidate:
    release: Pose
    support: str                  # what the centre of the piece is above (piece id or base:k)
    margin_mm: float              # centre of mass inside the support polygon by this much
    guess: float                  # pre-filter score


@dataclass(frozen=True)
class Plan:
    release: Pose
    score: float                  # mean rollout score of the chosen candidate
    stand_rate: float             # share of its rollouts where nothing fell
    considered: int               # candidates generated
    rolled_out: int               # rollouts run
    scores: tuple[float, ...] = field(default=(), repr=False)


def perturb(world: World, piece_id: str, pose: Pose, noise_mm: float, noise_deg: float,
            rng: random.Random) -> Pose:
    """The pose a hand really lets go at: a little off in x, y and yaw, and lowered until it
    just touches whatever is below there (a hand does not push a piece into another)."""
    (x, y, _), quat = pose
    x, y = x + rng.gauss(0.0, noise_mm / 1000.0), y + rng.gauss(0.0, noise_mm / 1000.0)
    quat = _compose_yaw(math.radians(rng.gauss(0.0, noise_deg)), quat)
    return (x, y, rest_height(world, piece_id, x, y, quat) + RELEASE_GAP_M), quat


def rest_height(world: World, piece_id: str, x: float, y: float, quat: Sequence[float]) -> float:
    """Centre-of-mass height at which the piece lowered at (x, y) first rests.

    Rays under its lowest vertices give it in a fraction of a millisecond; when that pose would
    still cut into something (a support narrower than the vertex spacing, e.g. the top of a
    ball), the exact but slower distance query decides.
    """
    rotated = _rotated_vertices(piece_id, quat)
    low = _lowest(rotated)
    hits = _rays_down(world, low[:, :2] + (x, y), _ray_top(world))
    return max(hz - vz for (hz, _), vz in zip(hits, low[:, 2]))


def hand_place(world: World, structure: int, piece_id: str, aim: Pose, seat: int, noise_mm: float,
               noise_deg: float, rng: random.Random, settle_timeout_s: float = 10.0) -> tuple[Pose, PlacementReport]:
    """A bot's hand places the piece aimed at `aim`: perturbed, lowered onto what is below it,
    held still for a moment and let go. The same call serves rollouts and the real turn.
    Returns the release pose (the recorded placement input: trajectory = [release]) and the report."""
    release = perturb(world, piece_id, aim, noise_mm, noise_deg, rng)
    try:
        return release, world.place(structure, piece_id, release, seat, trajectory=[release],
                                    settle_timeout_s=settle_timeout_s)
    except IntersectingPoseError:
        # The rays missed a support narrower than the vertex spacing: measure exactly.
        (x, y, _), quat = release
        release = ((x, y, world.resting_z(piece_id, x, y, quat) + RELEASE_GAP_M), quat)
        return release, world.place(structure, piece_id, release, seat, trajectory=[release],
                                    settle_timeout_s=settle_timeout_s)


def _rotated_vertices(piece_id: str, quat: Sequence[float]) -> np.ndarray:
    return shape_geometry(shape_of_id(piece_id)[1]).vertices @ quaternion_matrix(np.asarray(quat)).T


def _lowest(rotated: np.ndarray) -> np.ndarray:
    """Points of the piece's underside to cast rays from: its lowest vertices, plus a grid over
    the footprint they span (a box has only four bottom corners, and a support narrower than
    the footprint — the top of a pin — would slip between their rays). Interior points take
    the lowest height, which is exact for flat bottoms and a few millimetres high otherwise."""
    bottom = rotated[:, 2].min()
    low = rotated[rotated[:, 2] <= bottom + BOTTOM_BAND_M]
    if len(low) > MAX_RAYS_PER_CANDIDATE:
        low = low[np.linspace(0, len(low) - 1, MAX_RAYS_PER_CANDIDATE).astype(int)]
    (x0, y0), (x1, y1) = low[:, :2].min(axis=0), low[:, :2].max(axis=0)
    if x1 - x0 < FOOTPRINT_STEP_M and y1 - y0 < FOOTPRINT_STEP_M:
        return low
    xs = np.linspace(x0, x1, max(2, int((x1 - x0) / FOOTPRINT_STEP_M) + 1))[1:-1]
    ys = np.linspace(y0, y1, max(2, int((y1 - y0) / FOOTPRINT_STEP_M) + 1))[1:-1]
    inner = np.array([(x, y) for x in xs for y in ys]) if len(xs) and len(ys) else np.empty((0, 2))
    if len(low) >= 3 and len(inner):
        inner = inner[_inside_hull(low[:, :2], inner)]
    if not len(inner):
        return low
    return np.vstack([low, np.column_stack([inner, np.full(len(inner), bottom)])])


def _convex_hull_2d(points: np.ndarray) -> np.ndarray:
    """Counter-clockwise hull of 2D points (Andrew's monotone chain)."""
    pts = sorted(set(map(tuple, np.round(points, 9))))
    if len(pts) < 3:
        return np.array(pts)

    def half(seq: list) -> list:
        out: list = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return np.array(lower[:-1] + upper[:-1])


def _inside_hull(polygon_points: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Mask of the query points inside (or on) the convex hull of `polygon_points`."""
    hull = _convex_hull_2d(polygon_points)
    if len(hull) < 3:
        return np.zeros(len(queries), dtype=bool)
    a, b = hull, np.roll(hull, -1, axis=0)
    cross = (b[:, 0] - a[:, 0])[None, :] * (queries[:, 1:2] - a[:, 1][None, :]) \
        - (b[:, 1] - a[:, 1])[None, :] * (queries[:, 0:1] - a[:, 0][None, :])
    return np.all(cross >= -1e-12, axis=1)


def _ray_top(world: World) -> float:
    return max(world.heights_mm()) / 1000.0 + 0.3


def _compose_yaw(yaw: float, quat: Sequence[float]) -> tuple[float, float, float, float]:
    """World-frame rotation about z by `yaw`, applied after `quat` (both x, y, z, w)."""
    s, c = math.sin(yaw / 2), math.cos(yaw / 2)
    x, y, z, w = quat
    # q_yaw * q with q_yaw = (0, 0, s, c)
    return (c * x - s * y, c * y + s * x, c * z + s * w, c * w - s * z)


def base_grid(world: World, structure: int, n: int) -> list[tuple[float, float]]:
    """n x n points over the structure's base top, in world metres (the base may be rotated)."""
    base = world.layout.bases[structure]
    half = BASE_HALF_M * 0.8
    steps = [(-half + 2 * half * i / (n - 1)) if n > 1 else 0.0 for i in range(n)]
    cy, sy = math.cos(base.yaw), math.sin(base.yaw)
    return [(base.x + u * cy - v * sy, base.y + u * sy + v * cy) for u in steps for v in steps]


def _rays_down(world: World, points: np.ndarray, top_z: float) -> list[tuple[float, str]]:
    """(hit height m, owner) straight below each (x, y); owner 'none' when nothing is hit."""
    starts = [[x * SCALE, y * SCALE, top_z * SCALE] for x, y in points]
    ends = [[x * SCALE, y * SCALE, -0.01 * SCALE] for x, y in points]
    hits = pb.rayTestBatch(starts, ends, physicsClientId=world.client)
    return [(h[3][2] / SCALE, world.owner_of_body(h[0]) or "none") if h[0] >= 0 else (0.0, "none") for h in hits]


def _support_margin(contacts: np.ndarray) -> float:
    """Signed distance (m) of the origin (the centre of mass) inside the contacts' convex hull."""
    if len(contacts) == 0:
        return -1.0
    hull = _convex_hull_2d(contacts)
    if len(hull) < 3:  # one point or a knife edge
        return -float(np.min(np.linalg.norm(contacts, axis=1))) if len(hull) == 1 else -_segment_distance(hull)
    a, b = hull, np.roll(hull, -1, axis=0)
    edge = b - a
    length = np.linalg.norm(edge, axis=1)
    # Counter-clockwise hull: the origin is inside when it is left of every edge.
    cross = edge[:, 0] * (0.0 - a[:, 1]) - edge[:, 1] * (0.0 - a[:, 0])
    return float(np.min(cross / np.maximum(length, 1e-12)))


def _segment_distance(points: np.ndarray) -> float:
    a, b = points[np.argmin(points[:, 0] + points[:, 1])], points[np.argmax(points[:, 0] + points[:, 1])]
    ab = b - a
    t = 0.0 if not ab.any() else float(np.clip(-(a @ ab) / (ab @ ab), 0.0, 1.0))
    return float(np.linalg.norm(a + t * ab))


def candidates(world: World, structure: int, piece_id: str, params: PlannerParams,
               objective: Objective) -> list[Candidate]:
    """Every pre-filtered candidate release pose on `structure`, best guess first."""
    own = {f"{BASE_PREFIX}{structure}", *world.pieces_on(structure)}
    height_before = world.height_mm(structure)
    top_z = height_before / 1000.0 + 0.3
    found: list[Candidate] = []
    grid = np.array(base_grid(world, structure, params.grid))
    grid_hits = _rays_down(world, grid, top_z)
    for pose in stable_poses(piece_id)[: params.stable_poses]:
        for k in range(params.yaw_steps):
            quat = _compose_yaw(math.pi * k / params.yaw_steps, pose.orientation)
            rotated = _rotated_vertices(piece_id, quat)
            low = _lowest(rotated)
            for (x, y), (_, over) in zip(grid, grid_hits):
                if over not in own:
                    continue
                hits = _rays_down(world, low[:, :2] + (x, y), top_z)
                rest_z = max(hz - vz for (hz, _), vz in zip(hits, low[:, 2]))
                carrying = [i for i, ((hz, what), vz) in enumerate(zip(hits, low[:, 2]))
                            if rest_z + vz - hz <= CONTACT_BAND_M]
                if any(hits[i][1] not in own for i in carrying):
                    continue  # it would rest on the table or on another structure
                margin = _support_margin(low[carrying, :2])
                if margin <= 0.0:
                    continue
                top_mm = (rest_z + rotated[:, 2].max()) * 1000.0
                gain = max(0.0, top_mm - height_before)
                guess = objective.height_weight * gain + objective.stability_weight * margin * 1000.0
                release = ((float(x), float(y), float(rest_z + RELEASE_GAP_M)), quat)
                found.append(Candidate(release, over, margin * 1000.0, guess))
    found.sort(key=lambda c: -c.guess)
    return found


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
    top_z = _ray_top(world)
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
    return _disturbed(before, world.snapshot(), structure, TILT_MOVED_MM) > 0


def score_report(report: PlacementReport, height_before_mm: float, before: Snapshot, after: Snapshot,
                 objective: Objective, room: float = 0.0, is_shaky: bool = False) -> float:
    """What one rollout was worth under `objective` (`room`: `room_cm2` after it; `is_shaky`:
    what `shaky` said after it)."""
    if report.fallen:
        return -objective.fall_penalty * sum(1 for pid, _ in report.fallen if pid != report.piece_id) \
            - objective.drop_penalty
    if report.only_active_fell or not report.settled:
        return -objective.drop_penalty
    gain = report.heights_mm[report.structure] - height_before_mm
    touches = sum(1 for pid in report.touching if pid in objective.touch_targets)
    return objective.height_weight * gain + objective.touch_weight * touches + objective.room_weight * room \
        - objective.disturb_weight * _disturbed(before, after, report.structure) \
        - objective.shaky_penalty * is_shaky


def _disturbed(before: Snapshot, after: Snapshot, structure: int, moved_mm: float = DISTURBED_MM) -> int:
    old = {p.piece_id: p.position for p in before.pieces if p.structure == structure}
    return sum(1 for piece in after.pieces
               if piece.piece_id in old and math.dist(piece.position, old[piece.piece_id]) * 1000.0 > moved_mm)


def rollout(world: World, snapshot: Snapshot, structure: int, piece_id: str, aim: Pose, seat: int,
            objective: Objective, height_before_mm: float, params: PlannerParams,
            rng: random.Random) -> tuple[float, bool]:
    """Place the piece for real, with hand noise, in the scratch `world` reloaded from the
    snapshot (the same rebuild path the match uses): (score, nothing fell)."""
    world.load(snapshot)
    try:
        _, report = hand_place(world, structure, piece_id, aim, seat, params.noise_mm, params.noise_deg, rng,
                               settle_timeout_s=3.0)
    except IntersectingPoseError:
        return -objective.drop_penalty, False
    after = world.snapshot()
    stood = not report.fallen and not report.only_active_fell
    room = room_cm2(world, structure) if stood and objective.room_weight else 0.0
    is_shaky = stood and bool(objective.shaky_penalty) and shaky(world, structure, rng.uniform(0.0, 2.0 * math.pi))
    return score_report(report, height_before_mm, snapshot, after, objective, room, is_shaky), stood


def plan_placement(snapshot: Snapshot, structure: int, piece_id: str, seat: int, objective: Objective,
                   params: PlannerParams, rng: random.Random) -> Plan:
    """The release pose a bot chooses for `piece_id` on `structure`, by rollouts with hand noise."""
    with World.from_snapshot(snapshot) as world:
        height_before = world.height_mm(structure)
        found = candidates(world, structure, piece_id, params, objective)
        finer = replace(params, grid=2 * params.grid - 1, yaw_steps=2 * params.yaw_steps,
                        stable_poses=params.stable_poses + 2)
        widened = len(found) < WIDEN_BELOW * params.candidates
        if widened:
            # A cluttered top leaves few spots at this resolution: look again, finer and wider
            # (a player who sees no room turns the piece over and tries more places).
            found = candidates(world, structure, piece_id, finer, objective)
        if not found:
            found = [_fallback(world, structure, piece_id)]
        trials = _Trials(world, snapshot, structure, piece_id, seat, objective, params, rng, height_before)
        trials.search(found)
        if params.look_wider and not widened and not trials.always_stood():
            # Every spot tried so far dropped something at least once: before settling for a
            # risk, look at the spots a coarse grid skipped.
            trials.search([c for c in candidates(world, structure, piece_id, finer, objective)
                           if not trials.tried(c)])
        trials.confirm()
        return trials.plan(len(found))


class _Trials:
    """The rollouts of one decision: which candidates were tried, and how each fared."""

    def __init__(self, world: World, snapshot: Snapshot, structure: int, piece_id: str, seat: int,
                 objective: Objective, params: PlannerParams, rng: random.Random, height_before: float) -> None:
        self.world, self.snapshot, self.structure, self.piece_id, self.seat = world, snapshot, structure, piece_id, seat
        self.objective, self.params, self.rng, self.height_before = objective, params, rng, height_before
        self.shortlist: list[Candidate] = []
        self.scores: list[list[float]] = []
        self.stood: list[list[bool]] = []

    def run(self, index: int, times: int) -> None:
        for _ in range(times):
            value, ok = rollout(self.world, self.snapshot, self.structure, self.piece_id,
                                self.shortlist[index].release, self.seat, self.objective,
                                self.height_before, self.params, self.rng)
            self.scores[index].append(value)
            self.stood[index].append(ok)

    def rolled_out(self) -> int:
        return sum(len(v) for v in self.scores)

    def value(self, index: int) -> float:
        """Mean rollout score, shrunk toward a drop by PRIOR_DROPS imagined failures.

        The best of many noisy means is an optimist (a 60% spot that stood its few rollouts
        by luck beats a spot that truly always stands): the shrinkage favours spots that
        stood many times over spots that stood a few times."""
        runs = self.scores[index]
        return (sum(runs) - PRIOR_DROPS * self.objective.drop_penalty) / (len(runs) + PRIOR_DROPS)

    def best(self) -> int:
        return max(range(len(self.shortlist)), key=lambda i: (self.value(i), -i))

    def always_stood(self) -> bool:
        return bool(self.shortlist) and all(self.stood[self.best()])

    def tried(self, candidate: Candidate) -> bool:
        return any(_same_spot(candidate, other) for other in self.shortlist)

    def search(self, found: list[Candidate]) -> None:
        """Roll out batches of candidates; stop early once the best one stood every time.
        Half of each batch reaches high, half plays safe: when every tall option drops the
        piece, a low, well-supported one is still on the table."""
        params = self.params
        budget = self.rolled_out() + params.max_rollouts
        for batch in _batches(found, params.candidates, 1 + params.extra_batches):
            if self.shortlist and self.rolled_out() + len(batch) * params.rollouts > budget:
                break
            first = len(self.shortlist)
            self.shortlist.extend(batch)
            self.scores.extend([] for _ in batch)
            self.stood.extend([] for _ in batch)
            for index in range(first, len(self.shortlist)):
                self.run(index, params.rollouts)
            ranked = sorted(range(len(self.shortlist)), key=lambda i: (-self.value(i), i))
            for index in ranked[: params.finalists]:
                self.run(index, max(0, params.rollouts + params.extra_rollouts - len(self.scores[index])))
            if all(self.stood[ranked[0]]):
                break   # the best option stood every time: no need to look wider

    def confirm(self) -> None:
        """Test the favourite again until one candidate stood `confirm` rollouts in a row; a
        favourite that drops something loses its place to the next best."""
        if self.params.confirm <= 0:
            return
        budget = self.rolled_out() + 2 * self.params.confirm
        while self.rolled_out() < budget:
            best = self.best()
            runs = self.stood[best]
            if len(runs) >= self.params.confirm and all(runs[-self.params.confirm:]):
                return
            self.run(best, 1)

    def plan(self, considered: int) -> Plan:
        best = self.best()
        return Plan(
            release=self.shortlist[best].release,
            score=_mean(self.scores[best]),
            stand_rate=sum(self.stood[best]) / len(self.stood[best]),
            considered=considered,
            rolled_out=self.rolled_out(),
            scores=tuple(self.scores[best]),
        )


def _batches(found: list[Candidate], size: int, count: int) -> list[list[Candidate]]:
    """Up to `count` batches of `size` distinct candidates, each half tallest guesses, half
    best supported, none repeated."""
    batches: list[list[Candidate]] = []
    left = list(found)
    for _ in range(count):
        tall = _diverse(left, (size + 1) // 2)
        safe = [c for c in _diverse(sorted(left, key=lambda c: -c.margin_mm), size) if c not in tall]
        batch = tall + safe[: size - len(tall)]
        if not batch:
            break
        batches.append(batch)
        left = [c for c in left if c not in batch]
    return batches


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _diverse(found: list[Candidate], n: int) -> list[Candidate]:
    """The n best guesses, skipping near-duplicates (same spot within 1 cm and same orientation)."""
    chosen: list[Candidate] = []
    for c in found:
        if not any(_same_spot(c, o) for o in chosen):
            chosen.append(c)
        if len(chosen) == n:
            break
    return chosen


def _same_spot(a: Candidate, b: Candidate) -> bool:
    return a.release[1] == b.release[1] and math.dist(a.release[0][:2], b.release[0][:2]) <= 0.01


def _fallback(world: World, structure: int, piece_id: str) -> Candidate:
    """No candidate passed the pre-filter: the most probable pose over the base centre."""
    base = world.layout.bases[structure]
    quat = stable_poses(piece_id)[0].orientation
    z = world.resting_z(piece_id, base.x, base.y, quat)
    return Candidate(((base.x, base.y, z + RELEASE_GAP_M), quat), f"{BASE_PREFIX}{structure}", 0.0, 0.0)


def random_placement(snapshot: Snapshot, structure: int, piece_id: str, rng: random.Random) -> Pose:
    """The baseline a benchmark compares bots against: any stable pose, any yaw, anywhere on the base."""
    with World.from_snapshot(snapshot) as world:
        base = world.layout.bases[structure]
        poses = stable_poses(piece_id)
        quat = _compose_yaw(rng.uniform(0, 2 * math.pi), rng.choice(poses[:3]).orientation)
        half = BASE_HALF_M * 0.8
        x, y = base.x + rng.uniform(-half, half), base.y + rng.uniform(-half, half)
        z = world.resting_z(piece_id, x, y, quat)
    return (x, y, z + RELEASE_GAP_M), quat
