"""`junkart popart`: the Pop Art mini-mode.

    junkart popart [--players N] [--humans N] [--bot LEVEL] [--goals K] [--seed S] [--example]
        opens the 2D table (hot-seat humans + bots); with no display, plays a headless bot game.
    junkart popart sim --players 4 --seed 3 [--bots hard,normal,...] [--goals K] [--json]
    junkart popart solo [--seed S] [--goals K]
        your solo game in the window, against the rival display (no display: one line, exit 2)
    junkart popart solo --bot hard --seed 1 [--goals K] [--json]
        a bot plays the solo game headless and its score is printed
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from game.popart.bots import BOTS
from game.popart.match import GameRecord, play_bot_game
from game.popart.state import MAX_PLAYERS, Config

LEVELS = ("easy", "normal", "hard")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("popart", help="Pop Art, the card-drafting mini-mode",
                                   description="Pop Art: draft Foregrounds and Backgrounds into a 3 x 3 display.")
    _table_options(parser, players_default=2)
    parser.add_argument("--humans", type=int, default=1, help="human seats sharing the screen (default 1)")
    parser.add_argument("--example", action="store_true", help="show the rulebook's example display and its scoring")
    parser.add_argument("--screenshot", metavar="PNG", help="with --example: render it offscreen to this PNG "
                        "(how docs/popart.png is made) instead of opening a window")
    parser.set_defaults(func=run_window)
    modes = parser.add_subparsers(dest="mode")

    sim = modes.add_parser("sim", help="play a headless bot game")
    _table_options(sim, players_default=4)
    sim.add_argument("--bots", help=f"comma-separated bot per seat ({', '.join(BOTS)}); default: --bot for all")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=run_sim)

    solo = modes.add_parser("solo", help="play solo against the rival display (--bot LEVEL: watch a bot's score)")
    solo.add_argument("--bot", default=None, choices=sorted(BOTS),
                      help="let this bot play the solo game headless and print its score (default: you play, in the window)")
    solo.add_argument("--seed", type=int, default=1)
    solo.add_argument("--goals", type=int, default=0, choices=(0, 1, 2), help="goal cards (solo: meet them or lose)")
    solo.add_argument("--json", action="store_true", help="print one JSON object")
    solo.set_defaults(func=run_solo)


def _table_options(parser: argparse.ArgumentParser, players_default: int) -> None:
    parser.add_argument("--players", type=int, default=players_default, help=f"1 to {MAX_PLAYERS} (default {players_default})")
    parser.add_argument("--seed", type=int, default=1, help="deal seed (default 1)")
    parser.add_argument("--goals", type=int, default=0, choices=(0, 1, 2),
                        help="goal cards in play (default 0, as the rulebook advises for a first game)")
    parser.add_argument("--bot", default="normal", choices=sorted(BOTS), help="bot level for bot seats (default normal)")


def _bots_for(args: argparse.Namespace) -> list[str]:
    if getattr(args, "bots", None):
        bots = [b.strip() for b in args.bots.split(",")]
        unknown = [b for b in bots if b not in BOTS]
        if unknown:
            raise ValueError(f"unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}")
        if len(bots) != args.players:
            raise ValueError(f"--bots names {len(bots)} bots for {args.players} players")
        return bots
    return [args.bot] * args.players


def record_json(record: GameRecord) -> dict[str, Any]:
    out = record.outcome
    data: dict[str, Any] = {
        "mode": "solo" if record.config.solo else "sim",
        "seed": record.seed,
        "players": record.config.players,
        "bots": list(record.bots),
        "goals": list(record.final.goals),
        "scores": list(out.scores),
        "winner": out.winners[0] if len(out.winners) == 1 else None,
        "winners": list(out.winners),
        "tie": out.is_tie,
        "breakdown": [sheet.to_json() for sheet in out.sheets],
        "actions": [a.to_text() for a in record.actions[1:]],   # the deal is reproducible from the seed
    }
    if record.config.solo:
        data.update(score=out.scores[0], rank=out.solo_rank, lost=out.solo_lost)
    return data


def _print_sheet(seat_name: str, sheet: Any) -> None:
    print(f"{seat_name}: {sheet.total} Pop, {sheet.colours} colours")
    for p in sheet.prints:
        print(f"  {p.label} {p.colour:>7} {p.kind:<10} {p.points:>2}  {p.condition} {p.explanation}")
    for g in sheet.goals:
        print(f"  goal {g.id} {'met' if g.met else 'missed'} {g.points:>2}  {g.text}")


def run_sim(args: argparse.Namespace) -> int:
    record = play_bot_game(Config(args.players, args.goals), _bots_for(args), args.seed)
    if args.json:
        print(json.dumps(record_json(record)))
        return 0
    out = record.outcome
    for seat, (bot, sheet) in enumerate(zip(record.bots, out.sheets)):
        _print_sheet(f"seat {seat} ({bot})", sheet)
    if out.is_tie:
        print(f"tie between seats {', '.join(map(str, out.winners))}: play again")
    else:
        print(f"winner: seat {out.winners[0]}")
    return 0


def run_solo(args: argparse.Namespace) -> int:
    if args.bot is None:                   # a person's solo game: the window
        if args.json:
            raise ValueError("--json needs --bot LEVEL: your own solo game is played in the window")
        if not has_display():
            raise ValueError("no display for your solo game; `junkart popart solo --bot hard` lets a bot play it headless")
        from scenes.popart.app import run_window as open_window
        return open_window(1, 1, "normal", args.goals, args.seed, False)
    record = play_bot_game(Config(1, args.goals), [args.bot], args.seed)
    if args.json:
        print(json.dumps(record_json(record)))
        return 0
    out = record.outcome
    _print_sheet(f"solo ({args.bot})", out.sheets[0])
    print(f"score {out.scores[0]}: {out.solo_rank}{' (goal missed: you lose)' if out.solo_lost else ''}")
    return 0


def has_display() -> bool:
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run_window(args: argparse.Namespace) -> int:
    if not 1 <= args.players <= MAX_PLAYERS:
        raise ValueError(f"Pop Art is for 1 to {MAX_PLAYERS} players, not {args.players}")
    if not 0 <= args.humans <= args.players:
        raise ValueError(f"--humans must be between 0 and --players ({args.players}), not {args.humans}")
    if args.screenshot:
        return example_screenshot(args.screenshot)
    if has_display():
        try:
            from scenes.popart.app import run_window as open_window
            return open_window(args.players, args.humans, args.bot, args.goals, args.seed, args.example)
        except Exception as error:  # noqa: BLE001 - any failure to open a window falls back to headless
            if not _is_window_failure(error):
                raise
    print("junkart popart: no display available; playing a headless bot game instead.")
    args.bots = None
    args.json = False
    return run_sim(args)


def example_screenshot(path: str) -> int:
    """The rulebook's example display and its breakdown, rendered offscreen to a PNG."""
    from play.safe_files import check_output, commit, temporary_sibling
    from scenes.common import open_showbase, render_frames, save_frame
    from scenes.popart.example import ExampleScene

    out = check_output(path, "screenshot")
    temp = temporary_sibling(out)
    try:
        base = open_showbase("Pop Art", offscreen=True)
        scene = ExampleScene(base)
        render_frames(base, 3)
        save_frame(base, str(temp))
        scene.destroy()
        base.destroy()
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    commit(temp, out, "screenshot")      # only what was written is reported
    print(f"wrote {out}")
    return 0


def _is_window_failure(error: Exception) -> bool:
    text = str(error).lower()
    return any(word in text for word in ("window", "display", "graphics", "pipe"))
