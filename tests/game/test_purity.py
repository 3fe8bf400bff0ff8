"""`game` must never import pybullet, panda3d or direct (checked in a fresh interpreter)."""
from __future__ import annotations

import pkgutil
import subprocess
import sys

import game

FORBIDDEN = ("pybullet", "panda3d", "direct")


def test_game_imports_no_engine() -> None:
    modules = sorted(m.name for m in pkgutil.walk_packages(game.__path__, "game."))
    assert "game.api" in modules and "game.cities.philadelphia" in modules
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
            "print(','.join(bad))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"game imported {result.stdout.strip()}"
