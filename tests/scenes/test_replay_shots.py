"""`junkart replay watch` plays a Nashville shot as it happened: re-simulated from the file's aim
with the cowboys where the match had them, the disc flying frame by frame with the camera after
it, the cowboys standing again at the end; a damaged aim falls back to the file's table, said once.

The file is a short real game: two bots play Nashville through the physics until the second shot.
"""
from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from game import api
from game.mechanics.shots import Shoot
from game.replay import encode_lines, read_replay, seat_names
from physics.cowboys import cowboy_poses
from play.controllers import BotController
from play.human import SeatSpec
from play.match import Match
from play.replay_motion import recorded_motion
from play.replays import replay_writer
from scenes.common import frame_array, render_frames
from scenes.table.replay_viewer import KEYFRAMES_NOTICE, ReplayViewer, replay_frames

SEED = 3     # a game whose first two shots both knock pieces off (seeds 1-11 checked 2026-12-05)
SHOTS = 2


class _SpotsSeen(BotController):
    """A bot that remembers the cowboys' spots the match gave it for each of its shots."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.spots_seen: list[tuple[float, ...]] = []

    def choose_shot(self, snapshot, shoots, spots, observation):
        self.spots_seen.append(tuple(spots))
        return super().choose_shot(snapshot, shoots, spots, observation)


@pytest.fixture(scope="module")
def nashville(tmp_path_factory) -> tuple[Path, Match, list[tuple[float, ...]]]:
    """A Nashville game up to its second shot, its replay file, and the spots each shot was shot with."""
    path = tmp_path_factory.mktemp("replay-shots") / "nashville.jsonl"
    config = api.TourConfig(2, ("nashville",))
    bots = [_SpotsSeen("normal", f"replay-shots:{SEED}:{s}", name=f"Bot {s + 1}") for s in range(2)]
    with replay_writer(path, SEED, config, [SeatSpec(b.name, "normal") for b in bots]) as recorder:
        match = Match(config, bots, SEED, recorder=recorder)
        while len(match.log.shots) < SHOTS:
            match.step()
    seen = {seat: iter(bot.spots_seen) for seat, bot in enumerate(bots)}
    spots_seen = [next(seen[shot.action.seat]) for shot in match.log.shots]
    return path, match, spots_seen


def _shot_frames(path: Path) -> list:
    return [f for f in replay_frames(read_replay(path)) if isinstance(f.action, Shoot)]


def test_each_shot_re_simulates_with_the_cowboys_the_match_had_and_ends_on_the_files_table(nashville):
    path, match, spots_seen = nashville
    shots = _shot_frames(path)
    assert [f.action for f in shots] == [r.action for r in match.log.shots]
    assert [f.spots for f in shots] == spots_seen               # the match's spots, rebuilt from the file
    assert shots[-1].spots_after == match.cowboy_spots
    for frame in shots:
        motion = recorded_motion(frame.entry, frame.before, frame.spots)
        assert motion is not None and len(motion.frames) > 20
        shooter = frame.action.seat
        assert motion.piece_id == f"bullet-{shooter + 1}"
        assert {motion.piece_id, "cowboy-1", "cowboy-2"} <= set(motion.frames[0].poses)   # the disc and every cowboy
        fallen = {f.piece for f in frame.action.outcome.fallen + frame.action.outcome.wobbled}
        assert set(motion.removed) == fallen
        # The table before it, moved by every frame, without what fell: exactly the file's table.
        shown = {p.piece_id: (p.position, p.orientation) for p in frame.before.pieces}
        end = motion.poses_through(len(motion.frames) - 1)
        assert fallen and set(end) & set(shown) >= fallen         # the pieces the disc knocked off moved
        shown.update((pid, pose) for pid, pose in end.items() if pid in shown)
        for pid in fallen:
            del shown[pid]
        assert shown == {p.piece_id: (p.position, p.orientation) for p in frame.table.pieces}
        disc = [f.poses[motion.piece_id][0] for f in motion.frames if motion.piece_id in f.poses]
        assert max(z for _, _, z in disc) > disc[0][2] + 0.02    # it flew
    # What cannot be re-simulated is no motion (the viewer shows the keyframe): an aim that is no
    # aim, spots that are not one per seat.
    frame = shots[0]
    assert recorded_motion(replace(frame.entry, shot=(0.0, 0.0, 2.0)), frame.before, frame.spots) is None
    assert recorded_motion(frame.entry, frame.before, ()) is None


def test_the_viewer_plays_a_shot_frame_by_frame_with_its_disc_cowboys_and_camera(showbase, nashville):
    path, _, _ = nashville
    replay = read_replay(path)
    frame = _shot_frames(path)[0]
    disc_id = f"bullet-{frame.action.seat + 1}"
    viewer = ReplayViewer(showbase, [frame], seat_names(replay), step_s=0.0, bind_input=False,
                          motion_for=recorded_motion)
    try:
        assert viewer.player.playing and viewer.motions_shown == 1
        shooter, target = (seat_names(replay)[s] for s in (frame.action.seat, frame.action.target))
        assert viewer.hud.texts()["event"] == f"{shooter} shoots at {target}..."     # its result comes once it rests
        camera_start = viewer.view.camera.target
        disc_path = [tuple(viewer.view.pieces[disc_id].get_pos())]     # the first frame is drawn at once
        drawn_in_flight = False
        while viewer.player.playing:
            viewer.tick(1 / 60)
            node = viewer.view.pieces[disc_id]
            if viewer.player.playing:
                assert not node.is_hidden()
                assert not viewer.view.pieces["cowboy-1"].is_hidden() and not viewer.view.pieces["cowboy-2"].is_hidden()
                disc_path.append(tuple(node.get_pos()))
                in_the_air = disc_path[-1][2] > disc_path[0][2] + 0.02
                if in_the_air and not drawn_in_flight:     # (not always at its top: a structure may hide it)
                    drawn_in_flight = _disc_is_drawn(showbase, viewer, disc_id)
            assert len(disc_path) < 2000
        assert len(disc_path) > 20                                 # frames, not a jump
        start, top, end = disc_path[0], max(disc_path, key=lambda p: p[2]), disc_path[-1]
        # Mid-flight the disc is the simulation's, high above both where it left and where it lay.
        assert top[2] > start[2] + 0.02 and top[2] > end[2] + 0.02 and math.dist(start, top) > 0.05
        assert drawn_in_flight                                     # and on screen
        assert viewer.view.camera.target != camera_start           # the camera went after the disc
        # Over: the file's table, the disc gone, every cowboy standing again where it now stands.
        assert viewer.view.snapshot == frame.table
        assert viewer.view.pieces[disc_id].is_hidden()
        for cowboy, (position, orientation) in cowboy_poses(frame.table.layout, frame.spots_after).items():
            node = viewer.view.pieces[cowboy]
            assert not node.is_hidden() and tuple(node.get_pos()) == pytest.approx(position, abs=1e-6)
        texts = viewer.hud.texts()
        assert texts["turn"].startswith("Replay: shot 1 of 1")
        assert texts["event"].startswith(f"{shooter} shot at {target}: ")
    finally:
        viewer.destroy()


def _disc_is_drawn(showbase, viewer, disc_id: str) -> bool:
    """The disc is a shown model inside the camera's view, and the rendered frame changes where
    it is hidden (its trail and shadow are other nodes)."""
    node = viewer.view.pieces[disc_id]
    if node.is_hidden() or node.get_top() != showbase.render or viewer.view.screen_point(tuple(node.get_pos())) is None:
        return False
    render_frames(showbase, 2)
    shown = frame_array(showbase)
    node.hide()
    render_frames(showbase, 2)
    hidden = frame_array(showbase)
    node.show()
    return bool((np.abs(shown.astype(int) - hidden.astype(int)).max(axis=2) > 30).sum() >= 4)


def test_a_damaged_aim_falls_back_to_the_files_table_with_one_notice(showbase, nashville, tmp_path):
    path, _, _ = nashville
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    k = next(i for i, line in enumerate(lines) if "shot" in line)
    lines[k]["shot"][1] += 3.0                                     # the first shot flicked another way
    edited = tmp_path / "edited.jsonl"
    edited.write_text("".join(encode_lines(lines)))
    replay = read_replay(edited)
    shots = _shot_frames(edited)
    viewer = ReplayViewer(showbase, shots, seat_names(replay), step_s=0.0, bind_input=False,
                          motion_for=recorded_motion)
    try:
        assert not viewer.player.playing and viewer.motions_shown == 0
        assert viewer.notice == KEYFRAMES_NOTICE and viewer.hud_input().model.event == KEYFRAMES_NOTICE
        assert viewer.view.snapshot == shots[0].table                # the file's table after the shot
        assert not viewer.view.pieces["cowboy-1"].is_hidden()
        viewer.tick(0.0)                                              # on to the second shot: it moves
        assert viewer.index == 1 and viewer.player.playing and viewer.motions_shown == 1
        assert viewer.notice == KEYFRAMES_NOTICE                      # said once, not again
    finally:
        viewer.destroy()
