"""One rollout, whole: a bot's hand places a piece for real in a scratch world rebuilt from the
turn's snapshot, and the outcome is scored. The planner (physics/planner.py) runs many, on the
worker processes of physics/pool.py; a `RolloutJob` carries everything one needs, and the hand's
error (`Shake`) is drawn before the job goes out, so a rollout is the same bits in any process.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import NamedTuple

from physics.bodies import BASE_HEIGHT_M
from physics.errors import IntersectingPoseError
from physics.motion import MotionRecorder
from physics.placement import PlacementReport, Verdict, falls_by_themselves
from physics.snapshot import Snapshot
from physics.spots import RELEASE_GAP_M, Pose, compose_yaw, highest_robust_release_z, rest_height, structure_surface
from physics.world import World

VERDICT_AFTER_FALL_S = 1.0    # a rollout stops this long after the first fall (see `run_rollout`)
ROLLOUT_TIMEOUT_S = 3.0       # ... and at the latest this long after the hand lets go
DISTURBED_MM = 2.0            # a structure piece that moved more than this counts as disturbed
# `usable_height_mm`: shapes that need level room (any colour: only the shape matters) ...
ROOM_PROBES = ("grey-flower_pot", "grey-cone", "grey-cylinder", "grey-arch", "grey-short_plank")
ROBUST_MARGIN_MM = 8.0        # ... resting with their centre of mass this far inside the support


@dataclass(frozen=True)
class RoomSearch:
    """How `usable_height_mm` looks for each probe: its likeliest pose, two turns, the usual grid
    (the fields of `planner.PlannerParams` the pre-filter reads)."""
    stable_poses: int = 1
    yaw_steps: int = 2
    grid: int = 5


ROOM_SEARCH = RoomSearch()


@dataclass(frozen=True)
class Objective:
    """What a placement is worth; the caller (who knows the city) picks the weights."""
    height_weight: float = 1.0            # per mm of structure height gained
    touch_weight: float = 0.0             # per touched piece in `touch_targets`
    touch_targets: frozenset[str] = frozenset()
    disturb_weight: float = 3.0           # per structure piece moved more than DISTURBED_MM
    fall_penalty: float = 200.0           # per structure piece knocked down ...
    falls_counted: int | None = None      # ... up to this many (see `run_rollout`); None: all of them
    # Whether the placed piece counts among them when it falls with others: where the rules
    # count fallen pieces it is one of them (two fallen eliminate in Philadelphia, so a
    # placement that drops the piece and one below is the end, and one that drops only the
    # piece below is not). Not where only height or touches pay.
    counts_placed_piece: bool = False
    drop_penalty: float = 100.0           # the active piece fell alone (a re-place)
    stability_weight: float = 0.5         # per mm of support margin (pre-filter only)
    usable_weight: float = 0.0            # per mm the pieces still to come can rest at (see `usable_height_mm`)


@dataclass(frozen=True)
class Shake:
    """How far off a hand lets go: drawn by the planner in its fixed order (`draw_shake`), so a
    rollout run in any worker process lands where the same rollout run here would."""
    dx_m: float
    dy_m: float
    dyaw_deg: float


def draw_shake(rng: random.Random, noise_mm: float, noise_deg: float) -> Shake:
    return Shake(rng.gauss(0.0, noise_mm / 1000.0), rng.gauss(0.0, noise_mm / 1000.0), rng.gauss(0.0, noise_deg))


def perturb(world: World, piece_id: str, pose: Pose, shake: Shake) -> Pose:
    """The pose a hand really lets go at: `shake` off in x, y and yaw, and lowered until it
    just touches whatever is below there (a hand does not push a piece into another)."""
    (x, y, _), quat = pose
    x, y = x + shake.dx_m, y + shake.dy_m
    quat = compose_yaw(math.radians(shake.dyaw_deg), quat)
    return (x, y, rest_height(world, piece_id, x, y, quat) + RELEASE_GAP_M), quat


def hand_place(world: World, structure: int, piece_id: str, aim: Pose, seat: int, noise_mm: float,
               noise_deg: float, rng: random.Random, settle_timeout_s: float = 10.0,
               verdict: Verdict | None = None, motion: MotionRecorder | None = None) -> tuple[Pose, PlacementReport]:
    """A bot's hand places the piece aimed at `aim`: perturbed, lowered onto what is below it,
    held still for a moment and let go. The same call serves rollouts and the real turn.
    Returns the release pose (the recorded placement input: trajectory = [release]) and the report."""
    return shaken_place(world, structure, piece_id, aim, seat, draw_shake(rng, noise_mm, noise_deg),
                        settle_timeout_s, verdict, motion)


def shaken_place(world: World, structure: int, piece_id: str, aim: Pose, seat: int, shake: Shake,
                 settle_timeout_s: float = 10.0, verdict: Verdict | None = None,
                 motion: MotionRecorder | None = None, lazy_wake: bool = False) -> tuple[Pose, PlacementReport]:
    """`hand_place` with the hand's error already drawn (`lazy_wake`: see physics/placement.py)."""
    release = perturb(world, piece_id, aim, shake)
    try:
        return release, world.place(structure, piece_id, release, seat, trajectory=[release],
                                    settle_timeout_s=settle_timeout_s, verdict=verdict, motion=motion,
                                    lazy_wake=lazy_wake)
    except IntersectingPoseError:
        # The rays missed a support narrower than the vertex spacing: measure exactly.
        (x, y, _), quat = release
        release = ((x, y, world.resting_z(piece_id, x, y, quat) + RELEASE_GAP_M), quat)
        return release, world.place(structure, piece_id, release, seat, trajectory=[release],
                                    settle_timeout_s=settle_timeout_s, verdict=verdict, motion=motion,
                                    lazy_wake=lazy_wake)


