"""Pisa: two common bases; players - 1 face-up cards; on your turn choose one, place its piece
on the common structure; when the row is empty deal it again; eliminated at 2 fallen, which
ends it; survivors 3 fans each.

Readings where the rulebook is silent:
- The two bases are two structures (0 and 1); the placer picks either (a piece bridging both
  is reported on the one it was released on).
- The row is dealt again from the deck (as many as are left) when it is empty; when the deck
  and the row are both empty all cards are played and everybody still in wins 3.
- Fallen pieces are kept by the seat that caused the fall (the placer).
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Choose, Place
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import remove_card, reveal
from game.mechanics.seats import step
from game.state import Exhibition

ELIMINATED_AT = 2


class Pisa(City):
    name = "pisa"
    display_name = "Pisa"
    common_bases = 2

    def row_size(self, ex: Exhibition) -> int:
        return ex.num_seats - 1

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = reveal(ex, self.row_size(ex))
        return replace(ex, turn=ex.start_seat, phase="choose", round=1)

    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "choose":
            return (ex.turn,)
        if ex.phase == "place":
            return self.first_pending_seat(ex, ex.turn)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "choose":
            return [Choose(seat, card) for card in ex.faceup]
        return [Place(seat, piece, s) for piece in ex.pending[seat] for s in range(len(ex.structures))]

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, Choose):
            ex = replace(ex, faceup=remove_card(ex.faceup, action.card), discard=ex.discard + (action.card,))
            return replace(ex.with_seat("pending", action.seat, (action.card,)), phase="place")
        if isinstance(action, Place):
            ex = self.place(ex, action)
            out = awards.newly_eliminated(ex, ELIMINATED_AT)
            if out:
                return self.finish(awards.eliminate(ex, out), "a player has 2+ fallen pieces")
            if ex.pending[action.seat]:
                return ex   # free re-place
            if not ex.faceup:
                if not ex.deck:
                    return self.finish(ex, "all cards played")
                ex = replace(reveal(ex, self.row_size(ex)), round=ex.round + 1)
            return replace(ex, turn=step(ex, action.seat), phase="choose")
        raise IllegalActionError(f"Pisa: unexpected {action.to_text()}")

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return tuple(3 if s in ex.playing() else 0 for s in ex.seats())


CITY = Pisa()
