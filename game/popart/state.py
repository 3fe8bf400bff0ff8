"""Pop Art game state: plain frozen data that serialises to JSON and back."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.popart.actions import MalformedStateError, Play

GRID = 3            # displays are 3 x 3
PRINTS = GRID * GRID
HAND = 3            # 3 Foregrounds + 3 Backgrounds
MAX_PLAYERS = 6     # 6 x 22 cards of each kind fit the decks with the one-deck digital draw


@dataclass(frozen=True)
class Config:
    players: int = 2
    goals: int = 0   # goal cards in play: 0 (the rulebook's first game), 1 or 2

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 1 <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Pop Art is for 1 to {MAX_PLAYERS} players, not {self.players!r}")
        if self.goals not in (0, 1, 2):
            raise ValueError(f"use 0, 1 or 2 goal cards, not {self.goals!r}")

    @property
    def solo(self) -> bool:
        return self.players == 1


@dataclass(frozen=True)
class Hand:
    foregrounds: tuple[str, ...] = ()
    backgrounds: tuple[str, ...] = ()

    def without(self, fg: str, bg: str) -> "Hand":
        return Hand(tuple(c for c in self.foregrounds if c != fg), tuple(c for c in self.backgrounds if c != bg))

    def plus(self, other: "Hand") -> "Hand":
        return Hand(self.foregrounds + other.foregrounds, self.backgrounds + other.backgrounds)

    @property
    def size(self) -> int:
        return len(self.foregrounds) + len(self.backgrounds)


@dataclass(frozen=True)
class Placed:
    row: int
    col: int
    fg: str
    bg: str


Display = tuple[Placed, ...]


@dataclass(frozen=True)
class State:
    config: Config
    round: int = 0                               # 0 = not dealt yet; then 1..9; 10 = over
    fg_deck: tuple[str, ...] = ()                # draw piles, top first
    bg_deck: tuple[str, ...] = ()
    hands: tuple[Hand, ...] = ()
    displays: tuple[Display, ...] = ()
    pending: tuple[Play | None, ...] = ()        # this round's hidden choices
    goals: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()                # solo: the unselected cards
    passed: tuple[Hand, ...] = field(default=())  # the pile each seat passed left last round

    @property
    def dealt(self) -> bool:
        return self.round > 0

    def with_(self, **changes: Any) -> "State":
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        hand = lambda h: {"fg": list(h.foregrounds), "bg": list(h.backgrounds)}  # noqa: E731
        return {
            "config": {"players": self.config.players, "goals": self.config.goals},
            "round": self.round,
            "fg_deck": list(self.fg_deck),
            "bg_deck": list(self.bg_deck),
            "hands": [hand(h) for h in self.hands],
            "displays": [[[p.row, p.col, p.fg, p.bg] for p in d] for d in self.displays],
            "pending": [None if p is None else p.to_text() for p in self.pending],
            "goals": list(self.goals),
            "discard": list(self.discard),
            "passed": [hand(h) for h in self.passed],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        from game.popart.actions import parse_action

        try:
            hand = lambda h: Hand(tuple(h["fg"]), tuple(h["bg"]))  # noqa: E731
            pending: list[Play | None] = []
            for text in data["pending"]:
                action = None if text is None else parse_action(text)
                if action is not None and not isinstance(action, Play):
                    raise MalformedStateError(f"pending entry is not a play: {text!r}")
                pending.append(action)
            return cls(
                config=Config(**data["config"]),
                round=int(data["round"]),
                fg_deck=tuple(data["fg_deck"]),
                bg_deck=tuple(data["bg_deck"]),
                hands=tuple(hand(h) for h in data["hands"]),
                displays=tuple(tuple(Placed(int(r), int(c), fg, bg) for r, c, fg, bg in d) for d in data["displays"]),
                pending=tuple(pending),
                goals=tuple(data["goals"]),
                discard=tuple(data["discard"]),
                passed=tuple(hand(h) for h in data["passed"]),
            )
        except MalformedStateError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise MalformedStateError(f"not a Pop Art state: {error}") from None
