"""The exhibition engine: turn order and legality checks around a city's hooks, observation.

`game.api` wraps this for whole World Tours; cities never need to import it.
"""
from __future__ import annotations

import random
from dataclasses import replace

from game.actions import Action, Place
from game.cards import HIDDEN
from game.cities import get_city
from game.cities.base import City
from game.errors import IllegalActionError
from game.state import Exhibition


def city_of(ex: Exhibition) -> City:
    return get_city(ex.city)


def is_chance(ex: Exhibition) -> bool:
    return not ex.is_over and city_of(ex).is_chance(ex)


def sample_chance(ex: Exhibition, rng: random.Random) -> Action:
    return city_of(ex).sample_chance(ex, rng)


def to_act(ex: Exhibition) -> tuple[int, ...]:
    if ex.is_over or is_chance(ex):
        return ()
    return city_of(ex).to_act(ex)


def legal_actions(ex: Exhibition, seat: int) -> list[Action]:
    if seat not in to_act(ex):
        return []
    return city_of(ex).legal(ex, seat)


def apply(ex: Exhibition, action: Action) -> Exhibition:
    city = city_of(ex)
    if ex.is_over:
        raise IllegalActionError(f"{city.display_name} is over; no more actions")
    if action.CHANCE:
        if not city.is_chance(ex):
            raise IllegalActionError(f"{action.VERB}: no chance action is due in {city.display_name} now")
        return city.apply_chance(ex, action)
    if city.is_chance(ex):
        raise IllegalActionError(f"{action.to_text()}: a chance action is due first")
    seat = action.actor
    acting = city.to_act(ex)
    if seat not in acting:
        raise IllegalActionError(f"{action.to_text()}: seat {seat} may not act now "
                                 f"(waiting for {', '.join(map(str, acting)) or 'nobody'})")
    legal = city.legal(ex, seat)  # type: ignore[arg-type]
    if isinstance(action, Place):
        if action.outcome is None:
            raise IllegalActionError(f"{action.to_text()}: a placement needs its physics outcome "
                                     "(apply place.with_outcome(PlacementOutcome(...)))")
        if action.prototype() not in legal:
            raise IllegalActionError(f"{action.prototype().to_text()} is not legal now")
    elif action not in legal:
        raise IllegalActionError(f"{action.to_text()} is not legal now")
    return city.apply(ex, action)


def observe(ex: Exhibition, seat: int) -> Exhibition:
    """What `seat` may see: other hands, every face-down pile and others' hidden choices become
    HIDDEN placeholders (their sizes stay visible)."""
    city = city_of(ex)

    def mask(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(HIDDEN for _ in cards)

    hands = tuple(h if s == seat else mask(h) for s, h in enumerate(ex.hands))
    decks = tuple(d if (s == seat and city.own_deck_visible) else mask(d) for s, d in enumerate(ex.decks))
    hidden = tuple(h if s == seat else mask(h) for s, h in enumerate(ex.hidden))
    seen = replace(ex, deck=mask(ex.deck), unused=mask(ex.unused), hands=hands, decks=decks, hidden=hidden)
    return city.observe_vars(seen, seat)
