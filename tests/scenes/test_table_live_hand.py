"""Your hand, live: the piece in hand is the physics body, stepped frame by frame in the window.

A scripted hand (targets posted frame by frame, as the mouse would) shoves a piece of your own
structure, lets go and watches the settle; the match then places it through the same ticks and
comes to the same table, the replay records the hand's path, and `replay verify` passes.
"""
from __future__ import annotations

import math

from game import api
from game.replay import read_replay
from physics.hand_path import placement_input
from play.desktop import LIVE_MISMATCH, DesktopGame
from play.human import SeatSpec
from play.replays import replay_writer, verify

SEATS = [SeatSpec("You", "human"), SeatSpec("Easy bot", "easy")]


def _to_your_aim(game: DesktopGame, ticks: int = 5000) -> bool:
    for _ in range(ticks):
        game.tick()
        if game.worker.busy or game.player.playing or game.your_hand.settling:
            continue
        if game.options:
            game.choose_option(0)
        elif game.aim is not None and game.live is None:
            return True
    return False


def _path(cylinder, plank_z: float):
    """Sweep in from -x at the cylinder's upper half, shove it 2 cm, back off, rise, go over."""
    cx, cy, _ = cylinder.position
    quat = (0.0, 0.0, 0.0, 1.0)
    out = []
    for i in range(40):                        # in: the plank's end reaches 2 cm into the cylinder
        out.append(((cx - 0.13 + 0.09 * i / 39, cy, plank_z), quat))
    for i in range(20):                        # back
        out.append(((cx - 0.04 - 0.05 * i / 19, cy, plank_z), quat))
    for i in range(20):                        # up and over the base's far side
        out.append(((cx - 0.09 + 0.09 * i / 19, cy + 0.03 * i / 19, plank_z + 0.06 * i / 19), quat))
    return out


def test_a_live_hand_that_shoves_your_structure_is_what_the_match_and_the_replay_get(showbase, tmp_path):
    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    path = tmp_path / "live.jsonl"
    recorder = replay_writer(path, 2, config, SEATS)
    game = DesktopGame(showbase, config, SEATS, seed=2, threaded=False, pace=False, bind_input=False,
                       show_motion=True, recorder=recorder)
    try:
        assert _to_your_aim(game)
        game.your_placement.place()                        # the assist's first placement
        assert _to_your_aim(game)
        assert game.aim.place.piece == "grey-short_plank"
        before = game.match.snapshot
        cylinder = next(p for p in before.pieces if p.piece_id == "grey-cylinder")
        assert game.your_placement.take() and game.live is not None   # a click: the piece is in your hand
        targets = _path(cylinder, cylinder.position[2] + 0.012)
        sent = iter(targets)
        game.hand.held = lambda: next(sent, targets[-1])   # the mouse, frame by frame
        shown = []
        for _ in range(len(targets)):
            game.tick()
            shown.append(tuple(game.view.pieces["grey-cylinder"].get_pos()))
        # The window showed the cylinder shoved while the piece was in hand, not after.
        moved = max(math.dist(p, cylinder.position) for p in shown)
        assert moved > 0.005, moved
        held_pose = game.live.placement.pose
        assert math.dist(held_pose[0], targets[-1][0]) < 0.01   # the hand followed its targets
        game.your_placement.place()                        # let go: the settle plays live
        assert game.your_hand.settling
        for _ in range(2000):
            game.tick()
            if not game.your_hand.settling:
                break
        assert game.live is None
        for _ in range(3):                                 # the match's answer reaches the window
            game.tick()
        mine = [r for r in game.match.log.placements if r.action.piece == "grey-short_plank"]
        assert len(mine) == 1                              # the match took it as soon as it rested
        record = mine[0]
        assert record.hand
        # The match's ticks came to exactly the table the window showed at rest.
        assert record.snapshot_digest == game.match_events.last_live_digest
        assert game.event_line != LIVE_MISMATCH
        release, trajectory = placement_input(record.hand)
        assert len(trajectory) > 8 * len(targets) * 0.9                     # every tick, from a few keys
        assert len(record.hand) <= len(targets) + 1
    finally:
        game.destroy()
        recorder.close()
    replay = read_replay(path)
    assert any(e.hand for e in replay.entries)
    verdict = verify(replay)
    assert verdict.ok, verdict.problem
