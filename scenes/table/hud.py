"""The table HUD (DirectGUI): city and goal, whose turn, the seats, your hand, your choices.

Laid out as blocks that cannot overlap at any window from 1024 x 600 up (rebuilt on resize):
  top left     city, goal, round (one block)     top right   one panel per seat, shorter for 6
  top centre   last event and whose turn, centred in the room between those two
  bottom edge  the keys that work now            above it    your hand, what to place, Place /
  bottom left  your options, as many as fit under the city block       Re-aim
After a city and at the end of the tour a scoreboard covers the middle (scenes/table/hud_board.py);
your hand is drawn as cards (scenes/table/hud_cards.py).
Text fits its block: it wraps (banner, goal), shrinks, or is cut short. `boxes()` reports the
blocks so the labels over the table keep clear of them (scenes/table/layout.py).
Widgets are rebuilt only when what they show changes (`show` compares with the last call).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectLabel
from panda3d.core import NodePath, Point3, TextNode

from game.rules_text import RulesPage
from scenes.common import ui_font
from scenes.table import hud_cards, palette
from scenes.table.hud_model import HudModel, Scoreboard, SeatRow, height_text
from scenes.table.layout import Rect
from scenes.table.rules_overlay import RulesOverlay

INK = (0.96, 0.95, 0.92, 1.0)
DIM = (0.80, 0.80, 0.82, 1.0)
PANEL = (0.07, 0.08, 0.10, 0.80)
ACTIVE = (0.98, 0.78, 0.30, 1.0)
OUT = (0.85, 0.30, 0.25, 1.0)
BUTTON = (0.20, 0.24, 0.30, 0.95)
BUTTON_HOT = (0.93, 0.62, 0.18, 1.0)
KEY = (1.0, 0.86, 0.48, 1.0)          # the hint bar's text: warm and bright on its dark strip
MAX_OPTIONS = 8
MARGIN = 0.03                          # from the window's edges, and between the HUD's blocks
SEAT_WIDTH = 0.66
MIN_SCALE = 0.026                      # text shrinks to fit its box, never below this
HINT_SCALE = 0.038
CARD_WIDTH = 0.17                      # a card of your hand, at most (window units)
MINI_CARD = 0.062                      # the height of the small cards on an option button
MAX_MINIS = 3

SEP = "  \u00b7  "
ORBIT = "right-drag orbit" + SEP + "middle-drag pan" + SEP + "wheel zoom"


def key_help(escape_to: str = "quit", moment: str = "place", space: str = "") -> tuple[str, ...]:
    """The keys that work now, by moment: "choose" (a decision as buttons), "place" (your aimed
    placement), "hand" (the piece in your hand), "motion" (a placement or shot playing), "watch" (the
    bots play), "shoot" (your Nashville shot), "handoff" (hot-seat: pass the screen), "board" (a
    scoreboard; `space` names what Space does there). Esc quits, or leads back to the menu."""
    esc = f"Esc {escape_to}"
    speed = "1 / 2 / 4 bots' speed"
    if moment == "choose":
        return ("click a choice, or a card of your hand to narrow them" + SEP + "F1 rules", ORBIT + SEP + "C recentre" + SEP + esc)
    if moment == "hand":
        return ("click let go" + SEP + "Q/E turn" + SEP + "R/F tilt" + SEP + "T turn over" + SEP + "wheel raise",
                "Shift fine steps" + SEP + "Tab back to the assist" + SEP + esc)
    if moment == "motion":
        return ("Enter skip" + SEP + speed + SEP + "L last placement again, slowly" + SEP + "M sound", ORBIT + SEP + esc)
    if moment == "watch":
        return (speed + SEP + "L last placement again" + SEP + "M sound" + SEP + "F1 rules",
                ORBIT + SEP + "C recentre" + SEP + esc)
    if moment == "shoot":
        return ("Space flick" + SEP + "drag back from your cowboy: aim and power" + SEP + "\u2190 \u2192 move your cowboy",
                "\u2191 \u2193 power" + SEP + "A/D turn (Shift fine)" + SEP + "C recentre" + SEP + esc)
    if moment == "handoff":
        return ("Space: I am at the screen" + SEP + esc,)
    if moment == "board":
        first = ("Space " + space.lower() + SEP) if space else ""     # the board's lit button, by name
        return (first + "F1 rules" + SEP + esc, ORBIT)
    return ("Space place" + SEP + "Tab re-aim" + SEP + "click the piece: take it in your hand" + SEP + "C recentre",
            ORBIT + SEP + esc)


CONTROLS = key_help()
MOTION_CONTROLS = key_help(moment="motion")
HAND_CONTROLS = key_help(moment="hand")


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
    scoreboard: Scoreboard | None = None   # after a city / the tour (hides hand and options)
    option_cards: tuple[tuple[str, ...], ...] = ()   # per option, the cards it is about (drawn on it)


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
        self.root = base.aspect2d.attach_new_node("hud")
        self.rules = RulesOverlay(base, self.font, self.bold)
        self._anchors = (self.root, self.top_left, self.top_right, self.top_centre, self.bottom, self.bottom_left, self.bottom_right)
        self._shown: HudInput | None = None
        self._aspect_shown: tuple[float, bool, int] | None = None   # and the marks and picture shown
        self._widgets: list[Any] = []
        self._boxes: list[tuple[str, Any]] = []
        self._texts: list[tuple[str, Any, Any]] = []
        self.hint_lines: list[str] = []
        self.city_label: DirectLabel | None = None
        self.goal_label: DirectLabel | None = None
        self.turn_label: DirectLabel | None = None
        self.event_label: DirectLabel | None = None
        self.seat_labels: list[DirectLabel] = []
        self.option_buttons: list[DirectButton] = []
        self.chip_buttons: dict[str, DirectButton] = {}
        self.card_words: dict[str, str] = {}      # what each card of your hand shows, in words
        self.place_button: DirectButton | None = None
        self.reaim_button: DirectButton | None = None
        self.set_aside_button: DirectButton | None = None
        self.handoff_button: DirectButton | None = None
        self.board_buttons: list[DirectButton] = []
        self.on_board: Callable[[str], None] = lambda text: None    # a scoreboard's button, by its text
        self.colour_marks = False        # colour-blind help: a shape before each card's colour
        self.board_picture: Any = None   # a Texture of the table as the city ended (the scoreboards show it)
        self.picture_frame: DirectFrame | None = None

    # --- public ---------------------------------------------------------------------------------

    def show(self, shown: HudInput) -> None:
        aspect = (self._aspect(), self.colour_marks, id(self.board_picture))
        if shown == self._shown and aspect == self._aspect_shown:
            return
        self._clear()
        self._shown, self._aspect_shown = shown, aspect
        a = float(self.base.a2dRight)
        m = shown.model
        bottom = -1.0 + MARGIN
        if shown.controls:
            bottom = self._hint_bar(shown.controls, a)
        right_x = a - MARGIN - SEAT_WIDTH
        seats_bottom = 1.0
        for k, row in enumerate(m.seats):
            label, seats_bottom = self._seat_panel(k, row, len(m.seats), right_x, a - MARGIN)
            self.seat_labels.append(label)
        left_w = min(0.95, max(0.6, a - 0.55))
        left_bottom = self._top_left(shown, -a + MARGIN, -a + MARGIN + left_w)
        banner_bottom = self._banner(m, -a + 2 * MARGIN + left_w, right_x - MARGIN)
        if shown.scoreboard is not None:
            self._scoreboard(shown.scoreboard, -a + MARGIN, right_x - MARGIN, bottom, min(left_bottom, banner_bottom) - MARGIN)
        elif shown.handoff:
            self._handoff(shown.handoff, -a + MARGIN, right_x - MARGIN)
        else:
            self._bottom(shown, a, bottom, left_bottom, right_x, seats_bottom)

    def show_rules(self, page: RulesPage) -> None:
        """F1: the city's rules over the table (the HUD's blocks step aside until it closes)."""
        self.rules.show(page)
        self.root.hide()

    def hide_rules(self) -> None:
        self.rules.hide()
        self.root.show()

    @property
    def rules_open(self) -> bool:
        return self.rules.visible

    def boxes(self) -> list[tuple[str, Rect]]:
        """The blocks the HUD draws (window units, aspect2d): no two overlap, and labels over
        the table keep clear of them."""
        if self.rules.visible:
            return [("rules", self.rules.rect())]
        return [(name, rect) for name, rect in ((n, self._bounds(w)) for n, w in self._boxes) if rect is not None]

    def text_boxes(self) -> list[tuple[str, Rect, Rect]]:
        """Every text the HUD draws with the block it must stay inside: (name, text, block)."""
        out = []
        for name, label, box in self._texts:
            text, outer = self._bounds(label), self._bounds(box)
            if text is not None and outer is not None:
                out.append((name, text, outer))
        return out

    def texts(self) -> dict[str, Any]:
        """What the HUD says now (for tests and for logging)."""
        def text(label: DirectLabel | None) -> str:
            return "" if label is None else str(label["text"])
        return {
            "city": text(self.city_label), "goal": text(self.goal_label), "turn": text(self.turn_label),
            "event": text(self.event_label), "seats": [text(s) for s in self.seat_labels],
            "options": [str(b["text"]) for b in self.option_buttons], "hand": list(self.chip_buttons),
            "hints": list(self.hint_lines),
        }

    def destroy(self) -> None:
        self._clear()
        self.rules.hide()
        for anchor in self._anchors:
            anchor.remove_node()

    # --- building -------------------------------------------------------------------------------

    def _aspect(self) -> float:
        return round(float(self.base.a2dRight), 4)

    def _clear(self) -> None:
        # Children first: a label inside a panel goes before the panel.
        for widget in sorted(self._widgets, key=lambda w: 0 if w.is_empty() else -w.get_num_nodes()):
            widget.destroy()
        self._widgets, self._boxes, self._texts = [], [], []
        self.seat_labels, self.option_buttons, self.chip_buttons, self.hint_lines = [], [], {}, []
        self.card_words = {}
        self.board_buttons = []
        self.picture_frame = None
        self.city_label = self.goal_label = self.turn_label = self.event_label = None
        self.place_button = self.reaim_button = self.set_aside_button = self.handoff_button = None
        self._shown = None

    def _bounds(self, widget: Any) -> Rect | None:
        """The widget's rectangle in aspect2d: its frame, or for a bare label its text's ink
        (DirectGUI keeps text in state nodes outside the scene graph: ask the widget)."""
        if widget.is_empty():
            return None
        size = widget["frameSize"]
        if size is None:
            if not str(widget["text"]):
                return None
            size = widget.getBounds()
        l, r, b, t = size
        low = self.base.aspect2d.get_relative_point(widget, Point3(l, 0, b))
        high = self.base.aspect2d.get_relative_point(widget, Point3(r, 0, t))
        return Rect(min(low.x, high.x), min(low.z, high.z), max(low.x, high.x), max(low.z, high.z))

    def _panel(self, name: str, x0: float, y0: float, x1: float, y1: float,
               colour: tuple[float, float, float, float] = PANEL) -> DirectFrame:
        frame = DirectFrame(parent=self.root, frameColor=colour, frameSize=(x0, x1, y0, y1))
        self._widgets.append(frame)
        self._boxes.append((name, frame))
        return frame

    def _hint_bar(self, lines: Sequence[str], a: float) -> float:
        """The keys that work now, along the bottom edge on a dark strip; returns its top."""
        step = HINT_SCALE * 1.35
        top = -1.0 + 0.018 + step * len(lines) + 0.012
        bar = self._panel("hints", -a, -1.0, a, top, (0.04, 0.04, 0.05, 0.82))
        for k, line in enumerate(reversed(lines)):
            label = self._text(line, (0.0, -1.0 + 0.03 + step * k), HINT_SCALE, 2 * a - 2 * MARGIN, colour=KEY, align="center")
            self._texts.append(("hint", label, bar))
        self.hint_lines = list(lines)
        return top + MARGIN / 2

    def _top_left(self, shown: HudInput, x0: float, x1: float) -> float:
        """City, goal, round and any tour lines in one dark block; returns its bottom."""
        m = shown.model
        width = x1 - x0 - 0.06
        y = 1.0 - MARGIN - 0.08
        self.city_label = self._text(m.city, (x0 + 0.03, y), 0.068, width, bold=True)
        labels = [("city", self.city_label)]
        y = self._below(self.city_label, 0.05)
        self.goal_label = self._text(m.goal, (x0 + 0.03, y), 0.04, width, colour=DIM, wrap=True)
        labels.append(("goal", self.goal_label))
        y = self._below(self.goal_label, 0.055)
        for name, line, colour in ([("status", m.status, DIM)] if m.status else []) + [("extra", t, INK) for t in shown.extra]:
            label = self._text(line, (x0 + 0.03, y), 0.04, width, colour=colour)
            labels.append((name, label))
            y = self._below(label, 0.055)
        bottom = y + 0.055 - 0.03
        panel = self._panel("city", x0, bottom, x1, 1.0 - MARGIN)
        for name, label in labels:
            label.reparent_to(panel)
            self._texts.append((name, label, panel))
        return bottom

    def _banner(self, m: HudModel, x0: float, x1: float) -> None:
        """The last event and whose turn, centred between the city block and the seats."""
        centre, width = (x0 + x1) / 2, x1 - x0 - 0.06
        self.event_label = self._text(self._marked(m.event), (centre, 1.0 - MARGIN - 0.06), 0.04, width, colour=DIM, align="center", wrap=True)
        y = self._below(self.event_label, 0.065) if m.event else 1.0 - MARGIN - 0.07
        self.turn_label = self._text(self._marked(m.turn), (centre, y), 0.05, width, bold=True, colour=ACTIVE, align="center", wrap=True)
        low = self._bounds(self.turn_label) if m.turn else None
        bottom = (low.y0 if low is not None else y) - 0.025
        texts = [t for t in (self.event_label, self.turn_label) if str(t["text"])]
        if not texts:
            return 1.0 - MARGIN
        spans = [r for r in (self._bounds(t) for t in texts) if r is not None]
        half = max(max(abs(r.x0 - centre), abs(r.x1 - centre)) for r in spans) + 0.03
        strip = self._panel("banner", centre - half, bottom, centre + half, 1.0 - MARGIN, (0.05, 0.06, 0.08, 0.7))
        for t in texts:
            t.reparent_to(strip)
            self._texts.append(("banner", t, strip))
        return bottom

    def _scoreboard(self, board: Scoreboard, x0: float, x1: float, y0: float, y1: float) -> None:
        from scenes.table.hud_board import draw_scoreboard     # it takes the HUD's colours from here

        draw_scoreboard(self, board, x0, x1, y0, y1)

    def _handoff(self, name: str, x0: float, x1: float) -> None:
        """Hot-seat: a panel over the table, left of the seats, until the next person says they
        are at the screen."""
        width = min(0.8, (x1 - x0) / 2)
        cx = 0.0 if x0 <= -width and width <= x1 else (x0 + x1) / 2
        panel = self._panel("handoff", cx - width, -0.3, cx + width, 0.3, (0.05, 0.06, 0.08, 0.92))
        inner = 2 * width - 0.1
        for text, y, scale, bold, colour in ((f"Pass to {name}", 0.12, 0.09, True, ACTIVE),
                                             (f"Only {name} should see the screen now:", 0.03, 0.04, False, DIM),
                                             ("your hand and choices come next.", -0.03, 0.04, False, DIM)):
            label = self._text(text, (cx, y), scale, inner, bold=bold, colour=colour, align="center", parent=panel)
            self._texts.append(("handoff", label, panel))
        self.handoff_button = self._button(f"I'm {name}  [Space]", (cx, -0.19), self.on_handoff, hot=True,
                                           width=min(inner, max(0.7, self._text_width(f"I'm {name}  [Space]", 0.038, True) + 0.08)),
                                           parent=panel, inside=panel)

    def _text(self, text: str, pos: tuple[float, float], scale: float, width: float, *, bold: bool = False,
              colour: tuple[float, float, float, float] = INK, align: str = "left", wrap: bool = False,
              parent: NodePath | None = None) -> DirectLabel:
        """A label that fits `width`: wrapped onto lines (`wrap`), else shrunk, else cut short."""
        fitted, wrap_at = text, None
        natural = self._text_width(text, scale, bold)
        if wrap and natural > width:
            wrap_at = width / scale
            if self._lines(text, scale, bold, wrap_at) > 2:      # three lines at most: shrink first
                scale = max(MIN_SCALE, scale * 0.82)
                wrap_at = width / scale
        elif natural > width:
            scale = max(MIN_SCALE, scale * width / natural)
            while self._text_width(fitted, scale, bold) > width and len(fitted) > 4:
                fitted = fitted[:-5].rstrip() + "..."
        return self._label(parent or self.root, fitted, pos, scale, bold=bold, colour=colour, align=align,
                           wrap=wrap_at)

    def _lines(self, text: str, scale: float, bold: bool, wrap_at: float) -> int:
        measure = TextNode("measure")
        font = self.bold if bold else self.font
        if font is not None:
            measure.set_font(font)
        measure.set_wordwrap(wrap_at)
        measure.set_text(text)
        return measure.get_num_rows()

    def _below(self, label: DirectLabel, step: float) -> float:
        """The baseline for the next line under `label` (which may have wrapped)."""
        rect = self._bounds(label)
        return (rect.y0 if rect is not None and str(label["text"]) else float(label.get_z(self.base.aspect2d)) + step * 0.3) - step

    def _label(self, parent: NodePath, text: str, pos: tuple[float, float], scale: float, *, bold: bool = False,
               colour: tuple[float, float, float, float] = INK, align: str = "left", wrap: float | None = None) -> DirectLabel:
        label = DirectLabel(parent=parent, text=text, text_scale=scale, text_fg=colour, text_font=self.bold if bold else self.font,
                            text_align=TextNode.A_center if align == "center" else (TextNode.A_right if align == "right" else TextNode.A_left),
                            text_shadow=(0, 0, 0, 0.7), text_wordwrap=wrap, relief=None)
        label.set_pos(self.base.aspect2d, pos[0], 0, pos[1])
        self._widgets.append(label)
        return label

    def _seat_panel(self, k: int, row: SeatRow, n: int, x0: float, x1: float) -> tuple[DirectLabel, float]:
        gap = 0.015
        height = min(0.16, (1.2 - gap * (n - 1)) / max(1, n))
        top = 1.0 - MARGIN - k * (height + gap)
        frame = self._panel(f"seat-{k}", x0, top - height, x1, top)
        colour_bar = palette.seat_colour(k)
        self._widgets.append(DirectFrame(parent=frame, frameColor=ACTIVE if row.active else colour_bar,
                                         frameSize=(x0, x0 + (0.018 if row.active else 0.012), top - height, top)))
        name = row.name + (" (you)" if row.is_you and row.name.lower() != "you" else "")
        colour = OUT if row.eliminated else (ACTIVE if row.active else INK)
        inner = x1 - x0 - 0.07
        big = min(0.046, height * 0.3)
        head = self._text(name, (x0 + 0.04, top - height * 0.42), big, inner, bold=True, colour=colour, parent=frame)
        fans = f"{row.fans} fans" + (f" (+{row.city_fans} here)" if row.city_fans else "")
        detail = f"{fans}   fallen {row.fallen}   {height_text(row.height_mm)}" + (f"   {row.note}" if row.note else "")
        if row.colour:                     # Gujarat: the seat's own colour, named (and marked)
            detail = f"{self._marked(row.colour)}   {detail}"
        if row.eliminated:
            detail = f"{fans}   OUT ({row.fallen} fallen)"
        if row.side:
            detail = "choosing a side..." if row.side == "?" else f"builds on side {row.side}"
        line = self._text(detail, (x0 + 0.04, top - height * 0.8), min(0.034, height * 0.24), inner, colour=DIM, parent=frame)
        self._texts += [(f"seat-{k}", head, frame), (f"seat-{k}", line, frame)]
        return head, top - height

    def _bottom(self, shown: HudInput, a: float, y: float, left_bottom: float, right_x: float, seats_bottom: float) -> None:
        """Bottom up: the hint bar (drawn), your hand, what you must place, Place / Re-aim, then
        your options in the left column; each row starts above the one before."""
        m = shown.model
        if m.hand:
            y = self._hand(shown, a, y)
        if m.to_place:
            label = self._text(self._marked("To place: " + ", ".join(m.to_place)), (0.0, y + 0.015), 0.042, 2 * a - 2 * MARGIN, align="center")
            self._boxes.append(("to-place", label))
            y += 0.075
        if shown.placing:
            x = -0.22 - (0.22 if shown.can_set_aside else 0.0)
            self.place_button = self._button("Place  [Space]", (x, y + 0.022), self.on_place, hot=True)
            self.reaim_button = self._button("Re-aim  [Tab]", (x + 0.44, y + 0.022), self.on_reaim)
            if shown.can_set_aside:
                self.set_aside_button = self._button("Set aside  [X]", (x + 0.88, y + 0.022), self.on_set_aside)
            y += 0.074 + MARGIN
        self._options(shown, y, left_bottom - MARGIN, -a + MARGIN, a - MARGIN if seats_bottom > y + 0.5 else right_x - MARGIN,
                      seats_bottom - MARGIN, right_x - MARGIN)

    def _hand(self, shown: HudInput, a: float, y: float) -> float:
        """Your hand as a row of cards above the hint bar (scenes/table/hud_cards.py); a big hand
        gets smaller cards. Returns the height above it."""
        m = shown.model
        label_w = self._text_width("Your hand", 0.038) + 0.04
        gap = 0.025
        room = 2 * a - 2 * MARGIN - label_w
        width = min(CARD_WIDTH, (room - gap * (len(m.hand) - 1)) / len(m.hand))
        height = width * hud_cards.ASPECT
        total = width * len(m.hand) + gap * (len(m.hand) - 1)
        x = -(total - label_w) / 2
        centre_y = y + 0.012 + height / 2
        hand_label = self._text("Your hand", (x - 0.04, centre_y - 0.012), 0.038, label_w, colour=DIM, align="right")
        self._boxes.append(("hand-label", hand_label))
        for chip in m.hand:
            selected = chip.card == shown.selected
            button = hud_cards.card_button(self.root, self.base.loader, chip.card, (x + width / 2, centre_y), width, self.bold,
                                           marks=self.colour_marks, selected=selected, command=self.on_chip, args=[chip.card])
            self._widgets.append(button)
            self._boxes.append((f"chip-{chip.card}", button))
            self.chip_buttons[chip.card] = button
            self.card_words[chip.card] = hud_cards.card_words(chip.card, self.colour_marks)
            x += width + gap
        return y + height * 1.1 + 0.012 + MARGIN

    def _options(self, shown: HudInput, y0: float, y_max: float, x0: float, x_free: float, seats_bottom: float,
                 beside_seats: float) -> None:
        """Your decisions, stacked in the bottom-left corner: the middle stays clear for your
        own structure, which the camera keeps there. As many as fit under the city block."""
        if not shown.options:
            return
        step = 0.078
        fits = max(1, int((y_max - y0 - 0.07) / step))
        count = min(len(shown.options), MAX_OPTIONS, fits)
        more = len(shown.options) - count
        if more:
            count = max(1, min(count, int((y_max - y0 - 0.13) / step)))
            more = len(shown.options) - count
        options = tuple(palette.mark_words(t) if self.colour_marks else t for t in shown.options[:count])
        cards = [(shown.option_cards[i] if i < len(shown.option_cards) else ())[:MAX_MINIS] for i in range(count)]
        mini_w = MINI_CARD / hud_cards.ASPECT + 0.008
        indent = mini_w * max((len(c) for c in cards), default=0)
        top = y0 + step * count + (0.06 if more else 0.0) + 0.06
        room = (x_free if top < seats_bottom else beside_seats) - x0
        scale = 0.036
        widest = max(self._text_width(t, scale) for t in options)
        if widest + 0.06 + indent > room:
            scale = max(MIN_SCALE, scale * (room - 0.06 - indent) / widest)
        width = min(room, max(widest * scale / 0.036 + 0.06 + indent, 0.4))
        x = x0 + width / 2
        y = y0 + 0.022
        if more:
            label = self._text(f"{more} more: click a card to narrow down", (x0, y), 0.034, room, colour=DIM)
            self._boxes.append(("more", label))
            y += 0.06
        for i, text in enumerate(options):
            button = self._button(text, (x, y + step * (count - 1 - i)), self.on_option, [i], width=width,
                                  parent=self.root, align="left", scale=scale, indent=indent)
            if cards[i]:
                hud_cards.draw_minis(button, self.base.loader, cards[i], -width / 2 + 0.012, 0.015, MINI_CARD, self.bold,
                                     self.colour_marks, 0.008)
            self.option_buttons.append(button)
        label = self._text("Choose:", (x0, y + step * count + 0.005), 0.038, room, colour=DIM)
        self._boxes.append(("choose", label))

    def _marked(self, text: str) -> str:
        """With colour-blind marks on, each piece colour named in `text` gets its shape."""
        return palette.mark_words(text) if self.colour_marks else text

    def _text_width(self, text: str, scale: float, bold: bool = False) -> float:
        measure = TextNode("measure")
        font = self.bold if bold else self.font
        if font is not None:
            measure.set_font(font)
        return measure.calc_width(text) * scale

    def _button(self, text: str, pos: tuple[float, float], command: Callable[..., None], args: Sequence[Any] = (),
                hot: bool = False, width: float = 0.4, parent: NodePath | None = None, align: str = "center",
                scale: float | None = None, inside: Any = None, indent: float = 0.0) -> DirectButton:
        left = align == "left"
        scale = scale or (0.036 if left else 0.038)
        if not left and self._text_width(text, scale, hot) > width - 0.04:
            scale = max(MIN_SCALE, scale * (width - 0.04) / self._text_width(text, scale, hot))
        button = DirectButton(parent=parent or self.root, text=text, text_scale=scale,
                              text_align=TextNode.A_left if left else TextNode.A_center,
                              text_pos=(-width / 2 + 0.03 + indent, 0) if left else (0, 0), text_font=self.bold if hot else self.font,
                              text_fg=(0.08, 0.06, 0.02, 1) if hot else INK, frameColor=BUTTON_HOT if hot else BUTTON,
                              frameSize=(-width / 2, width / 2, -0.022, 0.052), pos=(pos[0], 0, pos[1]),
                              relief=DGG.FLAT, command=command, extraArgs=list(args))
        self._widgets.append(button)
        if inside is not None:          # a button drawn inside a panel (the hand-off's)
            self._texts.append((f"button-{text}", button, inside))
        else:
            self._boxes.append((f"button-{text}", button))
        return button
