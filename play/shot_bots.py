"""How a bot takes a Nashville shot: whom to shoot, where to stand and how to flick, worked out by
trying candidate flicks in scratch worlds; the best one is flicked with a hand as steady as the
bot's level.

Candidates: for each rival it may shoot, for each spot the cowboy may stand on (where it stands
now, and the side of its base facing the target, and either side of that), aim at each piece of
the target's structure and at the target's cowboy. The flick's direction points at the aim
point; its power is the one whose arc (physics.shots.LOFT_DEG) passes through the aim point's
height at its distance. The likeliest candidates of each target (highest pieces first: a top
piece falls, a bottom one holds the rest up) share the level's budget; they are simulated
through the real physics (`simulate_shot`, cut off at ROLLOUT_S) on the rollout pool's workers
(physics/pool.py) and scored: pieces knocked off the target (its loot for us), its cowboy
tipped when it has loot to steal, minus what falls elsewhere (our own structure most). The
best scoring flick decides the target too; equal scores go to the rival with the most to lose
(`game.bots.nashville.stake`, the rules-only bot's choice). The hard bot then re-tries its two
best with its own hand's noise and keeps the surest.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Sequence

from game.mechanics.shots import Shoot
from game.tour import State
from game.bots.nashville import stake
from physics.pool import RolloutPool, shared_pool
from physics.shots import ShotAim, ShotReport, aim_at, cowboy_spot_position, simulate_shot
from physics.snapshot import Snapshot
from physics.world import World

ROLLOUT_S = 1.0                # a rollout's verdict: what has fallen one simulated second after the flick
COWBOY_CHEST_M = 0.035         # aim at a cowboy here: well above its centre of mass (2 cm), it tips
SPOT_TURNS_DEG = (0.0, -35.0, 35.0)
MIN_PER_TARGET = 2             # candidate flicks simulated at least, per possible target


@dataclass(frozen=True)
class ShotParams:
    candidates: int            # candidate flicks simulated
    spots: int                 # spots tried: the current one, then facing the target, then either side
    noise_deg: float           # the hand: direction error (standard deviation, degrees)
    noise_power: float         # the hand: power error (standard deviation, of the 0..1 range)
    confirm: int = 0           # the best few re-tried with this many noisy flicks each


SHOT_PARAMS: dict[str, ShotParams] = {
    "easy": ShotParams(candidates=2, spots=1, noise_deg=4.0, noise_power=0.08),
    "normal": ShotParams(candidates=5, spots=2, noise_deg=2.0, noise_power=0.04),
    "hard": ShotParams(candidates=8, spots=3, noise_deg=0.7, noise_power=0.015, confirm=2),
}
TARGET_PIECE = 1.0             # a piece knocked off the target: ours (placed or looted)
TARGET_COWBOY = 0.8            # its cowboy tipped: a steal, when it has loot
OWN_PIECE = -0.8               # our own piece falls: loot for us, but height lost
OTHER_PIECE = -0.3             # a bystander's: their loot
NOTHING = -0.05                # a shot that does nothing is worse than one that does a little


def candidate_aims(snapshot: Snapshot, shooter: int, target: int, spots: Sequence[float],
                   target_has_loot: bool, n_spots: int) -> list[ShotAim]:
    """Flicks at the target's pieces (highest first) and cowboy, from up to `n_spots` spots."""
    layout = snapshot.layout
    own, other = layout.bases[shooter], layout.bases[target]
    facing = math.degrees(math.atan2(other.y - own.y, other.x - own.x))
    spot_options = [spots[shooter]] + [facing + t for t in SPOT_TURNS_DEG]
    points = sorted(((p.position[2], p.position) for p in snapshot.pieces if p.structure == target), reverse=True)
    targets = [pos for _, pos in points]
    cowboy = cowboy_spot_position(layout, target, spots[target])
    cowboy_point = (cowboy[0], cowboy[1], COWBOY_CHEST_M)
    if target_has_loot:
        targets.insert(min(1, len(targets)), cowboy_point)
    elif not targets:
        targets.append(cowboy_point)
    aims: list[ShotAim] = []
    for spot in spot_options[:max(1, n_spots)]:
        for point in targets:
            aim = aim_at(layout, shooter, spot, point)
            if aim is not None:
                aims.append(aim)
    return aims


