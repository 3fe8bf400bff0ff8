"""Gujarat (2-4 players): each player owns the 15 pieces of one colour. A card is flipped and
everyone places that shape in their own colour; a shape already placed is discarded and the
next card flipped. Ends after the round in which a player reaches 2 fallen pieces, or when all
15 shapes are placed. Tallest structures: 5 / 3 / 1.

Readings where the rulebook is silent (a table would play it this way):
- Colours: seat s takes COLOURS[s] (orange, blue, green, grey), kept in vars["colours"]. The
  colour of the flipped card does not matter, only its shape.
- The flipped card lies face up (`faceup`) while its shape is being placed and goes to the
  discard when the next card is flipped; repeats go straight to the discard. Flipping needs no
  chance action: the deck was shuffled at the start.
- Placement is simultaneous at the table: digitally seat by seat from the start player. The
  exhibition ends "after all active pieces have been placed", so the round always completes.
- Nobody is eliminated: a player with 2+ fallen pieces ends the exhibition, but their structure
  is still measured for the awards (friendly ties within 1 mm: 5, 5, 1).
- Every shape appears 4 times in the deck, so all 15 shapes are flipped before it runs out.
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Place
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.pieces import COLOURS, SHAPES, piece_id, shape_of
from game.state import Exhibition

FALLEN_ENDS_AT = 2


class Gujarat(City):
    name = "gujarat"
    display_name = "Gujarat"
    simultaneous = True

    def colour_of_seat(self, ex: Exhibition, seat: int) -> str:
        return str(ex.var("colours")[seat])

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = ex.set_vars(colours=COLOURS[:ex.num_seats], placed_shapes=())
        return self._flip(ex)

    def _flip(self, ex: Exhibition) -> Exhibition:
        """Flip until a shape nobody has placed yet shows; everyone must place it."""
        placed = tuple(ex.var("placed_shapes", ()))
        discard = ex.discard + ex.faceup
        deck = ex.deck
        while deck and shape_of(deck[0]) in placed:
            discard, deck = discard + deck[:1], deck[1:]
        if not deck:
            return self.finish(replace(ex, deck=deck, discard=discard, faceup=()),
                               "all cards have been played")
        card, deck = deck[0], deck[1:]
        shape = shape_of(card)
        pending = list(ex.pending)
        for seat in ex.playing():
            pending[seat] = pending[seat] + (piece_id(self.colour_of_seat(ex, seat), shape),)
        ex = replace(ex, deck=deck, discard=discard, faceup=(card,), pending=tuple(pending),
                     phase="place", round=ex.round + 1)
        return ex.set_vars(placed_shapes=placed + (shape,))

    # ---- hooks ------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        return self.first_pending_seat(ex) if ex.phase == "place" else ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        return self.legal_places(ex, seat) if ex.phase == "place" else []

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if not (isinstance(action, Place) and ex.phase == "place"):
            raise IllegalActionError(f"Gujarat: unexpected {action.to_text()} in phase {ex.phase!r}")
        ex = self.place(ex, action)
        if any(ex.pending[s] for s in ex.playing()):
            return ex
        if any(len(ex.fallen[s]) >= FALLEN_ENDS_AT for s in ex.playing()):
            return self.finish(ex, f"a player has {FALLEN_ENDS_AT} or more fallen pieces")
        if len(ex.var("placed_shapes", ())) == len(SHAPES):
            return self.finish(ex, "all pieces have been placed")
        return self._flip(ex)

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return awards.tallest_awards(ex, ex.playing())


CITY = Gujarat()
