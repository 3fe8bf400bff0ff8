"""`junkart replay verify FILE`: play a recorded tour again through the physics and check it.

    junkart replay verify tour.jsonl [--json]

Exit code 0 when every action, outcome and settled table matches the file, 1 at the first
difference (said in one line), 2 when the file is not a readable replay.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("replay", help="check a recorded tour (junkart sim --replay FILE)")
    verbs = parser.add_subparsers(dest="verb", required=True)
    check = verbs.add_parser("verify", help="play the tour again through the physics and compare, bit for bit")
    check.add_argument("file", help="a replay (.jsonl or .jsonl.gz)")
    check.add_argument("--json", action="store_true", help="print one JSON line")
    check.set_defaults(func=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    from game.replay import read_replay
    from play.replays import verify

    verdict = verify(read_replay(args.file))
    name = Path(args.file).name
    if args.json:
        print(json.dumps({"file": name, **verdict.to_json()}, sort_keys=True))
    elif verdict.ok:
        cities = f"{verdict.cities} {'city' if verdict.cities == 1 else 'cities'}"
        end = "to the end of the tour" if verdict.finished else "up to where the file stops, before the tour's end"
        print(f"{name}: the same game, bit for bit: {verdict.actions} actions, {verdict.placements} placements "
              f"re-simulated, {cities} played, {end}")
    else:
        print(f"{name}: differs at {verdict.problem}")
    return 0 if verdict.ok else 1
