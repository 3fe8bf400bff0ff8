"""How strong and how quick the bots are (figures, never pass/fail).

    junkart bench bots --json        or        python -m benchmarks.bench_bots [--quick]

- `decision_s_median`: median planning time of one placement per difficulty, on the towers of
  the solo test below (so on structures of 0–9 pieces).
- solo tower test (`towers` towers, seeds 0, 1, ..., for easy and normal; `towers_hard` for
  the hard bot and the random placer): 10 pieces drawn at random, one structure, placed one
  by one by each difficulty's planner (aiming for height as in a height city: the hard bot
  grows where the next pieces can land, see play/objectives.py) and by a random-placement
  baseline in the same process: mean final height, pieces standing, the share of placements that dropped
  anything (the active piece or the structure), with its standard error over towers (towers
  are chaotic: one changed decision changes every later state; six towers read 15% for the
  planner that thirty read 22% for), the share of those drops the planner foresaw (its
  choice stood in fewer than half of its rollouts: a hopeless top, not a misjudged spot) and
  pieces fallen per placement (a dropped active piece counts one), and the share of
  decisions that searched wider because nothing they first tried always stood
  (PlannerParams.escalations). `hard_height_vs_random` is the ratio. A piece that dropped
  alone is placed again, as at the table, unless the bot sets it aside
  (`play.controllers.retries_if_dropped`); every placement counts.
- `tower_<level>_drops_plan_stood_all` (`_some`, `_none`): drops / placements whose chosen plan
  stood in all, some or none of its own rollouts (a misjudged spot, a gamble, a hopeless top).
- `tower_<level>_drops_by_shape` (and the random placer's): drops / placements of each shape
  that dropped anything, most drops first. The ball was 7% of the hard bot's placements and a
  third of its drops (seeds 0-29, 2026-12-06: 6 of 21; every other shape 11 of 282): a ball
  sped itself up as it rolled, which the physics of 0.2.0 cured (physics/settings.py); then 2
  of 20 on those seeds, 3 of 43 on seeds 0-59.
- `decision_s_p90_*` and `decision_s_max_*`: the slow tail, where a bot searched wider.
  `decision_trials_*`: the same in rollouts and settle probes per decision (what
  `PlannerParams.budget` bounds), and `decision_simulated_s_*` in the seconds they simulated
  (what `PlannerParams.simulated_budget_s` bounds): the same on any machine however busy.
- `hard_vs_easy_win_rate` over seeded 2-player Philadelphia exhibitions (a tie counts half).
  Only their result is a figure, not their time, so they run side by side, one duel a process
  with its rollouts in that process (`duels_side_by_side`): the same games as one after another
  on the pool (a duel is the same bits with any number of workers), in less of the bench's time.
- `tour_wall_s`: the 3-city tour (Philadelphia, Monaco, Paris) with 4 bots easy/normal/hard/hard,
  the mean over the games of `TOUR_SEEDS` (`tour_wall_s_each`, `tour_placements_each`); `--quick`:
  Monaco alone, one game (`tour_cities` says which). Played as `junkart sim` plays it: the next
  bot seat plans ahead where it can (play/lookahead.py). One game is a poor measure of how quick the
  bots are: its length is chaotic. On the code of 2026-12-05 the same tour took 46-138 s on
  seeds 1-5 and 7, for 78-115 placements (seed 7, the only one until then: 80 s).
- `workers`: the worker processes the bots' rollouts ran on (physics/pool.py; `--workers N`,
  default one per core). `parallel_speedup`: the same hard decisions on the same tables
  (benchmarks/late_tables.py) planned with one worker and with all of them, in this run: the
  time with one over the time with all (`parallel_same_plans` says they chose the same).
- `raw_pybullet_realtime_factor`: the bare 30-piece pile as `bench physics` steps it, so the
  figures above can be compared across machines (and across busy moments of a shared one).

The towers of any other seeds, one line a tower: `python -m benchmarks.tower_seeds`.

`--quick` prints the same keys from 2 towers per mode, 4 duels and a one-city tour: minutes, not
half an hour; read its figures as a smoke test, not a measurement of strength.
"""
from __future__ import annotations

import math
import multiprocessing
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

import physics  # noqa: F401 - first: pybullet loads quietly (physics/_quiet_import.py), not through bench_physics
from benchmarks import late_tables, print_figures
from benchmarks.bench_physics import PILE_SECONDS, raw_pile
from game.api import TourConfig
from game.pieces import PIECE_IDS
from physics.catalogue import piece_spec
from physics.layout import TableLayout
from physics.planner import hand_place, plan_placement, random_placement
from physics.pool import RolloutPool, default_workers
from physics.settings import TIME_STEP
from physics.snapshot import Snapshot
from physics.world import World
from play.controllers import LONG_GAME, BotController, bot_params, retries_if_dropped
from play.lookahead import Lookahead
from play.match import MAX_FREE_REPLACES, Match
from play.objectives import tallest


