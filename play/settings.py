"""Settings that stay: a small JSON file in the data folder, read at start, written whole.

    $JUNKART_DATA_DIR/settings.json   (else ~/.local/share/junkart3d/settings.json)

Written to a new file first and moved over the old one, so a crash never leaves half a file.
A damaged file (not JSON, a wrong value) gives one line on stderr and the defaults for what it
got wrong; it is never a traceback. Unknown keys are ignored (a newer version's file still loads).
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any, TextIO

# The value and its choices are plain data the settings screen reads (scenes/settings_model.py);
# this module keeps them in a file. The choices are importable from here too.
from scenes.settings_model import BOT_SPEEDS, MAX_WORKERS, QUALITIES, WINDOW_SIZES, Settings  # noqa: F401

DEFAULTS = Settings()


def data_dir() -> Path:
    """The data folder (replays live in its `replays/`; see play/replays.py)."""
    root = os.environ.get("JUNKART_DATA_DIR") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share"), "junkart3d")
    return Path(root)


def settings_path() -> Path:
    return data_dir() / "settings.json"


def _typed(name: str, value: Any, default: Any) -> Any:
    """`value` as the type of `default`, or ValueError (bool is not a number here, nor 1 a bool)."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
        return value
    if isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{name} must be a number, not {value!r}")
        # int() would quietly make 2.5 workers 2, and raise OverflowError for JSON's Infinity.
        if isinstance(default, int) and isinstance(value, float) and not value.is_integer():
            raise ValueError(f"{name} must be a whole number, not {value!r}")
        return type(default)(value)
    if not isinstance(value, str):
        raise ValueError(f"{name} must be text, not {value!r}")
    return value


def from_dict(data: Any) -> Settings:
    """Settings from parsed JSON; ValueError (one line) for what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    values = {}
    for f in fields(Settings):
        if f.name in data:
            values[f.name] = _typed(f.name, data[f.name], getattr(DEFAULTS, f.name))
    return Settings(**values).check()


def load(path: Path | None = None, err: TextIO | None = None) -> Settings:
    """The saved settings, or the defaults (no file yet; a damaged one is said in one line)."""
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return DEFAULTS
    except OSError as error:
        print(f"junkart: cannot read the settings ({path}: {error.strerror}); using the defaults", file=err or sys.stderr)
        return DEFAULTS
    try:
        return from_dict(json.loads(text))
    except ValueError as error:       # json.JSONDecodeError is a ValueError too
        print(f"junkart: the settings file {path} is damaged ({error}); using the defaults", file=err or sys.stderr)
        return DEFAULTS


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings whole: a new file, then moved over the old one."""
    settings.check()
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    fresh.write_text(json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(fresh, path)
    return path


def changed(settings: Settings, **values: Any) -> Settings:
    return replace(settings, **values).check()
