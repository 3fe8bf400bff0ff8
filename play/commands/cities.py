"""`junkart cities [--json]`: the City cards (name, players, goal, end, direction, fans)."""
from __future__ import annotations

import argparse
import json

from game.cards import city_cards


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("cities", help="list the City cards")
    parser.add_argument("--json", action="store_true", help="print the City cards as a JSON list")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    cards = city_cards()
    if args.json:
        print(json.dumps([c.to_json() for c in cards], ensure_ascii=False, indent=1))
        return 0
    rows = [("City", "Players", "Direction", "Goal", "Exhibition end")]
    rows += [(c.display_name, f"{c.min_players}-{c.max_players}", c.direction, c.goal, c.end_condition)
             for c in cards]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for k, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        if k == 0:
            print("  ".join("-" * w for w in widths))
    return 0
