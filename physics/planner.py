"""The placement planner bots use: where and how to put a piece so that it stands.

1. Candidates (physics/spots.py, with step 2): the piece's most probable stable poses x yaw
   steps x support points found by casting rays down on a grid over the structure's base (the
   top surfaces of the structure).
2. A cheap pre-filter per candidate: cast rays under the piece's lowest vertices to find the
   height at which it first rests, which vertices carry it, and how far its centre of mass lies
   inside their support polygon. Candidates whose centre of mass is outside, or that would
   touch the table, go; the rest are ranked by the objective's guess.
3. Rollouts: the best candidates are really placed, with the bot's hand noise, in a scratch
   world rebuilt from the turn's snapshot (the same rebuild path the match uses), and scored by
   what happened: falls, drops, height gained, touches, pieces disturbed. A rollout that drops
   something stops a second after the first fall, once what it knocked loose is down too, or
   as soon as as many pieces are down as the objective counts (the verdict is in; see
   physics/rollout.py). What the table does by itself (a ball that rolls off with nothing
   placed: `table_baseline`) is not blamed on any candidate. Finalists get more rollouts, best
   first, until the leader has stood in all of its; the best mean wins. A
   batch's rollouts run together on a pool of worker processes (physics/pool.py): their hand
   noise is drawn here first, in the order one process would draw it, and their results come
   back in that order, so the choice is the same bits with any number of workers.
4. Several options (which pending piece first, which common base: `plan_best`) share one
   search: each batch of candidates takes its share from every option, under one budget.
5. When the best plan fell in any of its rollouts (`PlannerParams.escalations`), the search
   goes on: wider, then over spots found by letting the piece settle (`settled_spots`: the
   cups, holes and corners that hold a ball by its sides, which the pre-filter's rays cannot
   see), then wider still. It costs time only on tops where nothing always stands, and all the
   searches of one decision share one budget counted in rollouts (`PlannerParams.budget`) and
   in the seconds they simulate (`PlannerParams.simulated_budget_s`), never in seconds of the
   clock: a decision must not depend on how busy the machine is.

The planner knows nothing of cities: `Objective` carries the weights the caller chose.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Sequence

from physics.catalogue import stable_poses
from physics.errors import IntersectingPoseError
from physics.layout import BASE_HALF_M
from physics.placement import Verdict
from physics.pool import RolloutPool, shared_pool
# The rollouts themselves (re-exported: callers have long found them here).
from physics.rollout import (STEADY, BaselineJob, Objective, RolloutJob, Shake, blamed, draw_shake,  # noqa: F401
                             hand_place, perturb, run_rollout, score_report, shaken_place, table_baseline,
                             usable_height_mm)
from physics.snapshot import Snapshot
from physics.spots import RELEASE_GAP_M, Candidate, Pose, candidates, compose_yaw, structure_surface
from physics.world import BASE_PREFIX, World

WIDEN_BELOW = 3               # fewer candidates than this many batches' worth: search finer
SETTLE_GRID = 11              # `settled_spots`: a steady hand lets go every 8 mm over the structure ...
SETTLE_WITHIN_S = 1.0         # ... and keeps the spots where all is at rest this soon, nothing fallen


@dataclass(frozen=True)
class PlannerParams:
    """How hard a bot thinks and how steady its hand is."""
    stable_poses: int = 3           # the likeliest ways the piece rests (catalogue.resting_ways) tried
    yaw_steps: int = 4
    grid: int = 5                 # support points per side of the base
    candidates: int = 8           # kept after the pre-filter, each rolled out
    rollouts: int = 1             # noisy rollouts per candidate
    finalists: int = 2            # best candidates re-tested ...
    extra_rollouts: int = 2       # ... with this many more rollouts each
    extra_batches: int = 0        # when the best option ever failed, roll out this many more batches
    max_rollouts: int = 60        # ... but never more rollouts than this in one decision
    escalations: int = 0          # more searches when the best plan ever fell (see `plan_best`)
    budget: int = 60              # rollouts and settle probes in one decision, all its searches together
    # ... and the seconds they may simulate together (None: no such bound). A rollout that
    # stands takes about a third of a second, one that falls a second past the first fall, one
    # on a tower that tips by itself its whole 3 s: 200 trials of the hard bot simulated anything
    # from 32 to 257 s (play/controllers.py). Simulated, not the clock's, seconds: the same on
    # any machine however busy, so the decision is too.
    simulated_budget_s: float | None = None
    noise_mm: float = 2.0         # hand: position standard deviation
    noise_deg: float = 3.0        # hand: yaw standard deviation
    margin: float = 1.0           # rollouts assume a hand this many times shakier (see `rollout`)
    # Rollouts wake the structure piece by piece, as the piece reaches it (physics/placement.py
    # `lazy_wake`): cheaper, and blind to a lower piece that gives way under the new weight.
    # On the hard bot's 50 late tables (benchmarks/late_tables.py, 8 hand trials each) its
    # choices stood in 357 of 400 trials instead of 387, while its rollouts still expected
    # 96.7%; on 48 tables of random towers, 79.2% instead of 81.0%, decisions 2.3 s instead
    # of 3.9. Nor is a low Philadelphia pile safe from it: a hard bot trying it there lost 7 of
    # 40 duels against easy on placements its lazy rollouts saw stand; on 5 of those 7 tables the
    # choice stood in 12 of 12 lazy rollouts, 0 of 12 whole ones and 0 of 12 real placements. So
    # only the bots that may be beaten use it.
    lazy_wake: bool = False


def widened(params: PlannerParams, k: int) -> PlannerParams:
    """The search `k` steps wider: more resting poses, turns, support points and candidates."""
    return replace(params, stable_poses=max(params.stable_poses, 3 + k), yaw_steps=params.yaw_steps + 2 * k,
                   grid=params.grid + k, candidates=params.candidates + 4 * k)


@dataclass(frozen=True)
class Plan:
    release: Pose
    score: float                  # mean rollout score of the chosen candidate
    stand_rate: float             # share of its rollouts where nothing fell
    considered: int               # candidates generated
    rolled_out: int               # rollouts run
    scores: tuple[float, ...] = field(default=(), repr=False)
    option: int = 0               # index of the chosen option (see `plan_best`)
    searches: int = 1             # 1 + how many times it searched wider (PlannerParams.escalations)
    probes: int = 0               # steady-hand placements of `settled_spots` (each spends a rollout of the budget)
    simulated_s: float = 0.0      # seconds its rollouts, probes and table baselines simulated, all its searches together
    # The chosen option's candidates in the order the search that chose it ranked them: the
    # assist offers them for Re-aim (play/human.py) without casting the pre-filter again.
    alternatives: tuple[Pose, ...] = field(default=(), repr=False)


@dataclass(frozen=True)
class Option:
    """One placement a bot may make now: this piece on this structure, worth what `objective` says."""
    structure: int
    piece_id: str
    objective: Objective


def rollout(world: World, snapshot: Snapshot, structure: int, piece_id: str, aim: Pose, seat: int,
            objective: Objective, height_before_mm: float, params: PlannerParams,
            rng: random.Random) -> tuple[float, bool]:
    """Place the piece for real, with hand noise, in the scratch `world` reloaded from the
    snapshot (the same rebuild path the match uses): (score, nothing fell).

    With a `PlannerParams.margin` above 1 the rollouts shake the hand more than it really shakes:
    a spot that stood in all of them has room to spare, and the planner's judgement stays that
    of a shakier hand while the placement gets the steadier one (see play/controllers.py)."""
    shake = draw_shake(rng, params.noise_mm * params.margin, params.noise_deg * params.margin)
    return run_rollout(world, RolloutJob(snapshot, structure, piece_id, aim, seat, objective, height_before_mm, shake))[:2]


def plan_placement(snapshot: Snapshot, structure: int, piece_id: str, seat: int, objective: Objective,
                   params: PlannerParams, rng: random.Random, pool: RolloutPool | None = None) -> Plan:
    """The release pose a bot chooses for `piece_id` on `structure`, by rollouts with hand noise."""
    return plan_best(snapshot, [Option(structure, piece_id, objective)], seat, params, rng, pool)


class Budget:
    """Rollouts (and settle probes) a decision may still run: `PlannerParams.budget` of them,
    and as many as the seconds left of `PlannerParams.simulated_budget_s` pay for at the mean a
    trial of this decision has simulated so far. Counted in work done, never in seconds of the
    clock, so a decision is the same on a busy machine. A search never starts a batch it cannot
    pay for (the first batch of a search on is cut to fit), so a decision runs at most `budget +
    rollouts - 1` trials, and overruns its simulated seconds only by what its last batch
    simulated beyond the mean."""

    def __init__(self, rollouts: int, simulated_s: float | None = None) -> None:
        self.count_left = rollouts
        self.simulated_budget_s = simulated_s
        self.trials = 0
        self.simulated_s = 0.0
        self.probes = 0

    @property
    def left(self) -> int:
        if self.simulated_budget_s is None or not self.simulated_s:   # no bound, or no mean yet
            return self.count_left
        mean = self.simulated_s / self.trials
        return min(self.count_left, math.floor((self.simulated_budget_s - self.simulated_s) / mean))

    def spend(self, trials: int, simulated_s: float, probes: bool = False) -> None:
        """`trials` rollouts (or settle probes) ran and simulated `simulated_s` together."""
        self.count_left -= trials
        self.trials += trials
        self.simulated_s += simulated_s
        if probes:
            self.probes += trials


def plan_best(snapshot: Snapshot, options: Sequence[Option], seat: int, params: PlannerParams,
              rng: random.Random, pool: RolloutPool | None = None) -> Plan:
    """The best placement among `options` (which pending piece first, which common base):
    `Plan.option` says which. The options share one search and one rollout budget, the way a
    player weighs the pieces in hand together rather than planning each one to the end, so a
    choice of three costs about what one piece does.

    The rollouts run on `pool` (the process-wide one by default: physics/pool.py); the choice is
    the same bits whatever its number of workers."""
    if not options:
        raise ValueError("plan_best needs at least one option")
    pool = pool or shared_pool()
    budget = Budget(params.budget, params.simulated_budget_s)
    baseline = TableBaseline(snapshot, options, pool)
    plan = _search(snapshot, options, seat, params, rng, pool, budget, baseline)
    # Nothing it tried always stood: a player who sees that turns the piece over, looks
    # everywhere and into every nook before letting go. (The re-place after a drop looks wider
    # too, but the drop has been counted by then.) Each search spends from the one budget, and
    # none starts without a batch's worth left: the slowest decisions were searches on hopeless
    # tops that nothing could save.
    def settled(world: World, option: Option, _: PlannerParams, wanted: int, __: RolloutPool) -> list[Candidate]:
        return _diverse(settled_spots(world, option.structure, option.piece_id, seat, option.objective, pool,
                                      budget, baseline.ignored[option.structure]), wanted)

    steps = [(widened(params, 1), _spots), (params, settled), (widened(params, 2), _spots)]
    for step_params, find in steps[: params.escalations]:
        if plan.stand_rate == 1.0:
            break   # it stood every time: nothing to look for
        if budget.left < params.candidates * params.rollouts:
            break   # not a batch's worth left
        other = _search(snapshot, options, seat, step_params, rng, pool, budget, baseline, find)
        if other is None:
            continue
        best = other if other.score > plan.score else plan
        plan = replace(best, considered=plan.considered + other.considered,
                       rolled_out=plan.rolled_out + other.rolled_out, searches=plan.searches + 1)
    return replace(plan, probes=budget.probes, simulated_s=budget.simulated_s + baseline.simulated_s)


class TableBaseline:
    """What the table does by itself on the options' structures (rollout.py `table_baseline`),
    run on the pool while the first search finds its candidates: they do not need it, and a
    baseline is one job, which leaves the other workers idle. Only the rollouts wait for it. In
    the bench's 4-bot tour of seed 7 (2 workers, 2026-12-06) the pool ran nothing but one job
    for 5.8 s of the game, 3.5 s once the baselines ran beside the candidates' search."""

    def __init__(self, snapshot: Snapshot, options: Sequence[Option], pool: RolloutPool) -> None:
        self.structures = sorted({option.structure for option in options})
        self._later = pool.map_later(table_baseline, [BaselineJob(snapshot, k) for k in self.structures])

    @cached_property
    def ignored(self) -> dict[int, frozenset[str]]:
        """Each structure's pieces that fall by themselves (waiting for the baseline if it runs)."""
        return {k: pieces for k, (pieces, _) in zip(self.structures, self._later.result())}

    @cached_property
    def simulated_s(self) -> float:
        return sum(simulated_s for _, simulated_s in self._later.result())


