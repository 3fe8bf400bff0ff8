"""Pop Art actions: the chance deal and each seat's hidden play, with a text form that round-trips.

    deal goals=G1,G4 fg=F17,F03,... bg=B40,B02,...
    play 2 F17+B40 @-1,0        seat 2 layers F17 on B40 and adds it at row -1, column 0

Rows and columns are relative to the seat's first print at (0, 0); rows grow downwards.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union


class PopArtError(ValueError):
    """Base of Pop Art's rule errors."""


class MalformedActionError(PopArtError):
    """The text or fields of an action do not describe an action at all."""


class IllegalActionError(PopArtError):
    """A well-formed action that the rules do not allow in this state."""


class MalformedStateError(PopArtError):
    """Saved state data that does not describe a Pop Art game."""


@dataclass(frozen=True)
class Deal:
    """Chance: the shuffled deck orders (top first) and the goal cards in play."""
    fg_order: tuple[str, ...]
    bg_order: tuple[str, ...]
    goals: tuple[str, ...] = ()

    def to_text(self) -> str:
        return f"deal goals={','.join(self.goals) or '-'} fg={','.join(self.fg_order)} bg={','.join(self.bg_order)}"


@dataclass(frozen=True)
class Play:
    """One seat's hidden choice for the round: a Foreground on a Background, and where it goes."""
    seat: int
    fg: str
    bg: str
    row: int
    col: int

    @property
    def cell(self) -> tuple[int, int]:
        return (self.row, self.col)

    def to_text(self) -> str:
        return f"play {self.seat} {self.fg}+{self.bg} @{self.row},{self.col}"


Action = Union[Deal, Play]

_PLAY = re.compile(r"play (\d+) (F\d+)\+(B\d+) @(-?\d+),(-?\d+)")
_DEAL = re.compile(r"deal goals=(\S+) fg=(\S*) bg=(\S*)")


def parse_action(text: str) -> Action:
    """Inverse of `to_text`; raises MalformedActionError for anything else."""
    text = text.strip()
    if match := _PLAY.fullmatch(text):
        seat, fg, bg, row, col = match.groups()
        return Play(int(seat), fg, bg, int(row), int(col))
    if match := _DEAL.fullmatch(text):
        goals, fg, bg = match.groups()
        split = lambda s: tuple(s.split(",")) if s else ()  # noqa: E731
        return Deal(split(fg), split(bg), () if goals == "-" else split(goals))
    raise MalformedActionError(f"not a Pop Art action: {text[:60]!r} (expected 'play <seat> F..+B.. @row,col' or 'deal ...')")
