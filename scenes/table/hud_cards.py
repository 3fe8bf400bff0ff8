"""Junk Art cards as cards: a painted frame in the card's colour, a cream face with the piece's
picture (assets/cards/pieces, drawn by scenes/card_pictures.py, tinted with the colour here) and
the number in the corner; with colour-blind marks on, the colour's shape in the other corner.

Drawn with plain geometry (CardMaker quads and TextNodes) under one DirectButton per card, so
only the button takes clicks. `card_words` says what a card shows, for tests and for logs.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton
from panda3d.core import CardMaker, Filename, NodePath, SamplerState, TextNode, TransparencyAttrib

from game.cards import HIDDEN, STAR, is_junk_card
from game.cards import card as junk_card
from game.pieces import shape_of
from scenes.card_pictures import picture_path
from scenes.table import palette
from scenes.table.hud_model import card_text

ASPECT = 1.4               # a card's height over its width (a playing card's proportions)
FACE = (0.96, 0.93, 0.86, 1.0)
INK = (0.10, 0.09, 0.08, 1.0)
SELECTED = (0.98, 0.78, 0.30, 1.0)
SPECIAL = (0.80, 0.74, 0.62, 1.0)      # the frame of a card with no piece (star, hidden)


def card_colour_rgba(card: str) -> tuple[float, float, float, float]:
    return palette.piece_colour(junk_card(card).colour) if is_junk_card(card) else SPECIAL


def card_words(card: str, marks: bool) -> str:
    """What the card shows, in words ("▲ 7 orange wedge" with marks)."""
    text = card_text(card)
    return palette.marked(junk_card(card).colour, text) if marks and is_junk_card(card) else text


_pictures: dict[str, Any] = {}


def _picture(loader: Any, shape: str) -> Any:
    if shape not in _pictures:
        texture = loader.loadTexture(Filename.from_os_specific(str(picture_path(shape))))
        texture.set_minfilter(SamplerState.FT_linear_mipmap_linear)
        texture.set_magfilter(SamplerState.FT_linear)
        _pictures[shape] = texture
    return _pictures[shape]


def _quad(parent: NodePath, name: str, l: float, r: float, b: float, t: float, colour: Sequence[float]) -> NodePath:
    maker = CardMaker(name)
    maker.set_frame(l, r, b, t)
    node = parent.attach_new_node(maker.generate())
    node.set_color(*colour)
    return node


def draw_face(parent: NodePath, loader: Any, card: str, width: float, height: float, font: Any,
              marks: bool, number_scale: float | None = None) -> None:
    """The card centred on `parent`'s origin: frame, face, picture, number (and mark)."""
    w, h = width / 2, height / 2
    border = width * 0.07
    _quad(parent, "frame", -w, w, -h, h, card_colour_rgba(card))
    _quad(parent, "face", -w + border, w - border, -h + border, h - border, FACE)
    big = number_scale or width * 0.28
    if is_junk_card(card):
        c = junk_card(card)
        side = min(width - 2 * border, height - 2 * border - big) * 0.98
        picture = _quad(parent, "picture", -side / 2, side / 2, -h + border * 1.2, -h + border * 1.2 + side,
                        palette.piece_colour(c.colour))
        picture.set_texture(_picture(loader, shape_of(c.piece)))
        picture.set_transparency(TransparencyAttrib.M_alpha)
        _text(parent, str(c.number), -w + border * 1.6, h - border - big * 0.8, big, font, TextNode.A_left)
        if marks and c.colour in palette.MARKS:
            _text(parent, palette.MARKS[c.colour], w - border * 1.6, h - border - big * 0.8, big * 0.8, font,
                  TextNode.A_right)
    else:
        symbol = "\u2605" if card == STAR else ("?" if card == HIDDEN else card[:1].upper())
        _text(parent, symbol, 0.0, -big * 0.35, big * 1.4, font, TextNode.A_center)


def _text(parent: NodePath, text: str, x: float, y: float, scale: float, font: Any, align: int) -> NodePath:
    node = TextNode("card-text")
    if font is not None:
        node.set_font(font)
    node.set_text(text)
    node.set_align(align)
    node.set_text_color(*INK)
    path = parent.attach_new_node(node)
    path.set_scale(scale)
    path.set_pos(x, 0, y)
    return path


def card_button(parent: NodePath, loader: Any, card: str, centre: tuple[float, float], width: float, font: Any, *,
                marks: bool, selected: bool, command: Callable[..., None], args: Sequence[Any]) -> DirectButton:
    """A card of your hand as a button; the selected one stands a little higher, outlined."""
    height = width * ASPECT
    lift = height * 0.08 if selected else 0.0
    pad = width * 0.05 if selected else 0.0
    button = DirectButton(parent=parent, frameColor=SELECTED if selected else (0, 0, 0, 0.55),
                          frameSize=(-width / 2 - pad - 0.006, width / 2 + pad + 0.006, -height / 2 - pad - 0.008,
                                     height / 2 + pad + 0.004),
                          pos=(centre[0], 0, centre[1] + lift), relief=DGG.FLAT, command=command, extraArgs=list(args),
                          pressEffect=1)
    face = button.attach_new_node("card-face")
    draw_face(face, loader, card, width, height, font, marks)
    return button


def draw_minis(parent: NodePath, loader: Any, cards: Sequence[str], x0: float, y: float, height: float,
               font: Any, marks: bool, gap: float) -> float:
    """Small cards in a row from `x0` (left edge), centred on `y`; returns the row's right edge."""
    width = height / ASPECT
    x = x0
    for card in cards:
        holder = parent.attach_new_node("mini-card")
        holder.set_pos(x + width / 2, 0, y)
        draw_face(holder, loader, card, width, height, font, marks, number_scale=width * 0.42)
        x += width + gap
    return x