def _search(snapshot: Snapshot, options: Sequence[Option], seat: int, params: PlannerParams,
            rng: random.Random, pool: RolloutPool, budget: Budget, baseline: TableBaseline,
            find=None) -> Plan | None:
    """One search of `plan_best`: the candidates `find` gives (`_spots` by default), rolled out
    batch by batch; None if it finds none."""
    find = find or _spots
    share = params.candidates if len(options) == 1 else max(2, math.ceil(params.candidates / len(options)))
    with World.from_snapshot(snapshot) as world:
        heights = [world.height_mm(option.structure) for option in options]
        per_option = [[replace(c, option=k) for c in find(world, option, params, share, pool)]
                      for k, option in enumerate(options)]
    if not any(per_option):
        return None
    # Each batch takes its share from every option: the first batch already weighs them all.
    per_option_batches = [_batches(found, share, 1 + params.extra_batches) for found in per_option]
    batches = [[c for batches in per_option_batches if j < len(batches) for c in batches[j]]
               for j in range(max(len(batches) for batches in per_option_batches))]
    plan = _roll_out_and_choose(snapshot, options, heights, seat, params, rng, pool, budget, batches,
                                sum(len(found) for found in per_option), baseline.ignored)
    return replace(plan, alternatives=tuple(c.release for c in per_option[plan.option]))


