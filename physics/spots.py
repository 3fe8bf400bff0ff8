"""Where a piece may come to rest on a structure, found without simulating it: the planner's
pre-filter (physics/planner.py, steps 1 and 2), and the hand's rest height.

Rays cast down under a piece's lowest points give the height at which it first rests, which
of its points carry it and how far its centre of mass lies inside their support polygon, in a
fraction of a millisecond per spot; a rollout costs tens of milliseconds. What the rays cannot
see (a ball held by its sides in a cup) the planner finds by letting the piece settle.

The pre-filter's rays are worked out in numpy from the exact hulls (physics/vertical_rays.py),
thousands at a time; the hand's rest height asks Bullet's own rays (`rays_down`), so that a
piece is let go just above the bodies as Bullet shapes them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Iterator, Sequence

import numpy as np
import pybullet as pb

from physics.catalogue import resting_ways, shape_geometry, shape_of_id
from physics.geometry import quaternion_matrix, rotate_quaternion
from physics.layout import BASE_HALF_M
from physics.settings import SCALE
from physics.vertical_rays import DownRays
from physics.world import BASE_PREFIX, World

if TYPE_CHECKING:   # the planner's parameters, read here, are defined with the planner
    from physics.planner import Objective, PlannerParams
    from physics.pool import RolloutPool
    from physics.rollout import RoomSearch

Pose = tuple[tuple[float, float, float], tuple[float, float, float, float]]

RELEASE_GAP_M = 0.0005        # release this far above the first contact: the piece drops onto it
CONTACT_BAND_M = 0.0015       # vertices within this of the first contact carry the piece
BOTTOM_BAND_M = 0.004         # vertices this close to the lowest point may touch the support
MAX_RAYS_PER_CANDIDATE = 16
FOOTPRINT_STEP_M = 0.012      # spacing of the extra rays under a piece's flat underside
UP = (0.0, 0.0, 1.0)


@dataclass(frozen=True)
class Candidate:
    release: Pose
    support: str                  # what the centre of the piece is above (piece id or base:k)
    margin_mm: float              # centre of mass inside the support polygon by this much
    guess: float                  # pre-filter score
    option: int = 0               # which of the planned options (see `planner.plan_best`) it places


def rest_height(world: World, piece_id: str, x: float, y: float, quat: Sequence[float]) -> float:
    """Centre-of-mass height at which the piece lowered at (x, y) first rests.

    Rays under its lowest vertices give it in a fraction of a millisecond; when that pose would
    still cut into something (a support narrower than the vertex spacing, e.g. the top of a
    ball), the exact but slower distance query decides.
    """
    rotated = _rotated_vertices(piece_id, quat)
    low = _lowest(rotated)
    hits = rays_down(world, low[:, :2] + (x, y), _ray_top(world))
    return max(hz - vz for (hz, _), vz in zip(hits, low[:, 2]))


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


def compose_yaw(yaw: float, quat: Sequence[float]) -> tuple[float, float, float, float]:
    """World-frame rotation about z by `yaw`, applied after `quat` (both x, y, z, w)."""
    return rotate_quaternion(UP, yaw, quat)


def support_grid(world: World, structure: int, n: int) -> list[tuple[float, float]]:
    """Points to look for support at, in world metres: n x n over the base top (the base may be
    rotated), and at the same spacing over whatever the structure's pieces overhang. A long
    plank reaches 5 cm past the base; on a cluttered top its ends may be the only level room
    left (a ball that no spot over the base held stood there in every rollout)."""
    base = world.layout.bases[structure]
    half = BASE_HALF_M * 0.8
    cy, sy = math.cos(base.yaw), math.sin(base.yaw)
    if n <= 1:
        return [(base.x, base.y)]
    spacing = 2 * half / (n - 1)
    lo, hi = np.array([-half, -half]), np.array([half, half])
    pieces = world.pieces_on(structure)
    if pieces:
        xy = np.vstack([world.world_vertices(p)[:, :2] for p in pieces]) - (base.x, base.y)
        local = np.column_stack([xy[:, 0] * cy + xy[:, 1] * sy, -xy[:, 0] * sy + xy[:, 1] * cy])
        lo, hi = np.minimum(lo, local.min(axis=0)), np.maximum(hi, local.max(axis=0))
    below = [np.ceil((half + lo[i]) / spacing - 1e-9) for i in range(2)]    # <= 0: steps past -half
    above = [np.floor((hi[i] - half) / spacing + 1e-9) for i in range(2)]
    us, vs = (np.arange(-half + below[i] * spacing, half + above[i] * spacing + 1e-9, spacing) for i in range(2))
    return [(base.x + u * cy - v * sy, base.y + u * sy + v * cy) for u in us for v in vs]


RAY_BATCH = 8192      # rays per rayTestBatch call (PyBullet takes at most 16384)


def rays_down(world: World, points: np.ndarray, top_z: float) -> list[tuple[float, str]]:
    """(hit height m, owner) straight below each (x, y); owner 'none' when nothing is hit.
    Bullet's own rays, for the hand's rest height (`rest_height`): a hand lowers a piece onto
    the bodies as Bullet shapes them. The pre-filter casts its thousands with `DownRays`.
    Each ray is tested on its own, so casting many in one call gives what one call each would."""
    points_m = np.asarray(points, dtype=float).reshape(-1, 2)
    client = world.client_for_rays_down(points_m)
    xy = points_m * SCALE
    starts = np.column_stack([xy, np.full(len(xy), top_z * SCALE)]).tolist()
    ends = np.column_stack([xy, np.full(len(xy), -0.01 * SCALE)]).tolist()
    owner = world.owner_of_body
    found: list[tuple[float, str]] = []
    for k in range(0, len(starts), RAY_BATCH):
        hits = pb.rayTestBatch(starts[k:k + RAY_BATCH], ends[k:k + RAY_BATCH], physicsClientId=client)
        found += [(h[3][2] / SCALE, owner(h[0]) or "none") if h[0] >= 0 else (0.0, "none") for h in hits]
    return found


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


@dataclass(frozen=True)
class Surface:
    """A structure as the pre-filter sees it: what is its own, its height, the table as its
    rays see it, and what they hit down over its support points (the same for every piece
    tried on it)."""
    own: frozenset[str]
    height_mm: float
    top_z: float
    grid: np.ndarray
    hits: list[tuple[float, str]]
    below: DownRays

    @cached_property
    def own_spots(self) -> list[tuple[float, float, str]]:
        """(x, y, what is below) of the support points over the structure's own pieces (or base):
        where the pre-filter tries the piece."""
        return [(x, y, over) for (x, y), (_, over) in zip(self.grid, self.hits) if over in self.own]

    @cached_property
    def own_xy(self) -> np.ndarray:
        """(spots, 2): `own_spots`' x, y, where every orientation is lowered."""
        return np.array([(x, y) for x, y, _ in self.own_spots], dtype=float).reshape(-1, 2)

    @cached_property
    def owned(self) -> np.ndarray:
        """Per owner index of `below`, whether it is the structure's own; one more, False, for a miss (-1)."""
        return np.array([name in self.own for name in self.below.names] + [False])


