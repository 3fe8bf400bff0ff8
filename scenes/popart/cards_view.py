"""Pop Art card faces drawn procedurally: Foregrounds, Backgrounds, blended prints and minis.

Every face is a NodePath centred on (0, 0) of size w x h (h = 1.4 w), so the scene can place,
scale and drag it. Colours are bold and flat with halftone dots; conditions sit in a white
caption box with a small 3 x 3 diagram of what they count.
"""
from __future__ import annotations

from panda3d.core import NodePath

from game.popart.cards import Background, Catalogue, Foreground
from game.popart.patterns import AREAS, PATTERNS, plural, with_article
from scenes.popart import draw

RGBA = tuple[float, float, float, float]

PALETTE: dict[str, RGBA] = {
    "magenta": (0.93, 0.17, 0.56, 1), "yellow": (1.0, 0.86, 0.12, 1), "cyan": (0.12, 0.72, 0.94, 1),
    "orange": (1.0, 0.55, 0.12, 1), "green": (0.36, 0.78, 0.26, 1), "violet": (0.58, 0.36, 0.86, 1),
}
INK: RGBA = (0.05, 0.05, 0.08, 1)
PAPER: RGBA = (1, 1, 1, 1)
TABLE: RGBA = (0.13, 0.13, 0.17, 1)
SOFT: RGBA = (0.72, 0.72, 0.78, 1)
STAR: RGBA = (1.0, 0.93, 0.2, 1)
ASPECT = 1.4   # card height / width


CAPTIONS: dict[str, str] = {
    "per_set_of_2": "per set of 2 {xs}",
    "per_set_of_3": "per set of 3 {xs}",
    "more_than_left": "if more {x} than your left neighbor",
    "per_in_column": "per {x} in this column",
    "per_in_row": "per {x} in this row",
    "if_right": "if {ax} is right",
    "if_above": "if {ax} is above",
    "per_adjacent": "per adjacent {x}",
    "per_diagonal": "per {x} diagonally",
    "if_no_adjacent": "if no adjacent {x}",
    "per_in_area": "per {x} in the area",
    "in_every_row": "if every row has {ax}",
}


def short_condition(pattern: str, subject: str, value: int, area: str | None) -> str:
    """The card caption: the star shows the value and the diagram the cells, so words stay few."""
    return CAPTIONS[pattern].format(x=subject, xs=plural(subject), ax=with_article(subject))


# Which cells of a 3 x 3 diagram a pattern highlights; (1, 1) is "this print" for relative patterns.
def _diagram(pattern: str, area: str | None) -> tuple[set[tuple[int, int]], bool, bool]:
    """(cells, shows_self, is_negative)."""
    if pattern == "per_in_area":
        return set(AREAS[area or "corners"]), False, False
    return {
        "per_in_column": ({(0, 1), (2, 1)}, True, False),
        "per_in_row": ({(1, 0), (1, 2)}, True, False),
        "per_adjacent": ({(0, 1), (1, 0), (1, 2), (2, 1)}, True, False),
        "per_diagonal": ({(0, 0), (0, 2), (2, 0), (2, 2)}, True, False),
        "if_right": ({(1, 2)}, True, False),
        "if_above": ({(0, 1)}, True, False),
        "if_no_adjacent": ({(0, 1), (1, 0), (1, 2), (2, 1)}, True, True),
        "in_every_row": ({(0, 0), (1, 1), (2, 2)}, False, False),
    }.get(pattern, (set(), False, False))


# Patterns whose caption says it all: no diagram, so the words get the whole box.
WORDS_ONLY = ("per_set_of_2", "per_set_of_3", "more_than_left")