STEADY = draw_shake(random.Random(0), 0.0, 0.0)   # no error at all (as a noiseless hand drew it)


def usable_height_mm(world: World, structure: int) -> float:
    """How high the pieces still to come can rest: for each of ROOM_PROBES, the highest centre
    of mass among the spots that hold it with its centre ROBUST_MARGIN_MM inside its support
    (the base top if none does), averaged over the probes. The pre-filter's rays only: a
    fraction of a rollout's cost.

    Why: a planner that only counts the height it gains stands a long plank on its end and
    balances the next piece on that 3 x 1.5 cm top; a few pieces later nothing fits anywhere and
    every piece drops. Scored with this (Objective.usable_weight), a tower grows where the next
    pieces can still land (see play/objectives.py for the figures)."""
    surface = structure_surface(world, structure, ROOM_SEARCH.grid)     # cast once for all the probes
    total = 0.0
    for probe in ROOM_PROBES:
        highest = highest_robust_release_z(probe, ROOM_SEARCH, surface, ROBUST_MARGIN_MM)
        total += BASE_HEIGHT_M if highest is None else highest
    return total / len(ROOM_PROBES) * 1000.0


def blamed(report: PlacementReport, ignored: frozenset[str]) -> PlacementReport:
    """`report` as the placement's own doing: without the falls of `ignored` pieces (the
    table's own: `table_baseline`). The placed piece alone left fallen is a drop."""
    kept = tuple(fall for fall in report.fallen if fall[0] not in ignored)
    if kept == report.fallen:
        return report
    alone = bool(kept) and all(pid == report.piece_id for pid, _ in kept)
    return replace(report, fallen=() if alone else kept, only_active_fell=alone)


def score_report(report: PlacementReport, height_before_mm: float, before: Snapshot, after: Snapshot,
                 objective: Objective, ignored: frozenset[str] = frozenset()) -> float:
    """What one rollout was worth under `objective`, not counting what `ignored` pieces did
    (`blamed`: a no-op on a report already blamed)."""
    report = blamed(report, ignored)
    if report.fallen:
        knocked = len(report.fallen) if objective.counts_placed_piece else \
            sum(1 for pid, _ in report.fallen if pid != report.piece_id)
        if objective.falls_counted is not None:
            knocked = min(knocked, objective.falls_counted)
        return -objective.fall_penalty * knocked - objective.drop_penalty
    if report.only_active_fell or not report.settled:
        return -objective.drop_penalty
    gain = report.heights_mm[report.structure] - height_before_mm
    touches = sum(1 for pid in report.touching if pid in objective.touch_targets)
    return objective.height_weight * gain + objective.touch_weight * touches \
        - objective.disturb_weight * _disturbed(before, after, report.structure, ignored)