# Towers per mode. Thirty were too few to hold the hard bot to a drop rate: its towers are chaotic
# and its drops few, so one changed decision moved the 30-tower figure by more than any cure.
# On 2026-12-05 (2 workers) the code of c813138 read 14 of 301 placements dropping anything on
# seeds 0-29 and 19 of 305 on seeds 30-59; the next commits read 17 of 303 and 16 of 302 (a
# variant with a second look at the finalists, 26 of 307 on seeds 0-29). Over sixty the two
# read 5.4% and 5.5%: the figure's standard error falls from about 1.3 points to 0.8. So the
# hard bot, and the random placer its height is compared with, build sixty; easy and normal,
# whose figures hold no goal, thirty (sixty of every mode took the bench to 29 minutes).
# Nor are these sixty all towers: the same bot read 42 of 609 (6.9%) on seeds 60-119 (2026-12-06,
# benchmarks/tower_seeds.py). Compare two bots on seeds neither was tuned on.
# The physics of 0.2.0 (a ball no longer speeds itself up, physics/settings.py) took the same
# bot to 27 of 602 on seeds 0-59 and 25 of 605 on seeds 60-119 (2026-12-06).
TOWERS = 30
TOWERS_HARD = 60
TOWER_CITY = "tokyo"       # the towers are scored as where height wins
FORESEEN_BELOW = 0.5       # a drop whose plan stood in fewer than this share of its rollouts was foreseen
# Placements by what the chosen plan did in its own rollouts: the drops of each kind call for
# different cures (a hand or a search that misjudged a spot; a top the long game left with no
# spot at all).
PLAN_KINDS = ("stood_all", "stood_some", "stood_none")


def solo_tower(mode: str, seed: int, on_table: Callable[[Snapshot, str, int], None] | None = None,
               pool: RolloutPool | None = None) -> dict:
    """Ten random pieces on one base; mode is a difficulty or 'random'. `on_table(table, piece,
    index)` sees the table before each piece (benchmarks/late_tables.py keeps some). `pool`:
    where the rollouts run (the tower is the same on any)."""
    rng = random.Random(f"tower:{seed}")
    pieces = rng.sample(PIECE_IDS, 10)
    bot_rng = random.Random(f"tower-bot:{mode}:{seed}")
    with World(TableLayout.for_seats(2)) as world:
        snapshot = world.snapshot()
    decisions, trials, simulated, drops, foreseen, fallen, widened = [], [], [], 0, 0, 0, 0
    by_plan = {kind: {"placements": 0, "drops": 0} for kind in PLAN_KINDS}
    by_shape: dict[str, dict[str, int]] = {}
    for index, piece in enumerate(pieces):
        if on_table is not None:
            on_table(snapshot, piece, index)
        for attempt in range(MAX_FREE_REPLACES):   # a dropped active piece is picked up again, as at the table
            start = time.perf_counter()
            if mode == "random":
                release = random_placement(snapshot, 0, piece, bot_rng)
                noise, stand_rate, searches, retry = (0.0, 0.0), 1.0, 1, True   # no plan, so no drop is foreseen
            else:
                params = bot_params(mode, TOWER_CITY, attempt)   # as a bot seat does
                plan = plan_placement(snapshot, 0, piece, 0, tallest(LONG_GAME[mode]), params, bot_rng, pool)
                release, noise, stand_rate = plan.release, (params.noise_mm, params.noise_deg), plan.stand_rate
                searches, retry = plan.searches, retries_if_dropped(plan, params, TOWER_CITY)
                trials.append(plan.rolled_out + plan.probes)
                simulated.append(plan.simulated_s)
            decisions.append(time.perf_counter() - start)
            widened += searches > 1
            with World.from_snapshot(snapshot) as world:
                _, report = hand_place(world, 0, piece, release, 0, noise[0], noise[1], bot_rng)
                snapshot = world.snapshot()
            dropped = not report.nothing_fell
            drops += dropped
            _tally(by_shape, piece_spec(piece).shape, dropped)
            foreseen += dropped and stand_rate < FORESEEN_BELOW
            if mode != "random":
                _tally(by_plan, _plan_kind(stand_rate), dropped)
            fallen += len(report.fallen) or report.only_active_fell
            if not report.only_active_fell or not retry:   # as the match loop does
                break
    with World.from_snapshot(snapshot) as world:
        height = world.height_mm(0)
        standing = len(world.pieces_on(0))
    return {"height_mm": height, "standing": standing, "drops": drops, "foreseen_drops": foreseen, "fallen": fallen,
            "placements": len(decisions), "decisions": decisions, "trials": trials, "simulated": simulated, "widened": widened,
            "by_plan": by_plan, "by_shape": by_shape}


