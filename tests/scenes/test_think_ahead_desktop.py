"""The window plans a bot's placement while it still shows the last move (play/think_ahead.py):
the step then finds the plan ready, and the recorded game is the game without thinking ahead,
inline or on the worker thread."""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from game import api
from play.controllers import BotController
from play.desktop import DesktopGame
from play.human import default_seats
from play.replays import replay_writer
from scenes.table.hud_model import piece_words

PLACEMENTS = 5
SEED = 6
CONFIG = api.TourConfig(3, ("monaco",), base_sides=("A",) * 3)
SEATS = default_seats(3, ["easy", "easy", "easy"])          # watch mode: bots only


def watch(showbase, path: Path, *, threaded: bool, think_ahead: bool) -> DesktopGame:
    """PLACEMENTS placements of Monaco by three easy bots, each placement's motion played (one
    frame a tick, unpaced) and the game recorded to `path`. The game is destroyed (its file closed)."""
    game = DesktopGame(showbase, CONFIG, SEATS, SEED, threaded=threaded, pace=False, bind_input=False,
                       show_motion=True, max_placements=PLACEMENTS, think_ahead=think_ahead,
                       recorder=replay_writer(path, SEED, CONFIG, SEATS))
    try:
        for _ in range(60_000):
            if game.finished and not game.worker.busy:
                break
            game.tick()
            if threaded:
                time.sleep(0.001)
        assert game.finished and game.placements == PLACEMENTS
    finally:
        game.destroy()
    return game


def plans_used(game: DesktopGame) -> tuple[int, int]:
    bots = [c for c in game.controllers if isinstance(c, BotController)]
    return sum(b.prepared_used for b in bots), sum(b.prepared_thrown_away for b in bots)


@pytest.fixture(scope="module")
def without_thinking_ahead(showbase, tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("plain") / "plain.jsonl"
    game = watch(showbase, path, threaded=False, think_ahead=False)
    assert plans_used(game) == (0, 0)
    return path.read_bytes()


def test_inline_the_step_after_a_placement_finds_its_plan_ready_and_the_game_is_the_same(
        showbase, tmp_path, without_thinking_ahead):
    path = tmp_path / "ahead.jsonl"
    game = watch(showbase, path, threaded=False, think_ahead=True)
    # Every placement but the first (a shuffle came before it: no motion to think behind) was
    # planned while the last one's motion played, and nothing was planned for nothing.
    assert plans_used(game) == (PLACEMENTS - 1, 0)
    assert path.read_bytes() == without_thinking_ahead        # every action and keyframe, bit for bit


def test_on_the_worker_thread_the_game_is_the_same(showbase, tmp_path, without_thinking_ahead):
    path = tmp_path / "threaded.jsonl"
    game = watch(showbase, path, threaded=True, think_ahead=True)
    assert plans_used(game) == (PLACEMENTS - 1, 0)
    assert path.read_bytes() == without_thinking_ahead


class HeldBackBot(BotController):
    """A real bot whose planning ahead waits until the test lets it go on."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.planning_ahead = threading.Event()
        self.go_on = threading.Event()

    def prepare(self, *args, **kwargs) -> None:
        self.planning_ahead.set()
        assert self.go_on.wait(120)
        super().prepare(*args, **kwargs)


def test_a_bot_still_planning_ahead_when_the_motion_ends_is_shown_thinking_then_places(showbase):
    game = DesktopGame(showbase, CONFIG, SEATS, SEED, threaded=True, pace=False, bind_input=False, show_motion=True)
    held = [HeldBackBot("easy", f"held:{s}", name=SEATS[s].name) for s in range(3)]
    game.controllers[:] = game.match.controllers[:] = held
    try:
        deadline = time.monotonic() + 120
        while not any(b.planning_ahead.is_set() for b in held):
            assert time.monotonic() < deadline, "no bot planned ahead"
            game.tick()
            time.sleep(0.001)
        request = game.thinking_ahead.preparing
        bot = held[request.seat]
        placements = len(game.match.log.placements)
        while game.player.playing or game.match_events.pending:
            game.tick()                          # the last move plays to its end; the bot still plans
        game.tick()
        assert game.worker.busy and game.thinking_ahead.preparing is request
        assert len(game.match.log.placements) == placements          # no step ran past the plan
        # Its turn has come: the turn line names it and its piece, counting from when it began.
        assert game.turn_line == f"{SEATS[request.seat].name} is placing {piece_words(request.options[0].piece)}..."
        assert game._bot_thinking == (game.turn_line, game.thinking_ahead.started)
        for b in held:
            b.go_on.set()
        while len(game.match.log.placements) == placements:
            assert time.monotonic() < deadline, "the bot never placed"
            game.tick()
            time.sleep(0.001)
        assert game.match.log.placements[-1].action.seat == request.seat
        assert (bot.prepared_used, bot.prepared_thrown_away) == (1, 0)
    finally:
        for b in held:
            b.go_on.set()
        game.destroy()
