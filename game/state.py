"""The exhibition state: one city being played. Plain frozen data, JSON round-trip.

Per-seat fields are tuples indexed by seat (0..num_seats-1, seats numbered clockwise).
Card piles list the top card first. A card is in exactly one pile at any time (see
`card_piles`), so the 60 Junk Art cards can always be accounted for.

City-specific values live in `vars`: a sorted tuple of (name, value) pairs whose values are
JSON-like and immutable (int, float, str, bool, None, tuples). Read with `ex.var("name", default)`,
write with `ex.set_vars(name=value)`. Lists are frozen to tuples, so JSON round-trips exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from game.actions import _freeze, _thaw


@dataclass(frozen=True)
class Structure:
    owner: int | None                # seat that owns it; None for a common base (Paris, Pisa)
    pieces: tuple[str, ...] = ()     # pieces on it, in placement order
    height_mm: float = 0.0           # last measured height (tape measure)
    eliminated: bool = False         # Montréal: a structure can be eliminated with its player


@dataclass(frozen=True)
class Exhibition:
    city: str                                  # canonical city name
    num_seats: int
    start_seat: int
    direction: int                             # +1 clockwise, -1 counterclockwise
    phase: str = "shuffle"                     # "shuffle" (chance) ... city phases ... "over"
    turn: int = -1                             # active seat in turn-based phases, -1 if none
    round: int = 0
    deck: tuple[str, ...] = ()                 # face-down draw deck, top first
    hands: tuple[tuple[str, ...], ...] = ()    # per seat, hidden from others
    decks: tuple[tuple[str, ...], ...] = ()    # per seat face-down decks (Monaco, Tokyo...)
    faceup: tuple[str, ...] = ()               # face-up cards on the table
    table: tuple[tuple[str, ...], ...] = ()    # per seat: face-up cards played in front of the seat
    hidden: tuple[tuple[str, ...], ...] = ()   # per seat: face-down chosen/offered cards
    discard: tuple[str, ...] = ()              # played cards, face up
    unused: tuple[str, ...] = ()               # set aside face down, not used in this city
    structures: tuple[Structure, ...] = ()
    builds_on: tuple[int, ...] = ()            # per seat: index of the structure the seat builds on
    pending: tuple[tuple[str, ...], ...] = ()  # per seat: pieces the seat must place now
    fallen: tuple[tuple[str, ...], ...] = ()   # per seat: fallen pieces the seat keeps
    eliminated: tuple[bool, ...] = ()
    sitting_out: tuple[bool, ...] = ()         # seats not in this exhibition (Monaco face-off)
    fans: tuple[int, ...] = ()                 # fans won in THIS exhibition, per seat
    fan_supply: int = 180                      # fans left in the supply (tour-wide)
    end_reason: str = ""
    vars: tuple[tuple[str, Any], ...] = ()

    # ---- small helpers for city code ----------------------------------------------------------
    def var(self, name: str, default: Any = None) -> Any:
        for key, value in self.vars:
            if key == name:
                return value
        return default

    def set_vars(self, **values: Any) -> "Exhibition":
        merged = dict(self.vars)
        for key, value in values.items():
            merged[key] = _freeze(value)
        return replace(self, vars=tuple(sorted(merged.items())))

    def with_seat(self, field: str, seat: int, value: Any) -> "Exhibition":
        """Copy with `field[seat] = value` for a per-seat tuple field."""
        items = list(getattr(self, field))
        items[seat] = value
        changes: dict[str, Any] = {field: tuple(items)}
        return replace(self, **changes)

    def with_structure(self, index: int, **changes: Any) -> "Exhibition":
        items = list(self.structures)
        items[index] = replace(items[index], **changes)
        return replace(self, structures=tuple(items))

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def seats(self) -> range:
        return range(self.num_seats)

    def playing(self) -> tuple[int, ...]:
        """Seats still in the exhibition (not eliminated, not sitting out)."""
        return tuple(s for s in self.seats() if not self.eliminated[s] and not self.sitting_out[s])

    def structure_of(self, seat: int) -> Structure:
        return self.structures[self.builds_on[seat]]


_CARD_PILE_FIELDS = ("deck", "faceup", "discard", "unused")
_SEAT_CARD_FIELDS = ("hands", "decks", "table", "hidden")


def card_piles(ex: Exhibition) -> list[str]:
    """Every card held anywhere in the exhibition (the rules keep each card in one pile)."""
    cards: list[str] = []
    for name in _CARD_PILE_FIELDS:
        cards.extend(getattr(ex, name))
    for name in _SEAT_CARD_FIELDS:
        for pile in getattr(ex, name):
            cards.extend(pile)
    for key, value in ex.vars:
        if key.startswith("cards_"):   # city-held card piles follow this naming convention
            cards.extend(_flatten(value))
    return cards


def _flatten(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    out: list[str] = []
    for v in value or ():
        out.extend(_flatten(v))
    return out


# ---- JSON -----------------------------------------------------------------------------------

def exhibition_to_json(ex: Exhibition) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields(ex):
        value = getattr(ex, f.name)
        if f.name == "structures":
            data[f.name] = [{"owner": s.owner, "pieces": list(s.pieces), "height_mm": s.height_mm,
                             "eliminated": s.eliminated} for s in value]
        elif f.name == "vars":
            data[f.name] = {k: _thaw(v) for k, v in value}
        else:
            data[f.name] = _thaw(value)
    return data


def exhibition_from_json(data: dict[str, Any]) -> Exhibition:
    values: dict[str, Any] = {}
    for f in fields(Exhibition):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "structures":
            values[f.name] = tuple(Structure(s["owner"], tuple(s["pieces"]), float(s["height_mm"]),
                                             bool(s["eliminated"])) for s in value)
        elif f.name == "vars":
            values[f.name] = tuple(sorted((k, _freeze(v)) for k, v in value.items()))
        elif f.name == "height_mm":
            values[f.name] = float(value)
        else:
            values[f.name] = _freeze(value)
    return Exhibition(**values)
