"""Monaco: decks of 10, a race; fallen pieces must be re-placed (one at a time) before going
on; ends when someone has placed their 10th piece; 10 pieces 5, 7-9 pieces 3, 5-6 pieces 1,
tallest +1.

Digital adaptation (DESIGN.md): a time trial. Each seat has a clock, the sum of its
placements' `elapsed_s` (dropped attempts count). The seat with the lowest clock places next
(ties: from the start player clockwise), which replays the race in time order. The exhibition
ends at the fastest finisher's time T: seats still racing continue only while their clock is
below T, and every structure counts as it stood at T (placements finishing after T are the
"active piece that must be discarded"; the state's structures are set back to that moment).

Readings where the rulebook is silent:
- Finishing means the 10th card's piece is placed and no fallen piece is waiting to be re-placed.
- Two seats finishing at the same time both count as finished.
- Also used for the World Tour's final face-off: seats not in it sit out.
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Action, Place
from game.cities.base import City
from game.cities.indianapolis import count_awards
from game.errors import IllegalActionError
from game.mechanics.dealing import deal_decks
from game.mechanics.seats import order_from
from game.state import Exhibition

DECK = 10


class Monaco(City):
    name = "monaco"
    display_name = "Monaco"
    fallen_policy = "replace"
    simultaneous = True

    def setup(self, ex: Exhibition) -> Exhibition:
        ex = deal_decks(ex, DECK)
        for s in ex.playing():
            ex = self._flip(ex, s)
        n = ex.num_seats
        return replace(ex, phase="race", round=1).set_vars(
            clock=tuple(0.0 for _ in range(n)), finish=-1.0,
            timeline=tuple(((0.0, (), 0.0),) for _ in range(n)))

    def _flip(self, ex: Exhibition, seat: int) -> Exhibition:
        top = ex.decks[seat][0]
        ex = ex.with_seat("decks", seat, ex.decks[seat][1:]).with_seat("pending", seat, (top,))
        return replace(ex, discard=ex.discard + (top,))

    def racing(self, ex: Exhibition) -> tuple[int, ...]:
        clock = ex.var("clock")
        finish = ex.var("finish", -1.0)
        return tuple(s for s in order_from(ex, ex.start_seat)
                     if ex.pending[s] and (finish < 0 or clock[s] < finish))

    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        if ex.phase != "race":
            return ()
        racing = self.racing(ex)
        if not racing:
            return ()
        clock = ex.var("clock")
        return (min(racing, key=lambda s: clock[s]),)   # min keeps the first of equal clocks

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        return self.legal_places(ex, seat)

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        if not isinstance(action, Place) or action.outcome is None:
            raise IllegalActionError(f"Monaco: unexpected {action.to_text()}")
        seat = action.seat
        clock = list(ex.var("clock"))
        clock[seat] = round(clock[seat] + action.outcome.elapsed_s, 6)
        ex = self.place(ex, action).set_vars(clock=tuple(clock))
        if not action.outcome.only_active_fell:
            structure = ex.structure_of(seat)
            timeline = list(ex.var("timeline"))
            timeline[seat] = timeline[seat] + ((clock[seat], structure.pieces, structure.height_mm),)
            ex = ex.set_vars(timeline=tuple(timeline))
        if not ex.pending[seat]:
            if ex.decks[seat]:
                ex = self._flip(ex, seat)
            else:
                finish = ex.var("finish", -1.0)
                if finish < 0 or clock[seat] < finish:
                    ex = ex.set_vars(finish=clock[seat])
        if ex.var("finish", -1.0) >= 0 and not self.racing(ex):
            return self.finish(self._freeze_at_finish(ex), "a player placed their 10th piece")
        return ex

    def _freeze_at_finish(self, ex: Exhibition) -> Exhibition:
        """Set every structure to how it stood at the fastest finisher's time."""
        finish = ex.var("finish")
        for s in ex.playing():
            moments = [m for m in ex.var("timeline")[s] if m[0] <= finish]
            _t, pieces, height = moments[-1]
            ex = ex.with_structure(ex.builds_on[s], pieces=tuple(pieces), height_mm=float(height))
            ex = ex.with_seat("pending", s, ())   # an active piece still in hand is discarded
        return ex

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        return count_awards(ex)


CITY = Monaco()
