"""Side panels of the Pop Art table: the other displays (or the solo rival) and the passed piles."""
from __future__ import annotations

from typing import Sequence

from panda3d.core import NodePath

from game.popart.cards import Catalogue
from game.popart.rules import display_cells, left_faces, left_of, right_of
from game.popart.scoring import score_display
from game.popart.state import State
from scenes.popart import draw
from scenes.popart.cards_view import PAPER, SOFT, STAR, card_back, mini_print, print_face

OTHERS_BOX = (0.42, -0.30, 1.74, 0.80)
PILES_POS = (0.55, -0.74)


def others_panel(table: NodePath, cat: Catalogue, state: State, seat: int, names: Sequence[str]) -> None:
    """Everyone else's display as minis with status and Pop so far; in solo, the rival display."""
    n = state.config.players
    x0, y0, x1, y1 = OTHERS_BOX
    if state.config.solo:
        draw.text(table, "Rival display (the rulebook cover)", x0, y1 + 0.015, 0.036, PAPER, "left")
        size = 0.13
        for i, face in enumerate(cat.rival):
            node = mini_print(table, face.colour, face.kind, size)
            node.set_pos(x0 + 0.1 + (i % 3) * (size + 0.015), 0, y1 - 0.1 - (i // 3) * (size + 0.015))
        draw.text(table, "\"More than your left neighbor\" compares with this display.", x0, y1 - 0.6, 0.032,
                  SOFT, "left", wrap=1.3)
        return
    others = [s for s in range(n) if s != seat]
    cols = 1 if len(others) <= 2 else 2
    rows = (len(others) + cols - 1) // cols
    cell_h = (y1 - y0) / rows
    cell_w = (x1 - x0) / cols
    for i, other in enumerate(others):
        ox = x0 + (i % cols) * cell_w
        oy = y1 - (i // cols) * cell_h
        rel = " (your left neighbor)" if other == left_of(seat, n) else \
            " (passes to you)" if other == right_of(seat, n) else ""
        status = "chosen" if state.pending[other] is not None else "choosing"
        draw.text(table, f"{names[other]}{rel}", ox, oy + 0.015, 0.032, PAPER, "left", wrap=cell_w - 0.02)
        draw.text(table, status, ox + cell_w - 0.04, oy - 0.04, 0.028,
                  (0.5, 0.9, 0.5, 1) if status == "chosen" else SOFT, "right")
        display = state.displays[other]
        size = min(0.1, (cell_h - 0.1) / 3.3)
        if display:
            top = min(p.row for p in display)
            left = min(p.col for p in display)
            for p in display:
                # The print itself, small: its colour, picture and value, as on your own display.
                node = print_face(table, cat, p.fg, p.bg, size * 0.74)
                node.set_pos(ox + size * 0.6 + (p.col - left) * (size * 0.86), 0,
                             oy - 0.02 - size * 0.6 - (p.row - top) * (size * 1.1))
        else:
            draw.text(table, "no prints yet", ox, oy - 0.1, 0.03, SOFT, "left")
        sheet_total = score_display(display_cells(display), left_faces(state, other, cat), (), cat).total \
            if display else 0
        draw.text(table, f"{sheet_total} Pop", ox + cell_w - 0.04, oy - 0.1, 0.03, STAR, "right")


def piles_panel(table: NodePath, state: State, seat: int, names: Sequence[str]) -> None:
    """The pile you passed left and the pile you picked up (solo: the discard)."""
    x, y = PILES_POS
    w = 0.16
    n = state.config.players
    draw.text(table, "Passed piles", x - 0.1, y + 0.26, 0.036, PAPER, "left")
    if state.config.solo:
        for k in range(min(4, len(state.discard) // 4 + 1)):
            card_back(table, w, "discard").set_pos(x + 0.1 + k * 0.012, 0, y - k * 0.012)
        draw.text(table, f"Discard: {len(state.discard)} cards", x + 0.36, y + 0.04, 0.032, SOFT, "left")
        # Beside the discard, not under it: below it the line ran off the window's bottom edge.
        draw.text(table, f"Decks: {len(state.fg_deck)} Foregrounds, {len(state.bg_deck)} Backgrounds", x + 0.36,
                  y - 0.04, 0.028, SOFT, "left")
        return
    mine = state.passed[seat]
    got = state.passed[right_of(seat, n)]
    for row, (pile, label) in enumerate(((mine, f"to {names[left_of(seat, n)]}"),
                                         (got, f"from {names[right_of(seat, n)]}"))):
        py = y + 0.14 - row * 0.24
        if pile.size:
            for k in range(pile.size):
                card_back(table, w * 0.7, "pile").set_pos(x + k * 0.015, 0, py - k * 0.008)
            text = f"{label}: {len(pile.foregrounds)} Foregrounds + {len(pile.backgrounds)} Backgrounds"
        else:
            text = f"{label}: nothing yet"
        draw.text(table, text, x + 0.17, py - 0.01, 0.03, SOFT, "left", wrap=0.95)
