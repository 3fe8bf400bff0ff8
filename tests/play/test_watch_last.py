"""`last` for watching is the newest game with a placement to watch: a game quit while choosing
sides (newer, but with nothing to show) is passed over, by the CLI and by the menu's Watch."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import api
from game.actions import Place
from play.controllers import BotController
from play.human import SeatSpec
from play.match import Match
from play.replays import replay_path, replay_writer, watch_path

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    (tmp_path / "replays").mkdir()
    return tmp_path


def _played(path: Path, placements: int = 2) -> Path:
    config = api.TourConfig(2, ("philadelphia",))
    bots = [BotController("easy", f"watch-last:{s}") for s in range(2)]
    with replay_writer(path, 3, config, [SeatSpec(f"bot {s + 1}", "easy") for s in range(2)]) as recorder:
        match = Match(config, bots, 3, recorder=recorder)
        placed = 0
        while placed < placements:
            placed += isinstance(match.step(), Place)
    return path


def _quit_in_setup(path: Path) -> Path:
    config = api.TourConfig(3, ("philadelphia",))
    with replay_writer(path, 5, config, [SeatSpec("You", None), SeatSpec("Ann", None), SeatSpec("bot", "easy")]):
        pass                              # the window closed before anyone chose a side
    return path


def test_last_skips_a_newer_game_with_nothing_to_watch(data_dir):
    folder = data_dir / "replays"
    old = _played(folder / "20261201-100000-seed3.jsonl")
    new = _quit_in_setup(folder / "20261202-100000-seed5.jsonl")
    os.utime(old, (1_000_000, 1_000_000))
    assert replay_path("last") == new           # resuming still means the newest game
    assert watch_path("last") == old
    # The CLI watches the same file (rendered offscreen to a PNG: a real run of the viewer).
    out = data_dir / "watched.png"
    done = subprocess.run([sys.executable, "-m", "play.cli", "replay", "watch", "last", "--screenshot", str(out)],
                          cwd=REPO, env={**os.environ, "JUNKART_DATA_DIR": str(data_dir)},
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 10_000


def test_no_game_to_watch_is_one_line(data_dir, capsys):
    from play.cli import main

    _quit_in_setup(data_dir / "replays" / "20261202-100000-seed5.jsonl")
    assert main(["replay", "watch", "last"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"junkart: error: no recorded game in {data_dir / 'replays'} has a placement to watch yet"]