def _disturbed(before: Snapshot, after: Snapshot, structure: int, ignored: frozenset[str]) -> int:
    old = {p.piece_id: p.position for p in before.pieces if p.structure == structure and p.piece_id not in ignored}
    return sum(1 for piece in after.pieces
               if piece.piece_id in old and math.dist(piece.position, old[piece.piece_id]) * 1000.0 > DISTURBED_MM)


@dataclass(frozen=True)
class RolloutJob:
    """One rollout, whole: what `run_rollout` needs in any process (see physics/pool.py)."""
    snapshot: Snapshot
    structure: int
    piece_id: str
    aim: Pose
    seat: int
    objective: Objective
    height_before_mm: float
    shake: Shake
    lazy_wake: bool = False       # the structure sleeps until the piece comes near (PlannerParams.lazy_wake)
    ignored: frozenset[str] = frozenset()   # the pieces that fall by themselves (`table_baseline`)


class RolloutResult(NamedTuple):
    value: float              # the score under the job's objective
    stood: bool               # nothing fell
    simulated_s: float        # what it cost: a decision's budget counts it (physics/planner.py `Budget`)


def run_rollout(world: World, job: RolloutJob) -> RolloutResult:
    """`rollout` with the hand's error drawn: the task a pool worker runs.

    It stops VERDICT_AFTER_FALL_S after the first piece touches the table, unless all else is
    at rest sooner. A piece that slides off often reaches the table first and what it knocked
    loose follows later: over 530 paired rollouts on 53 hopeless tower tops, a 0.3 s window
    took 48 of the 173 structure falls of a full settle for lone drops (a free re-place, where
    the truth costs fallen pieces); 1.0 s missed 10, for a quarter more rollout time there.
    With `Objective.falls_counted` it stops as soon as that many pieces are down: the score
    cannot change after that, and a collapse (most falls on a tall tower) ends early. What the
    table does by itself (`job.ignored`) neither stops it nor counts."""
    world.load_for_placement(job.snapshot, job.structure, awake=not job.lazy_wake)
    objective = job.objective
    verdict = Verdict(VERDICT_AFTER_FALL_S, objective.falls_counted, counts_placed_piece=objective.counts_placed_piece,
                      ignored=job.ignored)
    try:
        _, report = shaken_place(world, job.structure, job.piece_id, job.aim, job.seat, job.shake,
                                 settle_timeout_s=ROLLOUT_TIMEOUT_S, verdict=verdict, lazy_wake=job.lazy_wake)
    except IntersectingPoseError:
        return RolloutResult(-objective.drop_penalty, False, 0.0)
    report = blamed(report, job.ignored)
    value = score_report(report, job.height_before_mm, job.snapshot, world.snapshot(), objective, job.ignored)
    if objective.usable_weight and report.nothing_fell:
        value += objective.usable_weight * usable_height_mm(world, job.structure)
    return RolloutResult(value, report.nothing_fell, report.simulated_s)


@dataclass(frozen=True)
class BaselineJob:
    """`table_baseline` for one structure of a turn's table (a pool task)."""
    snapshot: Snapshot
    structure: int


def table_baseline(world: World, job: BaselineJob) -> tuple[frozenset[str], float]:
    """What the table does by itself in a rollout's time, built as a rollout on `job.structure`
    builds it (awake), with nothing placed: the pieces that fall (physics/placement.py
    `falls_by_themselves`), and the seconds simulated. The planner's rollouts
    do not blame their placement for those (`RolloutJob.ignored`): the match's real placement
    meets them too, whatever the bot does.

    Why: of the 149 tables the hard bot met in Philadelphia and Monaco in three logged 4-bot
    tours, on 6 pieces fell by themselves (a ball rolling off a slope slower than the rest
    speeds, a pin tipping, what they took along). Every rollout there counted that fall:
    nothing ever stood, and where surviving wins the searches spent their whole budget on a
    fall no placement could prevent. With the baseline five of those decisions found spots
    that stood in all their rollouts (none had), in 16-25 simulated seconds instead of 32-48.
    The baselines of all 149 simulated 48 s (median 0.18 s), against some 2800 s of rollouts.
    Pieces that only keep moving are not ignored: a tower that sways by itself may be tipped
    over by the placement, and a rollout that stopped watching it would call that at rest.
    (Ignoring them too, the bench's 30 hard towers dropped something in 18 of 302 placements.)"""
    world.load_for_placement(job.snapshot, job.structure, awake=True)
    return falls_by_themselves(world, ROLLOUT_TIMEOUT_S)