def _tally(counts: dict[str, dict[str, int]], key: str, dropped: bool) -> None:
    """One more placement under `key` (a plan kind, a shape), and one more drop if it dropped."""
    count = counts.setdefault(key, {"placements": 0, "drops": 0})
    count["placements"] += 1
    count["drops"] += dropped


def _summed(results: list[dict], counts: str) -> dict[str, tuple[int, int]]:
    """(drops, placements) under each key of the towers' `counts` ("by_plan", "by_shape"),
    all towers together."""
    totals: dict[str, tuple[int, int]] = {}
    for result in results:
        for key, count in result[counts].items():
            drops, placed = totals.get(key, (0, 0))
            totals[key] = (drops + count["drops"], placed + count["placements"])
    return totals


def _plan_kind(stand_rate: float) -> str:
    return "stood_all" if stand_rate == 1.0 else "stood_none" if stand_rate == 0.0 else "stood_some"


def philadelphia_duel(seed: int, pool: RolloutPool | None = None) -> float:
    """1.0 if hard wins, 0.5 on a shared win, 0.0 if easy wins (seats alternate with the seed)."""
    hard_seat = seed % 2
    levels = ["easy", "easy"]
    levels[hard_seat] = "hard"
    bots = [BotController(level, f"duel:{seed}:{s}", pool=pool) for s, level in enumerate(levels)]
    outcome = Match(TourConfig(2, ("philadelphia",)), bots, seed).run()
    if hard_seat in outcome.winners:
        return 1.0 if len(outcome.winners) == 1 else 0.5
    return 0.0


def duel_alone(seed: int) -> float:
    """`philadelphia_duel` with its rollouts in this process: a task of `duels_side_by_side`."""
    with RolloutPool(1) as alone:
        return philadelphia_duel(seed, alone)


def duels_side_by_side(seeds: range, processes: int) -> list[float]:
    """The duels of `seeds`, `processes` at a time (spawned: see physics/pool.py), in seed order."""
    if processes <= 1:
        return [duel_alone(seed) for seed in seeds]
    with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as executor:
        return list(executor.map(duel_alone, seeds))


SPEEDUP_TABLES = (0, 7, 14, 21, 28, 35, 42, 49)   # of benchmarks/late_tables.py: hard decisions, some that search on
TOUR = ("philadelphia", "monaco", "paris")
QUICK_TOUR = ("monaco",)
TOUR_SEEDS = (7, 8, 9)
RAW_PILE_RUNS = 3


def parallel_speedup(pool: RolloutPool, tables: tuple[int, ...]) -> tuple[float, bool]:
    """(time with one worker / time with `pool`'s, whether they chose the same) over the same
    hard decisions, alternating one and all so a busy moment of the machine biases neither."""
    late = late_tables.load()
    alone_s = together_s = 0.0
    same = True
    params = bot_params("hard", TOWER_CITY)
    with RolloutPool(1) as alone:
        for k in tables:
            table, piece = late[k]
            plans = []
            for runner in (alone, pool):
                start = time.perf_counter()
                plans.append(plan_placement(table, 0, piece, 0, tallest(True), params, random.Random(f"speedup:{k}"), runner))
                elapsed = time.perf_counter() - start
                if runner is alone:
                    alone_s += elapsed
                else:
                    together_s += elapsed
            same = same and plans[0] == plans[1]
    return alone_s / together_s, same


def raw_pybullet_realtime_factor() -> float:
    """The bare 30-piece pile, stepped for PILE_SECONDS as `bench physics` does: median of runs."""
    steps = int(round(PILE_SECONDS / TIME_STEP))
    factors = []
    for _ in range(RAW_PILE_RUNS):
        simulated, clock = raw_pile(steps)
        factors.append(simulated / clock.wall)
    return round(statistics.median(factors), 2)


