"""A Pop Art table with humans and bots: who chooses next, hot-seat hand-offs, the action log.

The scene drives it: it shows `observation()` for `current_human`, sends that seat's `Play`
to `submit`, and shows a hand-off screen whenever `needs_handoff` says the screen changes hands.
Bots choose from their own observations as soon as a round starts, so their picks stay hidden.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.popart.actions import Action, IllegalActionError, Play
from game.popart.bots import Bot, make_bot
from game.popart.match import bot_rng
from game.popart.rules import (Observation, Outcome, apply, is_terminal, new_game, observe, outcome,
                               random_deal, seats_to_choose)
from game.popart.state import Config, State

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str      # "human" or a bot name


class Session:
    def __init__(self, config: Config, seats: Sequence[Seat], seed: int):
        if len(seats) != config.players:
            raise ValueError(f"need {config.players} seats, got {len(seats)}")
        self.config = config
        self.seats = tuple(seats)
        self.seed = seed
        self._bots: dict[int, Bot] = {i: make_bot(s.kind) for i, s in enumerate(seats) if s.kind != HUMAN}
        self._rngs = [bot_rng(seed, i) for i in range(config.players)]
        deal = random_deal(config, random.Random(seed))
        self.state: State = apply(new_game(config), deal)
        self.log: list[Action] = [deal]
        self.last_human: int | None = None   # whose eyes were on the screen last
        self._bots_choose()

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def current_human(self) -> int | None:
        """The next human seat still to choose this round, or None when the game is over."""
        waiting = [s for s in seats_to_choose(self.state) if self.seats[s].kind == HUMAN]
        return waiting[0] if waiting else None

    @property
    def needs_handoff(self) -> bool:
        """Hide the screen before showing another human's hand (hot-seat)."""
        seat = self.current_human
        return seat is not None and len(self.humans) > 1 and seat != self.last_human

    def acknowledge_handoff(self) -> None:
        self.last_human = self.current_human

    def observation(self, seat: int | None = None) -> Observation:
        seat = self.current_human if seat is None else seat
        if seat is None:
            seat = self.humans[0] if self.humans else 0
        return observe(self.state, seat)

    def submit(self, play: Play) -> None:
        if play.seat != self.current_human:
            raise IllegalActionError(f"it is not seat {play.seat}'s choice now")
        round_before = self.state.round
        self._apply(play)
        self.last_human = play.seat
        if self.state.round != round_before:
            self._bots_choose()

    def _apply(self, action: Action) -> None:
        self.state = apply(self.state, action)
        self.log.append(action)

    def _bots_choose(self) -> None:
        # Loop: with no humans (or only bots left) rounds resolve here one after another.
        while True:
            waiting = seats_to_choose(self.state)
            bots = [s for s in waiting if s in self._bots]
            if not bots:
                return
            round_before = self.state.round
            plays = [self._bots[s].choose(observe(self.state, s), self._rngs[s]) for s in bots]
            for play in plays:
                self._apply(play)
            if self.state.round == round_before:
                return

    @property
    def is_over(self) -> bool:
        return is_terminal(self.state)

    def outcome(self) -> Outcome:
        return outcome(self.state)
