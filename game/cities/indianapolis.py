"""Indianapolis: decks of 10; every round all flip their top card and place it; the slowest
placer of the round does not place (returns the piece); fallen pieces go back to the supply
without effect; after all cards: 10 pieces 5, 7-9 pieces 3, 5-6 pieces 1, tallest +1.

Digital adaptation (DESIGN.md): every seat places in turn and its placement time is the
outcome's `elapsed_s` (a dropped active piece's attempts add up). When the round's placements
are in, the slowest seat's placement is undone: its structure goes back to how it stood before
the round (pieces and height), so that placement's falls are undone too, and the card stays
discarded. The match loop rebuilds that structure from the state.

Readings where the rulebook is silent:
- "In case of doubt on whoever said Done! last, all players are considered to have placed":
  when two or more seats are within SLOWEST_TIE_S of the slowest time, nobody is undone.
- Pieces "in structure" are the pieces standing on the base at the end (fallen ones are gone).
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Place
from game.cities.base import City
from game.errors import IllegalActionError
from game.mechanics import awards
from game.mechanics.dealing import deal_decks
from game.state import Exhibition

DECK = 10
SLOWEST_TIE_S = 0.1


def flip_all(ex: Exhibition) -> Exhibition:
    """Every playing seat flips the top card of its deck: the card is discarded, its piece pending."""
    for s in ex.playing():
        if ex.decks[s]:
            top = ex.decks[s][0]
            ex = ex.with_seat("decks", s, ex.decks[s][1:]).with_seat("pending", s, (top,))
            ex = replace(ex, discard=ex.discard + (top,))
    return ex


def count_awards(ex: Exhibition) -> tuple[int, ...]:
    """Monaco / Indianapolis: fans by pieces in your structure, +1 for the tallest (ties all +1)."""
    playing = ex.playing()
    bonus = awards.tallest_awards(ex, playing, (1,))
    return tuple((awards.piece_count_award(len(ex.structure_of(s).pieces)) + bonus[s]) if s in playing else 0
                 for s in ex.seats())


class Indianapolis(City):
    name = "indianapolis"
    display_name = "Indianapolis"
    fallen_policy = "remove"
    simultaneous = True

    def setup(self, ex: Exhibition) -> Exhibition:
        return self._start_round(replace(deal_decks(ex, DECK), round=0).set_vars(slowest=-1))

    def _start_round(self, ex: Exhibition) -> Exhibition:
        before = tuple((ex.structure_of(s).pieces, ex.structure_of(s).height_mm) for s in ex.seats())
        ex = ex.set_vars(before=before, times=tuple(0.0 for _ in ex.seats()))
        return replace(flip_all(ex), phase="place", round=ex.round + 1)

    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        return self.first_pending_seat(ex) if ex.phase == "place" else ()

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        return self.legal_places(ex, seat)

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if not isinstance(action, Place) or action.outcome is None:
            raise IllegalActionError(f"Indianapolis: unexpected {action.to_text()}")
        times = list(ex.var("times"))
        times[action.seat] += action.outcome.elapsed_s
        ex = self.place(ex, action).set_vars(times=tuple(times))
        if any(ex.pending[s] for s in ex.seats()):
            return ex
        ex = self._undo_slowest(ex)
        if not any(ex.decks[s] for s in ex.playing()):
            return self.finish(ex, "all cards played")
        return self._start_round(ex)

    def slowest(self, ex: Exhibition) -> int:
        """The seat whose placement is undone this round, or -1 (a doubtful tie). After the
        round, vars["slowest"] keeps the answer for the HUD and the match loop."""
        times = ex.var("times")
        playing = ex.playing()
        worst = max(times[s] for s in playing)
        near = [s for s in playing if times[s] >= worst - SLOWEST_TIE_S]
        return near[0] if len(near) == 1 else -1

    def _undo_slowest(self, ex: Exhibition) -> Exhibition:
        seat = self.slowest(ex)
        if seat < 0:
            return ex.set_vars(slowest=-1)
        pieces, height = ex.var("before")[seat]
        ex = ex.with_structure(ex.builds_on[seat], pieces=tuple(pieces), height_mm=float(height))
        return ex.set_vars(slowest=seat)

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return count_awards(ex)


CITY = Indianapolis()
