"""Helpers that drive a `DesktopGame` inline (tests, the CLI's screenshots): tick it until a
condition holds, and render the table at a chosen moment to a PNG."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from game import api
from play.desktop import DesktopGame
from play.human import SeatSpec


def run_until(game: DesktopGame, done: Callable[[DesktopGame], bool], max_ticks: int = 10_000) -> bool:
    """Tick an inline (threaded=False) game until `done(game)`; False if it never got there."""
    for _ in range(max_ticks):
        if done(game):
            return True
        if game.finished:
            return done(game)
        game.tick()
    return done(game)


def your_turn(game: DesktopGame) -> bool:
    """Your card options or your aimed placement are on screen."""
    return not game.worker.busy and (bool(game.options) or game.aim is not None)


def your_placement(game: DesktopGame) -> bool:
    """Your aimed placement (the ghost) is on screen."""
    return not game.worker.busy and game.aim is not None


def take_screenshot(base: Any, seats: Sequence[SeatSpec], seed: int, placements: int, out: Any,
                    cities: Sequence[str] = ("philadelphia", "monaco", "paris"), overview: bool = True,
                    placing: bool = False) -> DesktopGame:
    """Play `placements` placements inline (your decisions by the assist), stop at your next
    decision (or, with `placing`, your next aimed placement) and save the frame to `out`.
    Returns the game (still on screen)."""
    from scenes.common import render_frames, save_frame

    config = api.TourConfig(len(seats), tuple(cities))
    game = DesktopGame(base, config, seats, seed, threaded=False, pace=False, bind_input=False, autopilot=True)
    run_until(game, lambda g: g.placements >= placements)
    if placing:
        game.auto_place = False
        run_until(game, your_placement)
    else:
        game.auto_decide = False
        run_until(game, lambda g: not g.worker.busy and bool(g.options))
    game.auto_decide = game.auto_place = False
    if overview and game.aim is None:
        game.view.overview()
    game.tick()
    render_frames(base, 3)
    save_frame(base, str(out))
    return game


def take_collapse_screenshot(base: Any, seats: Sequence[SeatSpec], seed: int, out: Any,
                             cities: Sequence[str] = ("philadelphia",), max_placements: int = 60) -> int:
    """Play bots' placements inline with their motion shown until one knocks down a structure
    piece; save the frame in which the falling pieces are farthest from where they stood and
    where they land. Returns the number of the placement shown (0 if none collapsed)."""
    from scenes.common import render_frames, save_frame
    from scenes.table.motion_player import liveliest_frame

    config = api.TourConfig(len(seats), tuple(cities))
    game = DesktopGame(base, config, seats, seed, threaded=False, pace=False, bind_input=False, autopilot=True,
                       show_motion=True, max_placements=max_placements)
    try:
        for _ in range(200_000):
            if game.finished:
                return 0
            game.tick()
            motion = game.player.motion
            if motion is not None and any(p != motion.piece_id for p in motion.removed):
                before = game.view.snapshot
                assert before is not None
                target = liveliest_frame(motion, game.player.playing_from())
                while game.player.shown_frame() < target:
                    game.player.step_frame()
                structure = motion.structure
                game.view.focus(structure, max(60.0, max((p.position[2] for p in before.pieces if p.structure == structure), default=0.0) * 1000 + 60))
                game.hud_feed.refresh()
                render_frames(base, 3)
                save_frame(base, str(out))
                return game.placements + 1
        return 0
    finally:
        game.destroy()


def to_your_shot(game: DesktopGame, max_ticks: int = 50_000) -> bool:
    """Play on inline (your placements and decisions by the assist, choosing to shoot whenever
    you may) until your Nashville shot is aimed on screen."""
    from game.mechanics.shots import Shoot

    game.auto_decide = game.auto_place = False
    for _ in range(max_ticks):
        if game.finished:
            return False
        game.tick()
        if game.worker.busy or game.player.playing or game.your_hand.settling:
            continue
        if game.shot is not None:
            return True
        if game.options:
            shots = [k for k, o in enumerate(game.options) if isinstance(o, Shoot)]
            game.choose_option(shots[0] if shots else 0)
        elif game.aim is not None and game.live is None:
            game.your_placement.place()
    return False


def take_shot_screenshot(base: Any, seats: Sequence[SeatSpec], seed: int, out: Any, flight: bool) -> bool:
    """Nashville: your first shot as aimed on screen, or (`flight`) flicked, at the frame in which
    the disc flies highest. False if you got no shot in the game."""
    from physics.shots import DISC_ID_PREFIX
    from scenes.common import render_frames, save_frame

    config = api.TourConfig(len(seats), ("nashville",), start_seat=0)
    game = DesktopGame(base, config, seats, seed, threaded=False, pace=False, bind_input=False, show_motion=True)
    try:
        if not to_your_shot(game):
            return False
        if flight:
            game.shot_turn.flick()
            while not (game.player.playing and game.player.motion.piece_id.startswith(DISC_ID_PREFIX)):
                game.tick()
            motion = game.player.motion
            heights = [f.poses[motion.piece_id][0][2] if motion.piece_id in f.poses else -1.0 for f in motion.frames]
            highest = max(range(len(heights)), key=heights.__getitem__)
            while game.player.shown_frame() < highest:
                game.player.step_frame()
                game.shooting.follow_disc(motion)
        game.hud_feed.refresh()
        render_frames(base, 3)
        save_frame(base, str(out))
        return True
    finally:
        game.destroy()
