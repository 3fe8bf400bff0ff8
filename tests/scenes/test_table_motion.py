"""Placements play out on the table: real PyBullet motion, real offscreen Panda3D, sounds counted."""
from __future__ import annotations

import numpy as np
import pytest

from game import api
from physics import TableLayout, World
from physics.motion import MotionRecorder
from physics.reference import release_above, yaw_quat
from play.desktop import DesktopGame
from play.human import SeatSpec
from scenes.table.motion_player import MotionPlayer, liveliest_frame
from scenes.table.sound import TableSound, sounds_for
from scenes.table.view import TableView

BOTS = [SeatSpec("Easy bot", "easy"), SeatSpec("Normal bot", "normal")]


def _node_pose(view: TableView, pid: str):
    node = view.pieces[pid]
    p, q = node.get_pos(), node.get_quat()
    return (p.x, p.y, p.z), (q.get_i(), q.get_j(), q.get_k(), q.get_r())


def test_a_bots_placement_plays_many_frames_and_ends_on_the_settled_snapshot(showbase):
    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    game = DesktopGame(showbase, config, BOTS, seed=3, threaded=False, pace=False, bind_input=False, show_motion=True)
    try:
        seen, first_motion = [], None
        for _ in range(3000):
            game.tick()
            if game.player.playing and first_motion is None:
                first_motion, after = game.player.motion, game.player.ends_on
            if first_motion is not None:
                if game.player.motion is not first_motion:
                    break                               # over (the next one may have begun)
                seen.append(game.player.shown_frame())
        motion = first_motion
        assert game.player.last is not None
        assert motion.seat in (0, 1) and game.controllers[motion.seat].is_bot
        assert len(motion.frames) >= 10 and len(seen) >= 10           # a frame a tick, not a jump
        assert seen == sorted(seen)
        # The active piece is seen coming down: its first frame is above its rest.
        first = motion.frames[0].poses[motion.piece_id][0]
        rest = {p.piece_id: p for p in after.pieces}
        if motion.piece_id in rest:
            assert first[2] > rest[motion.piece_id].position[2]
        # The last frame is exactly the snapshot the match goes on from, and so is the view.
        last = motion.poses_through(len(motion.frames) - 1)
        rest = {p.piece_id: p for p in after.pieces}
        assert motion.piece_id in last
        for pid, piece in rest.items():
            if pid in last:
                assert last[pid] == (piece.position, piece.orientation)
            position, _ = _node_pose(game.view, pid)
            if game.player.motion is None or pid != game.player.motion.piece_id:
                assert position == pytest.approx(piece.position, abs=1e-6)
        # The match recorded exactly the table the motion ended on.
        assert game.match.log.placements[0].snapshot_digest == after.digest()
    finally:
        game.destroy()


def _collapse_motion() -> tuple[MotionRecorder, object, object]:
    world = World(TableLayout.common(1, 3))
    base = world.layout.bases[0]
    q = yaw_quat(0.0)
    for pid, dx in (("orange-cylinder", 0.03), ("orange-long_plank", 0.04)):
        world.place(0, pid, release_above(world, pid, base.x + dx, base.y, q), 1, trajectory=())
    before = world.snapshot()
    recorder = MotionRecorder()
    release = release_above(world, "green-cylinder", base.x + 0.13, base.y, q)
    world.place(0, "green-cylinder", release, 2, trajectory=[release], motion=recorder)
    after = world.snapshot()
    world.close()
    return recorder, before, after


def _pixels(base) -> np.ndarray:
    for _ in range(2):
        base.graphicsEngine.render_frame()
    tex = base.win.get_screenshot()
    h, w = tex.get_y_size(), tex.get_x_size()
    return np.frombuffer(tex.get_ram_image_as("RGB").get_data(), np.uint8).reshape(h, w, 3)[::-1].astype(int)


def test_a_rendered_mid_collapse_frame_shows_pieces_between_their_start_and_rest(showbase, screenshot):
    recorder, before, after = _collapse_motion()
    motion = recorder.motion
    view = TableView(showbase)
    sound = TableSound(showbase)
    try:
        view.show(before)
        view.focus(0, 120.0)
        start_image = _pixels(showbase)
        player = MotionPlayer(view, on_contacts=sound.contacts)
        player.play(motion, after)
        middle = liveliest_frame(motion, before)
        assert 0 < middle < len(motion.frames) - 1
        while player.shown_frame() < middle:
            player.step_frame()
        plank_start = {p.piece_id: p.position for p in before.pieces}["orange-long_plank"]
        plank_end = motion.poses_through(len(motion.frames) - 1)["orange-long_plank"][0]
        shown, _ = _node_pose(view, "orange-long_plank")
        assert np.linalg.norm(np.subtract(shown, plank_start)) > 0.01
        assert np.linalg.norm(np.subtract(shown, plank_end)) > 0.01
        middle_image = _pixels(showbase)
        screenshot("mid_collapse.png")
        player.skip()
        end_image = _pixels(showbase)
        # The picture mid-fall differs from both the standing and the fallen table.
        for other in (start_image, end_image):
            assert (np.abs(middle_image - other).sum(axis=2) > 30).sum() > 200
        assert "orange-long_plank" not in view.visible_pieces()          # fallen: off the table
        # Sounds: the collapse's contacts were voiced (counted; the device is the null one).
        assert len(sound.played) >= 2
        assert any(v.sample == "thud" for v in sound.played)
        assert not sound.audible
    finally:
        sound.destroy()
        view.destroy()


def test_a_rattle_stands_for_several_pieces_meeting_the_table_at_once():
    from physics.motion import ContactEvent
    hits = [ContactEvent(5, pid, "table", 0.01, 0.5) for pid in ("orange-cone", "blue-ball", "grey-axle")]
    voices = sounds_for(hits + [ContactEvent(5, "blue-ball", "orange-cone", 0.01, 0.5)])
    assert voices[0].sample == "rattle" and any(v.sample.startswith("clack") for v in voices)
    assert sounds_for([ContactEvent(1, "blue-ball", "table", 1e-7, 0.03)]) == []     # too soft to hear
    light, heavy = sounds_for([ContactEvent(1, "blue-short_plank", "orange-cone", 0.01, 0.5)]), \
        sounds_for([ContactEvent(1, "blue-long_plank", "orange-grooved_block", 0.01, 0.5)])
    from scenes.table.sound import PITCHES_HZ
    pitch = lambda v: PITCHES_HZ[int(v.sample[5:])] * v.rate
    assert pitch(light[0]) > pitch(heavy[0])                                 # bigger pieces sound lower
