"""The pictures in docs/ are made by the game itself; check that some of them are current."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from panda3d.core import PNMImage, Filename

DOCS = Path(__file__).resolve().parents[2] / "docs"


def pixels(path: Path) -> np.ndarray:
    image = PNMImage()
    assert image.read(Filename.from_os_specific(str(path)))
    return np.array([[image.get_xel(x, y) for x in range(0, image.get_x_size(), 4)]
                     for y in range(0, image.get_y_size(), 4)])


def test_docs_popart_png_is_what_the_example_screen_renders(tmp_path):
    out = tmp_path / "popart.png"
    done = subprocess.run([sys.executable, "-m", "play.cli", "popart", "--example", "--screenshot", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    fresh, committed = pixels(out), pixels(DOCS / "popart.png")
    assert fresh.shape == committed.shape
    # Software GL may round a pixel differently elsewhere; a changed screen differs far more.
    assert float(np.abs(fresh - committed).mean()) < 0.01, "regenerate: junkart popart --example --screenshot docs/popart.png"


def assert_current(picture: str, command: list[str], tmp_path: Path) -> None:
    """`junkart <command> --out X` renders what docs/<picture> holds (within software GL's rounding)."""
    out = tmp_path / picture
    done = subprocess.run([sys.executable, "-m", "play.cli", *command, "--out", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    fresh, committed = pixels(out), pixels(DOCS / picture)
    assert fresh.shape == committed.shape
    assert float(np.abs(fresh - committed).mean()) < 0.01, \
        f"regenerate: junkart {' '.join(command)} --out docs/{picture}"


def test_docs_collapse_png_is_the_frame_the_game_renders_mid_fall(tmp_path):
    assert_current("table_collapse.png", ["screenshot", "--collapse", "--seed", "2"], tmp_path)


def test_docs_nashville_aim_png_is_the_shot_the_game_shows_you_aiming(tmp_path):
    assert_current("nashville_aim.png", ["screenshot", "--shot", "aim", "--seed", "3"], tmp_path)


def test_docs_settings_png_is_the_settings_screen_the_menu_opens(tmp_path):
    # A data folder of its own: the settings in the picture are the defaults, not yours.
    env = {**os.environ, "JUNKART_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "play.docs_pictures", str(tmp_path), "settings.png"],
                          capture_output=True, text=True, timeout=300, env=env, cwd=DOCS.parent)
    assert done.returncode == 0, done.stderr
    fresh, committed = pixels(tmp_path / "settings.png"), pixels(DOCS / "settings.png")
    assert fresh.shape == committed.shape
    # Thin text on a still screen: a row more or less moves the mean by under 0.01 but changes
    # about 1 % of the pixels by more than a quarter; rounding moves only an edge here and there.
    changed = float((np.abs(fresh - committed).max(axis=-1) > 0.25).mean())
    assert changed < 0.002, f"{changed:.2%} of the pixels differ; regenerate: python -m play.docs_pictures docs settings.png"
