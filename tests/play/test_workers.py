"""Bots on worker processes, end to end: a game is the same with any number of workers and its
replay verifies; the window closing, Ctrl+C and a killed parent leave no worker behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game import api
from game.replay import read_replay
from physics.pool import RolloutPool
from play import settings
from play.controllers import BotController
from play.human import SeatSpec
from play.match import Match
from play.replays import replay_writer, verify

PLACEMENTS = 6


def record(path: Path, workers: int) -> None:
    """The first PLACEMENTS placements of a Tokyo game between a normal and a hard bot."""
    config = api.TourConfig(2, ("tokyo",), base_sides=("A", "A"))
    placed = []
    with RolloutPool(workers) as pool:
        bots = [BotController(level, f"workers-test:{s}", pool=pool) for s, level in enumerate(("normal", "hard"))]
        seats = [SeatSpec(f"bot {s + 1}", b.difficulty) for s, b in enumerate(bots)]
        with replay_writer(path, 21, config, seats) as recorder:
            match = Match(config, bots, 21, recorder=recorder, on_event=lambda kind, _: placed.append(kind == "place"))
            while sum(placed) < PLACEMENTS:
                match.step()


def test_a_game_played_with_two_workers_is_the_game_played_with_one_and_verifies(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    record(one, 1)
    record(two, 2)
    assert two.read_bytes() == one.read_bytes()              # every action and keyframe, bit for bit
    replay = read_replay(two)
    assert sum(1 for e in replay.entries if e.trajectory) >= PLACEMENTS
    verdict = verify(replay)
    assert verdict.ok and not verdict.finished, verdict


def workers_of(pid: int) -> set[int]:
    """The rollout workers `pid` spawned (not multiprocessing's resource tracker)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"spawn_main" in command:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (ProcessLookupError, FileNotFoundError):
        return False
    return state != "Z"


def workers_started(process: subprocess.Popen, count: int, timeout_s: float = 300) -> set[int]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = workers_of(process.pid)
        if len(found) >= count:
            return found
        assert process.poll() is None, process.communicate()
        time.sleep(0.2)
    raise AssertionError("the worker processes never started")


def gone(pids: set[int], timeout_s: float = 30) -> bool:
    deadline = time.monotonic() + timeout_s
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


SIM = [sys.executable, "-m", "play.cli", "sim", "--tour", "tokyo", "--players", "2", "--bots", "hard,hard",
       "--workers", "2", "--json"]


def test_ctrl_c_in_a_headless_sim_ends_its_workers_and_says_one_line():
    # As started at a terminal: a test run started in the background (`&`) ignores SIGINT, and
    # its children would inherit that.
    process = subprocess.Popen(SIM, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers = workers_started(process, 2)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "interrupted" in err and "Traceback" not in err, err
    assert gone(workers)


def test_workers_of_a_killed_game_end_by_themselves():
    process = subprocess.Popen(SIM, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers = workers_started(process, 2)
    process.kill()                          # no clean-up at all: the workers see their pipe close
    process.wait(30)
    assert gone(workers)


# A windowed game (offscreen) run by `run_base` as `junkart play` runs it: once a bot thinks on
# the workers, the window is closed (userExit, what the close button and Esc do); the process
# then reports whether its worker processes are still there.
CLOSE_WHILE_THINKING = textwrap.dedent("""
    import os, sys, time
    from game import api
    from physics import pool
    from play.commands.start import run_base
    from play.desktop import DesktopGame
    from play.human import default_seats
    from scenes.common import open_showbase

    pool.use_workers(2)
    base = open_showbase("test", (640, 400), offscreen=True)
    seats = default_seats(2, ["hard", "hard"])
    game = DesktopGame(base, api.TourConfig(2, ("tokyo",)), seats, 3, threaded=True, pace=False,
                       bind_input=False)
    seen = set()
    started = time.monotonic()

    def close_when_thinking(task):
        shared = pool.shared_pool()
        if shared.busy_pids:
            seen.update(shared.pids())
            base.userExit()
        if time.monotonic() - started > 300:
            print("never thought", flush=True)
            base.userExit()
        return task.cont

    base.taskMgr.add(close_when_thinking, "close-when-thinking")
    try:
        run_base(base)
    except SystemExit:
        pass
    left = []
    for pid in seen:
        try:
            os.kill(pid, 0)
            left.append(pid)
        except ProcessLookupError:
            pass
    print(f"workers {len(seen)} left {len(left)}", flush=True)
    os._exit(0)
""")


def test_closing_the_game_window_while_a_bot_thinks_leaves_no_worker_process():
    done = subprocess.run([sys.executable, "-c", CLOSE_WHILE_THINKING], capture_output=True, text=True, timeout=600,
                          cwd=Path(__file__).parents[2])
    assert "workers 2 left 0" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("command", [("sim", "--players", "2", "--workers", "0"), ("play", "--workers", "-3"),
                                     ("bench", "bots", "--workers", "0")])
def test_a_worker_count_below_one_is_a_one_line_error(command):
    done = subprocess.run([sys.executable, "-m", "play.cli", *command], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == "junkart: error: workers must be a whole number of 1 or more, not " + command[-1]


def test_the_workers_setting_is_kept_and_checked():
    assert settings.DEFAULTS.workers == 0                  # one per core
    assert settings.from_dict({"workers": 3}).workers == 3
    with pytest.raises(ValueError, match="workers -1"):
        settings.from_dict({"workers": -1})
