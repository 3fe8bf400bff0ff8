"""Your Nashville shot in the window: the assist's aim first, then your keys and your drag change
it; the preview is the physics' flight; Space flicks exactly that aim, the window plays the shot
as the match simulated it (the camera after the disc, its clacks heard), and the replay verifies.
"""
from __future__ import annotations

import math

import pytest

from game import api
from game.mechanics.shots import Shoot
from game.replay import read_replay
from physics.cowboys import cowboy_id
from physics.shots import disc_start
from play.desktop import DesktopGame
from play.desktop_shots import to_your_shot
from play.desktop_shot import FULL_DRAG_M, POWER_STEP, SPOT_STEP_DEG, TURN_STEP_DEG, disc_id
from play.human import SeatSpec
from play.replays import replay_writer, verify

SEATS = [SeatSpec("You", "human"), SeatSpec("Easy bot", "easy")]


def test_your_shot_is_aimed_by_keys_and_drag_and_the_match_flicks_what_you_aimed(showbase, tmp_path):
    config = api.TourConfig(2, ("nashville",), start_seat=0)
    path = tmp_path / "nashville.jsonl"
    recorder = replay_writer(path, 3, config, SEATS)
    game = DesktopGame(showbase, config, SEATS, seed=3, threaded=False, pace=False, show_motion=True,
                       recorder=recorder)
    try:
        assert to_your_shot(game)
        shot = game.shot
        assert game.hud_feed.moment() == "shoot" and game.shooting.marks.shown
        # Every cowboy stands on the table, and your disc lies at your cowboy's foot.
        assert not game.view.pieces[cowboy_id(0)].is_hidden() and not game.view.pieces[cowboy_id(1)].is_hidden()
        disc = game.view.pieces[disc_id(0)]
        assert math.dist(tuple(disc.get_pos())[:2], disc_start(shot.cowboy_xy(), shot.aim.direction_deg)[:2]) < 1e-6

        first = shot.aim
        showbase.messenger.send("arrow_left")               # the cowboy steps round your base
        assert shot.aim.spot_deg == pytest.approx((first.spot_deg + SPOT_STEP_DEG) % 360.0)
        showbase.messenger.send("d")                        # the flick turns
        assert shot.aim.direction_deg == pytest.approx((first.direction_deg - TURN_STEP_DEG) % 360.0)
        before = shot.aim.power
        showbase.messenger.send("arrow_up")
        assert shot.aim.power == pytest.approx(min(1.0, before + POWER_STEP), abs=1e-4)

        # Drag back from the cowboy, away from the rival's base, as far as the assist's power:
        # the flick goes towards it.
        rival = game.match.snapshot.layout.bases[1]
        cx, cy = shot.cowboy_xy()
        towards = math.atan2(rival.y - cy, rival.x - cx)
        pull = first.power * FULL_DRAG_M
        game.pointer = game.view.screen_point((cx - pull * math.cos(towards), cy - pull * math.sin(towards), 0.0))
        assert game.pointer is not None
        showbase.messenger.send("mouse1")
        game.tick()
        showbase.messenger.send("mouse1-up")
        assert math.radians(shot.aim.direction_deg) == pytest.approx(towards % (2 * math.pi), abs=math.radians(1.0))
        assert shot.aim.power == pytest.approx(first.power, abs=0.02)
        flight = shot.preview()
        assert len(flight) > 3
        assert math.dist(flight[0], disc_start(shot.cowboy_xy(), shot.aim.direction_deg)) < 0.003
        travel = math.atan2(flight[-1][1] - flight[0][1], flight[-1][0] - flight[0][0])
        assert math.cos(travel - towards) > 0.999           # it flies the way you pulled from
        assert flight[len(flight) // 2][2] > flight[0][2]   # lifted off the table by the flick
        aimed = shot.aim

        heard = len(game.sound.played)
        camera_before = game.view.camera.target
        showbase.messenger.send("space")                    # flick
        assert game.shot is None
        frames, disc_path = 0, []
        for _ in range(3000):
            game.tick()
            if game.player.playing and game.player.motion.piece_id == disc_id(0):
                frames += 1
                node = game.view.pieces[disc_id(0)]
                disc_path.append(tuple(node.get_pos()))
            elif frames:
                break
        record = game.match.log.shots[-1]
        assert record.aim == aimed                          # the match flicked what you aimed
        assert frames > 20                                  # the window played the shot frame by frame
        assert math.dist(disc_path[0], disc_path[len(disc_path) // 2]) > 0.05
        assert game.view.camera.target != camera_before     # the camera followed the disc
        assert len(game.sound.played) > heard               # the disc's hits were voiced
        for _ in range(5):
            game.tick()
        assert game.view.snapshot is not None and game.view.snapshot.digest() == record.snapshot_digest
        assert game.event_line.startswith("You shot at Easy bot")
        assert not game.view.pieces[cowboy_id(0)].is_hidden()      # the cowboys stand again
    finally:
        game.destroy()
        recorder.close()
    replay = read_replay(path)
    verdict = verify(replay)
    assert verdict.ok, verdict.problem


def test_the_event_line_says_what_a_shot_cost_whom_ricochets_and_wobbles_included():
    from game.mechanics.shots import ShotOutcome
    from game.outcomes import FallenPiece
    from scenes.table.hud_model import shot_text

    names = ["You", "Ann", "Bob"]
    outcome = ShotOutcome(fallen=(FallenPiece("blue-ring", 1), FallenPiece("grey-cone", 1), FallenPiece("green-ball", 2)),
                          cowboys_hit=(2,), ricochets=1, heights_mm=(30.0, 80.0, 60.0),
                          wobbled=(FallenPiece("orange-axle", 0),))
    line = shot_text(Shoot(0, 1, outcome), names, (0, 1, 2))
    assert line == ("You shot at Ann: 2 pieces down, 1 ricochet; Bob's structure lost 1; Bob's cowboy tipped; "
                    "1 wobbled off (out of the game)")
    assert shot_text(Shoot(1, 0, ShotOutcome(heights_mm=(30.0, 80.0, 60.0))), names, (0, 1, 2)) == "Ann shot at You: no piece down"
    # Structures are named by who builds on them: seat 1 on structure 2 and seat 2 on structure 1.
    assert shot_text(Shoot(0, 1, outcome), names, (0, 2, 1)).startswith("You shot at Ann: 1 piece down")
