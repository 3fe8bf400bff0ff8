"""The rulebook's example display (A-I, 32 Pop) on the end-of-game breakdown screen.

Shown by `junkart popart --example`; also the picture in docs/popart.png.
"""
from __future__ import annotations

import json
from typing import Any

from panda3d.core import NodePath

from game.assets import assets_path
from game.popart.cards import Face, load_catalogue
from game.popart.scoring import LABELS, ScoreSheet, score_display
from scenes.popart import draw, screens
from scenes.popart.cards_view import TABLE


def example_display() -> tuple[dict[tuple[int, int], tuple[str, str]], list[Face]]:
    data = json.loads(assets_path("cards", "popart", "example.json").read_text(encoding="utf-8"))
    cells = {divmod(LABELS.index(p["label"]), 3): (p["fg"], p["bg"]) for p in data["prints"]}
    return cells, [Face(**face) for face in data["left"]]


class ExampleScene:
    """Holds its NodePath; `destroy()` removes it."""

    def __init__(self, base: Any):
        self.base = base
        draw.font(base.loader)
        base.set_background_color(*TABLE)
        self.root: NodePath = base.aspect2d.attach_new_node("popart-example")
        cells, left = example_display()
        self.sheet: ScoreSheet = score_display(cells, left)
        screens.breakdown(self.root, load_catalogue(), "The rulebook's example display", cells, self.sheet,
                          note="B compares with the left neighbor, who also has 1 magenta, so B scores 0.")

    def destroy(self) -> None:
        self.root.remove_node()