def score(report: ShotReport, shooter: int, target: int, target_has_loot: bool) -> float:
    value = 0.0
    for pid, structure in report.fallen:
        value += TARGET_PIECE if structure == target else OWN_PIECE if structure == shooter else OTHER_PIECE
    if target in report.cowboys_hit and target_has_loot:
        value += TARGET_COWBOY
    return value if report.fallen or report.cowboys_hit else NOTHING


def noisy(aim: ShotAim, params: ShotParams, rng: random.Random) -> ShotAim:
    """The aim as the bot's hand flicks it."""
    direction = aim.direction_deg + rng.gauss(0.0, params.noise_deg)
    power = min(1.0, max(0.0, aim.power + rng.gauss(0.0, params.noise_power)))
    return ShotAim(aim.spot_deg, direction, power)


@dataclass(frozen=True)
class ShotTrial:
    """One candidate flick tried in a scratch world: a pool job (physics/pool.py), whole."""
    snapshot: Snapshot
    shooter: int
    target: int
    aim: ShotAim
    spots: tuple[float, ...]
    target_has_loot: bool


def run_shot_trial(world: World, trial: ShotTrial) -> float:
    """What `trial`'s flick is worth (`score`) after ROLLOUT_S: the task a pool worker runs."""
    report = simulate_shot(trial.snapshot, trial.shooter, trial.aim, trial.spots, world=world, timeout_s=ROLLOUT_S)
    return score(report, trial.shooter, trial.target, trial.target_has_loot)


def plan_shots(snapshot: Snapshot, shoots: Sequence[Shoot], spots: Sequence[float], loot: Sequence[bool],
               params: ShotParams, rng: random.Random, pool: RolloutPool | None = None) -> tuple[Shoot, ShotAim, float]:
    """Whom to shoot and how: the planned (noise-free) shot of `shoots` with the best expected
    score, its aim and that score. `loot[k]`: whether seat k has loot a tipped cowboy gives up.

    The candidates share the level's budget (`ShotParams.candidates`), at least
    MIN_PER_TARGET per target, best first for each; they are simulated on `pool` (the
    process-wide pool by default), and the best two re-tried with the hand's noise (`confirm`).
    The noise is drawn here, in order, before the jobs go out: the same shot on any number of
    workers. Equal scores go to the earlier shoot in `shoots` (callers order them by stake)."""
    if not shoots:
        raise ValueError("plan_shots needs at least one shot to choose from")
    pool = pool or shared_pool()
    spots = tuple(float(v) for v in spots)
    share = max(MIN_PER_TARGET, math.ceil(params.candidates / len(shoots)))
    tried: list[tuple[Shoot, ShotAim]] = []
    flat: list[tuple[Shoot, ShotAim]] = []
    for shoot in shoots:
        aims = candidate_aims(snapshot, shoot.seat, shoot.target, spots, loot[shoot.target], params.spots)
        if aims:
            tried += [(shoot, aim) for aim in aims[:share]]
        else:
            flat.append((shoot, _flat_at_base(snapshot, shoot, spots)))

    def trials(wanted: list[tuple[Shoot, ShotAim]]) -> list[ShotTrial]:
        return [ShotTrial(snapshot, shoot.seat, shoot.target, aim, spots, loot[shoot.target]) for shoot, aim in wanted]

    values = pool.map(run_shot_trial, trials(tried))
    order = {shoot: k for k, shoot in enumerate(shoots)}
    scored = [(value, order[shoot], k, shoot, aim) for k, (value, (shoot, aim)) in enumerate(zip(values, tried))]
    scored += [(NOTHING, order[shoot], len(tried) + k, shoot, aim) for k, (shoot, aim) in enumerate(flat)]
    scored.sort(key=lambda item: (-item[0], item[1], item[2]))
    if params.confirm and tried:
        finalists = [item for item in scored if item[2] < len(tried)][:2]
        noisy_shots = [(item[3], noisy(item[4], params, rng)) for item in finalists for _ in range(params.confirm)]
        retried = pool.map(run_shot_trial, trials(noisy_shots))
        confirmed = []
        for j, (value, rank, k, shoot, aim) in enumerate(finalists):
            values_j = [value] + retried[j * params.confirm:(j + 1) * params.confirm]
            confirmed.append((sum(values_j) / len(values_j), rank, k, shoot, aim))
        confirmed.sort(key=lambda item: (-item[0], item[1], item[2]))
        scored = confirmed + [item for item in scored if item not in finalists]
    value, _, _, shoot, aim = scored[0]
    return shoot, aim, value


