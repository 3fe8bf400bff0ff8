"""`junkart sim`: a whole World Tour with bots, headless, through the real physics.

    junkart sim --tour philadelphia,monaco,paris --players 4 --bots easy,normal,hard,hard --seed 7 --json

Prints one JSON line (per city: fans, heights, fallen counts, eliminations per seat; then the
tour's `fans` and `winner`), or a readable table with a progress line on a terminal. The
output holds no timings, so the same seed gives the same output.
"""
from __future__ import annotations

import argparse
import json
import sys

from game.api import TourConfig
from game.cities import get_city, split_variant
from game.tour import check_config
from physics.pool import close_shared_pool, use_workers
from play.errors import UsageError

NOT_YET_PLAYABLE: dict[str, str] = {}     # cities the physics cannot play yet (none since Nashville's shots)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("sim", help="play a World Tour with bots, headless")
    parser.add_argument("--tour", default="first",
                        help="'first' (Philadelphia, Monaco, Paris), a city, a comma list, or random:N; "
                             "variants as city:variant, e.g. new_york:short")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default=None, help="one difficulty per seat (easy, normal, hard), comma separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--faceoff", action="store_true", help="break a final tie with a Monaco face-off")
    parser.add_argument("--sides", default=None,
                        help="each seat's base side, A (flat) or B (raised rim), comma separated; "
                             "default: each bot chooses")
    parser.add_argument("--replay", default=None, help="record the tour to this file (.jsonl or .jsonl.gz)")
    parser.add_argument("--resume", default=None,
                        help="go on with the tour recorded in this replay where it stops (its tour, seed and "
                             "bots; people's seats are played by the assist's level)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes the bots' rollouts run on (default: one per core; 1 = in this process); "
                             "the tour is the same with any number")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.set_defaults(func=run)


def tour_config(spec: str, players: int, faceoff: bool = False, sides: str | None = None) -> TourConfig:
    """The tour from the command line, checked: unknown cities, unsupported player counts and
    bad sides raise ValueError with one line (the CLI turns it into exit code 2)."""
    base_sides = None if sides is None else tuple(side.strip().upper() for side in sides.split(","))
    config = TourConfig.parse(spec, players, faceoff=faceoff, base_sides=base_sides)
    for city in config.cities:
        reason = NOT_YET_PLAYABLE.get(split_variant(city)[0])
        if reason:
            raise UsageError(reason)
    check_config(config)
    return config


def seat_difficulties(spec: str | None, players: int) -> list[str]:
    from play.controllers import DIFFICULTIES
    levels = ["normal"] * players if spec is None else [s.strip() for s in spec.split(",")]
    if len(levels) != players:
        raise UsageError(f"--bots names {len(levels)} difficulties for {players} players")
    for level in levels:
        if level not in DIFFICULTIES:
            raise UsageError(f"unknown difficulty {level!r}; use one of {', '.join(DIFFICULTIES)}")
    return levels


def run(args: argparse.Namespace) -> int:
    from game.replay import read_replay, tour_of
    from play.controllers import BotController
    from play.human import ASSIST_LEVEL, HUMAN, SeatSpec
    from play.lookahead import Lookahead
    from play.match import Match
    from play.replays import replay_path, replay_writer, resume, seats_of

    from play.safe_files import check_output

    use_workers(args.workers)
    if args.replay is not None:
        check_output(args.replay, "replay")       # refused before the tour is played, in one line
    replay = read_replay(replay_path(args.resume)) if args.resume else None
    if replay is not None and replay.notice:
        print(f"junkart: notice: {replay.notice}", file=sys.stderr)
    if replay is not None:
        config, seed = tour_of(replay)
        seats = seats_of(replay)
        levels = [ASSIST_LEVEL if s.kind == HUMAN else s.kind for s in seats]
        names = [s.name for s in seats]
        stream = f"junkart-bot:{seed}:resumed:{len(replay.actions)}"   # not the first run's draws again
    else:
        config, seed = tour_config(args.tour, args.players, args.faceoff, args.sides), args.seed
        levels = seat_difficulties(args.bots, args.players)
        names = [f"{level.capitalize()} bot {seat + 1}" for seat, level in enumerate(levels)]
        stream = f"junkart-bot:{seed}"
    controllers = [BotController(level, f"{stream}:{seat}", name) for seat, (level, name) in enumerate(zip(levels, names))]
    progress = _Progress(enabled=not args.json and sys.stderr.isatty())
    recorder = None
    if args.replay is not None:
        recorder = replay_writer(args.replay, seed, config, [SeatSpec(c.name, c.difficulty) for c in controllers])
    try:
        if replay is not None:
            match = resume(replay, controllers, recorder)
            match.on_event = progress.event
        else:
            match = Match(config, controllers, seed, on_event=progress.event, recorder=recorder)
        match.lookahead = Lookahead(match)
        outcome = match.run()
    except BaseException:
        if recorder is not None:     # a file it was to replace is kept as it was
            recorder.close(complete=False)
        raise
    finally:
        if recorder is not None:
            recorder.close()
        progress.done()
        close_shared_pool()
    result = {
        "seed": seed,
        "players": config.num_seats,
        "bots": levels,
        "sides": list(match.state.base_sides),
        "cities": [c.to_json() for c in match.log.cities],
        "fans": list(outcome.fans),
        "winner": list(outcome.winners),
        "decided_by": outcome.decided_by,
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        _print_table(result, [c.name for c in controllers])
    return 0


def _print_table(result: dict, names: list[str]) -> None:
    width = max(len(n) for n in names)
    for city in result["cities"]:
        print(f"\n{get_city(city['city']).display_name} — {city['end_reason']} ({city['placements']} placements)")
        print(f"  {'seat':<{width}}  fans  height mm  fallen")
        for seat, name in enumerate(names):
            out = "  eliminated" if city["eliminated"][seat] else ""
            print(f"  {name:<{width}}  {city['fans'][seat]:>4}  {city['heights_mm'][seat]:>9.1f}  {city['fallen'][seat]:>6}{out}")
    print("\nBase sides: " + ", ".join(f"{n} {side}" for n, side in zip(names, result["sides"])))
    print("World Tour fans: " + ", ".join(f"{n} {f}" for n, f in zip(names, result["fans"])))
    winners = " and ".join(names[s] for s in result["winner"])
    print(f"Winner: {winners} (by {result['decided_by']})")


class _Progress:
    """One self-overwriting status line on a terminal: city, placements so far."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.city = ""
        self.placements = 0

    def event(self, kind: str, data: object) -> None:
        if not self.enabled:
            return
        if kind == "city":
            self.city, self.placements = get_city(str(data)).display_name, 0
        elif kind == "place":
            self.placements += 1
        bar = "#" * min(40, self.placements // 2)
        sys.stderr.write(f"\r{self.city:<14} [{bar:<40}] {self.placements} placements")
        sys.stderr.flush()

    def done(self) -> None:
        if self.enabled:
            sys.stderr.write("\r" + " " * 80 + "\r")
            sys.stderr.flush()
