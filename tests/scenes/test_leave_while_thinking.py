"""Leaving or quitting answers at once while a bot thinks, over its placement or ahead of it
(play/think_ahead.py): its job is dropped, nothing of it is recorded, and the recorded game
resumes where the file stops."""
from __future__ import annotations

import threading
import time

import pytest

from game import api
from game.replay import read_replay
from play.controllers import BotController
from play.human import default_seats
from play.replays import replay_writer, verify

SLOW_S = 6.0
# Leaving answers "at once": well inside SLOW_S, so nothing waited for the bot's thought. Not
# one second: a loaded 2-core machine (a test run beside a benchmark) once took 1.4 s to unwind.
ANSWERS_WITHIN_S = 2.5


class SlowHardBot(BotController):
    """The real hard bot, made to think `SLOW_S` longer over each placement (as it may on a top
    where nothing it tries stands)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.thinking = threading.Event()

    def placement(self, *args, **kwargs):
        self.thinking.set()
        time.sleep(SLOW_S)
        return super().placement(*args, **kwargs)


class SlowToPlanAheadBot(BotController):
    """The real hard bot, made to think `SLOW_S` longer over each placement it plans ahead (the
    window plans while the last move plays: play/think_ahead.py)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.thinking = threading.Event()

    def prepare(self, *args, **kwargs) -> None:
        self.thinking.set()
        time.sleep(SLOW_S)
        super().prepare(*args, **kwargs)


# The slow seat 0 thinks over a placement (Philadelphia's gifts come before it: nothing to plan
# ahead behind), or ahead of its second one while its first plays (one motion frame a tick).
SLOW_BOTS = {"placing": (SlowHardBot, False), "planning-ahead": (SlowToPlanAheadBot, True)}


@pytest.mark.parametrize("slow_bot, show_motion", SLOW_BOTS.values(), ids=SLOW_BOTS.keys())
def test_leaving_while_a_hard_bot_thinks_does_not_wait_and_the_game_resumes(showbase, tmp_path, slow_bot,
                                                                                   show_motion):
    from play.desktop import DesktopGame

    seats = default_seats(3, ["hard", "hard", "hard"])
    config = api.TourConfig(3, ("philadelphia",), base_sides=("A",) * 3)
    path = tmp_path / "left.jsonl"
    recorder = replay_writer(path, 4, config, seats)
    game = DesktopGame(showbase, config, seats, 4, threaded=True, pace=False, bind_input=False, recorder=recorder,
                       show_motion=show_motion)
    slow = slow_bot("hard", "4:0", name=seats[0].name)
    game.controllers[0] = slow
    game.match.controllers[0] = slow
    try:
        deadline = time.monotonic() + 120
        while not slow.thinking.is_set():
            assert time.monotonic() < deadline, "the slow bot never got to place"
            game.tick()
            time.sleep(0.01)
        actions_before = len(game.match.log.actions)
        started = time.monotonic()
        game.destroy()                   # what Esc to the menu and closing the window do
        took = time.monotonic() - started
    finally:
        game.worker.drop()
    assert took < ANSWERS_WITHIN_S, f"leaving waited {took:.1f} s for the bot"
    replay = read_replay(path)
    assert len(replay.actions) == actions_before          # the dropped step left no trace
    verdict = verify(replay)
    assert verdict.ok and not verdict.finished, verdict


@pytest.mark.parametrize("slow_bot, show_motion", SLOW_BOTS.values(), ids=SLOW_BOTS.keys())
def test_ctrl_c_in_the_window_while_a_hard_bot_thinks_stops_at_once(showbase, tmp_path, slow_bot, show_motion):
    import os
    import signal

    from play.commands.start import run_base
    from play.desktop import DesktopGame

    seats = default_seats(3, ["hard", "hard", "hard"])
    config = api.TourConfig(3, ("philadelphia",), base_sides=("A",) * 3)
    path = tmp_path / "interrupted.jsonl"
    game = DesktopGame(showbase, config, seats, 5, threaded=True, pace=False, bind_input=False,
                       recorder=replay_writer(path, 5, config, seats), show_motion=show_motion)
    slow = slow_bot("hard", "5:0", name=seats[0].name)
    game.controllers[0] = game.match.controllers[0] = slow
    callbacks = list(showbase.finalExitCallbacks)
    showbase.finalExitCallbacks.append(game.close_replay)
    sent: list[float] = []

    def interrupt_once_thinking() -> None:
        slow.thinking.wait(120)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt_once_thinking, daemon=True).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_base(showbase)          # the real task loop: the game ticks in it
        took = time.monotonic() - sent[0]
    finally:
        showbase.finalExitCallbacks[:] = callbacks
        game.destroy()
        game.worker.drop()
        signal.signal(signal.SIGINT, signal.default_int_handler)
    assert took < ANSWERS_WITHIN_S, f"Ctrl+C took {took:.1f} s"
    assert verify(read_replay(path)).ok
