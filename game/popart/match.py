"""Headless Pop Art games: bots choose from their observations; the log is the game record."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.popart.actions import Action
from game.popart.bots import Bot, make_bot
from game.popart.rules import Outcome, apply, new_game, observe, outcome, random_deal, seats_to_choose
from game.popart.state import Config, State


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each seat's private stream: one seat's choices never shift another's."""
    return random.Random(f"popart:{seed}:{seat}")


@dataclass(frozen=True)
class GameRecord:
    config: Config
    seed: int
    bots: tuple[str, ...]
    actions: tuple[Action, ...]
    final: State
    outcome: Outcome

    def to_json(self) -> dict:
        data = {"seed": self.seed, "players": self.config.players, "goals": list(self.final.goals),
                "bots": list(self.bots), **self.outcome.to_json(),
                "actions": [a.to_text() for a in self.actions]}
        return data


def play_bot_game(config: Config, bots: Sequence[str | Bot], seed: int) -> GameRecord:
    """Deal from `random.Random(seed)` and let the bots play every round to the end."""
    if len(bots) != config.players:
        raise ValueError(f"need {config.players} bots, got {len(bots)}")
    players = [make_bot(b) if isinstance(b, str) else b for b in bots]
    rngs = [bot_rng(seed, seat) for seat in range(config.players)]
    deal = random_deal(config, random.Random(seed))
    state = apply(new_game(config), deal)
    actions: list[Action] = [deal]
    while seats := seats_to_choose(state):
        # Everyone decides from the same pre-round observation: choices are simultaneous.
        plays = [players[seat].choose(observe(state, seat), rngs[seat]) for seat in seats]
        for play in plays:
            state = apply(state, play)
            actions.append(play)
    return GameRecord(config, seed, tuple(p.name for p in players), tuple(actions), state, outcome(state))
