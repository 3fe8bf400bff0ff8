"""New York: the deck is cut in 3 with the Star card (the cops) on top of the bottom part;
3 cards lie face up. On your turn take a face-up card and place its piece; while the piece you
just placed touches a piece of the same colour or shape you must place again (from the face-up
cards left). Then the row is refilled to 3. When the Star card is revealed the exhibition ends
at once. Tallest structures: 5 / 3 / 1.

Variants: `parts` = 3 (standard), 2 (shorter game), 4 (longer game); the Star card goes on top
of the last part. Create a variant with `CITY.new_exhibition(..., parts=2)`; it is kept in
vars["parts"] so the one registered city plays all three.

Readings where the rulebook is silent (a table would play it this way):
- The cut is a chance action `Cut(sizes)` after the shuffle: "roughly equal" parts, each
  within +-2 cards of an even split, the last part taking the rest.
- "Touches another piece of the same colour or shape": a junk piece other than the active one,
  still standing after the placement (the base is not a piece). If the active piece itself
  fell (with others), it touches nothing and the turn ends.
- Dropping the active piece (only it fell) is a free re-place: the card is already taken.
- A turn can end with the row empty (every face-up card used); refilling reveals one card at a
  time, and the Star card ends the exhibition the moment it shows (the rest stay in the deck).
- Fallen pieces leave the game without effect.
"""
from __future__ import annotations

import random
from dataclasses import replace

from game.actions import Action, Cut, Place
from game.cards import STAR, is_junk_card
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.seats import step
from game.pieces import split_piece_id
from game.state import Exhibition

FACEUP = 3
DEFAULT_PARTS = 3
VARIANT_PARTS = (2, 3, 4)
CUT_JITTER = 2


def continues_chain(piece: str, touching: tuple[str, ...]) -> bool:
    """True if `piece` touches another junk piece of its colour or its shape."""
    colour, shape = split_piece_id(piece)
    for other in touching:
        if other == piece or not is_junk_card(other):
            continue
        other_colour, other_shape = split_piece_id(other)
        if other_colour == colour or other_shape == shape:
            return True
    return False


def stack_with_star(deck: tuple[str, ...], sizes: tuple[int, ...]) -> tuple[str, ...]:
    """Cut `deck` into parts of `sizes` (top part first), Star on top of the last part."""
    split = len(deck) - sizes[-1]
    return deck[:split] + (STAR,) + deck[split:]


class NewYork(City):
    name = "new_york"
    display_name = "New York"
    fallen_policy = "remove"
    # "Shorter or longer game in New York": cut the deck in 2 or 4 parts instead of 3.
    variants = {"short": {"parts": 2}, "long": {"parts": 4}}

    def new_exhibition(self, num_seats: int, start_seat: int, fan_supply: int = 180,
                       sitting_out: tuple[bool, ...] | None = None,
                       parts: int = DEFAULT_PARTS) -> Exhibition:
        if parts not in VARIANT_PARTS:
            raise ValueError(f"New York is cut in {', '.join(map(str, VARIANT_PARTS))} parts, not {parts}")
        ex = super().new_exhibition(num_seats, start_seat, fan_supply, sitting_out)
        return ex.set_vars(parts=parts)

    def setup(self, ex: Exhibition) -> Exhibition:
        return replace(ex, phase="cut")

    # ---- chance: the cut ----------------------------------------------------------------------
    def is_chance(self, ex: Exhibition) -> bool:
        return ex.phase in ("shuffle", "cut")

    def sample_chance(self, ex: Exhibition, rng: random.Random) -> Action:
        if ex.phase != "cut":
            return super().sample_chance(ex, rng)
        parts = int(ex.var("parts", DEFAULT_PARTS))
        even = len(ex.deck) // parts
        sizes = [even + rng.randint(-CUT_JITTER, CUT_JITTER) for _ in range(parts - 1)]
        return Cut(tuple(sizes) + (len(ex.deck) - sum(sizes),))

    def apply_chance(self, ex: Exhibition, action: Action) -> Exhibition:
        if ex.phase != "cut":
            return super().apply_chance(ex, action)
        parts = int(ex.var("parts", DEFAULT_PARTS))
        if not isinstance(action, Cut):
            raise IllegalActionError(f"New York: the deck must be cut now, not {action.to_text()}")
        if len(action.sizes) != parts or min(action.sizes) < 1 or sum(action.sizes) != len(ex.deck):
            raise IllegalActionError(f"{action.to_text()}: cut the {len(ex.deck)} cards into {parts} "
                                     "non-empty parts")
        ex = replace(ex, deck=stack_with_star(ex.deck, action.sizes), phase="turn", turn=ex.start_seat,
                     round=1)
        return self._refill(ex)

    # ---- hooks ------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        return (ex.turn,) if ex.phase == "turn" else ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase != "turn":
            return []
        if ex.pending[seat]:   # a dropped active piece is placed again
            return self.legal_places(ex, seat)
        return [Place(seat, card, ex.builds_on[seat]) for card in ex.faceup]

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if not (isinstance(action, Place) and ex.phase == "turn"):
            raise IllegalActionError(f"New York: unexpected {action.to_text()} in phase {ex.phase!r}")
        if action.piece not in ex.pending[action.seat]:
            faceup = tuple(c for c in ex.faceup if c != action.piece)
            ex = replace(ex, faceup=faceup, discard=ex.discard + (action.piece,))
            ex = ex.with_seat("pending", action.seat, (action.piece,))
        ex = self.place(ex, action)
        if ex.pending[action.seat]:
            return ex
        standing = action.piece in ex.structures[action.structure].pieces
        if standing and ex.faceup and continues_chain(action.piece, tuple(ex.var("last_touching", ()))):
            return ex
        ex = self._refill(ex)
        if ex.is_over:
            return ex
        return replace(ex, turn=step(ex, ex.turn), round=ex.round + 1)

    def _refill(self, ex: Exhibition) -> Exhibition:
        """Reveal one card at a time until 3 are face up; the Star card ends it at once."""
        while len(ex.faceup) < FACEUP and ex.deck:
            card, deck = ex.deck[0], ex.deck[1:]
            ex = replace(ex, deck=deck, faceup=ex.faceup + (card,))
            if card == STAR:
                return self.finish(ex, "the Star card was revealed: the cops came")
        if not ex.faceup:
            return self.finish(ex, "all cards have been played")
        return ex

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return awards.tallest_awards(ex, ex.playing())


CITY = NewYork()