def run(quick: bool = False, towers: int = TOWERS, towers_hard: int = TOWERS_HARD,
        workers: int | None = None) -> dict:
    towers, towers_hard = (2, 2) if quick else (towers, towers_hard)
    duels = 4 if quick else 20
    workers = workers or default_workers()
    figures: dict = {"workers": workers, "raw_pybullet_realtime_factor": raw_pybullet_realtime_factor()}
    started = time.perf_counter()
    with RolloutPool(workers) as pool:
        pool.start()
        for mode in ("random", "easy", "normal", "hard"):
            count = towers_hard if mode in ("random", "hard") else towers
            results = [solo_tower(mode, seed, pool=pool) for seed in range(count)]
            figures.update(tower_figures(mode, results, count))
        figures["hard_height_vs_random"] = round(figures["tower_hard_height_mm"] / max(1.0, figures["tower_random_height_mm"]), 2)
        figures["hard_vs_easy_win_rate"] = round(statistics.mean(duels_side_by_side(range(duels), workers)), 3)
        figures["duels"] = duels
        figures["towers"] = towers
        figures["towers_hard"] = towers_hard
        cities = QUICK_TOUR if quick else TOUR
        walls, placements = [], []
        for seed in TOUR_SEEDS[:1] if quick else TOUR_SEEDS:
            start = time.perf_counter()
            bots = [BotController(level, f"tour:{s}", pool=pool) for s, level in enumerate(("easy", "normal", "hard", "hard"))]
            match = Match(TourConfig(4, cities), bots, seed)
            match.lookahead = Lookahead(match)    # as `junkart sim` plays it
            match.run()
            walls.append(time.perf_counter() - start)
            placements.append(len(match.log.placements))
        figures["tour_wall_s"] = round(statistics.mean(walls), 1)
        figures["tour_wall_s_each"] = [round(wall, 1) for wall in walls]
        figures["tour_placements_each"] = placements
        figures["tour_cities"] = ",".join(cities)
        speedup, same = parallel_speedup(pool, SPEEDUP_TABLES[:3] if quick else SPEEDUP_TABLES)
        figures["parallel_speedup"] = round(speedup, 2)
        figures["parallel_same_plans"] = same
    figures["bench_wall_s"] = round(time.perf_counter() - started, 1)
    figures["raw_pybullet_realtime_factor_after"] = raw_pybullet_realtime_factor()
    return figures


def drops_by_shape(results: list[dict]) -> str:
    """'ball 6/21, cone 2/25': drops / placements of each shape that dropped anything, most
    drops first (then by name), over `solo_tower` results; '' if none dropped."""
    totals = _summed(results, "by_shape")
    dropped = sorted((-drops, shape, placed) for shape, (drops, placed) in totals.items() if drops)
    return ", ".join(f"{shape} {-drops}/{placed}" for drops, shape, placed in dropped)


def tower_figures(mode: str, results: list[dict], towers: int) -> dict:
    """The figures of `mode`'s towers (`solo_tower` results), keyed `tower_<mode>_...` and
    `decision_..._<mode>` (benchmarks/tower_seeds.py prints them for any seeds)."""
    figures: dict = {}
    figures[f"tower_{mode}_height_mm"] = round(statistics.mean(r["height_mm"] for r in results), 1)
    figures[f"tower_{mode}_standing"] = round(statistics.mean(r["standing"] for r in results), 2)
    placements = sum(r["placements"] for r in results)
    drops = sum(r["drops"] for r in results)
    figures[f"tower_{mode}_drop_rate"] = round(drops / placements, 3)
    # Per tower, not per placement: a hopeless top drops its piece up to three times in a row.
    per_tower = [r["drops"] / r["placements"] for r in results]
    figures[f"tower_{mode}_drop_rate_se"] = \
        round(statistics.stdev(per_tower) / math.sqrt(towers), 3) if towers > 1 else None
    figures[f"tower_{mode}_fallen_per_placement"] = round(sum(r["fallen"] for r in results) / placements, 3)
    figures[f"tower_{mode}_drops_by_shape"] = drops_by_shape(results)
    if mode == "random":
        return figures
    figures[f"tower_{mode}_drops_foreseen_share"] = round(sum(r["foreseen_drops"] for r in results) / max(1, drops), 3)
    by_plan = _summed(results, "by_plan")
    for kind in PLAN_KINDS:
        dropped, placed = by_plan[kind]
        figures[f"tower_{mode}_drops_plan_{kind}"] = f"{dropped}/{placed}"
    for name, key, digits in (("decision_s", "decisions", 3), ("decision_trials", "trials", None),
                              ("decision_simulated_s", "simulated", 1)):
        values = sorted(v for r in results for v in r[key])
        tail = {"median": statistics.median(values), "p90": values[int(0.9 * (len(values) - 1))], "max": values[-1]}
        for stat, value in tail.items():
            figures[f"{name}_{stat}_{mode}"] = value if digits is None else round(value, digits)
    figures[f"tower_{mode}_widened_share"] = round(sum(r["widened"] for r in results) / placements, 3)
    return figures


if __name__ == "__main__":
    print_figures(run)