def structure_surface(world: World, structure: int, n: int) -> Surface:
    height = world.height_mm(structure)
    top_z = height / 1000.0 + 0.3
    grid = np.array(support_grid(world, structure, n))
    below = DownRays.of_world(world)
    heights, which = below.cast(grid, top_z)
    return Surface(frozenset({f"{BASE_PREFIX}{structure}", *world.pieces_on(structure)}), height, top_z, grid,
                   list(zip(heights.tolist(), below.owners(which))), below)


@dataclass(frozen=True, eq=False)     # (arrays: compared by identity)
class Orientation:
    """One distinct way the pre-filter turns a piece: its rotation, its vertices so turned and
    the points under it that rays are cast from (`_lowest`). Shared by every search that turns
    the piece so (`orientations` keeps them): read-only."""
    quat: tuple[float, float, float, float]
    rotated: np.ndarray
    low: np.ndarray


def orientations(piece_id: str, params: PlannerParams | RoomSearch) -> tuple[Orientation, ...]:
    """The piece's likeliest resting poses x yaw steps, each distinct body once: a ball in any
    orientation, or an upright cylinder turned about its axis, is one (`_orientation_signature`),
    so equivalent orientations do not crowd distinct spots out of the rollout batches."""
    return _orientations(piece_id, params.stable_poses, params.yaw_steps)


