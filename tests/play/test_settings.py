"""The settings file: a round trip through the real file, written whole, and a damaged file
said in one line with the defaults instead."""
from __future__ import annotations

import io
import json

import pytest

from play import settings as s


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    return tmp_path


def test_no_file_yet_means_the_defaults(data_dir):
    assert s.load() == s.DEFAULTS
    assert s.settings_path() == data_dir / "settings.json"


def test_settings_round_trip_through_the_file(data_dir):
    mine = s.Settings(width=1600, height=900, fullscreen=True, quality="low", shadows=False, volume=0.3,
                      muted=True, bot_speed=4.0, colour_marks=True, hint_bar=False)
    path = s.save(mine)
    assert path == data_dir / "settings.json" and not list(data_dir.glob("*.new"))
    assert json.loads(path.read_text())["bot_speed"] == 4.0
    assert s.load() == mine
    assert mine.game_options() == {"bot_speed": 4.0, "volume": 0.3, "muted": True, "show_hints": False,
                                   "colour_marks": True, "shadows": False}
    # Soft shadows need the setting and high quality ("low" is the fast one).
    assert s.Settings(shadows=True, quality="low").game_options()["shadows"] is False
    assert s.DEFAULTS.game_options()["shadows"] is True


@pytest.mark.parametrize("text, said", [
    ("{not json", "is damaged"),
    ('{"volume": 3}', "volume 3.0: 0 to 1"),
    ('{"bot_speed": 3}', "bot_speed 3: 1, 2 or 4"),
    ('{"muted": "yes"}', "muted must be true or false"),
    ('{"width": 640, "height": 480}', "at least 1024x600"),
    ('{"workers": 65}', "workers 65: 0 (one per core) to 64"),
    ('{"workers": -2}', "workers -2: 0 (one per core) to 64"),
    ('{"workers": "all"}', "workers must be a number, not 'all'"),
    ('{"workers": 2.5}', "workers must be a whole number, not 2.5"),
    ('{"workers": Infinity}', "workers must be a whole number, not inf"),
    ("[1, 2]", "not a JSON object"),
])
def test_a_damaged_file_gives_one_line_and_the_defaults(data_dir, text, said):
    (data_dir / "settings.json").write_text(text)
    err = io.StringIO()
    assert s.load(err=err) == s.DEFAULTS
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("junkart: the settings file") and said in lines[0], lines


def test_unknown_keys_are_ignored_and_bad_values_refused_on_save(data_dir):
    (data_dir / "settings.json").write_text('{"volume": 0.5, "from_a_newer_version": 1}')
    assert s.load().volume == 0.5
    with pytest.raises(ValueError, match="bot_speed"):
        s.save(s.Settings(bot_speed=3.0))


def test_a_damaged_file_at_start_is_one_line_not_a_traceback(data_dir):
    import os
    import subprocess
    import sys
    from pathlib import Path

    (data_dir / "settings.json").write_text("\x00garbage")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["JUNKART_DATA_DIR"] = str(data_dir)
    # With a display set that refuses windows, `play` reads the settings before it opens one.
    env["DISPLAY"] = ":97"
    done = subprocess.run([sys.executable, "-m", "play.cli", "play", "--quick"], cwd=Path(__file__).resolve().parents[2],
                          env=env, capture_output=True, text=True, timeout=120)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert "Traceback" not in done.stderr
    assert lines[0].startswith("junkart: the settings file") and lines[1].startswith("junkart: error: could not open a window")
