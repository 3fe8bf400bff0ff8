"""Tokyo: decks of 10; everyone chooses a card of their deck to put on top, passes the whole
deck to the next player, flips the top card and places that piece; fallen pieces leave the game
without effect; when all cards are played, tallest 5/3/1.

Readings where the rulebook is silent:
- You may look through your own deck (you choose a card from it); `observe` shows it.
- The flipped card is discarded face up once its piece is placed; the deck passed on is the
  rest. "Next player" is clockwise (play is simultaneous).
- Placement is seat by seat from the start player; a dropped active piece is re-placed.
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Choose, Place
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_decks, remove_card
from game.state import Exhibition

DECK = 10


class Tokyo(City):
    name = "tokyo"
    display_name = "Tokyo"
    fallen_policy = "remove"
    own_deck_visible = True
    simultaneous = True

    def setup(self, ex: Exhibition) -> Exhibition:
        return replace(deal_decks(ex, DECK), phase="choose", round=1)

    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "choose":
            return self.seats_still_choosing(ex)
        if ex.phase == "place":
            return self.first_pending_seat(ex)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "choose":
            return [Choose(seat, card) for card in ex.decks[seat]]
        return self.legal_places(ex, seat)

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, Choose):
            ex = ex.with_seat("decks", action.seat, remove_card(ex.decks[action.seat], action.card))
            ex = ex.with_seat("hidden", action.seat, (action.card,))
            if all(ex.hidden[s] for s in ex.playing()):
                ex = self._pass_and_flip(ex)
            return ex
        if isinstance(action, Place):
            ex = self.place(ex, action)
            if any(ex.pending[s] for s in ex.seats()):
                return ex
            if not any(ex.decks[s] for s in ex.seats()):
                return self.finish(ex, "all cards played")
            return replace(ex, phase="choose", round=ex.round + 1)
        raise IllegalActionError(f"Tokyo: unexpected {action.to_text()}")

    def _pass_and_flip(self, ex: Exhibition) -> Exhibition:
        n = ex.num_seats
        playing = ex.playing()
        decks = list(ex.decks)
        pending = list(ex.pending)
        discard = list(ex.discard)
        for s in playing:
            to = playing[(playing.index(s) + 1) % len(playing)]   # clockwise among players
            passed = ex.hidden[s] + ex.decks[s]
            top, rest = passed[0], passed[1:]
            decks[to] = rest
            pending[to] = (top,)
            discard.append(top)
        hidden = tuple(() for _ in range(n))
        return replace(ex, decks=tuple(decks), pending=tuple(pending), discard=tuple(discard),
                       hidden=hidden, phase="place")

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return awards.tallest_awards(ex)


CITY = Tokyo()
