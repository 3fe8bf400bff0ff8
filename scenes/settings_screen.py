"""The settings screen: one row per setting with < > arrows, saved as soon as it changes.

It shows a `Settings` (scenes/settings_model.py) and reports each change with
`on_change(settings)`; the launcher saves it and applies what can change at once (the window's
size and fullscreen, and the number of processes the bots think on).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectFrame, DirectLabel
from panda3d.core import NodePath, TextNode

from physics.layout import TableLayout
from physics.pool import default_workers
from physics.snapshot import Snapshot
from scenes.common import ui_font
from scenes.settings_model import BOT_SPEEDS, MAX_WORKERS, QUALITIES, WINDOW_SIZES, Settings
from scenes.table.hud import ACTIVE, BUTTON, BUTTON_HOT, DIM, INK, PANEL
from scenes.table.view import TableView

ROWS = (("window", "Window size"), ("fullscreen", "Fullscreen"), ("quality", "Graphics quality"),
        ("shadows", "Soft shadows"), ("volume", "Sound volume"), ("muted", "Sound"),
        ("bot_speed", "Bots' playback speed"), ("workers", "Bots think on"), ("colour_marks", "Colour-blind marks"),
        ("hint_bar", "Hint bar"))
ROW_STEP = 0.11               # ten rows between the title and the note, clear of both at 1024x600


def worker_choices(current: int, cores: int) -> tuple[int, ...]:
    """The `workers` values the row cycles through: 0 (every core), then 1 .. cores - 1.

    It stops below the core count: `cores` itself is what "every core" already gives here, and
    more workers than cores only queue for the same cores (each rollout is all computation), with
    a PyBullet world each in memory. A value saved outside that range (a file from a bigger
    machine, or edited by hand) is kept in the cycle, so the row shows what the file says."""
    values = {0, *range(1, min(cores, MAX_WORKERS + 1))}
    return tuple(sorted(values | {current}))


def _cycle(values: tuple, current: Any, by: int) -> Any:
    k = values.index(current) if current in values else 0
    return values[(k + by) % len(values)]


def stepped(settings: Settings, field: str, by: int, cores: int | None = None) -> Settings:
    """The next (by=1) or previous (by=-1) value of one setting (`cores`: this machine's, unless given)."""
    if field == "window":
        w, h = _cycle(WINDOW_SIZES, (settings.width, settings.height), by)
        return replace(settings, width=w, height=h)
    if field == "quality":
        return replace(settings, quality=_cycle(QUALITIES, settings.quality, by))
    if field == "volume":
        return replace(settings, volume=round(min(1.0, max(0.0, settings.volume + 0.1 * by)), 2))
    if field == "bot_speed":
        return replace(settings, bot_speed=_cycle(BOT_SPEEDS, settings.bot_speed, by))
    if field == "workers":
        choices = worker_choices(settings.workers, cores or default_workers())
        return replace(settings, workers=_cycle(choices, settings.workers, by))
    if field in ("fullscreen", "shadows", "muted", "colour_marks", "hint_bar"):
        return replace(settings, **{field: not getattr(settings, field)})
    raise ValueError(f"unknown setting {field!r}")


def value_text(settings: Settings, field: str, cores: int | None = None, workers_flag: int | None = None) -> str:
    """How a row shows its value. `workers_flag`: the `--workers N` this run was started with,
    which is in force (not the saved value) until the row is changed."""
    if field == "workers" and workers_flag is not None:
        cores_text = "1 core" if workers_flag == 1 else f"{workers_flag} cores"
        return f"{cores_text} (--workers, this run)"
    if field == "window":
        return f"{settings.width} x {settings.height}"
    if field == "quality":
        return {"high": "high (smooth edges)", "low": "low (faster)"}[settings.quality]
    if field == "volume":
        return f"{round(settings.volume * 100)} %"
    if field == "muted":
        return "muted" if settings.muted else "on"
    if field == "bot_speed":
        return f"{settings.bot_speed:g}x real time"
    if field == "workers":
        if settings.workers == 0:
            return f"every core ({cores or default_workers()})"
        return "1 core" if settings.workers == 1 else f"{settings.workers} cores"
    return "on" if getattr(settings, field) else "off"


class SettingsScreen:
    def __init__(self, base: Any, settings: Settings, *, on_change: Callable[[Settings], None],
                 on_back: Callable[[], None], note: str = "", cores: int | None = None,
                 workers_flag: int | None = None) -> None:
        """`cores`: the count "every core" names (this machine's unless given: the docs' picture
        gives one so that it is the same on every machine); `workers_flag`: see `value_text`."""
        self.workers_flag = workers_flag
        self.base = base
        self.settings = settings
        self.cores = cores or default_workers()
        self.on_change = on_change
        self.font, self.bold = ui_font(base.loader), ui_font(base.loader, bold=True)
        # The table behind, as behind the start menu.
        self.view = TableView(base)
        self.view.show(Snapshot(TableLayout.for_seats(3), ()))
        self.view.overview()
        self.root: NodePath = base.aspect2d.attach_new_node("settings")
        self._rows: NodePath | None = None
        self.row_labels: dict[str, DirectLabel] = {}
        self.arrows: dict[tuple[str, int], DirectButton] = {}
        DirectFrame(parent=self.root, frameColor=PANEL, frameSize=(-1.0, 1.0, -0.9, 0.82))
        self._label("Settings", (0.0, 0.68), 0.09, bold=True, align="center", colour=ACTIVE)
        self._label(note or "Saved as you change them. Window size and quality apply fully at the next start.",
                    (0.0, -0.6), 0.032, align="center", colour=DIM)
        # Players ask whether fewer cores make the bots weaker: they do not (the pool's promise).
        self._label("Bots think on: the same moves on any number of cores; fewer leave more to the window.",
                    (0.0, -0.66), 0.032, align="center", colour=DIM)
        self.back_button = DirectButton(parent=self.root, text="Back  [Esc]", text_scale=0.042, text_font=self.bold,
                                        text_fg=(0.08, 0.06, 0.02, 1), frameColor=BUTTON_HOT,
                                        frameSize=(-0.3, 0.3, -0.025, 0.06), pos=(0.0, 0, -0.8), relief=DGG.FLAT,
                                        command=on_back)
        self._show()

    def step(self, field: str, by: int) -> None:
        self.settings = stepped(self.settings, field, by, self.cores)
        if field == "workers":
            self.workers_flag = None        # the row's value is in force from now on
        self._show()
        self.on_change(self.settings)

    def texts(self) -> dict[str, str]:
        return {k: str(v["text"]) for k, v in self.row_labels.items()}

    def destroy(self) -> None:
        self.root.remove_node()
        self.view.destroy()

    def _show(self) -> None:
        if self._rows is not None:
            self._rows.remove_node()
        self._rows = self.root.attach_new_node("rows")
        self.row_labels, self.arrows = {}, {}
        for k, (field, title) in enumerate(ROWS):
            y = 0.52 - k * ROW_STEP
            self._label(title, (-0.88, y), 0.044, colour=DIM, parent=self._rows)
            for by, x, text in ((-1, 0.06, "<"), (1, 0.82, ">")):
                self.arrows[(field, by)] = DirectButton(
                    parent=self._rows, text=text, text_scale=0.044, text_font=self.font, text_fg=INK, frameColor=BUTTON,
                    frameSize=(-0.04, 0.04, -0.025, 0.06), pos=(x, 0, y + 0.005), relief=DGG.FLAT,
                    command=lambda f=field, b=by: self.step(f, b))
            self.row_labels[field] = self._label(value_text(self.settings, field, self.cores, self.workers_flag), (0.44, y), 0.044,
                                                 align="center", parent=self._rows)

    def _label(self, text: str, pos: tuple[float, float], scale: float, *, bold: bool = False, colour: Any = INK,
               align: str = "left", parent: NodePath | None = None) -> DirectLabel:
        return DirectLabel(parent=parent or self.root, text=text, text_scale=scale, text_fg=colour,
                           text_font=self.bold if bold else self.font, text_shadow=(0, 0, 0, 0.7), relief=None,
                           text_align={"center": TextNode.A_center, "right": TextNode.A_right}.get(align, TextNode.A_left),
                           pos=(pos[0], 0, pos[1]))
