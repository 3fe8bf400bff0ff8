"""F1 at the table: the city's rules (game/rules_text.py) on one dark page over the table."""
from __future__ import annotations

from typing import Any

from direct.gui.DirectGui import DirectFrame, DirectLabel
from panda3d.core import NodePath, TextNode

from game.rules_text import RulesPage
from scenes.table.layout import Rect

INK = (0.96, 0.95, 0.92, 1.0)
HEAD = (0.98, 0.78, 0.30, 1.0)
DIM = (0.80, 0.80, 0.82, 1.0)


class RulesOverlay:
    def __init__(self, base: Any, font: Any, bold: Any) -> None:
        self.base, self.font, self.bold = base, font, bold
        self.root: NodePath | None = None
        self.page: RulesPage | None = None
        self._rect = Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        return self.root is not None

    def rect(self) -> Rect:
        return self._rect

    def texts(self) -> list[str]:
        return [] if self.page is None else [t for _, t in self.page.sections]

    def show(self, page: RulesPage, footer: str = "F1 closes the rules") -> None:
        self.hide()
        self.page = page
        a = float(self.base.a2dRight)
        half = min(1.25, a - 0.05)
        self._rect = Rect(-half, -0.95, half, 0.95)
        self.root = self.base.aspect2d.attach_new_node("rules-page")
        self.root.set_bin("fixed", 60)
        DirectFrame(parent=self.root, frameColor=(0.05, 0.06, 0.08, 0.94), frameSize=(-half, half, -0.95, 0.95))
        self._text(page.title, -half + 0.08, 0.8, 0.07, self.bold, HEAD, 2 * half - 0.16)
        y = 0.66
        width = 2 * half - 0.16
        scale = 0.038
        for heading, body in page.sections:
            self._text(heading, -half + 0.08, y, scale, self.bold, HEAD, width)
            label = self._text(body, -half + 0.08, y - 0.055, scale, self.font, INK, width)
            l, r, b, t = label.getBounds()
            y = y - 0.055 + b * 1.0 - 0.07
        self._text(footer, 0.0, -0.9, 0.034, self.font, DIM, width, centre=True)

    def hide(self) -> None:
        if self.root is not None:
            for child in self.root.find_all_matches("**/+PGItem"):
                child.remove_node()
            self.root.remove_node()
        self.root, self.page = None, None

    def _text(self, text: str, x: float, y: float, scale: float, font: Any, colour: Any, width: float,
              centre: bool = False) -> DirectLabel:
        return DirectLabel(parent=self.root, text=text, text_scale=scale, text_font=font, text_fg=colour,
                           text_align=TextNode.A_center if centre else TextNode.A_left, text_wordwrap=width / scale,
                           relief=None, pos=(x, 0, y))
