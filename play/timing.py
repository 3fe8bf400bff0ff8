"""How long a bot takes to place a piece, for the speed cities (Monaco, Indianapolis).

Humans are timed by the wall clock while it is their turn; bots have no hands, so their time
is modelled: thinking + handling, more for awkward shapes and for re-placing a dropped piece,
with a little spread so that rounds are not decided by ties. The figures are a table of
players' guesses (seconds), tuned so that an easy bot is a slow, careful beginner and a hard bot
a quick, steady hand.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from physics.catalogue import piece_shape

# Awkward pieces take longer to pick, orient and balance.
SHAPE_HANDLING_S: dict[str, float] = {
    "long_plank": 3.0, "holed_plank": 3.0, "short_plank": 2.5, "ring": 3.5, "flower_pot": 4.0,
    "dumbbell": 5.0, "grooved_block": 3.0, "axle": 4.5, "ball": 6.0, "cylinder": 3.0,
    "cone": 5.5, "bowling_pin": 6.0, "arch": 4.0, "l_bracket": 4.0, "wedge": 3.5,
    "cactus": 5.0,     # Nashville: stood upright, like a pin
}


@dataclass(frozen=True)
class TimeModel:
    thinking_s: float
    handling_factor: float
    replace_penalty_s: float
    spread: float  # relative standard deviation of the total

    def placement_time(self, shape: str, replaces: int, rng: random.Random) -> float:
        """Seconds from picking the piece up to letting go of it for good."""
        base = self.thinking_s + self.handling_factor * SHAPE_HANDLING_S[shape]
        total = base + replaces * (self.replace_penalty_s + base / 2)
        return round(max(0.5, rng.gauss(total, self.spread * total)), 3)


def bot_placement_time(difficulty: str, piece: str, replaces: int, seed: int, seat: int, placement: int) -> float:
    """A bot's time to place `piece` as the tour's `placement`-th placement (0 = the first),
    drawn from its own generator seeded by the tour's seed, the seat and that number: `replay
    verify` draws it again, so a bot's recorded time cannot be edited unnoticed."""
    rng = random.Random(f"junkart-bot-time:{seed}:{seat}:{placement}")
    return TIME_MODELS[difficulty].placement_time(piece_shape(piece), replaces, rng)


TIME_MODELS: dict[str, TimeModel] = {
    "easy": TimeModel(thinking_s=4.0, handling_factor=1.6, replace_penalty_s=3.0, spread=0.20),
    "normal": TimeModel(thinking_s=2.5, handling_factor=1.2, replace_penalty_s=2.0, spread=0.15),
    "hard": TimeModel(thinking_s=1.5, handling_factor=0.9, replace_penalty_s=1.5, spread=0.10),
}
