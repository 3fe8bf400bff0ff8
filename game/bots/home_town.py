"""Home Town bot. Offering: the receiver keeps the card that suits them best and you place the
other, so pick the pair whose leftover is best for you (easy to place, touching pieces of its
colour or shape for fans) while handing the receiver as little as possible. Keeping: take the
card that suits your structure best."""
from __future__ import annotations

import random

from game.actions import Action, Choose, Offer
from game.bots.heuristics import fit, matching
from game.state import Exhibition
from game.tour import State


def value(ex: Exhibition, seat: int, card: str) -> float:
    on = ex.structure_of(seat).pieces
    return 2.0 * fit(card, on) + 0.5 * min(3, matching(card, on))


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    offers = [a for a in legal if isinstance(a, Offer)]
    if offers:
        seat = offers[0].seat
        receiver = (seat + ex.direction) % ex.num_seats

        def offer_value(a: Offer) -> float:
            taken = max(a.cards, key=lambda c: value(ex, receiver, c))
            left = next((c for c in a.cards if c != taken), taken)
            return value(ex, seat, left) - 0.5 * value(ex, receiver, taken)

        best = max(offer_value(a) for a in offers)
        return rng.choice([a for a in offers if offer_value(a) == best])
    keeps = [a for a in legal if isinstance(a, Choose)]
    if keeps:
        return max(keeps, key=lambda a: value(ex, a.seat, a.card))
    return legal[rng.randrange(len(legal))]
