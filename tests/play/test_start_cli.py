"""`junkart` / `junkart play` without a display, and `junkart screenshot`, as real subprocesses."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _run(*args: str, display: bool = False, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run([sys.executable, "-m", "play.cli", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_no_display_prints_one_notice_and_plays_a_short_demo():
    from play.commands.start import DEMO_NOTICE, QUICK_PLACEMENTS

    done = _run("play", "--quick")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if not line.startswith("pybullet build time")]
    assert lines[0] == DEMO_NOTICE
    assert lines[0].startswith("No display found")
    assert lines[-1] == f"Demo stopped after {QUICK_PLACEMENTS} placements."


@pytest.mark.parametrize("args, message", [
    (("play", "--players", "9"), "Junk Art supports 2-6 players, not 9"),
    (("play", "--bots", "easy,wizard"), "unknown bot 'wizard'"),
    (("play", "--players", "3", "--bots", "easy"), "--bots names 1 bots for 3 players"),
    (("play", "--tour", "atlantis"), "atlantis"),
    (("play", "--players", "3", "--humans", "Ann,Ann"), "give each person a different name"),
    (("play", "--players", "3", "--humans", "Ann,Bob", "--bots", "easy,easy"), "--bots names 2 bots for 3 players (give 1)"),
    (("screenshot", "--size", "big"), "bad --size 'big'"),
])
def test_bad_options_give_one_error_line(args, message, capsys):
    from play.cli import main

    # In process: every one of these is refused before any window or physics is made.
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if line.startswith("junkart: error:")]
    assert len(errors) == 1 and message in errors[0], err


def test_screenshot_writes_a_png_of_the_table(tmp_path):
    import numpy as np
    from panda3d.core import PNMImage, Filename

    out = tmp_path / "table.png"
    done = _run("screenshot", "--out", str(out), "--placements", "2", "--size", "640x360", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert out.is_file()
    image = PNMImage()
    assert image.read(Filename.from_os_specific(str(out)))
    assert (image.get_x_size(), image.get_y_size()) == (640, 360)
    # Not a blank frame: the wooden table (brown) fills a good part of it.
    pixels = np.array([[image.get_xel(x, y) for x in range(0, 640, 8)] for y in range(0, 360, 8)])
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    brown = (r > g + 0.08) & (g > b + 0.05) & (r > 0.3)
    assert brown.mean() > 0.2


WINDOW_GAME = """
import sys
from game import api
from play.commands.start import _run_window
from play.human import default_seats
from scenes.common import open_showbase
base = open_showbase("Junk Art 3D", offscreen=True)
_run_window(base, api.TourConfig.parse("first", 3), default_seats(3), 1, 3, True, "auto")
"""


def test_a_window_game_is_recorded_where_the_player_keeps_replays(tmp_path):
    """The window (offscreen here) plays 3 placements on autopilot and quits as Esc would; the
    game was recorded in $JUNKART_DATA_DIR/replays and verifies bit for bit."""
    env = {**os.environ, "JUNKART_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", WINDOW_GAME], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    [path] = (tmp_path / "replays").glob("*-seed1.jsonl.gz")
    assert f"Recording this game to {path}" in done.stdout
    check = subprocess.run([sys.executable, "-m", "play.cli", "replay", "verify", "last"], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=300)      # "last": the newest game kept
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith(path.name)
    assert "3 placements re-simulated" in check.stdout and "before the tour's end" in check.stdout
    empty = subprocess.run([sys.executable, "-m", "play.cli", "replay", "verify", "last"], cwd=REPO,
                           env={**env, "JUNKART_DATA_DIR": str(tmp_path / "none")}, capture_output=True, text=True,
                           timeout=300)
    assert empty.returncode == 2 and empty.stderr.startswith("junkart: error: no recorded game in ")
