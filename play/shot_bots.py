"""How a bot aims a Nashville shot: candidate flicks worked out from the table, tried in a scratch
world, the best one taken with a hand as steady as the bot's level.

Candidates: for each spot the cowboy may stand on (where it stands now, and the side of its base
facing the target, and either side of that), aim at each piece of the target's structure and at
the target's cowboy. The flick's direction points at the aim point; its power is the one whose
arc (physics.shots.LOFT_DEG) passes through the aim point's height at its distance. The likeliest
candidates (highest pieces first: a top piece falls, a bottom one holds the rest up) are
simulated through the real physics (`simulate_shot` on a scratch client, cut off at ROLLOUT_S)
and scored: pieces knocked off the target (its loot for us), its cowboy tipped when it has loot
to steal, minus what falls elsewhere (our own structure most). The hard bot then re-tries its two
best with its own hand's noise and keeps the surest.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Sequence

from game.mechanics.shots import Shoot
from game.tour import State
from physics.shots import ShotAim, ShotReport, aim_at, cowboy_spot_position, simulate_shot
from physics.snapshot import Snapshot
from physics.world import World

ROLLOUT_S = 1.0                # a rollout's verdict: what has fallen one simulated second after the flick
COWBOY_CHEST_M = 0.035         # aim at a cowboy here: well above its centre of mass (2 cm), it tips
SPOT_TURNS_DEG = (0.0, -35.0, 35.0)


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


def plan_shot(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float], target_has_loot: bool,
              params: ShotParams, rng: random.Random, world: World | None = None) -> tuple[ShotAim, float]:
    """The planned (noise-free) aim and its expected score."""
    shooter, target = shoot.seat, shoot.target
    aims = candidate_aims(snapshot, shooter, target, spots, target_has_loot, params.spots)
    if not aims:      # nothing in reach of an arc: flick flat at the base as hard as we can
        base = snapshot.layout.bases[target]
        x0, y0 = cowboy_spot_position(snapshot.layout, shooter, spots[shooter])
        return ShotAim(spots[shooter], math.degrees(math.atan2(base.y - y0, base.x - x0)), 1.0), NOTHING
    tried = aims[:params.candidates]
    own = world is None
    scratch = World(snapshot.layout) if world is None else world
    try:
        scored = []
        for aim in tried:
            report = simulate_shot(snapshot, shooter, aim, spots, world=scratch, timeout_s=ROLLOUT_S)
            scored.append((score(report, shooter, target, target_has_loot), aim))
        scored.sort(key=lambda item: -item[0])
        if params.confirm:
            confirmed = []
            for value, aim in scored[:2]:
                values = [value]
                for _ in range(params.confirm):
                    report = simulate_shot(snapshot, shooter, noisy(aim, params, rng), spots, world=scratch,
                                           timeout_s=ROLLOUT_S)
                    values.append(score(report, shooter, target, target_has_loot))
                confirmed.append((sum(values) / len(values), aim))
            scored = sorted(confirmed, key=lambda item: -item[0]) + scored[2:]
        value, aim = scored[0]
        return aim, value
    finally:
        if own:
            scratch.close()


def has_loot(observation: State, seat: int) -> bool:
    ex = observation.exhibition
    loot = ex.var("loot", ()) if ex is not None else ()
    return bool(loot) and bool(loot[seat])


def bot_aim(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float], observation: State, level: str,
            rng: random.Random) -> ShotAim:
    """A bot's shot: planned, then flicked with its level's hand."""
    params = SHOT_PARAMS[level]
    aim, _ = plan_shot(snapshot, shoot, spots, has_loot(observation, shoot.target), params, rng)
    return noisy(aim, params, rng)


def assist_aim(snapshot: Snapshot, shoot: Shoot, spots: Sequence[float], observation: State, seed: int,
               shot_index: int) -> ShotAim:
    """The aim for a seat that cannot aim itself: the normal bot's, from the match's seed."""
    rng = random.Random(f"junkart-shot-assist:{seed}:{shot_index}")
    return bot_aim(snapshot, shoot, spots, observation, "normal", rng)
