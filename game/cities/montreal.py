"""Montréal: each round every player plays a hand card in front of the next player, everyone
places the piece played to them, hands are refilled to 3. When every player has 3 played cards
in front of them, everyone moves (with their fans) to the next structure in the direction of
play, which is theirs from then on. 2+ pieces falling at once from your structure eliminate you
and that structure. Last artist standing: 5 fans; players eliminated together, or the survivors
when the cards run out: 3 each.

Readings where the rulebook is silent (a table would play it this way):
- Choosing the card is a simultaneous hidden choice (`PlayCard(seat, card, to)`, kept in
  `hidden[seat]`); all are turned face up together into `table[to]` (top card last).
- "The next player" is the next seat still playing; eliminated structures are skipped when
  moving, so live players and live structures stay one to one.
- Placement is simultaneous at the table: digitally seat by seat from the start player, and
  every elimination within one round counts as "at the same time". A player whose rivals are
  all out still places the piece already given to them ("has placed their active piece").
  If that last player is eliminated too, everyone eliminated in the round ties (3 each).
- A single fallen piece has no effect (it leaves the game). Fans travel with the player: the
  rules only ever pay fans to seats, never to structures.
- Falls "during player movement" cannot happen digitally: the structures stay where they are.
- Cards out: when the deck cannot refill every hand the rest is dealt in seat order; the
  exhibition ends when a player still in has no card to play (all cards have been played).
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Place, PlayCard
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_hands, refill_hand, remove_card
from game.mechanics.seats import next_playing, order_from
from game.state import Exhibition

HAND = 3
CARDS_BEFORE_MOVING = 3
FELL_AT_ONCE = 2
LAST_STANDING_FANS = 5
TIED_FANS = 3


def next_live_structure(ex: Exhibition, index: int) -> int:
    """The next structure after `index` in the direction of play that is not eliminated."""
    n = len(ex.structures)
    for k in range(1, n + 1):
        candidate = (index + ex.direction * k) % n
        if not ex.structures[candidate].eliminated:
            return candidate
    return index


class Montreal(City):
    name = "montreal"
    display_name = "Montréal"
    fallen_policy = "remove"

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = deal_hands(ex, HAND)
        return replace(ex, phase="play", round=1).set_vars(round_out=(), moves=0)

    # ---- hooks ------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "play":
            return self.seats_still_choosing(ex)
        if ex.phase == "place":
            return self.first_pending_seat(ex)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "play":
            to = next_playing(ex, seat)
            return [PlayCard(seat, card, to) for card in ex.hands[seat]]
        if ex.phase == "place":
            return self.legal_places(ex, seat)
        return []

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, PlayCard) and ex.phase == "play":
            ex = ex.with_seat("hands", action.seat, remove_card(ex.hands[action.seat], action.card))
            ex = ex.with_seat("hidden", action.seat, (action.card,))
            if all(ex.hidden[s] for s in ex.playing()):
                ex = self._reveal(ex)
            return ex
        if isinstance(action, Place) and ex.phase == "place":
            return self._after_place(self.place(ex, action), action)
        raise IllegalActionError(f"Montréal: unexpected {action.to_text()} in phase {ex.phase!r}")

    def _reveal(self, ex: Exhibition) -> Exhibition:
        table = list(ex.table)
        pending = list(ex.pending)
        for seat in ex.playing():
            card = ex.hidden[seat][0]
            to = next_playing(ex, seat)
            table[to] = table[to] + (card,)
            pending[to] = pending[to] + (card,)
        empty = tuple(() for _ in ex.seats())
        return replace(ex, hidden=empty, table=tuple(table), pending=tuple(pending), phase="place")

    def _after_place(self, ex: Exhibition, place: Place) -> Exhibition:
        assert place.outcome is not None
        if len(place.outcome.fallen_from(place.structure)) >= FELL_AT_ONCE:
            ex = self._eliminate(ex, place.seat)
        if any(ex.pending[s] for s in ex.playing()):
            return ex
        standing = ex.playing()
        if len(standing) == 1:
            return self.finish(ex, "last artist standing")
        if not standing:
            return self.finish(ex, "the remaining players were eliminated together")
        return self._next_round(ex)

    def _eliminate(self, ex: Exhibition, seat: int) -> Exhibition:
        ex = awards.eliminate(ex, (seat,))
        ex = ex.with_structure(ex.builds_on[seat], eliminated=True)
        ex = replace(ex.with_seat("table", seat, ()), discard=ex.discard + ex.table[seat])
        return ex.set_vars(round_out=tuple(ex.var("round_out", ())) + (seat,))

    def _next_round(self, ex: Exhibition) -> Exhibition:
        for seat in order_from(ex, ex.start_seat):
            ex = refill_hand(ex, seat, HAND)
        if all(len(ex.table[s]) >= CARDS_BEFORE_MOVING for s in ex.playing()):
            ex = self._move(ex)
        if not all(ex.hands[s] for s in ex.playing()):
            return self.finish(ex, "all cards have been played")
        return replace(ex, phase="play", round=ex.round + 1).set_vars(round_out=())

    def _move(self, ex: Exhibition) -> Exhibition:
        """Everyone moves to the next live structure; their played cards are discarded."""
        builds_on = list(ex.builds_on)
        discard = ex.discard
        table = list(ex.table)
        for seat in ex.playing():
            builds_on[seat] = next_live_structure(ex, ex.builds_on[seat])
            discard += table[seat]
            table[seat] = ()
        ex = replace(ex, builds_on=tuple(builds_on), table=tuple(table), discard=discard)
        for seat in ex.playing():
            ex = ex.with_structure(ex.builds_on[seat], owner=seat)
        return ex.set_vars(moves=int(ex.var("moves", 0)) + 1)

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        standing = ex.playing()
        if len(standing) == 1:
            return tuple(LAST_STANDING_FANS if s in standing else 0 for s in ex.seats())
        winners = standing or tuple(ex.var("round_out", ()))
        return tuple(TIED_FANS if s in winners else 0 for s in ex.seats())


CITY = Montreal()
