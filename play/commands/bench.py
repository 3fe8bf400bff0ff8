"""`junkart bench <name> [--json]`: run a benchmark module from `benchmarks/` and print its figures."""
from __future__ import annotations

import argparse
import importlib
import inspect
import json

from physics.pool import close_shared_pool, use_workers
from play.errors import UsageError

BENCHMARKS = ("physics", "bots", "planner", "survival", "popart", "live", "shots")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("bench", help="measure speed and strength (prints figures)")
    parser.add_argument("name", choices=BENCHMARKS)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--quick", action="store_true", help="the same figures from fewer runs (bots, planner)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes the bots' rollouts run on (default: one per core; bots, planner)")
    parser.add_argument("--replay-size", action="store_true",
                        help="live: also record a game with 10 minutes of your hand and print its replay size")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"benchmarks.bench_{args.name}")
    accepted = inspect.signature(module.run).parameters
    if args.quick and "quick" not in accepted:
        raise UsageError(f"bench {args.name} has no --quick")
    if args.replay_size and args.name != "live":
        raise UsageError("--replay-size goes with 'bench live' only")
    options: dict = {"quick": True} if args.quick else {}
    if args.replay_size:
        options["with_replay_size"] = True
    workers = use_workers(args.workers)          # the process-wide pool, for what plans through it
    if "workers" in accepted:
        options["workers"] = workers
    try:
        figures = module.run(**options)
    finally:
        close_shared_pool()
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        width = max(len(key) for key in figures)
        for key, value in figures.items():
            print(f"{key:<{width}}  {value}")
    return 0
