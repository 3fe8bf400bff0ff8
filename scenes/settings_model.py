"""What can be set and to what: the `Settings` value (window, graphics, sound, the bots'
playback speed and processes, the colour-blind marks, the hint bar) and the choices each setting
cycles through. Plain data that the settings screen shows and steps; play/settings.py keeps it in
a file, and the launcher applies it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
