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
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, TextIO

BOT_SPEEDS = (1.0, 2.0, 4.0)
MAX_WORKERS = 64
QUALITIES = ("high", "low")           # low: no multisampling, no soft shadows under the pieces
WINDOW_SIZES = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))


@dataclass(frozen=True)
class Settings:
    width: int = 1280
    height: int = 720
    fullscreen: bool = False
    quality: str = "high"
    shadows: bool = True
    volume: float = 0.8                # 0..1
    muted: bool = False
    bot_speed: float = 1.0             # 1, 2 or 4: bots' placements at that many times real time
    colour_marks: bool = False         # colour-blind help: a symbol per piece colour
    hint_bar: bool = True              # the bar of keys that work now
    workers: int = 0                   # processes bots think on: 0 = one per core, 1 = in the game's own

    def check(self) -> "Settings":
        """ValueError naming the first value out of range."""
        if not (1024 <= self.width <= 7680 and 600 <= self.height <= 4320):
            raise ValueError(f"window {self.width}x{self.height}: at least 1024x600")
        if self.quality not in QUALITIES:
            raise ValueError(f"quality {self.quality!r}: one of {', '.join(QUALITIES)}")
        if not 0.0 <= self.volume <= 1.0:
            raise ValueError(f"volume {self.volume}: 0 to 1")
        if self.bot_speed not in BOT_SPEEDS:
            raise ValueError(f"bot_speed {self.bot_speed:g}: 1, 2 or 4")
        if not 0 <= self.workers <= MAX_WORKERS:
            raise ValueError(f"workers {self.workers}: 0 (one per core) to {MAX_WORKERS}")
        return self

    def game_options(self) -> dict[str, Any]:
        """What DesktopGame takes from the settings."""
        return {"bot_speed": self.bot_speed, "volume": self.volume, "muted": self.muted, "show_hints": self.hint_bar,
                "colour_marks": self.colour_marks, "shadows": self.shadows and self.quality == "high"}


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
