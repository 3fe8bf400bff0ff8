"""One voice for the CLI: help that matches what commands do, one line for each failure, Panda3D's
start-up chatter kept out of the terminal, Ctrl+C answered with one line and exit 130."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "JUNKART_VERBOSE")}
    env.update(extra)
    return env


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.startswith("pybullet build time")]


def test_help_names_the_menu_as_the_default_and_replay_as_watch_or_verify(capsys):
    from play.cli import build_parser

    text = build_parser().format_help()
    assert "default command" not in text
    assert "`junkart` alone opens the start menu" in text and "--verbose" in text
    assert "verify or watch a recorded game" in text


def test_players_out_of_range_is_worded_the_same_by_play_and_sim(capsys):
    from play.cli import main

    said = []
    for command in ("play", "sim"):
        assert main([command, "--players", "9"]) == 2
        said.append(capsys.readouterr().err.strip())
    assert said[0] == said[1] == "junkart: error: Junk Art supports 2-6 players, not 9"


def test_a_display_that_refuses_a_window_gives_one_line_and_exit_1():
    # DISPLAY names an X server that is not there: no window, and no silent demo instead.
    done = subprocess.run([sys.executable, "-m", "play.cli", "play", "--players", "4", "--quick"], cwd=REPO,
                          env=_env(DISPLAY=":97"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert _lines(done.stdout) == []
    err = _lines(done.stderr)
    assert len(err) == 1 and err[0].startswith("junkart: error: could not open a window on display ':97'"), done.stderr
    assert "Known pipe types" not in done.stderr and "No display found" not in done.stdout


def test_verbose_lets_panda3d_speak():
    done = subprocess.run([sys.executable, "-m", "play.cli", "play", "--quick", "--verbose"], cwd=REPO,
                          env=_env(DISPLAY=":97"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "Known pipe types" in done.stderr


def test_ctrl_c_during_the_headless_demo_prints_one_line_and_exits_130():
    # As started at a terminal: a test run started in the background (`&`) ignores SIGINT, and
    # its children would inherit that.
    proc = subprocess.Popen([sys.executable, "-m", "play.cli", "play"], cwd=REPO, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # Wait until the demo runs (its notice is printed before the first placement).
        assert proc.stdout is not None
        first = proc.stdout.readline()
        while first.startswith("pybullet build time"):
            first = proc.stdout.readline()
        assert first.startswith("No display found")
        time.sleep(1.0)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert _lines(err) == ["junkart: interrupted"]
    assert took < 5.0, took      # generous on a loaded machine; a bot's search checks often
