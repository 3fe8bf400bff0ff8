"""New York bot. Every piece that touches one of its colour or shape earns another placement
this turn, and the tallest structure wins when the cops come. So the bot takes the face-up card
that can chain on its structure (a piece there shares its colour or shape), preferring one that
leaves more chaining cards in the row, then easy and tall pieces.
"""
from __future__ import annotations

import random

from game.actions import Action, Place
from game.bots.heuristics import HEIGHT_CM, ease
from game.pieces import colour_of, shape_of
from game.tour import State

# Which piece to place IS this city's card decision (a face-up card / a card from hand / the
# take), so the bot registry should consult this module even when every legal action is a Place.
CHOOSES_PLACES = True


def chains(piece: str, on: tuple[str, ...]) -> bool:
    """Can `piece` be placed touching a piece of its colour or shape among `on`?"""
    return any(p != piece and (colour_of(p) == colour_of(piece) or shape_of(p) == shape_of(piece))
               for p in on if "-" in p and not p.startswith("cactus"))


def value(piece: str, on: tuple[str, ...], row: tuple[str, ...]) -> float:
    after = on + (piece,)
    follow = sum(1 for other in row if other != piece and chains(other, after))
    chain = 1.0 if chains(piece, on) else 0.0
    return 1.5 * chain + 0.3 * chain * follow + ease(piece) + 0.03 * HEIGHT_CM[shape_of(piece)]


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    places = [a for a in legal if isinstance(a, Place)]
    if not places:
        return legal[rng.randrange(len(legal))]
    on = ex.structures[places[0].structure].pieces
    row = tuple(a.piece for a in places)
    scored = [(value(a.piece, on, row), a) for a in places]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == best])