def pattern_icon(parent: NodePath, pattern: str, area: str | None, cx: float, cy: float, size: float) -> NodePath:
    """A small picture of what the pattern counts: a 3 x 3 map, or 'x2' / 'x3' / 'vs left'."""
    node = parent.attach_new_node("icon")
    if pattern in WORDS_ONLY:
        return node
    cells, shows_self, negative = _diagram(pattern, area)
    cell = size / 3
    draw.rect(node, cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2, INK)
    for r in range(3):
        for c in range(3):
            x = cx - size / 2 + (c + 0.5) * cell
            y = cy + size / 2 - (r + 0.5) * cell
            if (r, c) in cells:
                fill: RGBA = (1.0, 0.35, 0.35, 1) if negative else STAR
            elif shows_self and (r, c) == (1, 1):
                fill = (0.25, 0.25, 0.3, 1)
            else:
                fill = PAPER
            draw.rect(node, x - cell * 0.4, y - cell * 0.4, x + cell * 0.4, y + cell * 0.4, fill)
    return node


def _illustration(parent: NodePath, kind: str, cx: float, cy: float, size: float, shade: RGBA) -> None:
    """A flat silhouette: head and shoulders for a Portrait, a soup-can still life otherwise."""
    if kind == "Portrait":
        draw.disc(parent, cx, cy - size * 0.42, size * 0.42, size * 0.3, shade, 0, 180)
        draw.disc(parent, cx, cy + size * 0.12, size * 0.2, size * 0.24, shade)
    else:
        w, h = size * 0.42, size * 0.62
        draw.rect(parent, cx - w / 2, cy - h / 2 - size * 0.08, cx + w / 2, cy + h / 2 - size * 0.08, shade)
        draw.disc(parent, cx, cy + h / 2 - size * 0.08, w / 2, size * 0.07, (1, 1, 1, 0.5))
        draw.rect(parent, cx - w / 2, cy - size * 0.14, cx + w / 2, cy + size * 0.02, (1, 1, 1, 0.45))


def _base(parent: NodePath, w: float, h: float, colour: RGBA, name: str) -> NodePath:
    card = parent.attach_new_node(name)
    draw.framed(card, 0, 0, w, h, colour, INK, w * 0.035)
    draw.dots(card, 0, 0, w * 0.93, h * 0.95, density=12.0 / max(w, 0.05) * 0.3)
    return card


def _shade(colour: RGBA) -> RGBA:
    return (colour[0] * 0.35, colour[1] * 0.35, colour[2] * 0.35, 0.85)


def _star_value(card: NodePath, value: int | str, x: float, y: float, r: float) -> None:
    draw.star(card, x, y, r * 1.12, INK)
    draw.star(card, x, y, r, STAR)
    draw.text(card, str(value), x, y - r * 0.3, r * 0.85, INK)


def _caption(card: NodePath, text: str, w: float, h: float) -> None:
    """The white caption box across the lower part of the card, text as large as fits."""
    box_h = h * 0.4
    cy = -h / 2 + w * 0.07 + box_h / 2
    draw.framed(card, 0, cy, w * 0.88, box_h, PAPER, INK, w * 0.012)
    scale = w * 0.112
    node = draw.text(card, text, -w * 0.4, cy + box_h / 2 - scale * 1.15, scale, INK, "left", wrap=w * 0.8)
    lines = draw.text_lines(node)
    if lines > 4:   # long conditions: shrink to fit the box
        node.set_scale(scale * 4 / lines)


def _icon(bg: Background) -> tuple[str, str | None] | None:
    return None if bg.pattern in WORDS_ONLY else (bg.pattern, bg.area)


def foreground_face(parent: NodePath, fg: Foreground, w: float) -> NodePath:
    h = w * ASPECT
    colour = PALETTE[fg.colour]
    card = _base(parent, w, h, colour, f"fg-{fg.id}")
    draw.text(card, fg.kind.upper(), 0, h * 0.39, w * 0.095, INK)
    _illustration(card, fg.kind, 0, h * 0.14, w * 0.6, _shade(colour))
    draw.text(card, fg.illustration, 0, -h * 0.15, w * 0.11, INK, wrap=w * 0.92)
    chip_h = h * 0.2
    cy = -h / 2 + w * 0.07 + chip_h / 2
    swatch = PALETTE.get(fg.subject)
    draw.framed(card, 0, cy, w * 0.88, chip_h, PAPER, INK, w * 0.012)
    draw.text(card, "X =", -w * 0.4, cy + w * 0.03, w * 0.085, (0.35, 0.35, 0.4, 1), "left")
    label = draw.text(card, fg.subject, -w * 0.4, cy - w * 0.1, w * 0.12, INK, "left")
    if swatch:
        draw.framed(card, w * 0.3, cy, chip_h * 0.62, chip_h * 0.62, swatch, INK, w * 0.012)
    elif len(fg.subject) > 8:
        label.set_scale(w * 0.1)
    return card


