"""Paris: one common base; play a card in front of the next player, who places its piece and
then plays; eliminated at 3 fallen, which ends it at once; survivors 3 fans each.

Readings where the rulebook is silent:
- The start player opens by playing a card (it places nothing first).
- After playing, that seat draws back to 3 cards.
- Fallen pieces of the common structure are kept by the seat that caused the fall (the placer).
- All cards played: a seat with no card left passes the play to the next seat that has one;
  when nobody holds a card (deck empty) the exhibition ends and everybody still in wins 3.
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Place, PlayCard
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_hands, refill_hand, remove_card
from game.mechanics.seats import step
from game.state import Exhibition

HAND = 3
ELIMINATED_AT = 3


class Paris(City):
    name = "paris"
    display_name = "Paris"
    common_bases = 1

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = deal_hands(ex, HAND)
        return self._to_play(replace(ex, round=1), ex.start_seat)

    def _to_play(self, ex: Exhibition, seat: int) -> Exhibition:
        for k in range(ex.num_seats):
            candidate = step(ex, seat, k)
            if ex.hands[candidate]:
                return replace(ex, turn=candidate, phase="play")
        return self.finish(ex, "all cards played")

    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "play":
            return (ex.turn,)
        if ex.phase == "place":
            return self.first_pending_seat(ex, ex.turn)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "play":
            to = step(ex, seat)
            return [PlayCard(seat, card, to) for card in dict.fromkeys(ex.hands[seat])]
        return self.legal_places(ex, seat)

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, PlayCard):
            ex = ex.with_seat("hands", action.seat, remove_card(ex.hands[action.seat], action.card))
            ex = refill_hand(ex, action.seat, HAND)
            ex = ex.with_seat("pending", action.to, (action.card,))
            return replace(ex, discard=ex.discard + (action.card,), phase="place", turn=action.to)
        if isinstance(action, Place):
            ex = self.place(ex, action)
            out = awards.newly_eliminated(ex, ELIMINATED_AT)
            if out:
                return self.finish(awards.eliminate(ex, out), "a player has 3+ fallen pieces")
            if ex.pending[action.seat]:
                return ex   # free re-place
            return self._to_play(ex, action.seat)
        raise IllegalActionError(f"Paris: unexpected {action.to_text()}")

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return tuple(3 if s in ex.playing() else 0 for s in ex.seats())


CITY = Paris()
