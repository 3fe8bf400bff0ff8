"""`junkart replay verify|watch FILE`: check a recorded tour, or watch it.

    junkart replay verify tour.jsonl [--json]
        plays the tour again through the physics. Exit code 0 when every action, outcome and
        settled table matches the file, 1 at the first difference (said in one line), 2 when
        the file is not a readable replay.
    junkart replay watch tour.jsonl [--screenshot out.png [--placement N]]
        plays each placement and Nashville shot in the 3D window, re-simulated from the file
        (the file's settled tables where this build's physics differs), or renders the table
        after one of them offscreen to a PNG.
"""
from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("replay", help="verify or watch a recorded game (files from play, sim --replay)")
    verbs = parser.add_subparsers(dest="verb", required=True)
    check = verbs.add_parser("verify", help="play the tour again through the physics and compare, bit for bit")
    check.add_argument("file", help="a replay (.jsonl or .jsonl.gz), or 'last' for your newest game")
    check.add_argument("--json", action="store_true", help="print one JSON line")
    check.set_defaults(func=run_verify)
    watch = verbs.add_parser("watch", help="watch the tour in the 3D window, placement by placement (and shot by shot)")
    watch.add_argument("file", help="a replay (.jsonl or .jsonl.gz), or 'last' for your newest game with a placement")
    watch.add_argument("--screenshot", default=None, metavar="PNG",
                       help="render one placement offscreen to this PNG instead of opening a window")
    watch.add_argument("--placement", type=int, default=0, help="with --screenshot: which placement or shot (1 = "
                                                                "first; default the last)")
    watch.set_defaults(func=run_watch)


def run_verify(args: argparse.Namespace) -> int:
    from game.replay import read_replay
    from play.replays import replay_path, verify

    path = replay_path(args.file)
    replay = read_replay(path)
    if replay.notice:
        print(f"junkart: notice: {replay.notice}", file=sys.stderr)
    verdict = verify(replay)
    name = path.name
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


def run_watch(args: argparse.Namespace) -> int:
    from game.replay import read_replay, seat_names
    from play.errors import UsageError
    from scenes.common import has_display, open_showbase, render_frames, save_frame
    from play.replays import watch_path
    from scenes.table.replay_viewer import ReplayViewer, replay_frames

    replay = read_replay(watch_path(args.file))
    if replay.notice:
        print(f"junkart: notice: {replay.notice}", file=sys.stderr)
    frames, names = replay_frames(replay), seat_names(replay)
    if args.screenshot:
        if not 0 <= args.placement <= len(frames):
            raise UsageError(f"--placement {args.placement}: the replay has placements and shots 1 to {len(frames)}")
        from play.safe_files import check_output, commit, temporary_sibling

        out = check_output(args.screenshot, "screenshot")
        temp = temporary_sibling(out)
        base = open_showbase("Junk Art 3D replay", offscreen=True)
        try:
            viewer = ReplayViewer(base, frames, names, bind_input=False)
            viewer.playing = False
            viewer.show((args.placement or len(frames)) - 1)
            render_frames(base, 3)
            save_frame(base, str(temp))
        finally:
            base.destroy()
        commit(temp, out, "screenshot")
        print(f"wrote {out}")
        return 0
    if not has_display():
        raise UsageError("no display to watch the replay in; --screenshot PNG renders one placement offscreen")
    from play.replay_motion import recorded_motion

    base = open_showbase("Junk Art 3D replay")
    ReplayViewer(base, frames, names, motion_for=recorded_motion)
    base.accept("escape", base.userExit)
    base.run()
    return 0
