"""Live physics on screen: `junkart bench live [--json]`.

The table scene at 1280x720 offscreen (this machine's software GL) with all 60 pieces on a
6-seat table: one structure's top piece is taken in hand (59 at rest + 1 held), carried in and
lowered onto its structure (which wakes and is live), held there, let go and settled, one
display frame at a time as the window does it (8 ticks of 1/480 s, the view posed from the
motion, the frame rendered).

Figures:
  frame_ms_median, frame_ms_p95   one whole frame: physics, posing the view, rendering
  physics_ms_per_frame            the physics part of a frame (median)
  frames                          how many frames were measured
  motion_record_overhead          one placement with its motion recorded / without (same
                                  placement, same process, the medians of alternating runs)
  raw_pybullet_realtime_factor    the bare 30-piece pile of `bench physics`, for comparing machines
  bot_wait_s_median_plain,        how long the window waited for a bot's placement after its
  bot_wait_s_median_ahead         pacing wait ended (the last move played, BOT_PACE_S over): a
  (and _max_)                     normal and two hard bots watched in Monaco (about half a minute
                                  a game), paced and threaded as on screen, without and with the
                                  bots planning while the last move shows (play/think_ahead.py)
  bot_waits_measured              placements measured in each (all but the city's first)
  bot_wait_plans_ready            of those, placements that found their plan made ahead
  bot_wait_same_game              both games placed the same pieces the same way
Goals: physics <= 5 ms of a frame; frame <= 33 ms median; recording overhead <= 1.10.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import Any

from benchmarks.bench_physics import raw_pile
from physics import Snapshot, TableLayout, World
from physics.motion import MotionRecorder
from physics.reference import TABLE_OF_60, build_table_of_60
from physics.settings import TIME_STEP

BOT_WAIT_PLACEMENTS = 10  # placements of the watched game (the first is not measured)
FRAME_S = 1.0 / 60.0     # the watched game's frame rate, as on screen
HOLD_FRAMES = 150        # carrying in and holding the piece on its structure
SETTLE_FRAMES = 150      # at most this many frames of settling are measured
RECORD_RUNS = 7
TEN_MINUTE_TOUR = ("philadelphia", "monaco", "paris", "montreal", "home_town", "tokyo", "gujarat", "pisa", "new_york")


def _table() -> tuple[Snapshot, str, Snapshot, tuple]:
    layout = TableLayout.for_seats(6)
    with World(layout) as world:
        build_table_of_60(world)
        full = world.snapshot()
    top = TABLE_OF_60[0][-1].piece_id
    old = next(p for p in full.pieces if p.piece_id == top)
    rest = Snapshot(layout, tuple(p for p in full.pieces if p.piece_id != top))
    return full, top, rest, (old.position, old.orientation)


def frame_figures(size: tuple[int, int] = (1280, 720)) -> dict:
    from game.actions import Place
    from play.live_hand import LiveHand
    from scenes.common import open_showbase
    from scenes.table.view import TableView

    full, top, rest, (position, quat) = _table()
    base = open_showbase("Junk Art 3D bench", size=size, offscreen=True)
    try:
        view = TableView(base)
        view.show(rest)
        view.focus(0, 200.0)
        hand = LiveHand(rest, Place(0, top, 0), ((position[0] - 0.06, position[1], position[2] + 0.05), quat))
        frames, physics = [], []
        for i in range(HOLD_FRAMES + SETTLE_FRAMES):
            t = min(1.0, i / (HOLD_FRAMES * 0.6))
            target = ((position[0] - 0.06 * (1 - t), position[1], position[2] + 0.0005 + 0.05 * (1 - t)), quat)
            start = time.perf_counter()
            if i < HOLD_FRAMES:
                hand.hold(target, None)
            elif i == HOLD_FRAMES:
                hand.let_go()
            else:
                done = hand.settle(None)
            physics_end = time.perf_counter()
            poses, _ = hand.news()
            view.pose_pieces(poses)
            base.taskMgr.step()
            frames.append((time.perf_counter() - start) * 1000)
            physics.append((physics_end - start) * 1000)
            if i > HOLD_FRAMES and done:
                break
        awake = hand.placement.awake
        hand.close()
        view.destroy()
    finally:
        base.destroy()
    frames.sort()
    return {
        "frame_ms_median": round(statistics.median(frames), 2),
        "frame_ms_p95": round(frames[int(0.95 * (len(frames) - 1))], 2),
        "physics_ms_per_frame": round(statistics.median(physics), 3),
        "frames": len(frames),
        "structure_live": awake,
        "pieces_on_table": len(rest.pieces) + 1,
    }


def record_overhead() -> dict:
    full, top, rest, (position, quat) = _table()
    release = ((position[0], position[1], position[2] + 0.0005), quat)
    plain, recorded = [], []
    with World(rest.layout) as world:
        for _ in range(RECORD_RUNS):
            for times, motion in ((plain, None), (recorded, MotionRecorder())):
                world.load(rest)
                start = time.perf_counter()
                report = world.place(0, top, release, 0, motion=motion)
                times.append(time.perf_counter() - start)
    return {"motion_record_overhead": round(statistics.median(recorded) / statistics.median(plain), 3),
            "placement_ms": round(statistics.median(plain) * 1000, 1),
            "placement_simulated_s": round(report.simulated_s, 3)}


def run(with_replay_size: bool = False) -> dict:
    """The frame and recording figures; with `with_replay_size` also a recorded game's replay
    size (`replay_size`: several minutes more)."""
    figures = frame_figures()
    figures.update(record_overhead())
    figures.update(think_ahead_figures())
    if with_replay_size:
        figures.update(replay_size())
    raw = []
    for _ in range(3):
        simulated, clock = raw_pile(int(round(1.0 / TIME_STEP)))
        raw.append(simulated / clock.wall)
    figures["raw_pybullet_realtime_factor"] = round(statistics.median(raw), 2)
    return figures


def think_ahead_figures(placements: int = BOT_WAIT_PLACEMENTS, seed: int = 3) -> dict:
    """The bot-wait figures: one watched game without thinking ahead, one with."""
    from scenes.common import open_showbase

    base = open_showbase("Junk Art 3D bench", size=(640, 360), offscreen=True)
    try:
        plain, plain_game, _ = bot_waits(base, False, placements, seed)
        ahead, ahead_game, ready = bot_waits(base, True, placements, seed)
    finally:
        base.destroy()
    figures: dict = {"bot_waits_measured": min(len(plain), len(ahead)), "bot_wait_same_game": plain_game == ahead_game,
                     "bot_wait_plans_ready": ready}
    for name, waits in (("plain", plain), ("ahead", ahead)):
        figures[f"bot_wait_s_median_{name}"] = round(statistics.median(waits), 2)
        figures[f"bot_wait_s_max_{name}"] = round(max(waits), 2)
    return figures


def bot_waits(base: Any, think_ahead: bool, placements: int, seed: int) -> tuple[list[float], list[str], int]:
    """Watch bots place `placements` pieces in Monaco, paced and threaded as on screen (the task
    manager stepped about 60 times a second); for every placement after the first, the seconds
    from the end of the pacing wait before it to the moment the match had placed it. And the
    placements, to compare games, and how many found their plan made ahead."""
    from game import api
    from play.controllers import BotController
    from play.desktop import DesktopGame
    from play.human import default_seats

    seats = default_seats(3, ["normal", "hard", "hard"])
    config = api.TourConfig(3, ("monaco",), base_sides=("A",) * 3)
    game = DesktopGame(base, config, seats, seed, threaded=True, pace=True, bind_input=False,
                       max_placements=placements, think_ahead=think_ahead, muted=True)
    waits: list[float] = []
    wait_over: float | None = None       # when the pacing wait before the next placement ends
    shown = done = 0                     # placements the window has shown / the match has made
    give_up = time.monotonic() + 600
    try:
        while not game.finished:
            if time.monotonic() > give_up:
                raise RuntimeError(f"the watched game made {done} of {placements} placements in 10 minutes")
            frame_start = time.monotonic()
            base.taskMgr.step()
            made = len(game.match.log.placements)
            if made > done:
                if wait_over is not None:
                    waits.append(max(0.0, time.monotonic() - wait_over))
                done, wait_over = made, None
            if game.placements > shown and not game.player.playing:
                shown, wait_over = game.placements, game.wait_until    # the pacing after this placement
            time.sleep(max(0.0, FRAME_S - (time.monotonic() - frame_start)))
        played = [p.action.to_text() for p in game.match.log.placements]
        ready = sum(c.prepared_used for c in game.controllers if isinstance(c, BotController))
    finally:
        game.destroy()
    return waits, played, ready


def replay_size(hand_minutes: float = 10.0, seconds_per_placement: float = 20.0, seed: int = 4) -> dict:
    """A recorded game in which your live hand is moving for `hand_minutes` in all (bots play in
    between): the replay's size, plain and gzip. The hand drifts like a mouse (smooth, with
    pauses), every frame a target, through the real window code (offscreen, unpaced)."""
    import gzip
    import math
    import random
    import tempfile
    from pathlib import Path

    from game import api
    from play.desktop import DesktopGame
    from play.human import SeatSpec
    from play.replays import replay_writer
    from scenes.common import open_showbase

    seats = [SeatSpec("You", "human"), SeatSpec("Normal bot", "normal")]
    config = api.TourConfig(2, TEN_MINUTE_TOUR, start_seat=0)
    rng = random.Random(seed)
    frames_per_placement = int(seconds_per_placement * 60)
    wanted = int(hand_minutes * 60 / seconds_per_placement)
    base = open_showbase("Junk Art 3D bench", size=(640, 360), offscreen=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ten_minutes.jsonl"
        recorder = replay_writer(path, seed, config, seats)
        game = DesktopGame(base, config, seats, seed, threaded=False, pace=False, bind_input=False,
                           show_motion=True, recorder=recorder)
        placed = keys = 0
        stops: dict[str, int] = {}
        try:
            while placed < wanted and not game.finished:
                for _ in range(20000):
                    game.tick()
                    if game.finished or (not game.worker.busy and not game.player.playing
                                         and not game.your_hand.settling and game.aim is not None and game.live is None):
                        break
                    if not game.worker.busy and not game.player.playing and game.options:
                        game.choose_option(0)
                if game.finished:
                    break
                if not game.your_placement.take() or game.live is None:
                    stops["no room to hold"] = stops.get("no room to hold", 0) + 1
                    game.your_placement.let_go()
                    game.your_placement.place()                 # the assist places this one
                    continue
                (x0, y0, z0), quat = game.hand.held()
                phase = rng.uniform(0, 6.28)
                targets = []
                for i in range(frames_per_placement):
                    still = (i // 45) % 3 == 2                  # a third of the time the hand rests
                    t = i / 60.0
                    r = 0.0 if still else 0.004
                    targets.append(((x0 + r * math.sin(t * 1.3 + phase), y0 + r * math.cos(t * 0.9), z0 + 0.03), quat))
                sent = iter(targets)
                game.hand.held = lambda: next(sent, targets[-1])
                for _ in targets:
                    game.tick()
                keys += len(game.live.keys)
                game.your_placement.place()
                for _ in range(5000):
                    game.tick()
                    if not game.your_hand.settling:
                        break
                placed += 1
        finally:
            game.destroy()
            recorder.close()
            base.destroy()
        raw = path.stat().st_size
        packed = len(gzip.compress(path.read_bytes()))
    return {"replay_hand_minutes": round(placed * seconds_per_placement / 60, 1), "replay_live_placements": placed,
            "replay_game_finished": game.finished, "replay_assisted_instead": stops.get("no room to hold", 0),
            "replay_hand_keys": keys, "replay_kb": round(raw / 1024, 1), "replay_gzip_kb": round(packed / 1024, 1)}


if __name__ == "__main__":
    print(json.dumps(run(), sort_keys=True))
