"""Full-screen Pop Art views that need no hand: hot-seat hand-off, solo rank, end-of-game breakdown.

They take plain data (names, score sheets, cells) rather than the session, so the rulebook's
example display can be shown with the same breakdown screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from direct.gui.DirectGui import DirectButton
from panda3d.core import NodePath

from game.popart.cards import Catalogue
from game.popart.scoring import SOLO_RANKS, ScoreSheet
from scenes.popart import draw
from scenes.popart.cards_view import INK, PALETTE, PAPER, SOFT, STAR, TABLE, print_face

Cell = tuple[int, int]
LOGO_COLOURS = ("magenta", "yellow", "cyan", "orange", "green", "violet")


def logo(parent: NodePath, x: float, y: float, scale: float) -> NodePath:
    """'POP ART' with every letter in a print colour and a black drop shadow."""
    node = parent.attach_new_node("logo")
    letters = "POP ART"
    step = scale * 0.62
    for i, ch in enumerate(letters):
        if ch == " ":
            continue
        cx = x + (i - (len(letters) - 1) / 2) * step
        draw.text(node, ch, cx + scale * 0.06, y - scale * 0.06, scale, INK)
        draw.text(node, ch, cx, y, scale, PALETTE[LOGO_COLOURS[i % len(LOGO_COLOURS)]])
    return node


def button(parent: NodePath, label: str, x: float, y: float, command: Callable[[], None], scale: float = 0.055,
           colour: tuple[float, float, float, float] = STAR, name: str = "") -> DirectButton:
    fnt = draw.font()
    kwargs = {"text_font": fnt} if fnt is not None else {}
    btn = DirectButton(parent=parent, text=label, scale=scale, pos=(x, 0, y), command=command,
                       frameColor=colour, text_fg=INK, pad=(0.6, 0.35), relief=1, borderWidth=(0.12, 0.12),
                       pressEffect=1, **kwargs)
    btn.setName(name or f"button-{label}")
    return btn


def handoff(parent: NodePath, name: str, round_no: int, on_ready: Callable[[], None]) -> list[DirectButton]:
    """Hide the table and ask for the next player (hot-seat)."""
    draw.rect(parent, -2, -1, 2, 1, TABLE)
    draw.dots(parent, 0, 0, 4, 2, density=9, strength=0.25)
    logo(parent, 0, 0.55, 0.16)
    draw.framed(parent, 0, -0.02, 1.9, 0.6, PAPER, INK, 0.012)
    draw.text(parent, f"Pass the screen to {name}", 0, 0.1, 0.085, INK)
    draw.text(parent, f"Round {round_no} of 9. Everyone else, look away: your hands are hidden.", 0, -0.04, 0.042,
              (0.3, 0.3, 0.35, 1))
    draw.text(parent, "Your choice stays secret until every player has chosen.", 0, -0.13, 0.042, (0.3, 0.3, 0.35, 1))
    return [button(parent, f"I'm {name}: show my hand", 0, -0.5, on_ready, 0.07, name="handoff-ready")]


def rank_screen(parent: NodePath, score: int, rank: str, lost: bool, missed: Sequence[str],
                on_continue: Callable[[], None]) -> list[DirectButton]:
    """Solo result: the score, the rank name and the rulebook's bands with yours lit up."""
    draw.rect(parent, -2, -1, 2, 1, TABLE)
    draw.dots(parent, 0, 0, 4, 2, density=9, strength=0.25)
    logo(parent, 0, 0.78, 0.12)
    draw.text(parent, "SOLO RESULT", 0, 0.62, 0.05, SOFT)
    draw.star(parent, -0.95, 0.2, 0.36, INK)
    draw.star(parent, -0.95, 0.2, 0.32, STAR)
    draw.text(parent, str(score), -0.95, 0.15, 0.17, INK)
    draw.text(parent, "POP", -0.95, -0.2, 0.07, STAR)
    colour = PALETTE["magenta"] if not lost else (0.85, 0.2, 0.2, 1)
    title = rank.upper()
    size = 0.15 if len(title) < 14 else 0.1
    draw.text(parent, title, 0.35, 0.32 - size * 0.4, size, INK)
    draw.text(parent, title, 0.35 - 0.008, 0.32 - size * 0.4 + 0.008, size, colour)
    if lost:
        draw.text(parent, "Goal missed, so you lose: " + "; ".join(missed), 0.35, 0.12, 0.045, (1, 0.5, 0.5, 1),
                  wrap=2.0)
    bands = list(reversed(SOLO_RANKS))
    for i, (floor, name) in enumerate(bands):
        ceiling = bands[i + 1][0] - 1 if i + 1 < len(bands) else None
        span = f"{floor}-{ceiling}" if ceiling is not None else f"{floor}+"
        y = -0.08 - i * 0.1
        mine = name == rank
        fill = STAR if mine else (0.22, 0.22, 0.28, 1)
        draw.framed(parent, 0.35, y + 0.02, 1.5, 0.085, fill, INK, 0.006)
        ink = INK if mine else PAPER
        draw.text(parent, span, -0.3, y, 0.045, ink, "left")
        draw.text(parent, name, 0.1, y, 0.045, ink, "left")
    return [button(parent, "See the breakdown", 0, -0.68, on_continue, 0.06, name="rank-continue")]


