"""Every action of the rules as a small frozen value with a canonical text form.

Text form: `<verb> <field> <field> ...`, fields in declaration order, each written by its kind:
  int      "3"            str    "blue-ring"        at   "@1" (a structure index)
  strs     "a,b,c" or "-" for none                   ints "0,1,3" or "-"
  float    "2.5"          outcome / json: compact JSON, always the last field (rest of the line)
e.g. `place 2 blue-ring @1 {"fallen":[],...}`.  `Action.from_text(a.to_text()) == a` always.
JSON form: {"type": verb, field: value, ...}.

Chance actions (shuffles, cuts, deals of cities, drawing a start player) are ordinary actions;
`game.api.sample_chance(state, rng)` draws them from a seeded `random.Random`.

To add an action type (a city with a new decision), subclass `Action` as a frozen dataclass,
set VERB and FIELDS, and decorate it with `@register`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from game.errors import MalformedActionError
from game.outcomes import FallenPiece, PlacementOutcome

ACTION_TYPES: dict[str, type["Action"]] = {}

_KINDS = ("int", "str", "at", "strs", "ints", "float", "outcome", "json")


def register(cls: type["Action"]) -> type["Action"]:
    if cls.VERB in ACTION_TYPES and ACTION_TYPES[cls.VERB] is not cls:
        raise ValueError(f"action verb {cls.VERB!r} registered twice")
    for _name, kind in cls.FIELDS:
        if kind not in _KINDS:
            raise ValueError(f"{cls.__name__}: unknown field kind {kind!r}")
    ACTION_TYPES[cls.VERB] = cls
    return cls


def _json_compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class Action:
    VERB: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = ()
    CHANCE: ClassVar[bool] = False   # drawn by sample_chance, not chosen by a seat

    @property
    def actor(self) -> int | None:
        """The seat taking this action (None for chance actions)."""
        seat = getattr(self, "seat", None)
        return None if self.CHANCE else seat

    # ---- text -------------------------------------------------------------------------------
    def to_text(self) -> str:
        parts = [self.VERB]
        for name, kind in self.FIELDS:
            value = getattr(self, name)
            if kind in ("int",):
                parts.append(str(int(value)))
            elif kind == "at":
                parts.append(f"@{int(value)}")
            elif kind == "float":
                parts.append(repr(float(value)))
            elif kind == "str":
                parts.append(str(value))
            elif kind == "strs":
                parts.append(",".join(value) if value else "-")
            elif kind == "ints":
                parts.append(",".join(str(int(v)) for v in value) if value else "-")
            elif kind == "outcome":
                if value is not None:
                    parts.append(_json_compact(value.to_json()))
            elif kind == "json":
                parts.append(_json_compact(_thaw(value)))
        return " ".join(parts)

    @staticmethod
    def from_text(text: str) -> "Action":
        text = text.strip()
        verb, _, rest = text.partition(" ")
        cls = _action_type(verb)
        if cls is None:
            raise MalformedActionError(f"unknown action {verb!r} in {text!r}; actions are "
                                       f"{', '.join(sorted(ACTION_TYPES))}")
        values: dict[str, Any] = {}
        for name, kind in cls.FIELDS:
            rest = rest.lstrip(" ")
            if kind in ("outcome", "json"):
                if kind == "outcome":
                    values[name] = PlacementOutcome.from_json(rest) if rest else None
                else:
                    try:
                        values[name] = _freeze(json.loads(rest))
                    except json.JSONDecodeError as error:
                        raise MalformedActionError(f"bad JSON in {text!r}: {error}") from None
                rest = ""
                continue
            token, _, rest = rest.partition(" ")
            if not token:
                raise MalformedActionError(f"{verb}: missing field {name!r} in {text!r}")
            values[name] = _parse_token(token, kind, name, text)
        if rest.strip():
            raise MalformedActionError(f"{verb}: unexpected trailing text {rest.strip()!r} in {text!r}")
        return cls(**values)

    # ---- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.VERB}
        for name, kind in self.FIELDS:
            value = getattr(self, name)
            if kind == "outcome":
                data[name] = None if value is None else value.to_json()
            else:
                data[name] = _thaw(value)
        return data

    @staticmethod
    def from_json(data: Any) -> "Action":
        cls = _action_type(data.get("type")) if isinstance(data, dict) else None
        if cls is None:
            raise MalformedActionError(f"not an action: {data!r}")
        values: dict[str, Any] = {}
        for name, kind in cls.FIELDS:
            if name not in data:
                raise MalformedActionError(f"{cls.VERB}: missing field {name!r}")
            value = data[name]
            try:
                if kind == "outcome":
                    values[name] = None if value is None else PlacementOutcome.from_json(value)
                elif kind in ("int", "at"):
                    values[name] = int(value)
                elif kind == "float":
                    values[name] = float(value)
                elif kind == "str":
                    values[name] = str(value)
                elif kind == "strs":
                    values[name] = tuple(str(v) for v in value)
                elif kind == "ints":
                    values[name] = tuple(int(v) for v in value)
                else:
                    values[name] = _freeze(value)
            except (TypeError, ValueError) as error:
                raise MalformedActionError(f"{cls.VERB}: bad field {name!r}: {error}") from None
        return cls(**values)


def _parse_token(token: str, kind: str, name: str, text: str) -> Any:
    try:
        if kind == "int":
            return int(token)
        if kind == "at":
            if not token.startswith("@"):
                raise ValueError("expected @<structure>")
            return int(token[1:])
        if kind == "float":
            return float(token)
        if kind == "str":
            return token
        if kind == "strs":
            return () if token == "-" else tuple(token.split(","))
        if kind == "ints":
            return () if token == "-" else tuple(int(t) for t in token.split(","))
    except ValueError as error:
        raise MalformedActionError(f"bad {name!r} field {token!r} in {text!r}: {error}") from None
    raise MalformedActionError(f"unsupported field kind {kind!r}")


def _freeze(value: Any) -> Any:
    """JSON value -> hashable, comparable value (lists become tuples)."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


