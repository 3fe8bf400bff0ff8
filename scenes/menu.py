"""The start menu: the table in the background, the choices of a new game in front.

The menu only shows its choices (`Choices`: what it reads of play/menu.py's `MenuChoices`, passed
in by the launcher) and reports clicks: `on_change(choices)` after an arrow, and one callback per
button. Buttons for a last game appear only when one was recorded. Enter or Space starts the game
shown (the recommended first tour by default).
"""
from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from direct.gui import DirectGuiGlobals as DGG
from direct.gui.DirectGui import DirectButton, DirectFrame, DirectLabel
from panda3d.core import NodePath, TextNode

from game.rules_text import rules_page
from physics.layout import TableLayout
from physics.snapshot import Snapshot
from scenes.common import ui_font
from scenes.table.hud import ACTIVE, BUTTON, BUTTON_HOT, DIM, INK, OUT, PANEL
from scenes.table.rules_overlay import RulesOverlay
from scenes.table.view import TableView

ORBIT_DEG_PER_S = 4.0         # the table turns slowly behind the menu
KEYS = ("enter", "space")
GOAL_STEP = 0.075             # between the lines naming the tour's cities (each with its "?")


class Choices(Protocol):
    """What the menu reads of the choices it shows; an arrow asks them for the next ones."""
    players: int

    def step(self, field: str, by: int) -> "Choices": ...
    def problem(self) -> str: ...
    def seats(self) -> Sequence[Any]: ...          # each with its `kind`
    def tour_text(self) -> str: ...
    def seat_text(self, k: int) -> str: ...
    def tour_cities(self) -> tuple[str, ...]: ...
    def tour_goals(self) -> tuple[str, ...]: ...


