"""Decks, hands, per-seat decks and face-up rows. The draw deck lists its top card first."""
from __future__ import annotations

from dataclasses import replace

from game.state import Exhibition


def draw_to_hand(ex: Exhibition, seat: int, count: int) -> Exhibition:
    """Draw up to `count` cards from the deck into `seat`'s hand (fewer if the deck runs out)."""
    taken, rest = ex.deck[:count], ex.deck[count:]
    return replace(ex.with_seat("hands", seat, ex.hands[seat] + taken), deck=rest)


def refill_hand(ex: Exhibition, seat: int, size: int) -> Exhibition:
    return draw_to_hand(ex, seat, max(0, size - len(ex.hands[seat])))


def deal_hands(ex: Exhibition, size: int, seats: tuple[int, ...] | None = None) -> Exhibition:
    """Deal `size` cards to each seat one at a time round the table, like a dealer."""
    seats = ex.playing() if seats is None else seats
    for _ in range(size):
        for seat in seats:
            ex = draw_to_hand(ex, seat, 1)
    return ex


def deal_decks(ex: Exhibition, size: int, seats: tuple[int, ...] | None = None) -> Exhibition:
    """Give each seat a face-down deck of `size` cards; the rest of the deck is set aside unused."""
    seats = ex.playing() if seats is None else seats
    decks = [list(d) for d in ex.decks]
    deck = list(ex.deck)
    for seat in seats:
        decks[seat].extend(deck[:size])
        del deck[:size]
    return replace(ex, decks=tuple(tuple(d) for d in decks), deck=(), unused=ex.unused + tuple(deck))


def reveal(ex: Exhibition, count: int) -> Exhibition:
    """Turn cards from the deck face up until `count` are face up (fewer if the deck runs out)."""
    need = max(0, count - len(ex.faceup))
    return replace(ex, faceup=ex.faceup + ex.deck[:need], deck=ex.deck[need:])


def remove_card(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = pile.index(card)
    return pile[:index] + pile[index + 1:]


def discard_from_hand(ex: Exhibition, seat: int, card: str) -> Exhibition:
    return replace(ex.with_seat("hands", seat, remove_card(ex.hands[seat], card)),
                   discard=ex.discard + (card,))
