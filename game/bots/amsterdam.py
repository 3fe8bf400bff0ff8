"""Amsterdam bot. The trick winner decides who places what, so winning is worth a strong card
when it will probably win; otherwise the bot plays its most awkward card into the pool. As the
winner it keeps the card that suits its own structure and hands the awkward ones to the rivals
that matter most: the tallest (the 3-fan award) and those close to elimination (an elimination
ends the exhibition, which pays whoever is tallest now).
"""
from __future__ import annotations

import random

from game.actions import Action, Give, PlayCard
from game.bots.heuristics import danger, fit
from game.cards import JUNK_CARD_IDS, card_strength
from game.state import Exhibition
from game.tour import State

ELIMINATED_AT = 2
WIN_CONFIDENCE = 0.5


def win_chance(ex: Exhibition, seat: int, card: str) -> float:
    """Chance that no rival plays a stronger card, from the cards this seat has not seen."""
    seen = set(ex.discard) | set(ex.hands[seat]) | {c for t in ex.table for c in t}
    unseen = [c for c in JUNK_CARD_IDS if c not in seen]
    if not unseen:
        return 1.0
    stronger = sum(1 for c in unseen if card_strength(c) > card_strength(card))
    rivals = len(ex.playing()) - 1
    return (1.0 - stronger / len(unseen)) ** rivals


def threat(ex: Exhibition, seat: int, rival: int) -> float:
    """How much handing `rival` a bad piece helps `seat`."""
    mine = ex.structure_of(seat).height_mm
    theirs = ex.structure_of(rival).height_mm
    taller = 1.0 if theirs >= mine else 0.5
    return taller + danger(ex, rival, ELIMINATED_AT)


def choose(observation: State, legal: list[Action], rng: random.Random) -> Action:
    ex = observation.exhibition
    assert ex is not None
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if plays:
        return _play(ex, plays, rng)
    gives = [a for a in legal if isinstance(a, Give)]
    if gives:
        return _give(ex, gives, rng)
    return legal[rng.randrange(len(legal))]


def _play(ex: Exhibition, plays: list[PlayCard], rng: random.Random) -> Action:
    seat = plays[0].seat
    mine = ex.structure_of(seat).pieces
    strongest = max(plays, key=lambda a: card_strength(a.card))
    if win_chance(ex, seat, strongest.card) >= WIN_CONFIDENCE:
        return strongest
    worst = min(fit(a.card, mine) for a in plays)
    return rng.choice([a for a in plays if fit(a.card, mine) == worst])


def _give(ex: Exhibition, gives: list[Give], rng: random.Random) -> Action:
    seat = gives[0].seat

    def value(a: Give) -> float:
        score = 0.0
        for card, to in zip(a.cards, a.to):
            on = ex.structure_of(to).pieces
            score += 2.0 * fit(card, on) if to == seat else -threat(ex, seat, to) * fit(card, on)
        return score

    scored = [(value(a), a) for a in gives]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == best])
