"""`junkart` / `junkart play`: the desktop game; `junkart screenshot`: a picture of the table.

    junkart
        opens the start menu (play/launcher.py): Play starts the recommended first tour, you
        against a normal and a hard bot; the menu also changes the table, resumes or watches
        your last game and opens Pop Art. Without a display: the headless demo below.

    junkart play [--tour first|random:N|city,city] [--players N] [--bots normal,hard] [--seed S]
                 [--humans Ann,Bob] [--max-placements N] [--quick] [--autopilot]
                 [--replay FILE | --no-replay] [--resume REPLAY]
        opens a window: you at seat 0 against bots, or with --humans several people hot-seat
        (the screen is passed between them). The game is recorded as a replay (by default in
        play.replays.replays_dir()); --resume goes on with a recorded game. With no display,
        prints one line and plays a short headless demo instead (bots only, one line per city).
    junkart screenshot --out docs/table.png [--seed S] [--placements N] [--size 1280x720] [--placing]
        plays a few placements offscreen (your decisions made by the assist) and saves a PNG.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from game import api
from game.tour import MAX_SEATS, MIN_SEATS
from play.controllers import DIFFICULTIES
from physics.pool import close_shared_pool, use_workers
from play.errors import UsageError
from play.settings import load as load_settings

DEMO_NOTICE = ("No display found: running a headless demo of the first tour's first city "
               "(Philadelphia) with 2 easy bots.")
DEMO_CITIES = ("philadelphia",)
DEMO_BOTS = ("easy", "easy")
QUICK_PLACEMENTS = 3


def register(subparsers: Any) -> None:
    play = subparsers.add_parser("play", help="play a World Tour in the 3D window (bare `junkart` opens the menu)",
                                 description="Play a World Tour against bots, or hot-seat, in the 3D table window.")
    play.add_argument("--tour", default="first", help="first (Philadelphia, Monaco, Paris), random:N, or a comma list of cities")
    play.add_argument("--players", type=int, default=3, help=f"{MIN_SEATS} to {MAX_SEATS} seats, you included (default 3)")
    play.add_argument("--bots", help=f"one difficulty per bot seat ({', '.join(DIFFICULTIES)}); default normal,hard; "
                                     "as many as --players to watch bots only")
    play.add_argument("--humans", default=None, help="the people at this desktop, comma separated (default: You); "
                                                      "two or more play hot-seat, passing the screen")
    play.add_argument("--seed", type=int, default=1, help="tour seed (default 1)")
    play.add_argument("--max-placements", type=int, default=None, help="stop after this many placements")
    play.add_argument("--quick", action="store_true",
                      help=f"stop after {QUICK_PLACEMENTS} placements, your decisions made by the assist (smoke test)")
    play.add_argument("--autopilot", action="store_true", help="the assist makes your decisions too (watch a demo)")
    play.add_argument("--replay", default=None,
                      help="record the game to this file (.jsonl or .jsonl.gz); default: a new file in "
                           "~/.local/share/junkart3d/replays ($JUNKART_DATA_DIR/replays if set)")
    play.add_argument("--no-replay", action="store_true", help="do not record the game")
    play.add_argument("--resume", default=None, metavar="REPLAY",
                      help="go on with a recorded game where its file stops (its tour, seats and seed); "
                           "'last' for your newest game")
    play.add_argument("--workers", type=int, default=None,
                      help="processes the bots think on (default: the settings', else one per core; 1 = in the game's own)")
    play.set_defaults(func=run, menu=False)

    shot = subparsers.add_parser("screenshot", help="render the table offscreen to a PNG",
                                 description="Play a few placements offscreen and save a picture of the table.")
    shot.add_argument("--out", default="docs/table.png", help="PNG path (default docs/table.png)")
    shot.add_argument("--seed", type=int, default=1, help="tour seed (default 1)")
    shot.add_argument("--placements", type=int, default=8, help="placements before the picture (default 8)")
    shot.add_argument("--size", default="1280x720", help="image size WxH (default 1280x720)")
    shot.add_argument("--placing", action="store_true", help="stop at your next placement (its aim shown as a ghost)")
    shot.add_argument("--collapse", action="store_true",
                      help="bots play with their motion shown until one knocks pieces down; the frame mid-fall")
    shot.add_argument("--shot", choices=("aim", "flight"), default=None,
                      help="Nashville: your shot as you aim it, or the disc in flight after the flick")
    shot.set_defaults(func=run_screenshot)


def _bots(text: str | None) -> list[str] | None:
    if not text:
        return None
    bots = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in bots if b not in DIFFICULTIES]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; choose from {', '.join(DIFFICULTIES)}")
    return bots


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"bad --size {text!r}; expected WxH, e.g. 1280x720") from None
    if not (64 <= w <= 4096 and 64 <= h <= 4096):
        raise ValueError(f"--size {text!r} out of range (64..4096 per side)")
    return w, h


def run(args: argparse.Namespace) -> int:
    from play.human import default_seats

    if not MIN_SEATS <= args.players <= MAX_SEATS:
        raise ValueError(f"Junk Art supports {MIN_SEATS}-{MAX_SEATS} players, not {args.players}")   # as `sim` says it
    if args.max_placements is not None and args.max_placements < 0:
        raise UsageError(f"--max-placements must be 0 or more, not {args.max_placements}")
    if args.replay is not None and args.no_replay:
        raise UsageError("--replay FILE and --no-replay contradict each other; give one")
    if args.replay is not None:
        from play.safe_files import check_output
        check_output(args.replay, "replay")
    saved = load_settings()
    use_workers(args.workers if args.workers is not None else (saved.workers or None))
    humans = None if args.humans is None else args.humans.split(",")
    seats = default_seats(args.players, _bots(args.bots), humans)
    config = api.TourConfig.parse(args.tour, args.players)
    limit = QUICK_PLACEMENTS if args.quick else args.max_placements
    from scenes.common import has_display

    resume, seed = None, args.seed
    if args.resume:
        from game.replay import read_replay, tour_of
        from play.replays import replay_path, seats_of

        resume = read_replay(replay_path(args.resume))
        if resume.notice:
            print(f"junkart: notice: {resume.notice}")
        (config, seed), seats = tour_of(resume), seats_of(resume)
        if not has_display():
            raise UsageError(f"no display to resume the game in; `junkart sim --resume {args.resume}` "
                             "lets bots finish it headless")
    if has_display():
        try:
            from scenes.common import open_showbase
            base = open_showbase("Junk Art 3D", (saved.width, saved.height), fullscreen=saved.fullscreen,
                                 smooth=saved.quality == "high")
        except Exception:  # noqa: BLE001 - a display is set but refuses a window: say so, do not guess
            print(f"junkart: error: could not open a window on display {_display_name()!r} "
                  "(try --verbose for Panda3D's messages, or unset DISPLAY for the headless demo)", file=sys.stderr)
            return 1
        else:
            if args.menu:
                return _run_menu(base, args.workers)
            return _run_window(base, config, seats, seed, limit, args.autopilot or args.quick,
                               None if args.no_replay else (args.replay or "auto"), resume, saved.game_options())
    print(DEMO_NOTICE, flush=True)
    return run_headless_demo(args.seed, limit)


def _display_name() -> str:
    return os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "default"


def _run_menu(base: Any, workers_flag: int | None) -> int:
    from play.launcher import Launcher

    launcher = Launcher(base, workers_flag=workers_flag)
    base.finalExitCallbacks.append(launcher.close)   # a game open when the window closes is recorded whole
    run_base(base)
    return 0


def _run_window(base: Any, config: api.TourConfig, seats: list, seed: int, limit: int | None, autopilot: bool,
                replay: str | None = None, resume: Any = None, options: dict[str, Any] | None = None) -> int:
    """`options`: the saved settings' for the game (bots' speed, volume, hint bar)."""
    from play.game_window import open_game

    game = open_game(base, config, seats, seed, replay, resume, max_placements=limit, autopilot=autopilot,
                     **(options or {}))
    base.accept("escape", base.userExit)
    if limit is not None:
        def stop_when_done(task: Any) -> int:
            if game.finished and not game.worker.busy:
                base.userExit()
            return task.cont
        base.taskMgr.add(stop_when_done, "junkart-quick-exit")
    run_base(base)
    return 0


def run_base(base: Any) -> None:
    """Run the window until it closes. Ctrl+C stops it within a frame (not Panda3D's "interrupt
    by keyboard" and a wait for the frame): the close-down callbacks run (a thinking bot's job
    is dropped, the replay closed whole) and KeyboardInterrupt goes up to the CLI's one line."""
    interrupted: list[int] = []

    def on_sigint(signum: int, frame: Any) -> None:
        interrupted.append(signum)
        base.taskMgr.stop()

    base.taskMgr.keyboardInterruptHandler = on_sigint     # taskMgr.run() installs this for SIGINT
    try:
        base.run()
        if interrupted:
            for callback in list(base.finalExitCallbacks):
                callback()
            raise KeyboardInterrupt
    finally:
        close_shared_pool()     # the bots' worker processes end with the window (Esc, its close button, Ctrl+C)