def background_face(parent: NodePath, bg: Background, w: float) -> NodePath:
    h = w * ASPECT
    colour = PALETTE[bg.colour]
    card = _base(parent, w, h, colour, f"bg-{bg.id}")
    icon = _icon(bg)
    _star_value(card, bg.value, w * 0.18 if icon else 0, h * 0.24, w * 0.25)
    if icon:
        pattern_icon(card, icon[0], icon[1], -w * 0.22, h * 0.24, w * 0.34)
    _caption(card, short_condition(bg.pattern, "X", bg.value, bg.area), w, h)
    return card


def print_face(parent: NodePath, cat: Catalogue, fg_id: str, bg_id: str, w: float,
               label: str | None = None, points: int | None = None) -> NodePath:
    """A layered print: blended colour, the foreground's picture, the condition with X resolved."""
    fg, bg = cat.foregrounds[fg_id], cat.backgrounds[bg_id]
    face = cat.face(fg_id, bg_id)
    h = w * ASPECT
    colour = PALETTE[face.colour]
    card = _base(parent, w, h, colour, f"print-{fg_id}-{bg_id}")
    _illustration(card, fg.kind, -w * 0.14, h * 0.23, w * 0.46, _shade(colour))
    if w >= 0.26:   # room for the picture's name just above the caption
        draw.text(card, fg.illustration, -w * 0.14, -h * 0.1 + w * 0.07 + w * 0.035, w * 0.08, INK)
    _star_value(card, bg.value, w * 0.28, h * 0.33, w * 0.15)
    icon = _icon(bg)
    if icon:
        pattern_icon(card, icon[0], icon[1], w * 0.28, h * 0.1, w * 0.26)
    _caption(card, short_condition(bg.pattern, fg.subject, bg.value, bg.area), w, h)
    if label:
        draw.framed(card, -w * 0.36, h * 0.41, w * 0.2, w * 0.2, INK, PAPER, w * 0.015)
        draw.text(card, label, -w * 0.36, h * 0.41 - w * 0.05, w * 0.14, PAPER)
    if points is not None:
        tag = (0.1, 0.55, 0.2, 1) if points else (0.45, 0.45, 0.5, 1)
        draw.framed(card, w * 0.3, -h * 0.5, w * 0.36, h * 0.11, tag, INK, w * 0.012)
        draw.text(card, f"+{points}", w * 0.3, -h * 0.5 - w * 0.04, w * 0.12, PAPER)
    return card


def card_back(parent: NodePath, w: float, name: str = "back") -> NodePath:
    h = w * ASPECT
    card = parent.attach_new_node(name)
    draw.framed(card, 0, 0, w, h, (0.2, 0.2, 0.26, 1), INK, w * 0.035)
    for i, c in enumerate(("magenta", "yellow", "cyan")):
        draw.disc(card, (i - 1) * w * 0.24, 0, w * 0.13, w * 0.13, PALETTE[c])
    return card


def mini_print(parent: NodePath, colour: str, kind: str, size: float) -> NodePath:
    """One print of another player's display: its colour and a P / S letter."""
    node = parent.attach_new_node("mini")
    draw.framed(node, 0, 0, size, size, PALETTE[colour], INK, size * 0.06)
    draw.text(node, "P" if kind == "Portrait" else "S", 0, -size * 0.18, size * 0.5, INK)
    return node


__all__ = ["PALETTE", "INK", "PAPER", "TABLE", "foreground_face", "background_face", "print_face", "card_back",
           "mini_print", "pattern_icon", "short_condition", "PATTERNS"]
