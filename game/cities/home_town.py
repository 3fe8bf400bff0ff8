"""Home Town: offer 2 of your 4 cards to the next player, who keeps 1 and gives you the other;
both place; +1 fan per touched piece of the same colour or shape; ends when someone has 5+
fallen pieces and the round is complete; -1 Home Town fan per fallen piece (not below 0);
tallest 5/3/1.

Readings where the rulebook is silent:
- The offer is shown face up in front of the receiver (`table[receiver]`): the two cards are
  no secret once offered.
- "Both of you simultaneously ... place": digitally the offering player places first, then the
  receiver. Touch fans are paid at once to the seat that placed the touching piece.
- "Same colour or shape" compares each touched piece with the active piece; a touched piece
  matching both still gives 1 fan.
- Round complete: the exhibition ends after the turn of the seat just before the start player
  (in the direction of play), once anyone has 5+ fallen pieces.
- All cards played: when the deck is empty a seat with fewer than 2 cards cannot offer and is
  skipped; when nobody can offer, the exhibition ends (universal end).
- End: fans returned = min(fallen pieces, Home Town fans), then the tallest bonus.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from game.actions import Action, Choose, Offer, Place
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_hands, refill_hand, remove_card
from game.mechanics.seats import step
from game.pieces import colour_of, shape_of
from game.state import Exhibition

HAND = 4
END_AT_FALLEN = 5


def matches(active: str, other: str) -> bool:
    return colour_of(active) == colour_of(other) or shape_of(active) == shape_of(other)


class HomeTown(City):
    name = "home_town"
    display_name = "Home Town"

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = deal_hands(ex, HAND)
        return self._begin_turn(replace(ex, round=1), ex.start_seat)

    def receiver(self, ex: Exhibition) -> int:
        return step(ex, ex.turn)

    def _begin_turn(self, ex: Exhibition, seat: int) -> Exhibition:
        """Give the turn to `seat`, or the next seat that can offer 2 cards."""
        for k in range(ex.num_seats):
            candidate = step(ex, seat, k)
            if len(ex.hands[candidate]) >= 2:
                return replace(ex, turn=candidate, phase="offer")
        return self.finish(ex, "all cards played")

    # ---- hooks --------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "offer":
            return (ex.turn,)
        if ex.phase == "keep":
            return (self.receiver(ex),)
        if ex.phase == "place":
            return self.first_pending_seat(ex, ex.turn)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "offer":
            return [Offer(seat, pair) for pair in combinations(ex.hands[seat], 2)]
        if ex.phase == "keep":
            return [Choose(seat, card) for card in ex.table[seat]]
        return self.legal_places(ex, seat)

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, Offer):
            hand = ex.hands[action.seat]
            for card in action.cards:
                hand = remove_card(hand, card)
            ex = ex.with_seat("hands", action.seat, hand)
            return replace(ex.with_seat("table", self.receiver(ex), action.cards), phase="keep")
        if isinstance(action, Choose):
            offered = ex.table[action.seat]
            other = next(c for c in offered if c != action.card)
            ex = ex.with_seat("table", action.seat, ())
            ex = ex.with_seat("pending", action.seat, (action.card,))
            ex = ex.with_seat("pending", ex.turn, (other,))
            return replace(ex, discard=ex.discard + offered, phase="place")
        if isinstance(action, Place):
            ex = self.place(ex, action)
            touched = sum(1 for p in ex.var("last_touching", ()) if matches(action.piece, p))
            if touched:
                ex = awards.pay(ex, [touched if s == action.seat else 0 for s in ex.seats()])
            if any(ex.pending[s] for s in ex.seats()):
                return ex
            return self._end_turn(ex)
        raise IllegalActionError(f"Home Town: unexpected {action.to_text()}")

    def _end_turn(self, ex: Exhibition) -> Exhibition:
        ex = refill_hand(ex, ex.turn, HAND)
        if any(len(f) >= END_AT_FALLEN for f in ex.fallen):
            ex = ex.set_vars(final_round=True)
        last_of_round = step(ex, ex.start_seat, -1)
        if ex.turn == last_of_round:
            if ex.var("final_round", False):
                return self.finish(ex, "a player has 5+ fallen pieces; the round is complete")
            ex = replace(ex, round=ex.round + 1)
        return self._begin_turn(ex, step(ex, ex.turn))

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        bonus = awards.tallest_awards(ex)
        return tuple(bonus[s] - min(len(ex.fallen[s]), ex.fans[s]) for s in ex.seats())


CITY = HomeTown()