@lru_cache(maxsize=1024)
def _orientations(piece_id: str, stable_poses: int, yaw_steps: int) -> tuple[Orientation, ...]:
    # Kept: `usable_height_mm` turns the same five probes after every rollout that stood.
    seen: set[tuple[int, ...]] = set()
    found: list[Orientation] = []
    for pose in resting_ways(piece_id)[:stable_poses]:
        for k in range(yaw_steps):
            quat = compose_yaw(math.pi * k / yaw_steps, pose.orientation)
            rotated = _rotated_vertices(piece_id, quat)
            signature = _orientation_signature(rotated)
            if signature not in seen:
                seen.add(signature)
                low = _lowest(rotated)
                rotated.setflags(write=False)
                low.setflags(write=False)
                found.append(Orientation(quat, rotated, low))
    return tuple(found)


# The pre-filter shares its orientations among a pool's workers when it casts at least this
# many rays. Measured on 2 workers with numpy's rays (17 late tables, hard and normal searches):
# below about 4,500 rays a search takes 4-11 ms, and sending its surface out and mapping it
# costs as much as it saves; above, sharing saves 10-30% (53,818 rays: 83 ms here, 65 shared).
SHARE_RAYS = 4500


def candidates(world: World, structure: int, piece_id: str, params: PlannerParams,
               objective: Objective, surface: Surface | None = None,
               pool: RolloutPool | None = None) -> list[Candidate]:
    """Every pre-filtered candidate release pose on `structure`, best guess first. `surface`:
    the structure's support points already cast (for several pieces on one unchanged world).

    With a `pool` of workers and SHARE_RAYS or more to cast, the orientations are cut into one
    run per worker, in order, and cast there (the pool's workers would wait for the pre-filter
    otherwise: it was an eighth of a 4-bot tour's time). The runs' candidates are joined in
    order, so they rank exactly as one process ranks them."""
    surface = surface or structure_surface(world, structure, params.grid)
    ways = orientations(piece_id, params)
    if pool is None or pool.workers == 1 or len(ways) < 2 or rays_to_cast(ways, surface) < SHARE_RAYS:
        return ranked(spot_candidates(ways, surface, objective))
    jobs = [SpotSearch(part, surface, objective) for part in _runs(ways, pool.workers)]
    return ranked([c for found in pool.map(run_spot_search, jobs) for c in found])


@dataclass(frozen=True)
class SpotSearch:
    """One run of a shared pre-filter (a pool task): these orientations of the piece over
    `surface` (which carries the table as its rays see it: the worker's own world is not needed)."""
    ways: tuple[Orientation, ...]
    surface: Surface
    objective: Objective


def run_spot_search(world: World, job: SpotSearch) -> list[Candidate]:
    """`spot_candidates` for one run: the same bits as in the caller's process."""
    return spot_candidates(job.ways, job.surface, job.objective)


def _runs(ways: Sequence[Orientation], n: int) -> list[tuple[Orientation, ...]]:
    """`ways` cut into at most n runs of about equal cost (rays per spot), in order."""
    weights = [len(way.low) for way in ways]
    total, runs, current, done = sum(weights), [], [], 0
    for way, weight in zip(ways, weights):
        current.append(way)
        done += weight
        if done >= total * (len(runs) + 1) / n and len(runs) < n - 1:
            runs.append(tuple(current))
            current = []
    if current:
        runs.append(tuple(current))
    return runs


def rays_to_cast(ways: Sequence[Orientation], surface: Surface) -> int:
    """How many rays `spot_candidates` casts for these orientations (its cost, give or take)."""
    return len(surface.own_spots) * sum(len(way.low) for way in ways)


def ranked(found: list[Candidate]) -> list[Candidate]:
    """Best guess first; equal guesses keep the order they were found in (orientation by
    orientation, spot by spot), so candidates found in runs and joined in order rank the same."""
    return sorted(found, key=lambda c: -c.guess)


def spot_candidates(ways: Sequence[Orientation], surface: Surface, objective: Objective) -> list[Candidate]:
    """The candidates of these orientations, unranked, in the order they were found."""
    found: list[Candidate] = []
    for way in ways:
        spots = _RestingSpots.cast(way, surface)
        for j in spots.supported(0.0):
            margin = _support_margin(way.low[spots.carrying[j], :2])
            if margin <= 0.0:
                continue
            rest_z = spots.rest_z[j]
            x, y, over = surface.own_spots[j]
            top_mm = (rest_z + way.rotated[:, 2].max()) * 1000.0
            gain = max(0.0, top_mm - surface.height_mm)
            guess = objective.height_weight * gain + objective.stability_weight * margin * 1000.0
            release = ((float(x), float(y), float(rest_z + RELEASE_GAP_M)), way.quat)
            found.append(Candidate(release, over, margin * 1000.0, guess))
    return found


