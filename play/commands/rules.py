"""`junkart rules CITY`: a city's rules in plain language (the same page F1 opens at the table)."""
from __future__ import annotations

import argparse

from game.rules_text import rules_page


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("rules", help="a city's rules in plain language",
                                   description="Print a city's rules: setup, a turn, what ends it, who gets fans.")
    parser.add_argument("city", help="a city, e.g. philadelphia or new_york (see `junkart cities`)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print(rules_page(args.city).to_text())
    return 0
