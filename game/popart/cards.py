"""Pop Art's components as data: foregrounds, backgrounds, goal cards and the solo rival display.

The real card list is not public, so the decks are our design (DESIGN.md, "Pop Art"). They live
in JSON under `assets/cards/popart/`; this module loads and validates them once and offers the
blending rule that turns a Foreground + Background into a print.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from game.assets import assets_path

PRIMARIES: tuple[str, ...] = ("magenta", "yellow", "cyan")
# Colour-wheel order, as the rulebook lists the six print colours on its goal card.
PRINT_COLOURS: tuple[str, ...] = ("magenta", "orange", "yellow", "green", "cyan", "violet")
BLENDED: tuple[str, ...] = ("orange", "green", "violet")
TYPES: tuple[str, ...] = ("Portrait", "Still Life")
SUBJECTS: tuple[str, ...] = PRINT_COLOURS + TYPES

_BLENDS: dict[frozenset[str], str] = {
    frozenset({"magenta", "yellow"}): "orange",
    frozenset({"yellow", "cyan"}): "green",
    frozenset({"cyan", "magenta"}): "violet",
}

FOREGROUND_COUNT = 96
BACKGROUND_COUNT = 96
GOAL_COUNT = 6


class CardDataError(ValueError):
    """A Pop Art data file is missing, malformed or inconsistent."""


def blend(foreground_colour: str, background_colour: str) -> str:
    """Layering blends colours: same + same keeps it, M+Y orange, Y+C green, C+M violet."""
    for colour in (foreground_colour, background_colour):
        if colour not in PRIMARIES:
            raise ValueError(f"unknown card colour {colour!r}; card colours are {', '.join(PRIMARIES)}")
    if foreground_colour == background_colour:
        return foreground_colour
    return _BLENDS[frozenset({foreground_colour, background_colour})]


def matches(colour: str, kind: str, subject: str) -> bool:
    """Does a print of this colour and type count as `subject` (a print colour or a type)?"""
    return subject == colour or subject == kind


@dataclass(frozen=True)
class Foreground:
    id: str
    colour: str          # magenta / yellow / cyan
    kind: str            # Portrait / Still Life
    illustration: str    # the named picture, e.g. "Soup Can"
    subject: str         # what the print's condition counts: a print colour or a type


@dataclass(frozen=True)
class Background:
    id: str
    colour: str
    pattern: str         # a key of game.popart.patterns.PATTERNS
    value: int           # Pop per match (or for meeting the condition)
    area: str | None = None  # the highlighted area, for pattern "per_in_area"


@dataclass(frozen=True)
class Goal:
    id: str
    kind: str            # a key of game.popart.goals.GOAL_CHECKS
    value: int
    text: str


@dataclass(frozen=True)
class Face:
    """What other cards see of a print: its blended colour and its illustration type."""
    colour: str
    kind: str

    def is_(self, subject: str) -> bool:
        return matches(self.colour, self.kind, subject)


@dataclass(frozen=True)
class Catalogue:
    foregrounds: Mapping[str, Foreground]
    backgrounds: Mapping[str, Background]
    goals: Mapping[str, Goal]
    rival: tuple[Face, ...]   # the solo rival display ("the rulebook cover"), 9 prints

    def face(self, fg_id: str, bg_id: str) -> Face:
        fg, bg = self.foregrounds[fg_id], self.backgrounds[bg_id]
        return Face(blend(fg.colour, bg.colour), fg.kind)


def _load_json(name: str) -> Any:
    path = assets_path("cards", "popart", name)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardDataError(f"Pop Art card file missing: {path}") from None
    except json.JSONDecodeError as error:
        raise CardDataError(f"{path}: not valid JSON ({error.msg}, line {error.lineno})") from None


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise CardDataError(message)


def parse_foreground(raw: Mapping[str, Any]) -> Foreground:
    try:
        card = Foreground(str(raw["id"]), raw["colour"], raw["kind"], str(raw["illustration"]), raw["subject"])
    except (KeyError, TypeError) as error:
        raise CardDataError(f"foreground {raw!r}: missing field {error}") from None
    _require(card.colour in PRIMARIES, f"foreground {card.id}: bad colour {card.colour!r}")
    _require(card.kind in TYPES, f"foreground {card.id}: bad type {card.kind!r}")
    _require(card.subject in SUBJECTS, f"foreground {card.id}: bad subject {card.subject!r}")
    return card


def parse_background(raw: Mapping[str, Any]) -> Background:
    from game.popart.patterns import AREAS, PATTERNS  # patterns imports this module

    try:
        card = Background(str(raw["id"]), raw["colour"], raw["pattern"], raw["value"], raw.get("area"))
    except (KeyError, TypeError) as error:
        raise CardDataError(f"background {raw!r}: missing field {error}") from None
    _require(card.colour in PRIMARIES, f"background {card.id}: bad colour {card.colour!r}")
    _require(card.pattern in PATTERNS, f"background {card.id}: unknown pattern {card.pattern!r}")
    _require(isinstance(card.value, int) and card.value > 0, f"background {card.id}: bad value {card.value!r}")
    needs_area = PATTERNS[card.pattern].needs_area
    _require((card.area in AREAS) if needs_area else card.area is None,
             f"background {card.id}: area {card.area!r} does not fit pattern {card.pattern}")
    return card


def parse_goal(raw: Mapping[str, Any]) -> Goal:
    from game.popart.goals import GOAL_CHECKS

    try:
        goal = Goal(str(raw["id"]), raw["kind"], raw["value"], str(raw["text"]))
    except (KeyError, TypeError) as error:
        raise CardDataError(f"goal {raw!r}: missing field {error}") from None
    _require(goal.kind in GOAL_CHECKS, f"goal {goal.id}: unknown kind {goal.kind!r}")
    _require(isinstance(goal.value, int) and goal.value > 0, f"goal {goal.id}: bad value {goal.value!r}")
    return goal


def _unique(cards: list[Any], what: str) -> dict[str, Any]:
    by_id = {card.id: card for card in cards}
    _require(len(by_id) == len(cards), f"duplicate {what} ids")
    return by_id


def catalogue_from_data(foregrounds: list[Mapping[str, Any]], backgrounds: list[Mapping[str, Any]],
                        goals: list[Mapping[str, Any]], rival: list[Mapping[str, Any]]) -> Catalogue:
    fgs = _unique([parse_foreground(raw) for raw in foregrounds], "foreground")
    bgs = _unique([parse_background(raw) for raw in backgrounds], "background")
    gls = _unique([parse_goal(raw) for raw in goals], "goal")
    _require(len(fgs) == FOREGROUND_COUNT, f"expected {FOREGROUND_COUNT} foregrounds, found {len(fgs)}")
    _require(len(bgs) == BACKGROUND_COUNT, f"expected {BACKGROUND_COUNT} backgrounds, found {len(bgs)}")
    _require(len(gls) == GOAL_COUNT, f"expected {GOAL_COUNT} goal cards, found {len(gls)}")
    _require(not set(fgs) & set(bgs), "foreground and background ids overlap")
    faces = []
    for raw in rival:
        _require(raw.get("colour") in PRINT_COLOURS and raw.get("kind") in TYPES, f"rival print {raw!r} is malformed")
        faces.append(Face(raw["colour"], raw["kind"]))
    _require(len(faces) == 9, f"the rival display needs 9 prints, found {len(faces)}")
    return Catalogue(fgs, bgs, gls, tuple(faces))


@lru_cache(maxsize=1)
def load_catalogue() -> Catalogue:
    """The shipped decks (cached: they are immutable)."""
    return catalogue_from_data(_load_json("foregrounds.json"), _load_json("backgrounds.json"),
                               _load_json("goals.json"), _load_json("rival.json"))
