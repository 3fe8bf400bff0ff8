"""`junkart replay watch`: a recorded tour shown placement by placement from the file's settled
tables, driven by posted key events, and rendered offscreen to a PNG."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import api
from game.replay import ReplayFormatError, encode_lines, read_replay, seat_names
from play.controllers import BotController
from play.match import Match
from play.human import SeatSpec
from play.replays import replay_writer
from scenes.common import frame_array, render_frames
from scenes.table.replay_viewer import ReplayViewer, replay_frames
from scenes.table.view import BELOW_BANNER_Y

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("watch") / "tour.jsonl"
    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    bots = [BotController("easy", f"watch:{s}", name=f"Easy bot {s + 1}") for s in range(2)]
    with replay_writer(path, 2, config, [SeatSpec(b.name, "easy") for b in bots]) as recorder:
        Match(config, bots, 2, recorder=recorder).run()
    return path


def test_frames_are_the_recorded_settled_tables(recorded):
    replay = read_replay(recorded)
    frames = replay_frames(replay)
    placed = [e for e in replay.entries if e.trajectory]
    assert len(frames) == len(placed) > 5
    assert [f.table.digest() for f in frames] == [e.digest for e in placed]
    assert [f.action for f in frames] == [e.action for e in placed]
    assert frames[-1].state.phase == "over"
    assert seat_names(replay) == ["Easy bot 1", "Easy bot 2"]


def test_keys_step_pause_and_jump(showbase, recorded):
    replay = read_replay(recorded)
    frames = replay_frames(replay)
    viewer = ReplayViewer(showbase, frames, seat_names(replay), step_s=0.0)
    try:
        def press(key: str) -> None:
            showbase.messenger.send(key)
            showbase.taskMgr.step()

        assert viewer.index == 0 and viewer.playing
        press("space")                                   # pause
        assert not viewer.playing and viewer.index == 0
        press("arrow_right")
        press("arrow_right")
        assert viewer.index == 2
        assert viewer.view.visible_pieces() == tuple(sorted(p.piece_id for p in frames[2].table.pieces))
        press("arrow_left")
        assert viewer.index == 1
        for _ in range(8):
            press("wheel_up")                            # zoom in close ...
        press("end")
        # ... and the next placement shown steps back until every top shows below the turn banner.
        for point in viewer.view.structure_tops():
            top = viewer.view.screen_point(point)
            assert top is not None and top[1] <= BELOW_BANNER_Y
        texts = viewer.hud.texts()
        assert texts["turn"] == f"Replay: placement {len(frames)} of {len(frames)} (paused)"
        assert texts["hand"] == [] and texts["event"].startswith(("Easy bot 1 ", "Easy bot 2 "))
        showbase.messenger.send("space")                 # at the end, play starts again from the first
        assert viewer.playing and viewer.index == 0
        for _ in range(3):
            showbase.taskMgr.step()
        assert viewer.index >= 2                          # playing: one placement per step here
        render_frames(showbase, 2)
        pixels = frame_array(showbase)
        assert pixels.std() > 10                          # a table, pieces and HUD, not a blank frame
    finally:
        viewer.destroy()


def test_a_replay_without_placements_or_with_a_bad_keyframe_is_refused(recorded, tmp_path):
    lines = [json.loads(line) for line in recorded.read_text().splitlines()]
    bare = tmp_path / "bare.jsonl"
    bare.write_text("".join(encode_lines(lines[:3])))
    with pytest.raises(ReplayFormatError, match="no placement to watch"):
        replay_frames(read_replay(bare))
    k = next(i for i, line in enumerate(lines) if "keyframe" in line)
    lines[k]["keyframe"]["version"] = 99
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(encode_lines(lines)))
    with pytest.raises(ReplayFormatError, match=f"entry {k}: "):
        replay_frames(read_replay(bad))


def test_watch_renders_a_placement_to_png_and_needs_a_display_otherwise(recorded, tmp_path):
    from panda3d.core import Filename, PNMImage

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = tmp_path / "watch.png"
    done = subprocess.run([sys.executable, "-m", "play.cli", "replay", "watch", str(recorded), "--screenshot", str(out),
                           "--placement", "3"], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    image = PNMImage()
    assert image.read(Filename.from_os_specific(str(out))) and image.get_x_size() == 1280
    window = subprocess.run([sys.executable, "-m", "play.cli", "replay", "watch", str(recorded)], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=300)
    assert window.returncode == 2 and window.stderr.startswith("junkart: error: no display to watch")


def test_watching_replays_each_placements_motion_or_says_it_shows_keyframes(showbase, recorded):
    from dataclasses import replace

    from play.replay_motion import recorded_motion
    from scenes.table.hud_model import piece_words
    from scenes.table.replay_viewer import KEYFRAMES_NOTICE

    replay = read_replay(recorded)
    frames = replay_frames(replay)[:3]
    viewer = ReplayViewer(showbase, frames, seat_names(replay), step_s=0.0, bind_input=False,
                          motion_for=recorded_motion)
    try:
        assert viewer.player.playing and viewer.motions_shown == 1     # the first placement moves
        names = seat_names(replay)
        told: list[tuple[int, str]] = []           # every event line the HUD showed, with its placement
        show = viewer.hud.show

        def telling(hud_input) -> None:
            told.append((viewer.index, hud_input.model.event))
            show(hud_input)

        viewer.hud.show = telling
        ticks = 0
        while viewer.index < len(frames) - 1 or viewer.player.playing:
            if viewer.player.playing:      # while it moves the HUD tells what happens, not yet its result
                action = frames[viewer.index].action
                assert viewer.hud.texts()["event"] == f"{names[action.seat]} places {piece_words(action.piece)}..."
                assert not viewer.result_shown
            viewer.tick(1 / 60)
            ticks += 1
            assert ticks < 5000
        # Each placement's result showed once it had come to rest, before the next one moved.
        for index, frame in enumerate(frames):
            results = [event for shown, event in told if shown == index and not event.endswith("...")]
            assert results and all(event.startswith(f"{names[frame.action.seat]} placed ")
                                   or event.startswith(f"{names[frame.action.seat]} dropped ") for event in results)
        assert viewer.result_shown and viewer.hud.texts()["event"].startswith(names[frames[-1].action.seat])
        assert not viewer.hud_input().model.event.endswith("...")
        assert viewer.motions_shown == len(frames) and not viewer.notice
        assert ticks > 3 * 10                                           # frames, not jumps
        last = frames[-1].table
        for piece in last.pieces:                                       # it ends on the file's table
            assert tuple(viewer.view.pieces[piece.piece_id].get_pos()) == pytest.approx(piece.position, abs=1e-6)
        assert viewer.view.visible_pieces() == tuple(sorted(p.piece_id for p in last.pieces))
    finally:
        viewer.destroy()
    # A file whose recorded digest this build's physics does not reach: keyframes, said once.
    tampered = [replace(f, entry=replace(f.entry, digest="0" * 64)) for f in frames]
    viewer = ReplayViewer(showbase, tampered, seat_names(replay), step_s=0.0, bind_input=False,
                          motion_for=recorded_motion)
    try:
        assert not viewer.player.playing and viewer.notice == KEYFRAMES_NOTICE
        assert viewer.hud_input().model.event == KEYFRAMES_NOTICE
    finally:
        viewer.destroy()


def test_watching_takes_the_shadows_and_colour_marks_settings(showbase, recorded):
    replay = read_replay(recorded)
    frames = replay_frames(replay)[:2]
    for shadows, marks in ((True, False), (False, True)):
        viewer = ReplayViewer(showbase, frames, seat_names(replay), step_s=0.0, bind_input=False,
                              shadows=shadows, colour_marks=marks)
        try:
            viewer.tick(0.0)
            assert viewer.view.pieces                                     # a table with pieces is shown
            assert (viewer.view.shadows is not None) == shadows
            assert viewer.view.colour_marks == marks and viewer.hud.colour_marks == marks
            patterned = [pid for pid, node in viewer.view.pieces.items() if not node.find("pattern-space").is_empty()]
            assert bool(patterned) == (marks and any(not pid.startswith("grey") for pid in viewer.view.pieces))
        finally:
            viewer.destroy()