def _spots(world: World, option: Option, params: PlannerParams, wanted: int, pool: RolloutPool) -> list[Candidate]:
    """The pre-filtered candidates for one option, searched finer when few are found."""
    found = candidates(world, option.structure, option.piece_id, params, option.objective, pool=pool)
    if len(found) < WIDEN_BELOW * wanted:
        # A cluttered top leaves few spots at this resolution: look again, finer and wider (a
        # player who sees no room turns the piece over and tries more places). Two more rows,
        # columns and yaw steps, not twice as many: the pre-filter's cost grows with their
        # product, and a careful retry's doubled search ran for 20 s.
        finer = replace(params, grid=params.grid + 2, yaw_steps=params.yaw_steps + 2,
                        stable_poses=params.stable_poses + 2)
        found = candidates(world, option.structure, option.piece_id, finer, option.objective, pool=pool)
    return found or [_fallback(world, option.structure, option.piece_id)]


@dataclass(frozen=True)
class SettleProbe:
    """One spot of `settled_spots`: let the piece go here with a steady hand (a pool task)."""
    snapshot: Snapshot
    structure: int
    piece_id: str
    seat: int
    objective: Objective
    height_before_mm: float
    x: float
    y: float
    orientation: tuple[float, float, float, float]
    over: str
    ignored: frozenset[str] = frozenset()   # the pieces that fall by themselves (rollout.py `table_baseline`)


