"""Amsterdam: a simultaneous trick each round; the winner hands one trick card to every player
(themselves included), everyone places the piece they were given. Eliminated at 2 fallen
pieces, which ends the exhibition. Tallest structure still in: 3 fans; every other player
still in: 2.

Readings where the rulebook is silent (a table would play it this way):
- The trick is a simultaneous hidden choice: each seat plays a hand card face down
  (`PlayCard(seat, card, to=seat)`, kept in `hidden[seat]`); when the last seat has chosen, all
  are revealed at once into `table[seat]` (face up, in front of the seat that played it).
- Highest number wins; colour strength (blue > green > orange > grey) breaks equal numbers.
  Each colour holds each number once, so there is always exactly one winner.
- The winner's hand-out is one decision, `Give(winner, cards, to)`: `to` lists the seats from
  the winner onwards in the direction of play, `cards[i]` goes to `to[i]`.
- Placement is simultaneous at the table, so the digital version places seat by seat from the
  start player. "As soon as a player is eliminated" is read at the table's pace: everyone was
  placing at the same moment, so the round's pieces are all placed (universal rule: you always
  place your active piece), then the exhibition ends. Several seats can be eliminated in that
  round; none of them scores.
- "Players draw a new card": one each, in seat order from the start player. With 3-6 players
  the deck (60 - 3n cards) is a multiple of n, so hands stay equal; the exhibition ends when
  every card has been played (hands and deck empty).
- Tallest is measured among the players still in (1 mm ties are friendly: all tied get 3).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from game.actions import Action, Give, Place, PlayCard
from game.cards import card_strength
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_hands, draw_to_hand, remove_card
from game.mechanics.seats import order_from
from game.state import Exhibition

HAND = 3
ELIMINATED_AT = 2
TALLEST_FANS = 3
STILL_IN_FANS = 2


def trick_winner(cards_by_seat: dict[int, str]) -> int:
    """The seat whose card wins the trick: highest number, then strongest colour."""
    return max(cards_by_seat, key=lambda seat: card_strength(cards_by_seat[seat]))


class Amsterdam(City):
    name = "amsterdam"
    display_name = "Amsterdam"
    simultaneous = True

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = deal_hands(ex, HAND)
        return replace(ex, phase="trick", round=1)

    # ---- hooks ------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "trick":
            return self.seats_still_choosing(ex)
        if ex.phase == "give":
            return (ex.turn,)
        if ex.phase == "place":
            return self.first_pending_seat(ex)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "trick":
            return [PlayCard(seat, card, seat) for card in ex.hands[seat]]
        if ex.phase == "give":
            to = order_from(ex, seat)
            trick = tuple(ex.table[s][0] for s in to)
            return [Give(seat, cards, to) for cards in permutations(trick)]
        if ex.phase == "place":
            return self.legal_places(ex, seat)
        return []

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, PlayCard) and ex.phase == "trick":
            ex = ex.with_seat("hands", action.seat, remove_card(ex.hands[action.seat], action.card))
            ex = ex.with_seat("hidden", action.seat, (action.card,))
            if all(ex.hidden[s] for s in ex.playing()):
                ex = self._reveal(ex)
            return ex
        if isinstance(action, Give) and ex.phase == "give":
            pending = list(ex.pending)
            for card, to in zip(action.cards, action.to):
                pending[to] = pending[to] + (card,)
            trick = tuple(c for s in ex.seats() for c in ex.table[s])
            empty = tuple(() for _ in ex.seats())
            return replace(ex, pending=tuple(pending), table=empty, discard=ex.discard + trick,
                           phase="place", turn=-1)
        if isinstance(action, Place) and ex.phase == "place":
            return self._after_place(self.place(ex, action))
        raise IllegalActionError(f"Amsterdam: unexpected {action.to_text()} in phase {ex.phase!r}")

    def _reveal(self, ex: Exhibition) -> Exhibition:
        played = {s: ex.hidden[s][0] for s in ex.playing()}
        empty = tuple(() for _ in ex.seats())
        table = tuple((played[s],) if s in played else () for s in ex.seats())
        return replace(ex, hidden=empty, table=table, phase="give", turn=trick_winner(played))

    def _after_place(self, ex: Exhibition) -> Exhibition:
        out = awards.newly_eliminated(ex, ELIMINATED_AT)
        if out:
            ex = awards.eliminate(ex, out)
        if any(ex.pending[s] for s in ex.playing()):
            return ex
        if any(ex.eliminated):
            return self.finish(ex, "a player was eliminated")
        for seat in order_from(ex, ex.start_seat):
            ex = draw_to_hand(ex, seat, 1)
        if not all(ex.hands[s] for s in ex.playing()):
            return self.finish(ex, "all cards have been played")
        return replace(ex, phase="trick", round=ex.round + 1)

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        still_in = ex.playing()
        tallest = awards.tallest_awards(ex, still_in, (TALLEST_FANS,))
        return tuple((tallest[s] or STILL_IN_FANS) if s in still_in else 0 for s in ex.seats())


CITY = Amsterdam()