class StartMenu:
    def __init__(self, base: Any, choices: Choices, *, on_change: Callable[[Choices], None],
                 on_play: Callable[[], None], on_quit: Callable[[], None],
                 on_resume: Callable[[], None] | None = None, on_watch: Callable[[], None] | None = None,
                 on_popart: Callable[[], None] | None = None, on_settings: Callable[[], None] | None = None,
                 message: str = "", bind_input: bool = True) -> None:
        self.base = base
        self.choices = choices
        self.on_change, self.on_play = on_change, on_play
        self.message = message
        self.font, self.bold = ui_font(base.loader), ui_font(base.loader, bold=True)
        self.view = TableView(base)
        self.root: NodePath = base.aspect2d.attach_new_node("start-menu")
        self._rows: NodePath | None = None
        self.arrows: dict[tuple[str, int], DirectButton] = {}
        self.row_labels: dict[str, DirectLabel] = {}
        self.problem_label: DirectLabel | None = None
        self.rules_buttons: dict[str, DirectButton] = {}     # city -> its "?" beside the tour's cities
        self.rules = RulesOverlay(base, self.font, self.bold)
        self._close_rules: DirectButton | None = None
        self._build_fixed(on_quit, on_resume, on_watch, on_popart, on_settings)
        self._show_choices()
        self._task = base.taskMgr.add(self._turn_table, "junkart-menu")
        self._keys = KEYS if bind_input else ()
        for key in self._keys:
            base.accept(key, self.play)
        if bind_input:
            base.accept("f1", self._f1)

    # --- what you do ----------------------------------------------------------------------------

    def step(self, field: str, by: int) -> None:
        self.choices = self.choices.step(field, by)
        self.message = ""
        self._show_choices()
        self.on_change(self.choices)

    def play(self) -> None:
        if not self.choices.problem():
            self.on_play()

    def show_rules(self, city: str) -> None:
        """A city's "?": its rules on a page over the menu (the same text as `junkart rules CITY`);
        the page's Close button, the "?" again or F1 closes it."""
        if self.rules.visible and self.rules.page is not None and self.rules.page.title == rules_page(city).title:
            self.hide_rules()
            return
        self.rules.show(rules_page(city), footer="F1, Esc or Close: back to the menu")
        self.root.hide()                 # the menu steps aside (as the table's HUD does for F1)
        assert self.rules.root is not None
        r = self.rules.rect()
        self._close_rules = self._button("Close", (r.x1 - 0.25, r.y0 + 0.06), self.hide_rules, width=0.34,
                                         parent=self.rules.root)

    def hide_rules(self) -> None:
        self.rules.hide()
        self._close_rules = None
        if not self.root.is_empty():
            self.root.show()

    def _f1(self) -> None:
        if self.rules.visible:
            self.hide_rules()
        elif self.choices.tour_cities():
            self.show_rules(self.choices.tour_cities()[0])

    def say(self, message: str) -> None:
        """A line under the choices (e.g. while a long job runs)."""
        self.message = message
        self._show_choices()

    def texts(self) -> dict[str, Any]:
        """What the menu says now (for tests)."""
        return {"rows": {k: str(v["text"]) for k, v in self.row_labels.items()},
                "problem": "" if self.problem_label is None else str(self.problem_label["text"]),
                "buttons": [str(b["text"]) for b in self.buttons]}

    def destroy(self) -> None:
        self.base.taskMgr.remove(self._task)
        for key in self._keys:
            self.base.ignore(key)
        if self._keys:
            self.base.ignore("f1")
        self.hide_rules()
        self.root.remove_node()
        self.view.destroy()

    # --- building -------------------------------------------------------------------------------

    def _build_fixed(self, on_quit: Callable[[], None], on_resume: Callable[[], None] | None,
                     on_watch: Callable[[], None] | None, on_popart: Callable[[], None] | None,
                     on_settings: Callable[[], None] | None = None) -> None:
        DirectFrame(parent=self.root, frameColor=PANEL, frameSize=(-1.05, 1.05, -0.88, 0.62))
        self._label("Junk Art 3D", (0.0, 0.72), 0.12, bold=True, align="center", colour=ACTIVE)
        self._label("Stack junk into art on a World Tour", (0.0, 0.65), 0.045, align="center", colour=INK)
        self.play_button = self._button("Play", (0.0, -0.44), self.play, hot=True, width=0.9)
        self.buttons = [self.play_button]
        extras = [(text, command) for text, command in (("Resume your last game", on_resume),
                                                        ("Watch your last game", on_watch),
                                                        ("Pop Art (card game)", on_popart),
                                                        ("Settings", on_settings)) if command is not None]
        extras.append(("Quit", on_quit))
        width = 1.9 / len(extras) - 0.04
        for k, (text, command) in enumerate(extras):
            x = -0.95 + width / 2 + k * (width + 0.04)
            self.buttons.append(self._button(text, (x, -0.62), command, width=width, scale=0.036))
        self._label("Enter or Space: Play    ? or F1: a city's rules    Esc: quit", (0.0, -0.8), 0.034, align="center",
                    colour=DIM)

    def _show_choices(self) -> None:
        if self._rows is not None:
            self._rows.remove_node()
        self._rows = self.root.attach_new_node("rows")
        self.arrows, self.row_labels = {}, {}
        c = self.choices
        rows = [("tour", "Tour", c.tour_text()), ("players", "Players", str(c.players))]
        rows += [(f"seat:{k}", "Also playing" if k == 1 else "", c.seat_text(k)) for k in range(1, c.players)]
        step = 0.085 if len(rows) <= 5 else 0.07
        for k, (field, title, value) in enumerate(rows):
            y = 0.5 - k * step
            self._label(title, (-0.9, y), 0.042, colour=DIM, parent=self._rows)
            self.arrows[(field, -1)] = self._button("<", (-0.33, y + 0.005), lambda f=field: self.step(f, -1),
                                                    width=0.08, parent=self._rows)
            self.row_labels[field] = self._label(value, (0.15, y), 0.042, align="center", parent=self._rows)
            self.arrows[(field, 1)] = self._button(">", (0.63, y + 0.005), lambda f=field: self.step(f, 1),
                                                   width=0.08, parent=self._rows)
        top = 0.5 - len(rows) * step - 0.04
        self.rules_buttons = {}
        cities = c.tour_cities()
        labels = [self._label(line, (0.0, top - GOAL_STEP * k), 0.038, align="center", colour=DIM, parent=self._rows)
                  for k, line in enumerate(c.tour_goals())]
        if cities:
            # Each city's rules, beside its goal ("?", as F1 at the table), in one column.
            column = min(0.98, max(label.getBounds()[1] for label in labels) + 0.07)
            for k, city in enumerate(cities):
                self.rules_buttons[city] = DirectButton(
                    parent=self._rows, text="?", text_scale=0.036, text_font=self.bold, text_fg=INK, frameColor=BUTTON,
                    frameSize=(-0.032, 0.032, -0.02, 0.046), pos=(column, 0, top - GOAL_STEP * k), relief=DGG.FLAT,
                    command=self.show_rules, extraArgs=[city])
        problem = c.problem()
        note = problem or self.message
        self.problem_label = self._label(note, (0.0, -0.3), 0.036, align="center", colour=OUT if note else DIM,
                                         parent=self._rows, wrap=48)
        self.play_button["text"] = "Play" if problem else self._play_text()
        self.play_button["frameColor"] = BUTTON if problem else BUTTON_HOT
        self.view.show(Snapshot(TableLayout.for_seats(c.players), ()))
        self.view.overview()

    def _play_text(self) -> str:
        people = sum(1 for s in self.choices.seats() if s.kind == "human")
        return "Play" if people == 1 else f"Play hot-seat ({people} people)"

    def _turn_table(self, task: Any) -> int:
        dt = self.base.clock.get_dt() if hasattr(self.base, "clock") else 1 / 60
        self.view.camera.orbit(ORBIT_DEG_PER_S * dt, 0.0)
        self.view.apply_camera()
        return task.cont

    def _label(self, text: str, pos: tuple[float, float], scale: float, *, bold: bool = False, colour: Any = INK,
               align: str = "left", parent: NodePath | None = None, wrap: float | None = None) -> DirectLabel:
        return DirectLabel(parent=parent or self.root, text=text, text_scale=scale, text_fg=colour,
                           text_font=self.bold if bold else self.font, text_shadow=(0, 0, 0, 0.7), relief=None,
                           text_align={"center": TextNode.A_center, "right": TextNode.A_right}.get(align, TextNode.A_left),
                           text_wordwrap=wrap, pos=(pos[0], 0, pos[1]))

    def _button(self, text: str, pos: tuple[float, float], command: Callable[[], None], *, hot: bool = False,
                width: float = 0.4, scale: float = 0.042, parent: NodePath | None = None) -> DirectButton:
        return DirectButton(parent=parent or self.root, text=text, text_scale=scale, text_font=self.bold if hot else self.font,
                            text_fg=(0.08, 0.06, 0.02, 1) if hot else INK, frameColor=BUTTON_HOT if hot else BUTTON,
                            frameSize=(-width / 2, width / 2, -0.025, 0.06), pos=(pos[0], 0, pos[1]),
                            relief=DGG.FLAT, command=command)