@dataclass(frozen=True)
class Standing:
    name: str
    total: int
    colours: int
    winner: bool


def breakdown(parent: NodePath, cat: Catalogue, title: str, cells: Mapping[Cell, tuple[str, str]],
              sheet: ScoreSheet, standings: Sequence[Standing] = (), note: str = "") -> None:
    """The end-of-game sheet for one display: the 3 x 3 with A-I labels, then every condition resolved."""
    draw.rect(parent, -2, -1, 2, 1, TABLE)
    logo(parent, -1.38, 0.9, 0.075)
    draw.text(parent, title, -0.95, 0.885, 0.055, PAPER, "left")
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    points = {(p.row, p.col): p.points for p in sheet.prints}
    w = 0.3
    h = w * 1.4
    for (r, c), (fg, bg) in cells.items():
        nr, nc = r - top, c - left
        card = print_face(parent, cat, fg, bg, w, label="ABCDEFGHI"[nr * 3 + nc], points=points.get((nr, nc)))
        card.set_pos(-1.42 + nc * (w + 0.035), 0, 0.5 - nr * (h + 0.04))
    x0 = -0.3
    y = 0.74
    row_h = 0.148 if not sheet.goals else 0.132
    for p in sheet.prints:
        fill = (0.2, 0.2, 0.26, 1)
        draw.framed(parent, x0 + 1.02, y - 0.035, 2.04, row_h - 0.014, fill, (0.1, 0.1, 0.13, 1), 0.004)
        draw.framed(parent, x0 + 0.05, y - 0.035, 0.075, 0.075, PALETTE[p.colour], INK, 0.005)
        draw.text(parent, p.label, x0 + 0.05, y - 0.05, 0.045, INK)
        draw.text(parent, p.condition, x0 + 0.12, y - 0.012, 0.034, PAPER, "left")
        draw.text(parent, p.explanation, x0 + 0.12, y - 0.068, 0.029, SOFT, "left", wrap=1.68)
        tag = STAR if p.points else (0.4, 0.4, 0.45, 1)
        draw.text(parent, f"{p.points}", x0 + 1.96, y - 0.055, 0.06, tag, "right")
        y -= row_h
    for g in sheet.goals:
        draw.text(parent, f"Goal {g.id}: {g.text}", x0 + 0.12, y - 0.03, 0.032,
                  STAR if g.met else SOFT, "left", wrap=1.6)
        draw.text(parent, f"{g.points}" if g.met else "missed", x0 + 1.96, y - 0.04, 0.045,
                  STAR if g.met else SOFT, "right")
        y -= 0.075
    draw.rect(parent, x0, y + 0.01, x0 + 2.04, y + 0.016, SOFT)
    draw.text(parent, f"Total {sheet.total} Pop", x0 + 1.96, y - 0.075, 0.075, STAR, "right")
    draw.text(parent, f"{sheet.colours} colours", x0 + 0.12, y - 0.065, 0.04, SOFT, "left")
    if standings:
        parts = [f"{s.name} {s.total}{' (wins)' if s.winner else ''}" for s in standings]
        draw.text(parent, "Standings: " + "   ".join(parts), -1.72, -0.92, 0.042, PAPER, "left", wrap=3.3)
    if note:
        draw.text(parent, note, -1.72, -0.84, 0.036, SOFT, "left", wrap=3.3)
