"""Planning ahead in a match played without a window: while one seat plans its placement, the
next bot seat, if that placement cannot reach its structure, plans its own on the same pool.

Why: a decision keeps the rollout pool's workers busy only while its batches run. Between them
the main process ranks candidates and searches spots, after them the match places the piece for
real, and a batch ends with one worker waiting for the other's last rollout: over the bench's
4-bot tour (seed 7) the two workers were busy 84% of the time. Where seats build apart
(Philadelphia, Monaco: each on a base of its own) the next seat's plan cannot depend on this
placement, so its rollouts fill those gaps (physics/pool.py serves both maps first come, first
served). It fills few: a Philadelphia seat places its three pieces in a row, each plan waiting
for the last placement, so only one plan in three has another beside it. Measured 2026-12-05 on
2 workers, the same game of seed 7 (103 placements): 92.0 s instead of 93.2.

Nothing of the game changes, with or without it:
- the next request is the one the rules give after this placement had nothing fallen
  (`next_request`): a guess, checked when the real request comes;
- a bot's plan is made of the table within its reach only (play/controllers.py `within_reach`),
  which this placement does not touch, and with a copy of its generator (`BotController.prepare`);
- `placement` takes a plan made ahead only for exactly the inputs it was made for. A wrong guess
  (this placement eliminated a seat, or the race clock gave the turn to another) is thrown away,
  having used only time the workers had spare.

The window plans ahead its own way (play/think_ahead.py): behind the motion on screen.
"""
from __future__ import annotations

import threading
from typing import Iterator, Sequence

from game import api
from game.actions import Place
from game.errors import IllegalActionError
from game.outcomes import PlacementOutcome
from game.state import Exhibition
from physics.pool import PoolInterrupted, RolloutPool, shared_pool
from play.controllers import BotController
from play.match import Match, PlacementRequest, placement_request, placement_step
from play.timing import bot_placement_time

LOOK_STEPS = 12     # placements played on by the rules to find the next seat to plan for (Philadelphia: 3 a seat)


class Lookahead:
    """Plans ahead for `match` (set it as `match.lookahead`): `before` a seat plans, `settle`
    before a seat is asked anything, `close` when the match ends."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._threads: dict[int, threading.Thread] = {}
        self._errors: dict[int, BaseException] = {}
        self.started = 0            # plans begun ahead (a test and the bench read it)

    def before(self, seat: int, options: Sequence[Place], ex: Exhibition) -> None:
        """`seat` is about to plan one of `options`: start the plan of the next bot seat whose
        placement none of the placements before it can reach, unless one is being made already
        (one is enough to keep the workers busy, and a plan further ahead is likelier wasted)."""
        if any(thread.is_alive() for thread in self._threads.values()):
            return
        for request in self.upcoming(seat, options, ex):
            if request.seat in self._threads:
                continue        # planned ahead already, not asked yet
            controller = self.match.controllers[request.seat]
            if not isinstance(controller, BotController) or _pool(controller).workers < 2:
                return      # on one worker there is no idle time to fill, only a thread to race
            thread = threading.Thread(target=self._prepare, args=(controller, request),
                                      name=f"junkart-lookahead-{request.seat}", daemon=True)
            self._threads[request.seat] = thread
            self.started += 1
            thread.start()
            return

    def settle(self, seat: int) -> None:
        """Wait for `seat`'s plan made ahead, if one is being made: the match is about to ask it
        something (its generator must be left alone until then)."""
        thread = self._threads.pop(seat, None)
        if thread is not None:
            thread.join()
        error = self._errors.pop(seat, None)
        if error is not None:
            raise error

    def close(self) -> None:
        for seat in list(self._threads):
            self.settle(seat)

    def upcoming(self, seat: int, options: Sequence[Place], ex: Exhibition) -> Iterator[PlacementRequest]:
        """The placements the match will ask of other seats next, in order, as long as every
        placement before each (this one included) is out of its reach and the rules need no
        chance or decision in between: found by playing the rules on, each placement its first
        option with nothing fallen (`LOOK_STEPS` at most). A guess, checked when the real
        request comes."""
        match = self.match
        if match.snapshot is None:
            return
        state, drops = match.state, match.drops
        placed, asked = len(match.log.placements), {seat}      # (a seat's later placements depend on its first)
        reached = frozenset[int]()
        for _ in range(LOOK_STEPS):
            reach = self._reach(options)
            if seat not in asked and not reach & reached:
                yield placement_request(seat, options, ex, match.snapshot, drops)
            asked.add(seat)
            reached |= reach
            place = options[0]
            controller = match.controllers[seat]
            elapsed = (bot_placement_time(controller.difficulty, place.piece, drops.get((seat, place.piece), 0),
                                          match.seed, seat, placed) if isinstance(controller, BotController) else 0.0)
            outcome = PlacementOutcome(heights_mm=tuple(s.height_mm for s in ex.structures), elapsed_s=elapsed)
            try:
                after = api.apply(state, place.with_outcome(outcome))
            except IllegalActionError:
                return
            following = placement_step(after)
            if following is None or (after.index, after.phase) != (state.index, state.phase):
                return
            state, (seat, options, ex), placed = after, following, placed + 1

    def _reach(self, options: Sequence[Place]) -> frozenset[int]:
        """The structures a placement of any of `options` can reach (at least what `within_reach`
        keeps of the table for a bot's plan, which weighs only the first few)."""
        assert self.match.snapshot is not None
        layout = self.match.snapshot.layout
        return frozenset().union(*(layout.neighbours(o.structure) for o in options))

    def _prepare(self, controller: BotController, request: PlacementRequest) -> None:
        try:
            controller.prepare(request.snapshot, list(request.options), request.city, request.pieces_on, request.attempt)
        except PoolInterrupted:
            pass        # the game was left: nothing was planned, nothing is used
        except BaseException as error:  # noqa: BLE001 - raised in the match's thread by `settle`
            self._errors[request.seat] = error


def _pool(controller: BotController) -> RolloutPool:
    return controller.pool or shared_pool()