def run_headless_demo(seed: int, max_placements: int | None = None) -> int:
    """Bots play the demo cities through the real physics, one printed line per city."""
    from play.controllers import BotController
    from play.lookahead import Lookahead
    from play.match import CityResult, Match

    names = [f"{level.capitalize()} bot {k + 1}" for k, level in enumerate(DEMO_BOTS)]
    placed = 0

    def on_event(kind: str, data: object) -> None:
        nonlocal placed
        if kind == "place":
            placed += 1
        elif kind == "city_done":
            assert isinstance(data, CityResult)
            fans = ", ".join(f"{n} {f} fans" for n, f in zip(names, data.fans))
            heights = ", ".join(f"{h / 10:.1f} cm" for h in data.heights_mm)
            print(f"{data.city.capitalize()}: {fans}; heights {heights}; {data.placements} placements "
                  f"({data.end_reason})", flush=True)

    config = api.TourConfig(len(DEMO_BOTS), DEMO_CITIES)
    controllers = [BotController(level, f"{seed}:{k}", name=n) for k, (level, n) in enumerate(zip(DEMO_BOTS, names))]
    match = Match(config, controllers, seed, on_event=on_event)
    match.lookahead = lookahead = Lookahead(match)
    while not api.is_terminal(match.state):
        if max_placements is not None and placed >= max_placements:
            lookahead.close()
            print(f"Demo stopped after {placed} placements.")
            return 0
        match.step()
    lookahead.close()
    result = api.outcome(match.state)
    print("Winner: " + " and ".join(names[s] for s in result.winners))
    return 0


def run_screenshot(args: argparse.Namespace) -> int:
    from play.desktop_shots import take_screenshot
    from play.human import default_seats
    from scenes.common import open_showbase

    size = _size(args.size)
    if args.placements < 0:
        raise ValueError("--placements must be 0 or more")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    base = open_showbase("Junk Art 3D", size=size, offscreen=True)
    try:
        if args.shot is not None:
            from play.desktop_shots import take_shot_screenshot
            seats = default_seats(3, bots=["normal", "hard"])
            if not take_shot_screenshot(base, seats, args.seed, out, flight=args.shot == "flight"):
                raise ValueError(f"you got no shot in seed {args.seed}'s Nashville; try another --seed")
        elif args.collapse:
            from play.desktop_shots import take_collapse_screenshot
            if not take_collapse_screenshot(base, default_seats(3, bots=["easy", "easy", "easy"]), args.seed, out):
                raise ValueError(f"no placement knocked anything down in seed {args.seed}'s first placements; try another --seed")
        else:
            take_screenshot(base, default_seats(3), args.seed, args.placements, out, placing=args.placing)
    finally:
        base.destroy()
    print(f"wrote {out}")
    return 0
