"""Bots that think while you blink: a bot's next placement planned while the window still shows
the last move.

After a step the window plays its motion and then paces (play/desktop.py's BOT_PACE_S) before it
submits the next step. When that step is a bot's placement, its planning (seconds of rollouts)
would only start then: you would watch the motion, then wait again for the plan. So as soon as
the match has settled, `ThinkAhead` submits that planning (`BotController.prepare`) to the
window's worker: the same single thread, so it is done before the real step, which then only
has to place the piece.

Nothing of the game changes: `prepare` plans with a copy of the bot's generator and the match
is only read (`Match.next_placement`), and `placement` takes the plan only for exactly the inputs
it was made for (play/controllers.py). Leaving while a plan is made ahead is leaving while a bot
thinks: the window drops the job and interrupts the rollout pool (`DesktopGame.close_replay`);
the dropped plan touched neither the match nor the bot.
"""
from __future__ import annotations

import time

from game.tour import State
from play.controllers import BotController
from play.match import Match, PlacementRequest
from play.worker import Worker


class ThinkAhead:
    """Plans the next bot placement on `worker` once per match state, when `enabled`."""

    def __init__(self, match: Match, worker: Worker, enabled: bool) -> None:
        self.match = match
        self.worker = worker
        self.enabled = enabled
        self.preparing: PlacementRequest | None = None   # the placement being planned ahead now
        self.started = 0.0                                # when that began (time.monotonic)
        self._considered: State | None = None             # the match state last looked at

    def consider(self) -> bool:
        """If the worker is free and the match's next step is a bot's placement not planned for
        yet, submit its planning; True if it did. Cheap to call every frame."""
        if not self.enabled or self.worker.busy or self.match.state is self._considered:
            return False
        self._considered = self.match.state
        request = self.match.next_placement()
        if request is None:
            return False
        bot = self.match.controllers[request.seat]
        if not isinstance(bot, BotController):
            return False            # a person's placement: the assist aims it when it is their turn
        self.preparing, self.started = request, time.monotonic()

        def job() -> None:
            bot.prepare(request.snapshot, list(request.options), request.city, request.pieces_on, request.attempt)

        self.worker.submit(job, self._prepared)
        return True

    def _prepared(self, _: None) -> None:
        self.preparing = None
