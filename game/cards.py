"""Junk Art cards and City cards, loaded from the shipped JSON (`assets/cards/`).

A Junk Art card's id is its piece id ("blue-ring"): there is exactly one card per piece.
Special cards have their own ids: "star", "cactus-1".."cactus-3", "start".
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from game.assets import assets_path

STAR = "star"
CACTUS_CARDS: tuple[str, ...] = ("cactus-1", "cactus-2", "cactus-3")
START_CARD = "start"
HIDDEN = "?"  # what observe() shows instead of a card a seat may not see

FAN_TOKENS: dict[int, int] = {5: 30, 1: 30}
FAN_SUPPLY_TOTAL = sum(value * count for value, count in FAN_TOKENS.items())  # 180


@dataclass(frozen=True)
class JunkCard:
    id: str
    piece: str
    colour: str
    shape: str
    number: int


@dataclass(frozen=True)
class CityCard:
    name: str            # canonical registry name, e.g. "home_town"
    display_name: str    # "Home Town"
    min_players: int
    max_players: int
    goal: str
    end_condition: str
    end_icon: str
    direction: str       # "clockwise" | "counterclockwise" | "simultaneous"
    setup: str
    fan_awards: tuple[str, ...]
    common_bases: int
    requires: str

    def supports(self, num_players: int) -> bool:
        return self.min_players <= num_players <= self.max_players

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "display_name": self.display_name, "min_players": self.min_players,
                "max_players": self.max_players, "goal": self.goal, "end_condition": self.end_condition,
                "end_icon": self.end_icon, "direction": self.direction, "setup": self.setup,
                "fan_awards": list(self.fan_awards), "common_bases": self.common_bases,
                "requires": self.requires}


@lru_cache(maxsize=1)
def _junk_data() -> dict:
    return json.loads(assets_path("cards", "junk_cards.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def junk_cards() -> tuple[JunkCard, ...]:
    """The 60 Junk Art cards, in piece-index order."""
    return tuple(JunkCard(c["id"], c["piece"], c["colour"], c["shape"], int(c["number"]))
                 for c in _junk_data()["junk_cards"])


@lru_cache(maxsize=1)
def _by_id() -> dict[str, JunkCard]:
    return {c.id: c for c in junk_cards()}


JUNK_CARD_IDS: tuple[str, ...] = tuple(c.id for c in junk_cards())


def card(card_id: str) -> JunkCard:
    try:
        return _by_id()[card_id]
    except KeyError:
        raise ValueError(f"unknown Junk Art card {card_id!r}") from None


def is_junk_card(card_id: str) -> bool:
    return card_id in _by_id()


def number_of(card_id: str) -> int:
    return card(card_id).number


def colour_of_card(card_id: str) -> str:
    """Colour as printed; a Cactus card counts as green (Nashville)."""
    if card_id in CACTUS_CARDS:
        return "green"
    return card(card_id).colour


def colour_strength(colour: str) -> int:
    """Higher is stronger: blue 3 > green 2 > orange 1 > grey 0."""
    order = _junk_data()["colour_strength"]
    return len(order) - 1 - order.index(colour)


def card_strength(card_id: str) -> tuple[int, int]:
    """Amsterdam's trick order: number first, then colour strength."""
    c = card(card_id)
    return (c.number, colour_strength(c.colour))


@lru_cache(maxsize=1)
def city_cards() -> tuple[CityCard, ...]:
    data = json.loads(assets_path("cards", "cities.json").read_text(encoding="utf-8"))
    return tuple(CityCard(d["name"], d["display_name"], int(d["min_players"]), int(d["max_players"]),
                          d["goal"], d["end_condition"], d["end_icon"], d["direction"], d["setup"],
                          tuple(d["fan_awards"]), int(d["common_bases"]), d.get("requires", ""))
                 for d in data)


def city_card(name: str) -> CityCard:
    for c in city_cards():
        if c.name == name:
            return c
    raise ValueError(f"no City card named {name!r}")