def highest_robust_release_z(piece_id: str, params: PlannerParams | RoomSearch, surface: Surface,
                             margin_mm: float) -> float | None:
    """max(c.release z for c in candidates(...) if c.margin_mm >= margin_mm), None if there is
    none, without working out the support of spots too low to beat the best so far, nor of
    those whose carrying points are too close together: the planner asks it for every rollout
    that stood (`planner.usable_height_mm`)."""
    best: float | None = None
    for way in orientations(piece_id, params):
        spots = _RestingSpots.cast(way, surface)
        for j in spots.supported(margin_mm / 1000.0):
            release_z = float(spots.rest_z[j] + RELEASE_GAP_M)
            if best is not None and release_z <= best:
                continue
            margin = _support_margin(way.low[spots.carrying[j], :2])
            if margin > 0.0 and margin * 1000.0 >= margin_mm:
                best = release_z
    return best


# The support margin is never more than the room its carrying points' bounding box leaves
# around the centre of mass (the hull lies inside the box); this much slack covers the hull's
# rounding of its points (`_convex_hull_2d`, 1e-9 m) and the arithmetic.
ROOM_SLACK_M = 1e-6


@dataclass(frozen=True, eq=False)     # (arrays: compared by identity)
class _RestingSpots:
    """One orientation lowered at every support point over the structure's own pieces (one
    cast for them all: a call per spot cost more than its rays): where it first rests, which
    of its low points carry it there, and whether all of those are over the structure's own."""
    rest_z: np.ndarray          # (spots,) centre-of-mass height, m
    carrying: np.ndarray        # (spots, low points) within CONTACT_BAND_M of the first contact
    own: np.ndarray             # (spots,) every carrying point is over the structure's own
    room: np.ndarray            # (spots,) m, at least the support margin (see ROOM_SLACK_M)

    @classmethod
    def cast(cls, way: Orientation, surface: Surface) -> "_RestingSpots":
        spots, low = surface.own_spots, way.low
        if not spots:
            empty = np.zeros(0)
            return cls(empty, np.zeros((0, len(low)), dtype=bool), empty.astype(bool), empty)
        heights, which = surface.below.cast((low[None, :, :2] + surface.own_xy[:, None, :]).reshape(-1, 2), surface.top_z)
        hz, which = heights.reshape(len(spots), len(low)), which.reshape(len(spots), len(low))
        rest_z = (hz - low[:, 2]).max(axis=1)
        carrying = rest_z[:, None] + low[:, 2] - hz <= CONTACT_BAND_M
        own = (surface.owned[which] | ~carrying).all(axis=1)
        x, y = low[:, 0], low[:, 1]
        room = np.min([np.where(carrying, x, -np.inf).max(axis=1), -np.where(carrying, x, np.inf).min(axis=1),
                       np.where(carrying, y, -np.inf).max(axis=1), -np.where(carrying, y, np.inf).min(axis=1)], axis=0)
        return cls(rest_z, carrying, own, room)

    def supported(self, margin_m: float) -> Iterator[int]:
        """The spots, in order, whose support margin may be `margin_m` or more: carried by the
        structure's own pieces only, with that much room."""
        return iter(np.flatnonzero(self.own & (self.room >= margin_m - ROOM_SLACK_M)).tolist())


def _orientation_signature(rotated: np.ndarray) -> tuple[int, ...]:
    """What an orientation looks like to the table, to 0.1 mm: the vertices' spread over the
    table (second moments about the centre of mass) and their height range. A ball in any
    orientation, or an upright cylinder turned about its axis, gives one signature, so its
    equivalent orientations do not crowd distinct spots out of the rollout batches."""
    xy, z = rotated[:, :2], rotated[:, 2]
    moments = (xy[:, 0] ** 2).mean(), (xy[:, 1] ** 2).mean(), (xy[:, 0] * xy[:, 1]).mean()
    return tuple(int(round(v)) for v in (*(m * 1e7 for m in moments), z.min() * 1e4, z.max() * 1e4))
