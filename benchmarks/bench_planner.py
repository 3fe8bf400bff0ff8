"""How often the placement planner's choice really stands, on tables held fixed (figures,
never pass/fail).

    junkart bench planner --json        or        python -m benchmarks.bench_planner [--quick]

Towers and duels (`bench_bots`) are chaotic: one changed decision changes every later table, so
two planners compared by them differ by the noise of different games as much as by their own
difference (a drop rate over 30 towers moves ±2.4 points by chance; 40 duels, ±7). Here the
tables come first and do not depend on any planner: towers of random pieces, each dropped at
random spots of the base until it stood. On every table the planner chooses where the next
piece goes, and the bot's hand then places it there `TRIALS` times with its own noise and a
full settle, as a match does. The tables and the hand's noise draws are the same on every run,
so running this on two commits compares their planners alone. Its own resolution: a changed
choice often flips a table between all and none of its trials, so two planners whose choices
differ on many tables are told apart to about ±4–5 points (one standard error of the paired
difference over the 48 tables: hard against normal read +1.0 ± 5.3), two that agree on most
tables far better. So compare the per-table counts too, table by table.

Per difficulty and objective (`height`: the solo tower test's; `survival`: Philadelphia's):
- `<level>_<objective>_stood`: share of the trials in which nothing fell;
- `..._foreseen`: the share the planner's own rollouts expected (its calibration);
- `..._tables_always_stood`: share of tables on which every trial stood;
- `..._per_table`: how many trials stood on each table, one digit per table, in table order;
- `..._decision_s_median`: planning time per table.

`hard_late_*`: the same figures for the hard bot on the tops where it drops pieces, late in
its own solo towers (benchmarks/late_tables.py, `late_tables` of them), aiming as it does there.

`raw_pybullet_realtime_factor` (before) and `..._after`: the bare 30-piece pile of `bench physics`,
so the decision times can be compared across machines and runs.
"""
from __future__ import annotations

import random
import statistics
import time

from benchmarks import bench_bots, late_tables, print_figures
from game.pieces import PIECE_IDS
from physics.layout import TableLayout
from physics.planner import hand_place, plan_placement, random_placement
from physics.pool import RolloutPool, default_workers
from physics.snapshot import Snapshot
from physics.world import World
from play.controllers import bot_params
from play.objectives import objective_for, tallest

TOWERS = 6
PIECES = 10               # per tower; the tables are the towers before each piece from FIRST_TABLE on
FIRST_TABLE = 2           # an empty base or a single piece takes almost anything: skip them
RANDOM_TRIES = 12         # random spots tried per piece before the tower goes on without it
TRIALS = 8                # hand placements of each chosen aim (at most 9: one digit per table)
LEVELS = ("normal", "hard")
OBJECTIVES = {
    "height": lambda piece: tallest(),          # a bot that does not play the long game, where height wins
    "survival": lambda piece: objective_for("philadelphia", piece, ()),
    "tower": lambda piece: tallest(long_game=True),     # the hard bot's own, in its solo towers
}
# Where a bot plans with each objective (`play.controllers.bot_params`: a hard bot searches on
# only where height wins).
CITIES = {"height": "tokyo", "survival": "philadelphia", "tower": "tokyo"}


def fixed_tables(towers: int = TOWERS) -> list[tuple[Snapshot, str]]:
    """(table, piece to place next) pairs from random towers whose pieces all stood."""
    tables: list[tuple[Snapshot, str]] = []
    for seed in range(towers):
        rng = random.Random(f"fixed-table:{seed}")
        with World(TableLayout.for_seats(2)) as world:
            snapshot = world.snapshot()
        for index, piece in enumerate(rng.sample(PIECE_IDS, PIECES)):
            if index >= FIRST_TABLE:
                tables.append((snapshot, piece))
            snapshot = _stood_somewhere(snapshot, piece, rng)
    return tables


def _stood_somewhere(snapshot: Snapshot, piece: str, rng: random.Random) -> Snapshot:
    """The table with `piece` added at the first random spot where nothing fell (or without it)."""
    for _ in range(RANDOM_TRIES):
        release = random_placement(snapshot, 0, piece, rng)
        with World.from_snapshot(snapshot) as world:
            _, report = hand_place(world, 0, piece, release, 0, 0.0, 0.0, rng)
            if report.nothing_fell:
                return world.snapshot()
    return snapshot


def judge(level: str, objective: str, tables: list[tuple[Snapshot, str]], trials: int = TRIALS,
          name: str | None = None, pool: RolloutPool | None = None) -> dict:
    """The figures of one difficulty's planner under one objective on `tables` (named
    `name`, the objective's name by default), its rollouts on `pool` (the choices are the same on any)."""
    if not 1 <= trials <= 9:
        raise ValueError(f"trials must be 1-9 (one digit per table), not {trials}")
    params = bot_params(level, CITIES[objective])
    per_table, foreseen, decisions = [], 0.0, []
    for k, (snapshot, piece) in enumerate(tables):
        start = time.perf_counter()
        plan = plan_placement(snapshot, 0, piece, 0, OBJECTIVES[objective](piece), params,
                              random.Random(f"planner:{level}:{objective}:{k}"), pool)
        decisions.append(time.perf_counter() - start)
        hand = random.Random(f"hand:{k}")   # the same draws whichever spot was chosen
        here = 0
        for _ in range(trials):
            with World.from_snapshot(snapshot) as world:
                _, report = hand_place(world, 0, piece, plan.release, 0, params.noise_mm, params.noise_deg, hand)
            here += report.nothing_fell
        per_table.append(here)
        foreseen += plan.stand_rate
    n = len(tables)
    prefix = f"{level}_{name or objective}"
    return {
        f"{prefix}_stood": round(sum(per_table) / (n * trials), 3),
        f"{prefix}_foreseen": round(foreseen / n, 3),
        f"{prefix}_tables_always_stood": round(sum(here == trials for here in per_table) / n, 3),
        f"{prefix}_per_table": "".join(str(here) for here in per_table),
        f"{prefix}_decision_s_median": round(statistics.median(decisions), 3),
    }


def run(quick: bool = False, workers: int | None = None) -> dict:
    started = time.perf_counter()
    tables = fixed_tables(1 if quick else TOWERS)
    if quick:
        tables = tables[:3]
    trials = 2 if quick else TRIALS
    workers = workers or default_workers()
    figures: dict = {"tables": len(tables), "trials": trials, "workers": workers,
                     "raw_pybullet_realtime_factor": bench_bots.raw_pybullet_realtime_factor()}
    with RolloutPool(workers) as pool:
        for level in ("hard",) if quick else LEVELS:
            for objective in ("height", "survival"):
                figures.update(judge(level, objective, tables, trials, pool=pool))
        late = late_tables.load()[: 2 if quick else None]
        figures["late_tables"] = len(late)
        figures.update(judge("hard", "tower", late, trials, name="late", pool=pool))
    figures["bench_wall_s"] = round(time.perf_counter() - started, 1)
    figures["raw_pybullet_realtime_factor_after"] = bench_bots.raw_pybullet_realtime_factor()
    return figures


if __name__ == "__main__":
    print_figures(run)