def settled_spots(world: World, structure: int, piece_id: str, seat: int, objective: Objective,
                  pool: RolloutPool | None = None, budget: Budget | None = None,
                  ignored: frozenset[str] = frozenset()) -> list[Candidate]:
    """Candidates found by letting the piece go, in its likeliest pose and with a steady hand,
    on a dense grid (SETTLE_GRID) over the structure: the spots where it came to rest, best
    outcome first. The pre-filter's rays see only what lies under the piece's lowest points, so
    it misses the spots a piece reaches by rolling or sliding into a cup, a hole or the corner
    between two pieces; yet once the base is covered a ball stands nowhere else. On two such
    tops the plan the pre-filter's candidates gave (after 102 to 156 rollouts) never stood,
    where a dense scan found 5 and 6 spots that held the ball, 2 and 4 of them in 3 rollouts
    of 3. With a `budget`, the scan spends at most half of what is left of it (a probe costs
    about a rollout), over spots spread evenly over the grid, so its finds can still be rolled
    out. The spots are let go on `pool`'s workers (the process-wide pool by default)."""
    snapshot = world.snapshot()
    surface = structure_surface(world, structure, SETTLE_GRID)
    quat = stable_poses(piece_id)[0].orientation
    probes = [SettleProbe(snapshot, structure, piece_id, seat, objective, surface.height_mm, float(x), float(y), quat, over,
                          ignored)
              for x, y, over in surface.own_spots]
    if budget is not None:
        limit = max(1, budget.left // 2)
        if len(probes) > limit:
            probes = [probes[i * len(probes) // limit] for i in range(limit)]
    outcomes = (pool or shared_pool()).map(run_settle_probe, probes)
    if budget is not None:
        budget.spend(len(probes), sum(simulated_s for _, simulated_s in outcomes), probes=True)
    found = [spot for spot, _ in outcomes if spot is not None]
    found.sort(key=lambda c: -c.guess)
    return found


def run_settle_probe(world: World, probe: SettleProbe) -> tuple[Candidate | None, float]:
    """The spot `probe` names as a candidate if the piece came to rest there, nothing fallen
    (else None), and the seconds it simulated."""
    world.load(probe.snapshot)
    x, y, quat = probe.x, probe.y, probe.orientation
    aim = ((x, y, world.resting_z(probe.piece_id, x, y, quat) + RELEASE_GAP_M), quat)
    try:
        _, report = shaken_place(world, probe.structure, probe.piece_id, aim, probe.seat, STEADY,
                                 settle_timeout_s=SETTLE_WITHIN_S, verdict=Verdict(0.0, ignored=probe.ignored))
    except IntersectingPoseError:
        return None, 0.0
    report = blamed(report, probe.ignored)
    if not (report.nothing_fell and report.settled):
        return None, report.simulated_s
    return Candidate(aim, probe.over, 0.0, score_report(report, probe.height_before_mm, probe.snapshot,
                                                        world.snapshot(), probe.objective, probe.ignored)), report.simulated_s


def _roll_out_and_choose(snapshot: Snapshot, options: Sequence[Option], heights: list[float],
                         seat: int, params: PlannerParams, rng: random.Random, pool: RolloutPool,
                         budget: Budget, batches: list[list[Candidate]], considered: int,
                         ignored: dict[int, frozenset[str]]) -> Plan:
    """Roll out the `batches` in turn until the budget is spent or the best candidate stood
    every time; the best mean score wins. A batch's rollouts run together on the pool, their
    hand noise drawn here first in the order a single process would draw it; then its
    finalists' extra rollouts, one finalist at a time, best mean first, until the leader (the
    best mean so far) has had a finalist's rollouts and stood in every one. Until it has, the
    search goes on to the next batch.

    One finalist at a time, with the table's baseline (`plan_best`): the 149 hard decisions of
    three logged 4-bot tours (Philadelphia and Monaco, 2 workers) ran 4617 trials instead of
    5453 and 339 s of worker CPU instead of 392, 14 releases of 149 different. The bench's
    hard towers of seeds 0-59 dropped something in 33 of 605 placements, as they did with all
    three finalists re-tested (33 of 606); re-testing the runner-up of a proven leader too read
    26 of 307 on seeds 0-29, against 17 of 303."""
    shortlist: list[Candidate] = []
    results: dict[int, list[float]] = {}
    stood: dict[int, list[bool]] = {}

    def run(wanted: list[tuple[int, int]]) -> None:
        """Roll out shortlist[index] `times` more times, for each (index, times)."""
        jobs, owners = [], []
        for index, times in wanted:
            candidate = shortlist[index]
            option = options[candidate.option]
            for _ in range(times):
                shake = draw_shake(rng, params.noise_mm * params.margin, params.noise_deg * params.margin)
                jobs.append(RolloutJob(snapshot, option.structure, option.piece_id, candidate.release, seat,
                                       option.objective, heights[candidate.option], shake, params.lazy_wake,
                                       ignored[option.structure]))
                owners.append(index)
        if not jobs:
            return
        outcomes = pool.map(run_rollout, jobs)
        for index, outcome in zip(owners, outcomes):
            results.setdefault(index, []).append(outcome.value)
            stood.setdefault(index, []).append(outcome.stood)
        budget.spend(len(jobs), sum(outcome.simulated_s for outcome in outcomes))

    def ranked() -> list[int]:
        return sorted(results, key=lambda i: (-_mean(results[i]), i))

    full = params.rollouts + params.extra_rollouts     # a finalist's rollouts

    def proven(index: int) -> bool:
        """Whether candidate `index` had a finalist's rollouts and stood in every one."""
        return len(results[index]) >= full and all(stood[index])

    spent = 0
    for batch in batches:
        if shortlist and (spent + len(batch) * params.rollouts > params.max_rollouts
                          or len(batch) * params.rollouts > budget.left):
            break
        if not shortlist:   # a search on, with less left than a batch, rolls out fewer candidates
            batch = batch[: max(1, budget.left // params.rollouts)]
        first = len(shortlist)
        shortlist.extend(batch)
        run([(index, params.rollouts) for index in range(first, len(shortlist))])
        room = budget.left      # (max_rollouts bounds only the batches, as it always has)
        for _ in range(params.finalists):
            order = ranked()
            if proven(order[0]):
                break   # the best so far had a finalist's rollouts and stood in every one
            untried = [i for i in order if len(results[i]) < full]
            times = min(room, full - len(results[untried[0]])) if untried else 0
            if times <= 0:
                break
            run([(untried[0], times)])
            room -= times
        spent = sum(len(v) for v in results.values())
        if proven(ranked()[0]):
            break   # the best option stood every time: no need to look wider
    best = ranked()[0]
    return Plan(
        release=shortlist[best].release,
        score=_mean(results[best]),
        stand_rate=sum(stood[best]) / len(stood[best]),
        considered=considered,
        rolled_out=sum(len(v) for v in results.values()),
        scores=tuple(results[best]),
        option=shortlist[best].option,
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
        if all(math.dist(c.release[0][:2], o.release[0][:2]) > 0.01 or c.release[1] != o.release[1] for o in chosen):
            chosen.append(c)
        if len(chosen) == n:
            break
    return chosen


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
        quat = compose_yaw(rng.uniform(0, 2 * math.pi), rng.choice(poses[:3]).orientation)
        half = BASE_HALF_M * 0.8
        x, y = base.x + rng.uniform(-half, half), base.y + rng.uniform(-half, half)
        z = world.resting_z(piece_id, x, y, quat)
    return (x, y, z + RELEASE_GAP_M), quat
