"""The Pop Art table: your hand, drag-to-layer preview, your 3 x 3 display, others, piles, results.

Input is three handlers in aspect2d coordinates (`on_press`, `on_move`, `on_release`), fed by the
mouse in a window and called directly by tests. Layer a print by dragging a Foreground onto a
Background (or clicking one, then the other); drag the print (or click a slot) to place it;
"Lock in" hands the choice to the session. The scene holds its NodePaths under one root and
`destroy()` removes everything, so scenes can be swapped in one ShowBase.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from direct.gui.DirectGui import DirectButton
from panda3d.core import NodePath, Point3

from game.popart.actions import Play
from game.popart.cards import load_catalogue
from game.popart.patterns import condition_text
from game.popart.rules import display_cells, left_faces, legal_cells, right_of
from game.popart.scoring import score_display, solo_rank
from game.popart.session import Session
from scenes.popart import draw, panels, screens
from scenes.popart.cards_view import (ASPECT, INK, PALETTE, PAPER, SOFT, STAR, TABLE, background_face,
                                      foreground_face, print_face)

Cell = tuple[int, int]
HAND_W = 0.3
DISPLAY_BOX = (-1.74, -0.37, -0.56, 0.80)     # x0, y0, x1, y1 of your display
PREVIEW_X = -0.06
HAND_Y = -0.74


@dataclass
class Hit:
    kind: str          # "fg", "bg", "print", "cell"
    key: Any
    box: tuple[float, float, float, float]

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 <= x <= x1 and y0 <= y <= y1


@dataclass
class Drag:
    kind: str
    key: Any
    node: NodePath
    start: tuple[float, float]
    moved: bool = False


class PopArtScene:
    def __init__(self, base: Any, session: Session, names: list[str] | None = None,
                 on_quit: Callable[[], None] | None = None):
        self.base = base
        self.session = session
        self.cat = load_catalogue()
        self.names = names or [s.name for s in session.seats]
        self.on_quit = on_quit
        draw.font(base.loader)
        self.root: NodePath = base.aspect2d.attach_new_node("popart-scene")
        self.table = self.root.attach_new_node("table")
        self.drag_layer = self.root.attach_new_node("drag")
        self.buttons: list[DirectButton] = []
        self.hits: list[Hit] = []
        self.selected: tuple[str, str] | None = None    # a card clicked, waiting for its partner
        self.combo: tuple[str, str] | None = None       # (fg, bg) layered
        self.preview: tuple[str, str] | None = None     # what the preview panel shows while hovering
        self.tentative: Cell | None = None
        self.hover_cell: Cell | None = None
        self.drag: Drag | None = None
        self.rank_seen = False
        self.view_seat = session.humans[0] if session.humans else 0
        self.base.set_background_color(*TABLE)
        self._events: list[str] = []
        self.refresh()

    # ---- modes -------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        if self.session.is_over:
            return "rank" if self.session.config.solo and not self.rank_seen else "breakdown"
        if self.session.needs_handoff:
            return "handoff"
        return "choose"

    @property
    def seat(self) -> int:
        current = self.session.current_human
        return current if current is not None else self.view_seat

    # ---- live input (a window); tests call the handlers directly -------------------------------
    def bind_mouse(self) -> None:
        self.base.accept("mouse1", self._mouse, [self.on_press])
        self.base.accept("mouse1-up", self._mouse, [self.on_release])
        self.base.accept("enter", self.lock_in)
        self.base.accept("escape", self.undo)
        self._events += ["mouse1", "mouse1-up", "enter", "escape"]
        self.base.taskMgr.add(self._track, "popart-track")

    def _pointer(self) -> tuple[float, float] | None:
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.has_mouse():
            return None
        m = watcher.get_mouse()
        p = self.base.aspect2d.get_relative_point(self.base.render2d, Point3(m.x, 0, m.y))
        return p.x, p.z

    def _mouse(self, handler: Callable[[float, float], None]) -> None:
        if (p := self._pointer()) is not None:
            handler(*p)

    def _track(self, task: Any) -> Any:
        if self.drag is not None and (p := self._pointer()) is not None:
            self.on_move(*p)
        return task.cont

    def _hit(self, x: float, y: float, kinds: tuple[str, ...]) -> Hit | None:
        for hit in reversed(self.hits):   # later = drawn on top
            if hit.kind in kinds and hit.contains(x, y):
                return hit
        return None

    def on_press(self, x: float, y: float) -> None:
        if self.mode != "choose" or self.drag is not None:
            return
        hit = self._hit(x, y, ("fg", "bg", "print", "cell"))
        if hit is None:
            return
        if hit.kind == "cell":
            if self.combo is not None and hit.key in self._legal():
                self.tentative = hit.key
                self.refresh()
            return
        if hit.kind == "print" and self.combo is None:
            return
        if hit.kind == "fg":
            node = foreground_face(self.drag_layer, self.cat.foregrounds[hit.key], HAND_W)
        elif hit.kind == "bg":
            node = background_face(self.drag_layer, self.cat.backgrounds[hit.key], HAND_W)
        else:
            assert self.combo is not None
            fg, bg = self.combo
            node = print_face(self.drag_layer, self.cat, fg, bg, self._cell_w() * 0.96)
        node.set_pos(x, 0, y)
        node.set_alpha_scale(0.92)
        self.drag = Drag(hit.kind, hit.key, node, (x, y))

    def on_move(self, x: float, y: float) -> None:
        drag = self.drag
        if drag is None:
            return
        drag.node.set_pos(x, 0, y)
        if abs(x - drag.start[0]) + abs(y - drag.start[1]) > 0.02:
            drag.moved = True
        if drag.kind in ("fg", "bg"):
            other = self._hit(x, y, ("bg",) if drag.kind == "fg" else ("fg",))
            if other is None:
                new_preview = self.combo
            else:
                new_preview = (drag.key, other.key) if drag.kind == "fg" else (other.key, drag.key)
            if new_preview != self.preview:
                self.preview = new_preview
                self._redraw_keep_drag()
        elif drag.kind == "print":
            cell = self._hit(x, y, ("cell",))
            key = cell.key if cell is not None and cell.key in self._legal() else None
            if key != self.hover_cell:
                self.hover_cell = key
                self._redraw_keep_drag()

    def on_release(self, x: float, y: float) -> None:
        drag = self.drag
        if drag is None:
            return
        self.on_move(x, y)
        self.drag = None
        drag.node.remove_node()
        self.hover_cell = None
        if drag.kind in ("fg", "bg"):
            if not drag.moved:
                self._click_card(drag.kind, drag.key)
            else:
                other = self._hit(x, y, ("bg",) if drag.kind == "fg" else ("fg",))
                if other is not None:
                    self._layer(drag.key, other.key) if drag.kind == "fg" else self._layer(other.key, drag.key)
        elif drag.kind == "print":
            cell = self._hit(x, y, ("cell",))
            if cell is not None and cell.key in self._legal():
                self.tentative = cell.key
        self.preview = self.combo
        self.refresh()

    def _click_card(self, kind: str, key: str) -> None:
        """Click-to-layer: a Foreground then a Background (either order)."""
        if self.selected is None or self.selected[0] == kind:
            self.selected = (kind, key)
            return
        fg = key if kind == "fg" else self.selected[1]
        bg = key if kind == "bg" else self.selected[1]
        self._layer(fg, bg)

    def _layer(self, fg: str, bg: str) -> None:
        self.combo = (fg, bg)
        self.preview = self.combo
        self.selected = None
        self.tentative = None

    def lock_in(self) -> None:
        if self.mode != "choose" or self.combo is None or self.tentative is None:
            return
        seat = self.seat
        play = Play(seat, self.combo[0], self.combo[1], *self.tentative)
        self.session.submit(play)
        self.combo = self.preview = self.selected = None
        self.tentative = None
        self.refresh()

    def undo(self) -> None:
        self.combo = self.preview = self.selected = None
        self.tentative = None
        self.refresh()

    def continue_after_handoff(self) -> None:
        self.session.acknowledge_handoff()
        self.refresh()

    def show_breakdown(self) -> None:
        self.rank_seen = True
        self.refresh()

    def next_seat(self, step: int = 1) -> None:
        self.view_seat = (self.view_seat + step) % self.session.config.players
        self.refresh()

    # ---- drawing -----------------------------------------------------------------------------
    def _clear(self) -> None:
        for btn in self.buttons:
            btn.destroy()
        self.buttons = []
        self.hits = []
        self.table.node().remove_all_children()

    def _redraw_keep_drag(self) -> None:
        """Redraw the table under a drag in progress (the dragged card lives in its own layer)."""
        self._draw()

    def refresh(self) -> None:
        if self.drag is not None:
            self.drag.node.remove_node()
            self.drag = None
        self._draw()

    def _draw(self) -> None:
        self._clear()
        mode = self.mode
        if mode == "handoff":
            seat = self.seat
            self.buttons += screens.handoff(self.table, self.names[seat], self.session.state.round,
                                            self.continue_after_handoff)
        elif mode == "rank":
            self._draw_rank()
        elif mode == "breakdown":
            self._draw_breakdown()
        else:
            self._draw_table()
        if self.on_quit is not None and mode != "breakdown":    # (the breakdown has its own, by Next player)
            self.buttons.append(screens.button(self.table, "Quit", 1.55, 0.9, self.on_quit, 0.045,
                                               colour=(0.75, 0.75, 0.8, 1), name="quit"))

    def _legal(self) -> list[Cell]:
        return legal_cells(self.session.state.displays[self.seat])

    def _cell_w(self) -> float:
        return self._grid_geometry()[0]

    def _grid_geometry(self) -> tuple[float, dict[Cell, tuple[float, float]]]:
        """Card width and centre of every cell to draw: placed prints and (while choosing) legal slots."""
        display = self.session.state.displays[self.seat]
        cells = {(p.row, p.col) for p in display}
        if self.mode == "choose":
            cells |= set(self._legal())
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        nr, nc = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
        x0, y0, x1, y1 = DISPLAY_BOX
        gap = 0.02
        # Never larger than a 3 x 3 would be, so cards keep their size as the display settles.
        w = min((x1 - x0 - gap * (nc - 1)) / nc, ((y1 - y0 - gap * (nr - 1)) / nr) / ASPECT,
                ((y1 - y0 - gap * 2) / 3) / ASPECT)
        h = w * ASPECT
        total_w, total_h = nc * w + (nc - 1) * gap, nr * h + (nr - 1) * gap
        left = (x0 + x1) / 2 - total_w / 2 + w / 2
        top = (y0 + y1) / 2 + total_h / 2 - h / 2
        centres = {(r, c): (left + (c - min(cols)) * (w + gap), top - (r - min(rows)) * (h + gap)) for r, c in cells}
        return w, centres

    def _draw_table(self) -> None:
        state, seat = self.session.state, self.seat
        hand = state.hands[seat]
        table = self.table
        screens.logo(table, -1.42, 0.9, 0.075)
        draw.text(table, f"Round {state.round} of 9", -0.98, 0.885, 0.05, PAPER, "left")
        draw.text(table, f"{self.names[seat]}, choose a print", -0.45, 0.885, 0.05, STAR, "left")
        if state.goals:
            goals = "   ".join(f"{self.cat.goals[g].text} ({self.cat.goals[g].value})" for g in state.goals)
            draw.text(table, "Goals: " + goals, 1.74, 0.95, 0.03, SOFT, "right", wrap=1.5)
        self._draw_display(seat)
        self._draw_preview(seat)
        panels.others_panel(self.table, self.cat, state, seat, self.names)
        self._draw_hand(seat, hand)
        panels.piles_panel(self.table, state, seat, self.names)

    def _draw_display(self, seat: int) -> None:
        state = self.session.state
        display = state.displays[seat]
        w, centres = self._grid_geometry()
        h = w * ASPECT
        now = self._score_now(seat)
        x0, _, x1, y1 = DISPLAY_BOX
        draw.text(self.table, f"Your display ({len(display)}/9)", x0, y1 + 0.015, 0.04, PAPER, "left")
        draw.text(self.table, f"{now} Pop now", x1, y1 + 0.015, 0.04, STAR, "right")
        placed = {(p.row, p.col): p for p in display}
        legal = set(self._legal())
        for cell, (cx, cy) in centres.items():
            if cell in placed:
                p = placed[cell]
                card = print_face(self.table, self.cat, p.fg, p.bg, w)
                card.set_pos(cx, 0, cy)
            elif cell == self.tentative and self.combo:
                card = print_face(self.table, self.cat, *self.combo, w)
                card.set_pos(cx, 0, cy)
                draw.outline(self.table, cx, cy, w + 0.02, h + 0.02, STAR, 0.008)
                self.hits.append(Hit("print", cell, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
            elif cell in legal:
                lit = cell == self.hover_cell
                colour = STAR if lit else (0.42, 0.42, 0.5, 1)
                if lit:
                    draw.rect(self.table, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, (1, 0.93, 0.2, 0.25))
                draw.outline(self.table, cx, cy, w, h, colour, 0.005)
                draw.text(self.table, "+", cx, cy - w * 0.08, w * 0.3, colour)
            self.hits.append(Hit("cell", cell, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))

    def _score_now(self, seat: int) -> int:
        state = self.session.state
        cells = display_cells(state.displays[seat])
        if not cells:
            return 0
        return score_display(cells, left_faces(state, seat, self.cat), state.goals, self.cat).total

    def _score_with(self, seat: int, pair: tuple[str, str], cell: Cell) -> int:
        state = self.session.state
        cells = display_cells(state.displays[seat])
        cells[cell] = pair
        return score_display(cells, left_faces(state, seat, self.cat), state.goals, self.cat).total

    def _draw_preview(self, seat: int) -> None:
        table = self.table
        pair = self.preview or self.combo
        x = PREVIEW_X
        if pair is None:
            draw.framed(table, x, 0.3, 0.8, 0.9, (0.18, 0.18, 0.23, 1), (0.3, 0.3, 0.38, 1), 0.006)
            steps = ("1. Drag a Foreground onto a Background to layer a print.",
                     "2. Drag the print into your display (any slot within 3 x 3).",
                     "3. Lock in. Your 4 other cards go to the discard." if self.session.config.solo else
                     "3. Lock in. Everyone reveals together, then passes 4 cards left.")
            for i, line in enumerate(steps):
                draw.text(table, line, x - 0.36, 0.62 - i * 0.2, 0.038, PAPER, "left", wrap=0.72)
            return
        fg, bg = pair
        face = self.cat.face(fg, bg)
        pw = 0.4
        card = print_face(table, self.cat, fg, bg, pw)
        card.set_pos(x, 0, 0.47)
        if self.combo == pair:
            self.hits.append(Hit("print", None, (x - pw / 2, 0.47 - pw * ASPECT / 2, x + pw / 2, 0.47 + pw * ASPECT / 2)))
        fgc, bgc = self.cat.foregrounds[fg], self.cat.backgrounds[bg]
        blend_line = f"{fgc.colour} + {bgc.colour} = {face.colour} {face.kind}"
        draw.text(table, blend_line, x, 0.04, 0.036, PALETTE[face.colour], wrap=0.85)
        draw.text(table, condition_text(bgc.pattern, fgc.subject, bgc.value, bgc.area), x, -0.03, 0.034, PAPER,
                  wrap=0.85)
        if self.combo != pair:
            draw.text(table, "Release to layer these two cards", x, -0.17, 0.034, SOFT)
        else:
            cell = self.hover_cell or self.tentative
            if cell is not None:
                hint = f"Here your display would score {self._score_with(seat, pair, cell)} Pop now"
            else:
                hint = "Drag it into your display"
            draw.text(table, hint, x, -0.17, 0.034, STAR if cell is not None else SOFT)
            if self.tentative is not None:
                self.buttons.append(screens.button(table, "Lock in", x - 0.13, -0.245, self.lock_in, 0.05,
                                                   name="lock-in"))
            self.buttons.append(screens.button(table, "Undo", x + (0.17 if self.tentative is not None else 0),
                                               -0.245, self.undo, 0.05, colour=(0.75, 0.75, 0.8, 1), name="undo"))

    def _draw_hand(self, seat: int, hand: Any) -> None:
        table = self.table
        state = self.session.state
        h = HAND_W * ASPECT
        step = HAND_W + 0.03
        bg_x = -1.74 + 3 * step + 0.06
        label_y = HAND_Y + h / 2 + 0.025
        received = state.passed[right_of(seat, state.config.players)] if state.config.players > 1 else None
        draw.text(table, "Your Foregrounds", -1.74, label_y, 0.036, PAPER, "left")
        draw.text(table, "Your Backgrounds", bg_x, label_y, 0.036, PAPER, "left")
        if received is not None and received.size:
            draw.star(table, bg_x + 0.5, label_y + 0.012, 0.022, STAR)
            draw.text(table, f"= passed to you by {self.names[right_of(seat, state.config.players)]}", bg_x + 0.53,
                      label_y, 0.028, SOFT, "left")
        dragging = self.drag.key if self.drag else None
        for kind, cards, x_start in (("fg", hand.foregrounds, -1.74), ("bg", hand.backgrounds, bg_x)):
            for i, card_id in enumerate(cards):
                cx = x_start + HAND_W / 2 + i * step
                cy = HAND_Y
                in_combo = self.combo is not None and card_id in self.combo
                if kind == "fg":
                    node = foreground_face(table, self.cat.foregrounds[card_id], HAND_W)
                else:
                    node = background_face(table, self.cat.backgrounds[card_id], HAND_W)
                node.set_pos(cx, 0, cy)
                if in_combo or card_id == dragging:
                    node.set_alpha_scale(0.3)
                    node.set_transparency(True)
                if self.selected == (kind, card_id):
                    draw.outline(table, cx, cy, HAND_W + 0.02, h + 0.02, STAR, 0.01)
                if received is not None and card_id in received.foregrounds + received.backgrounds:
                    draw.star(table, cx + HAND_W / 2 - 0.012, cy + h / 2 - 0.012, 0.034, INK)
                    draw.star(table, cx + HAND_W / 2 - 0.012, cy + h / 2 - 0.012, 0.027, STAR)
                if not in_combo:
                    self.hits.append(Hit(kind, card_id, (cx - HAND_W / 2, cy - h / 2, cx + HAND_W / 2, cy + h / 2)))

    def _draw_rank(self) -> None:
        out = self.session.outcome()
        sheet = out.sheets[0]
        missed = [g.text for g in sheet.goals if not g.met]
        self.buttons += screens.rank_screen(self.table, sheet.total, out.solo_rank or solo_rank(sheet.total),
                                            out.solo_lost, missed, self.show_breakdown)

    def _draw_breakdown(self) -> None:
        out = self.session.outcome()
        seat = self.view_seat
        state = self.session.state
        sheet = out.sheets[seat]
        standings = [screens.Standing(self.names[s], out.sheets[s].total, out.sheets[s].colours, s in out.winners)
                     for s in range(state.config.players)]
        if state.config.solo:
            note = f"Solo: {sheet.total} Pop, {out.solo_rank}" + (" (goal missed: you lose)" if out.solo_lost else "")
        elif out.is_tie:
            note = "Tied on Pop and on colours: play again!"
        else:
            note = f"{self.names[out.winners[0]]} wins."
        screens.breakdown(self.table, self.cat, f"{self.names[seat]}: final display",
                          display_cells(state.displays[seat]), sheet, standings if state.config.players > 1 else (),
                          note)
        if state.config.players > 1:
            self.buttons.append(screens.button(self.table, "Next player", 1.0, 0.9, lambda: self.next_seat(1),
                                               0.045, name="next-seat"))
        if self.on_quit is not None:
            self.buttons.append(screens.button(self.table, "Quit", 1.55, 0.9, self.on_quit, 0.045,
                                               colour=(0.75, 0.75, 0.8, 1), name="quit"))

    def destroy(self) -> None:
        self._clear()
        for event in self._events:
            self.base.ignore(event)
        self.base.taskMgr.remove("popart-track")
        self.root.remove_node()
