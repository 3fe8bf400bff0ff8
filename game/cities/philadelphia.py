"""Philadelphia: keep 1 card, give 1 to each neighbour (2 players: give 2), place one at a time;
eliminated at 2 fallen; last standing 5, else 3 each.

Readings where the rulebook is silent (a table would play it this way):
- Passing is a simultaneous hidden choice (`Give`), resolved once every playing seat chose.
- "Adjacent" means the nearest seats still playing; with two players left the 2-player rule
  (give both cards to the other) applies.
- Placement is simultaneous at the table, so the digital version places seat by seat (from the
  start player, clockwise) and treats every elimination within one round as "at the same time":
  the end is checked when the round's placements are done. A seat eliminated mid-round stops
  placing at once (its other pieces return to the supply).
- One seat standing after a round: it wins 5. Nobody standing: the seats eliminated in that
  round tie, 3 each. Too few cards to deal 3 to every playing seat: the survivors get 3 each.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from game.actions import Action, Give, Place
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_hands
from game.mechanics.seats import next_playing, previous_playing
from game.state import Exhibition

HAND = 3
ELIMINATED_AT = 2


class Philadelphia(City):
    name = "philadelphia"
    display_name = "Philadelphia"
    simultaneous = True

    def setup(self, ex: Exhibition) -> Exhibition:
        return self._deal_round(ex)

    def _deal_round(self, ex: Exhibition) -> Exhibition:
        playing = ex.playing()
        if len(ex.deck) < HAND * len(playing):
            return self.finish(ex, "not enough cards for each player")
        ex = deal_hands(ex, HAND, playing)
        return replace(ex, phase="pass", round=ex.round + 1).set_vars(gift_to=(), round_out=())

    def recipients(self, ex: Exhibition, seat: int) -> tuple[int, int]:
        """Who gets this seat's two given cards: (next, previous) neighbours still playing."""
        return next_playing(ex, seat), previous_playing(ex, seat)

    # ---- hooks ------------------------------------------------------------------------------
    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase == "pass":
            return self.seats_still_choosing(ex)
        if ex.phase == "place":
            return self.first_pending_seat(ex)
        return ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        if ex.phase == "place":
            return self.legal_places(ex, seat)
        hand = ex.hands[seat]
        nxt, prev = self.recipients(ex, seat)
        out: list[Action] = []
        if nxt == prev:  # two players: keep one, the other two go to the other player
            for keep in hand:
                rest = tuple(sorted(c for c in hand if c != keep))
                out.append(Give(seat, (keep,) + rest, (seat, nxt, nxt)))
        else:
            for keep, to_next, to_prev in permutations(hand, 3):
                out.append(Give(seat, (keep, to_next, to_prev), (seat, nxt, prev)))
        return out

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if isinstance(action, Give):
            # The cards are passed face down; nobody sees what they get until all have passed.
            ex = ex.with_seat("hidden", action.seat, action.cards).with_seat("hands", action.seat, ())
            gifts = dict(ex.var("gift_to", ()))
            gifts[str(action.seat)] = action.to
            ex = ex.set_vars(gift_to=tuple(sorted(gifts.items())))
            if all(ex.hidden[s] for s in ex.playing()):
                ex = self._resolve_pass(ex)
            return ex
        if isinstance(action, Place):
            return self._after_place(self.place(ex, action), action)
        raise IllegalActionError(f"Philadelphia: unexpected {action.to_text()}")

    def _resolve_pass(self, ex: Exhibition) -> Exhibition:
        gifts = dict(ex.var("gift_to", ()))
        pending = [list(p) for p in ex.pending]
        discard = list(ex.discard)
        hidden = list(ex.hidden)
        for seat in ex.playing():
            for card, to in zip(ex.hidden[seat], gifts[str(seat)]):
                pending[to].append(card)   # the card is played; its piece must be placed
                discard.append(card)
            hidden[seat] = ()
        return replace(ex, pending=tuple(tuple(p) for p in pending), discard=tuple(discard),
                       hidden=tuple(hidden), phase="place").set_vars(gift_to=())

    def _after_place(self, ex: Exhibition, place: Place) -> Exhibition:
        out = awards.newly_eliminated(ex, ELIMINATED_AT)
        if out:
            ex = awards.eliminate(ex, out)
            ex = ex.set_vars(round_out=tuple(ex.var("round_out", ())) + out)
        if any(ex.pending[s] for s in ex.playing()):
            return ex
        standing = ex.playing()
        if len(standing) == 1:
            return self.finish(ex, "last artist standing")
        if not standing:
            return self.finish(ex, "the remaining players were eliminated together")
        return self._deal_round(ex)

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        standing = ex.playing()
        if len(standing) == 1:
            return tuple(5 if s in standing else 0 for s in ex.seats())
        winners = standing or tuple(ex.var("round_out", ()))
        return tuple(3 if s in winners else 0 for s in ex.seats())


CITY = Philadelphia()
