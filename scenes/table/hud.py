"""The table HUD (DirectGUI): city and goal, whose turn, the seats, your hand, your choices.

Layout, anchored to the window's corners so it survives resizing:
  top left     city name, goal, round          top centre   last event, whose turn
  top right    one panel per seat              bottom       your hand as chips, and Place /
  bottom left  your options                                 Re-aim while you place
Widgets are rebuilt only when what they show changes (`show` compares with the last call).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectLabel
from panda3d.core import NodePath, TextNode

from scenes.common import ui_font
from scenes.table import palette
from scenes.table.hud_model import HudModel, SeatRow

INK = (0.96, 0.95, 0.92, 1.0)
DIM = (0.78, 0.78, 0.80, 1.0)
PANEL = (0.07, 0.08, 0.10, 0.78)
ACTIVE = (0.98, 0.78, 0.30, 1.0)
OUT = (0.85, 0.30, 0.25, 1.0)
BUTTON = (0.20, 0.24, 0.30, 0.95)
BUTTON_HOT = (0.93, 0.62, 0.18, 1.0)
MAX_OPTIONS = 8
def key_help(escape_to: str = "quit") -> tuple[str, ...]:
    """The key and mouse help while you play; Esc quits, or leads back to the start menu."""
    return (f"right-drag orbit  \u00b7  middle-drag pan  \u00b7  wheel zoom  \u00b7  Esc {escape_to}",
            "click: take the piece  \u00b7  Space place  \u00b7  Tab re-aim  \u00b7  C recentre")


CONTROLS = key_help()
MOTION_CONTROLS = ("Enter skip  \u00b7  1 / 2 / 4 bots' speed  \u00b7  L last placement again, slowly  \u00b7  M sound",
                   "right-drag orbit  \u00b7  middle-drag pan  \u00b7  wheel zoom")
HAND_CONTROLS = ("click let go  \u00b7  Q/E turn  \u00b7  R/F tilt  \u00b7  T turn over  \u00b7  wheel raise",
                 "Shift fine steps  \u00b7  Tab back to the assist")


@dataclass(frozen=True)
class HudInput:
    """Everything one HUD frame shows (a change rebuilds the widgets)."""
    model: HudModel
    options: tuple[str, ...] = ()          # labels of the decisions you can take now
    selected: str | None = None            # a hand card clicked to filter the options
    placing: bool = False                  # your placement is aimed: offer Place and Re-aim ...
    can_set_aside: bool = False            # ... and, after you dropped the piece, Set aside
    extra: tuple[str, ...] = field(default=())  # free text lines (tour results)
    controls: tuple[str, ...] = CONTROLS        # the key and mouse help, bottom right
    handoff: str = ""                      # hot-seat: the person to pass the screen to (hides hand and options)


class Hud:
    def __init__(self, base: Any, on_option: Callable[[int], None] | None = None,
                 on_chip: Callable[[str], None] | None = None, on_place: Callable[[], None] | None = None,
                 on_reaim: Callable[[], None] | None = None, on_handoff: Callable[[], None] | None = None,
                 on_set_aside: Callable[[], None] | None = None) -> None:
        self.base = base
        self.font = ui_font(base.loader)
        self.bold = ui_font(base.loader, bold=True)
        self.on_option = on_option or (lambda index: None)
        self.on_chip = on_chip or (lambda card: None)
        self.on_place = on_place or (lambda: None)
        self.on_reaim = on_reaim or (lambda: None)
        self.on_handoff = on_handoff or (lambda: None)
        self.on_set_aside = on_set_aside or (lambda: None)
        self.top_left = base.a2dTopLeft.attach_new_node("hud-top-left")
        self.top_right = base.a2dTopRight.attach_new_node("hud-top-right")
        self.top_centre = base.a2dTopCenter.attach_new_node("hud-top-centre")
        self.bottom = base.a2dBottomCenter.attach_new_node("hud-bottom")
        self.bottom_left = base.a2dBottomLeft.attach_new_node("hud-bottom-left")
        self.bottom_right = base.a2dBottomRight.attach_new_node("hud-bottom-right")
        self._anchors = (self.top_left, self.top_right, self.top_centre, self.bottom, self.bottom_left, self.bottom_right)
        self._shown: HudInput | None = None
        self._widgets: list[Any] = []
        self.city_label: DirectLabel | None = None
        self.goal_label: DirectLabel | None = None
        self.turn_label: DirectLabel | None = None
        self.event_label: DirectLabel | None = None
        self.seat_labels: list[DirectLabel] = []
        self.option_buttons: list[DirectButton] = []
        self.chip_buttons: dict[str, DirectButton] = {}
        self.place_button: DirectButton | None = None
        self.reaim_button: DirectButton | None = None
        self.set_aside_button: DirectButton | None = None
        self.handoff_button: DirectButton | None = None

    # --- public ---------------------------------------------------------------------------------

    def show(self, shown: HudInput) -> None:
        if shown == self._shown:
            return
        self._clear()
        self._shown = shown
        m = shown.model
        self.city_label = self._label(self.top_left, m.city, (0.06, -0.11), 0.075, bold=True)
        self.goal_label = self._label(self.top_left, m.goal, (0.06, -0.18), 0.042, colour=DIM, wrap=26)
        if m.status:
            self._label(self.top_left, m.status, (0.06, -0.33 if len(m.goal) > 26 * 1.1 else -0.26), 0.04, colour=DIM)
        for k, line in enumerate(shown.extra):
            self._label(self.top_left, line, (0.06, -0.44 - 0.06 * k), 0.042)
        # A dark strip behind the centre lines: they stay readable over a busy table.
        turn_y = -0.2 if len(m.event) > 38 else -0.145
        half = max(self._text_width(m.turn, 0.052, bold=True), min(self._text_width(m.event, 0.042), 0.042 * 38 * 0.55)) / 2 + 0.05
        strip = DirectFrame(parent=self.top_centre, frameColor=(0.05, 0.06, 0.08, 0.55),
                            frameSize=(-half, half, turn_y - 0.035, -0.02))
        self._widgets.append(strip)
        self.event_label = self._label(self.top_centre, m.event, (0.0, -0.08), 0.042, align="center", colour=DIM, wrap=38)
        self.turn_label = self._label(self.top_centre, m.turn, (0.0, turn_y), 0.052,
                                      align="center", bold=True, colour=ACTIVE)
        self.seat_labels = [self._seat_panel(k, row) for k, row in enumerate(m.seats)]
        for k, line in enumerate(reversed(shown.controls)):
            self._label(self.bottom_right, line, (-0.04, 0.035 + 0.045 * k), 0.03, colour=(0.8, 0.8, 0.82, 0.75), align="right")
        if shown.handoff:
            self._handoff(shown.handoff)
        else:
            self._bottom(shown)

    def texts(self) -> dict[str, Any]:
        """What the HUD says now (for tests and for logging)."""
        def text(label: DirectLabel | None) -> str:
            return "" if label is None else str(label["text"])
        return {
            "city": text(self.city_label), "goal": text(self.goal_label), "turn": text(self.turn_label),
            "event": text(self.event_label), "seats": [text(s) for s in self.seat_labels],
            "options": [str(b["text"]) for b in self.option_buttons], "hand": list(self.chip_buttons),
        }

    def destroy(self) -> None:
        self._clear()
        for anchor in self._anchors:
            anchor.remove_node()

    # --- building -------------------------------------------------------------------------------

    def _clear(self) -> None:
        for widget in self._widgets:
            widget.destroy()
        self._widgets = []
        self.seat_labels, self.option_buttons, self.chip_buttons = [], [], {}
        self.place_button = self.reaim_button = self.set_aside_button = self.handoff_button = None
        self._shown = None

    def _handoff(self, name: str) -> None:
        """Hot-seat: a panel over the table until the next person says they are at the screen."""
        centre = self.base.aspect2d
        panel = DirectFrame(parent=centre, frameColor=(0.05, 0.06, 0.08, 0.92), frameSize=(-0.8, 0.8, -0.3, 0.3))
        self._widgets.append(panel)
        self._label(centre, f"Pass to {name}", (0.0, 0.12), 0.09, bold=True, align="center", colour=ACTIVE)
        self._label(centre, f"Only {name} should see the screen now: your hand and choices come next.",
                    (0.0, 0.02), 0.04, align="center", colour=DIM, wrap=34)
        self.handoff_button = self._button(f"I'm {name}  [Space]", (0.0, -0.19), self.on_handoff, hot=True,
                                           width=0.7, parent=centre)

    def _label(self, parent: NodePath, text: str, pos: tuple[float, float], scale: float, *, bold: bool = False,
               colour: tuple[float, float, float, float] = INK, align: str = "left", wrap: float | None = None) -> DirectLabel:
        label = DirectLabel(parent=parent, text=text, text_scale=scale, text_fg=colour, text_font=self.bold if bold else self.font,
                            text_align=TextNode.A_center if align == "center" else (TextNode.A_right if align == "right" else TextNode.A_left),
                            text_shadow=(0, 0, 0, 0.7), text_wordwrap=wrap, relief=None, pos=(pos[0], 0, pos[1]))
        self._widgets.append(label)
        return label

    def _seat_panel(self, k: int, row: SeatRow) -> DirectLabel:
        width, height, gap = 0.68, 0.17, 0.02
        x1, top = -0.04, -0.04 - k * (height + gap)
        frame = DirectFrame(parent=self.top_right, frameColor=PANEL, frameSize=(x1 - width, x1, top - height, top))
        self._widgets.append(frame)
        if row.active:
            bar = DirectFrame(parent=self.top_right, frameColor=ACTIVE, frameSize=(x1 - width, x1 - width + 0.012, top - height, top))
            self._widgets.append(bar)
        name = row.name + (" (you)" if row.is_you and row.name.lower() != "you" else "")
        colour = OUT if row.eliminated else (ACTIVE if row.active else INK)
        head = self._label(self.top_right, name, (x1 - width + 0.04, top - 0.065), 0.046, bold=True, colour=colour)
        fans = f"{row.fans} fans" + (f" (+{row.city_fans} here)" if row.city_fans else "")
        detail = f"{fans}   fallen {row.fallen}   {row.height_mm / 10:.1f} cm"
        if row.eliminated:
            detail = f"{fans}   OUT ({row.fallen} fallen)"
        if row.side:
            detail = "choosing a side..." if row.side == "?" else f"builds on side {row.side}"
        self._label(self.top_right, detail, (x1 - width + 0.04, top - 0.13), 0.036, colour=DIM)
        return head

    def _bottom(self, shown: HudInput) -> None:
        m = shown.model
        y = 0.07
        if m.hand:
            widths = [self._text_width(c.text, 0.038, bold=True) + 0.06 for c in m.hand]
            gap = 0.03
            x = -(sum(widths) + gap * (len(widths) - 1)) / 2
            self._label(self.bottom, "Your hand", (x - 0.04, y + 0.005), 0.038, colour=DIM, align="right")
            for chip, w in zip(m.hand, widths):
                fill = palette.piece_colour(chip.colour) if chip.colour else (0.85, 0.80, 0.70, 1.0)
                dark_text = chip.colour in ("grey", "orange", "")
                button = DirectButton(parent=self.bottom, text=chip.text, text_scale=0.038, text_font=self.bold,
                                      text_fg=(0.08, 0.08, 0.1, 1) if dark_text else (1, 1, 1, 1),
                                      frameColor=fill, frameSize=(-w / 2, w / 2, -0.03, 0.06), pos=(x + w / 2, 0, y),
                                      relief=DGG.RIDGE if chip.card == shown.selected else DGG.FLAT,
                                      borderWidth=(0.01, 0.01), command=self.on_chip, extraArgs=[chip.card])
                self._widgets.append(button)
                self.chip_buttons[chip.card] = button
                x += w + gap
            y += 0.12
        if m.to_place:
            self._label(self.bottom, "To place: " + ", ".join(m.to_place), (0.0, y), 0.042, align="center")
            y += 0.08
        if shown.placing:
            x = -0.22 - (0.22 if shown.can_set_aside else 0.0)
            self.place_button = self._button("Place  [Space]", (x, y + 0.01), self.on_place, hot=True)
            self.reaim_button = self._button("Re-aim  [Tab]", (x + 0.44, y + 0.01), self.on_reaim)
            if shown.can_set_aside:
                self.set_aside_button = self._button("Set aside  [X]", (x + 0.88, y + 0.01), self.on_set_aside)
            y += 0.11
        self._options(shown, 0.2 if m.hand else 0.08)

    def _options(self, shown: HudInput, y0: float) -> None:
        """Your decisions, stacked in the bottom-left corner: the middle stays clear for your
        own structure, which the camera keeps there."""
        options = shown.options[:MAX_OPTIONS]
        if not options:
            return
        width = max([self._text_width(t, 0.036) for t in options] + [0.4]) + 0.06
        x = 0.05 + width / 2
        step = 0.08
        if len(shown.options) > MAX_OPTIONS:
            self._label(self.bottom_left, f"{len(shown.options) - MAX_OPTIONS} more: click a card to narrow down",
                        (0.05, y0), 0.034, colour=DIM)
            y0 += 0.06
        for i, text in enumerate(options):
            button = self._button(text, (x, y0 + step * (len(options) - 1 - i)), self.on_option, [i], width=width,
                                  parent=self.bottom_left, align="left")
            self.option_buttons.append(button)
        self._label(self.bottom_left, "Choose:", (0.05, y0 + step * len(options) + 0.005), 0.038, colour=DIM)

    def _text_width(self, text: str, scale: float, bold: bool = False) -> float:
        measure = TextNode("measure")
        font = self.bold if bold else self.font
        if font is not None:
            measure.set_font(font)
        return measure.calc_width(text) * scale

    def _button(self, text: str, pos: tuple[float, float], command: Callable[..., None], args: Sequence[Any] = (),
                hot: bool = False, width: float = 0.4, parent: NodePath | None = None, align: str = "center") -> DirectButton:
        left = align == "left"
        button = DirectButton(parent=parent or self.bottom, text=text, text_scale=0.036 if left else 0.038,
                              text_align=TextNode.A_left if left else TextNode.A_center,
                              text_pos=(-width / 2 + 0.03, 0) if left else (0, 0), text_font=self.bold if hot else self.font,
                              text_fg=(0.08, 0.06, 0.02, 1) if hot else INK, frameColor=BUTTON_HOT if hot else BUTTON,
                              frameSize=(-width / 2, width / 2, -0.022, 0.052), pos=(pos[0], 0, pos[1]),
                              relief=DGG.FLAT, command=command, extraArgs=list(args))
        self._widgets.append(button)
        return button
