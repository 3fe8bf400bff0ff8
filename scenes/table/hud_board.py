"""The scoreboards over the table (after a city, and at the end of the tour), drawn into the HUD:
per seat the fans won here and in all, height, fallen, out; the city's fan table or the fans city
by city; a picture of the table as it ended (the HUD's `board_picture`); the board's buttons.

A function of the `Hud` (scenes/table/hud.py) it draws into, imported by it when a board shows:
its panels, texts and buttons join the HUD's blocks, so the overlap test covers them too.
"""
from __future__ import annotations

from typing import Any

from direct.gui.DirectGui import DirectFrame

from scenes.table.hud import ACTIVE, DIM, INK, OUT
from scenes.table.hud_model import Scoreboard

PICTURE_W = 0.8                        # the picture of the final table (16:9), window units
PICTURE_H = PICTURE_W * 9 / 16


def draw_scoreboard(hud: Any, board: Scoreboard, x0: float, x1: float, y0: float, y1: float) -> None:
    """The end of a city or of the tour: per seat the fans here and in all, height, fallen,
    out; the city's fan table (or the fans city by city); a picture of the table as it ended
    (`board_picture`); Next city / Play again / Menu."""
    lines = 2 + 1 + len(board.rows) + (1 + len(board.awards) if board.awards else 0)
    room = (y1 - y0) - 0.14 - (0.1 if board.buttons else 0.0)
    step = min(0.065, room / lines)
    scale = step * 0.62
    picture = hud.board_picture
    beside = PICTURE_W + 0.04 if picture is not None else 0.0
    needed = lines * step + 0.14
    if picture is not None:             # the picture stands right of the rows, under the subtitle
        needed = max(needed, step * 3.4 + PICTURE_H + 0.1)
    y0 = max(y0, y1 - (needed + (0.1 if board.buttons else 0.0)))   # as tall as it needs
    width = min(1.9 + beside, x1 - x0)
    cx = 0.0 if x0 <= -width / 2 and width / 2 <= x1 else (x0 + x1) / 2
    left, right = cx - width / 2, cx + width / 2
    panel = hud._panel("scoreboard", left, y0, right, y1, (0.05, 0.06, 0.08, 0.93))
    inner = width - 0.1
    table_w = inner - beside
    y = y1 - 0.05 - step

    def put(text: str, x: float, size: float, *, bold: bool = False, colour: Any = INK, align: str = "left",
            span: float = inner) -> None:
        label = hud._text(text, (x, y), size, span, bold=bold, colour=colour, align=align, parent=panel)
        hud._texts.append(("scoreboard", label, panel))

    put(board.title, cx, scale * 1.5, bold=True, colour=ACTIVE, align="center")
    y -= step * 1.1
    put(board.subtitle, cx, scale, colour=DIM, align="center")
    y -= step * 1.2
    if picture is not None:
        top = y + step * 0.75
        frame = DirectFrame(parent=panel, frameTexture=picture, frameColor=(1, 1, 1, 1),
                            frameSize=(right - 0.05 - PICTURE_W, right - 0.05, top - PICTURE_H, top))
        hud._widgets.append(frame)
        hud._texts.append(("scoreboard-picture", frame, panel))
        hud.picture_frame = frame
    columns = [("", 0.0, "left"), ("fans here", 0.46, "right"), ("total", 0.6, "right"), ("height", 0.76, "right"),
               ("fallen", 0.9, "right"), ("", 0.94, "left")]
    at = [left + 0.05 + table_w * f for _, f, _ in columns]
    for (title, _, align), x in zip(columns, at):
        if title:
            put(title, x, scale * 0.9, colour=DIM, align=align, span=table_w * 0.16)
    y -= step
    for row in board.rows:
        cells = [row.name, str(row.here), str(row.total), row.height, str(row.fallen), "OUT" if row.out else ""]
        colour = ACTIVE if row.leads else (OUT if row.out else INK)
        for k, ((_, _, align), x, cell) in enumerate(zip(columns, at, cells)):
            if cell:
                put(cell, x, scale, bold=k == 0 or row.leads, colour=colour, align=align,
                    span=table_w * (0.4 if k == 0 else 0.12))
        y -= step
    if board.awards:
        y -= step * 0.2
        put(board.awards_title, left + 0.05, scale * 0.9, colour=DIM)
        for line in board.awards:
            y -= step * 0.9
            put(line, left + 0.09, scale * 0.9, colour=DIM, span=table_w - 0.04)
    for k, text in enumerate(board.buttons):
        bw = min(0.6, inner / max(1, len(board.buttons)))
        hud.board_buttons.append(hud._button(text, (cx + (k - (len(board.buttons) - 1) / 2) * (bw + 0.04), y0 + 0.05),
                                             hud.on_board, [text], hot=k == 0, width=bw, parent=panel, inside=panel))