def plan_shot(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float], target_has_loot: bool,
              params: ShotParams, rng: random.Random, pool: RolloutPool | None = None) -> tuple[ShotAim, float]:
    """The planned (noise-free) aim at `shoot`'s target and its expected score."""
    loot = [False] * snapshot.layout.n_structures
    loot[shoot.target] = target_has_loot
    _, aim, value = plan_shots(snapshot, [shoot], spots, loot, params, rng, pool)
    return aim, value


def _flat_at_base(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float]) -> ShotAim:
    """Nothing of the target in reach of an arc: flick flat at its base as hard as we can."""
    base = snapshot.layout.bases[shoot.target]
    x0, y0 = cowboy_spot_position(snapshot.layout, shoot.seat, spots[shoot.seat])
    return ShotAim(spots[shoot.seat], math.degrees(math.atan2(base.y - y0, base.x - x0)), 1.0)


def has_loot(observation: State, seat: int) -> bool:
    ex = observation.exhibition
    loot = ex.var("loot", ()) if ex is not None else ()
    return bool(loot) and bool(loot[seat])


def loot_flags(observation: State, seats: int) -> tuple[bool, ...]:
    return tuple(has_loot(observation, k) for k in range(seats))


def bot_aim(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float], observation: State, level: str,
            rng: random.Random, pool: RolloutPool | None = None) -> ShotAim:
    """A bot's shot at `shoot`'s target: planned, then flicked with its level's hand."""
    params = SHOT_PARAMS[level]
    aim, _ = plan_shot(snapshot, shoot, spots, has_loot(observation, shoot.target), params, rng, pool)
    return noisy(aim, params, rng)


def bot_shot(snapshot: Snapshot, shoots: Sequence[Shoot], spots: Sequence[float], observation: State, level: str,
             rng: random.Random, pool: RolloutPool | None = None) -> tuple[Shoot, ShotAim]:
    """A bot's shot, target included: the target whose best flick scored best in the scratch
    world (equal scores: the rival with the most to lose, as the card bot ranks them), flicked
    with its level's hand."""
    ex = observation.exhibition
    ranked = sorted(shoots, key=lambda s: -stake(ex, s.target)) if ex is not None else list(shoots)
    params = SHOT_PARAMS[level]
    shoot, aim, _ = plan_shots(snapshot, ranked, spots, loot_flags(observation, snapshot.layout.n_structures),
                               params, rng, pool)
    return shoot, noisy(aim, params, rng)


def assist_aim(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float], observation: State, seed: int,
               shot_index: int) -> ShotAim:
    """The aim for a seat that cannot aim itself: the normal bot's, from the match's seed."""
    rng = random.Random(f"junkart-shot-assist:{seed}:{shot_index}")
    return bot_aim(snapshot, shoot, spots, observation, "normal", rng)