# ---- the core actions ---------------------------------------------------------------------

@register
@dataclass(frozen=True)
class Place(Action):
    """Place `piece` on structure `structure`. Prototypes from legal_actions have outcome=None;
    the match loop runs the physics and applies `place.with_outcome(outcome)`."""
    VERB: ClassVar[str] = "place"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("piece", "str"),
                                                      ("structure", "at"), ("outcome", "outcome"))
    seat: int
    piece: str
    structure: int
    outcome: PlacementOutcome | None = None

    def with_outcome(self, outcome: PlacementOutcome) -> "Place":
        return replace(self, outcome=outcome)

    def prototype(self) -> "Place":
        return replace(self, outcome=None)

    @property
    def set_aside(self) -> bool:
        """The piece dropped alone and was not placed again (a third drop in a row, or by
        choice): it is this placement's only fallen piece."""
        return self.outcome is not None and self.outcome.fallen == (FallenPiece(self.piece, self.structure),)


@register
@dataclass(frozen=True)
class Shuffle(Action):
    """Chance: the shuffled order of a pile, top card first (which pile: the city's phase says)."""
    VERB: ClassVar[str] = "shuffle"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("cards", "strs"),)
    CHANCE: ClassVar[bool] = True
    cards: tuple[str, ...]


@register
@dataclass(frozen=True)
class Cut(Action):
    """Chance: cut a pile into parts of these sizes, top part first."""
    VERB: ClassVar[str] = "cut"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("sizes", "ints"),)
    CHANCE: ClassVar[bool] = True
    sizes: tuple[int, ...]


@register
@dataclass(frozen=True)
class DealCities(Action):
    """Chance: the City cards dealt face up for a random World Tour, leftmost first."""
    VERB: ClassVar[str] = "cities"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("cities", "strs"),)
    CHANCE: ClassVar[bool] = True
    cities: tuple[str, ...]


@register
@dataclass(frozen=True)
class DrawStartPlayer(Action):
    """Chance: the first city's start player when it is drawn rather than chosen."""
    VERB: ClassVar[str] = "startplayer"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"),)
    CHANCE: ClassVar[bool] = True
    seat: int


@register
@dataclass(frozen=True)
class ChooseSide(Action):
    """Turn your base this side up for the whole World Tour (setup: "Each player chooses which
    side to place it"): "A" flat, "B" with the raised rim."""
    VERB: ClassVar[str] = "side"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("side", "str"))
    seat: int
    side: str


@register
@dataclass(frozen=True)
class Offer(Action):
    """Offer these cards from your hand to another seat (Home Town: 2 cards to the next player)."""
    VERB: ClassVar[str] = "offer"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("cards", "strs"))
    seat: int
    cards: tuple[str, ...]


@register
@dataclass(frozen=True)
class Choose(Action):
    """Choose one card from a set you can see (an offer, a face-up row, your own deck, a trick)."""
    VERB: ClassVar[str] = "choose"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("card", "str"))
    seat: int
    card: str


@register
@dataclass(frozen=True)
class Give(Action):
    """Hand out cards: cards[i] goes to seat to[i] (your own seat = keep). Philadelphia's pass,
    Amsterdam's trick winner."""
    VERB: ClassVar[str] = "give"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("cards", "strs"), ("to", "ints"))
    seat: int
    cards: tuple[str, ...]
    to: tuple[int, ...]


@register
@dataclass(frozen=True)
class PlayCard(Action):
    """Play a card from your hand in front of seat `to` (Paris, Montréal; your own seat for a
    face-down trick card or a discard pile)."""
    VERB: ClassVar[str] = "play"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("card", "str"), ("to", "int"))
    seat: int
    card: str
    to: int


def _action_type(verb: Any) -> "type[Action] | None":
    """The action class for a verb; cities register their own verbs (e.g. Nashville's `shoot`)
    when imported, so an unknown verb first loads every city before it is refused."""
    if verb not in ACTION_TYPES:
        from game.cities import registry
        registry()
    return ACTION_TYPES.get(verb)
