"""The bench's solo towers on any seeds, one line a tower: for chasing a drop rate.

    python -m benchmarks.tower_seeds MODE FIRST LAST [--workers N]

builds the towers of `benchmarks.bench_bots.solo_tower` for seeds FIRST..LAST-1 (MODE: a
difficulty or `random`) and prints one JSON line per tower as it is done (drops, placements,
height, drops by what the chosen plan did in its own rollouts and by shape, the slowest
decision and the most seconds one simulated), then one line of the bench's own tower figures
for those seeds with `raw_pybullet_realtime_factor` measured before the towers and `..._after`
(a long run meets a machine that gets busier or quieter).

Why: `bench bots` reads the hard bot's drop rate on seeds 0-59 only, and towers are chaotic (one
changed decision changes every later table): two versions of the bot are told apart by the
towers of seeds they were not tuned on, and a drop by the tower it happened in. The counts are
the same bits with any number of workers, so two runs side by side (`--workers 1` each, one per
core) read what one run does; a line a tower means a run stopped early still says something.
"""
from __future__ import annotations

import argparse
import json
import sys

import physics  # noqa: F401 - first: pybullet loads quietly (physics/_quiet_import.py)
from benchmarks.bench_bots import drops_by_shape, raw_pybullet_realtime_factor, solo_tower, tower_figures
from physics.pool import RolloutPool, check_workers, default_workers


def tower_line(seed: int, result: dict) -> dict:
    """What one tower did, short enough to read a line a tower."""
    line = {"seed": seed, "drops": result["drops"], "placements": result["placements"],
            "height_mm": round(result["height_mm"], 1),
            "by_plan": {kind: [k["drops"], k["placements"]] for kind, k in result["by_plan"].items()},
            "drops_by_shape": drops_by_shape([result]), "decision_s_max": round(max(result["decisions"]), 3)}
    if result["simulated"]:
        line["decision_simulated_s_max"] = round(max(result["simulated"]), 1)
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tower_seeds", description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("random", "easy", "normal", "hard"))
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int, help="one past the last seed")
    parser.add_argument("--workers", type=int, default=None, help="rollout worker processes (default: one per core)")
    args = parser.parse_args(argv)
    if not 0 <= args.first < args.last:
        parser.error(f"seeds {args.first}..{args.last - 1} are no range: FIRST must be >= 0 and below LAST")
    try:
        workers = default_workers() if args.workers is None else check_workers(args.workers)
    except ValueError as error:
        parser.error(str(error))
    raw_before = raw_pybullet_realtime_factor()
    results = []
    with RolloutPool(workers) as pool:
        for seed in range(args.first, args.last):
            results.append(solo_tower(args.mode, seed, pool=pool))
            print(json.dumps(tower_line(seed, results[-1])), flush=True)
    figures = tower_figures(args.mode, results, len(results))
    figures.update(seeds=f"{args.first}-{args.last - 1}", workers=workers,
                   raw_pybullet_realtime_factor=raw_before,
                   raw_pybullet_realtime_factor_after=raw_pybullet_realtime_factor())
    print(json.dumps(figures, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
