"""Files that cannot hurt: every path the CLI writes or resolves, and every kind of edit a replay
can suffer, ends in one clear line (exit 2), a "differs" (exit 1), or the real game; nothing is
written through a symlink and no file is emptied before its replacement is whole."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import api
from game.replay import REPLAY_VERSION, ReplayFormatError, encode_lines, read_replay
from play import safe_files
from play.cli import main
from play.controllers import BotController
from play.human import SeatSpec
from play.match import Match
from play.replays import replay_path, replay_writer, verify

CUT_AT = 8          # placements kept in the cut-off game


@pytest.fixture(scope="module")
def cut(tmp_path_factory) -> Path:
    """A Monaco game of two easy bots, stopped after a few placements (as a killed game is)."""
    path = tmp_path_factory.mktemp("safety") / "cut.jsonl"
    config = api.TourConfig(2, ("monaco",))
    bots = [BotController("easy", f"safety:{s}") for s in range(2)]
    with replay_writer(path, 6, config, [SeatSpec(f"bot {s + 1}", "easy") for s in range(2)]) as recorder:
        match = Match(config, bots, 6, recorder=recorder)
        while len(match.log.placements) < CUT_AT:
            match.step()
    return path


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _rewrite(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(encode_lines(records)))
    return path


def _one_error(capsys, code: int, expected: str) -> None:
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line]
    assert code == 2 and len(lines) == 1 and lines[0].startswith("junkart: error: ") and expected in lines[0], err


# --- output paths ------------------------------------------------------------------------------

@pytest.mark.parametrize("target, message", [
    ("dir", "is a directory"), ("/dev/full", "not a regular file"), ("", "needs a file name"),
])
def test_sim_replay_to_a_path_that_cannot_hold_it_is_one_line(tmp_path, capsys, target, message):
    out = str(tmp_path) if target == "dir" else target
    code = main(["sim", "--tour", "monaco", "--players", "2", "--replay", out, "--json"])
    _one_error(capsys, code, message)


@pytest.mark.parametrize("case", ["read-only folder", "unwritable file"])
def test_a_read_only_target_is_one_line(tmp_path, capsys, monkeypatch, case):
    # The suite may run as root, for whom every permission check passes: the check is injected.
    folder = tmp_path / "ro"
    folder.mkdir()
    target = folder / "game.jsonl"
    if case == "unwritable file":
        target.write_text("keep me\n")
    denied = folder if case == "read-only folder" else target
    monkeypatch.setattr(safe_files, "access", lambda p, mode: Path(p) != denied)
    code = main(["sim", "--tour", "monaco", "--players", "2", "--replay", str(target), "--json"])
    _one_error(capsys, code, "read-only" if case == "read-only folder" else "not writable")
    assert case == "read-only folder" and not target.exists() or target.read_text() == "keep me\n"


def test_a_symlink_is_never_written_through(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link, dangling = tmp_path / "link.jsonl", tmp_path / "dangling.jsonl"
    link.symlink_to(victim)
    dangling.symlink_to(tmp_path / "nowhere.jsonl")
    for path in (link, dangling):
        code = main(["sim", "--tour", "monaco", "--players", "2", "--replay", str(path), "--json"])
        _one_error(capsys, code, "symbolic link")
    assert victim.read_text() == "precious\n" and not (tmp_path / "nowhere.jsonl").exists()


def test_play_options_that_contradict_or_make_no_sense_are_one_line(tmp_path, capsys):
    code = main(["play", "--replay", str(tmp_path / "x.jsonl"), "--no-replay"])
    _one_error(capsys, code, "contradict")
    code = main(["play", "--max-placements", "-1"])
    _one_error(capsys, code, "--max-placements must be 0 or more")


def test_popart_screenshot_onto_a_folder_or_unwritable_target_writes_nothing_and_says_so(tmp_path, capsys, monkeypatch):
    code = main(["popart", "--example", "--screenshot", str(tmp_path)])
    _one_error(capsys, code, "is a directory")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(safe_files, "access", lambda p, mode: False)
    code = main(["popart", "--example", "--screenshot", str(tmp_path / "x.png")])
    _one_error(capsys, code, "read-only")
    assert list(tmp_path.iterdir()) == []


def test_a_screenshot_that_was_not_written_is_not_reported_as_written(tmp_path):
    temp = safe_files.temporary_sibling(tmp_path / "shot.png")      # as a renderer that wrote nothing leaves it
    with pytest.raises(safe_files.UnsafePathError, match="could not be written"):
        safe_files.commit(temp, tmp_path / "shot.png", "screenshot")
    assert list(tmp_path.iterdir()) == []


# --- `last` ------------------------------------------------------------------------------------

def test_last_takes_only_regular_files_inside_the_replays_folder(tmp_path, monkeypatch, cut):
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    folder = tmp_path / "replays"
    folder.mkdir()
    real = folder / "20260101-000000-seed6.jsonl"
    real.write_bytes(cut.read_bytes())
    os.utime(real, (1, 1))
    outside = tmp_path / "outside.jsonl"
    outside.write_text("not yours\n")
    (folder / "zz-newest.jsonl").symlink_to(outside)          # newest, but leads out of the folder
    (folder / "zz-dangling.jsonl.gz").symlink_to(folder / "gone.jsonl.gz")
    (folder / "zz-folder.jsonl").mkdir()
    assert replay_path("last") == real


def test_an_unreadable_replays_folder_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    (tmp_path / "replays").mkdir()

    def refuse(path):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(safe_files.os, "scandir", refuse)
    code = main(["replay", "verify", "last"])
    _one_error(capsys, code, "cannot read the folder")
    code = main(["sim", "--resume", "last"])
    _one_error(capsys, code, "cannot read the folder")


# --- nothing lost --------------------------------------------------------------------------------

def test_resume_into_the_same_file_killed_midway_keeps_it_whole_and_finished_replaces_it(tmp_path, cut):
    path = tmp_path / "game.jsonl"
    path.write_bytes(cut.read_bytes())
    before = path.read_bytes()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    args = [sys.executable, "-m", "play.cli", "sim", "--resume", str(path), "--replay", str(path), "--json"]
    runner = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and runner.poll() is None:
        parts = list(tmp_path.glob(".game.jsonl.*.part"))
        if parts and parts[0].stat().st_size > len(before):     # past the old game: new placements written
            break
        time.sleep(0.05)
    assert runner.poll() is None, runner.communicate()
    runner.send_signal(signal.SIGKILL)
    runner.wait()
    assert path.read_bytes() == before, "the old game is intact"
    assert main(["sim", "--resume", str(path), "--replay", str(path), "--json"]) == 0
    after = read_replay(path)
    assert len(after.actions) > len(read_replay(cut).actions) and verify(after).finished


def test_a_new_replay_is_written_in_place_line_by_line(tmp_path, cut):
    path = tmp_path / "fresh.jsonl"
    output = safe_files.SafeOutput(path, "replay")
    output.file.write(b"x")
    output.file.flush()
    assert path.read_bytes() == b"x"          # a killed live game still leaves what it recorded
    output.close()


def test_hull_caches_of_killed_runs_are_cleaned_at_the_next_start(tmp_path):
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    code = "from physics.bodies import collision_file; print(collision_file('ball'))"
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    parent = Path(first.stdout.strip()).parent.parent
    assert parent.name.startswith("junkart-hulls-") and list(parent.iterdir()) == []   # cleaned at exit
    stale = parent / "999999999-killed"
    stale.mkdir()
    (stale / "ball_internal.obj").write_text("o part_00\n")
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert second.returncode == 0 and not stale.exists()
    assert [p.name for p in tmp_path.iterdir()] == [parent.name]    # one place, reused


# --- what verify checks ------------------------------------------------------------------------

def _placement_lines(records: list[dict]) -> list[int]:
    return [k for k, r in enumerate(records) if "digest" in r]


@pytest.mark.parametrize("edit, expected", [
    ("keyframe moved up", "the keyframe on line"),
    ("keyframe deleted", "the keyframe after it is missing"),
    ("keyframes swapped", "the keyframe on line"),
    ("bot time changed", "the game did place"),
    ("bot level changed", "the game did place"),
    ("release off the table", "action "),
    ("recorded by another build", "the settled table differs from the recorded one (recorded by junkart3d 0.0.1, this is"),
])
def test_edits_that_keep_the_chain_whole_are_found_by_verify(tmp_path, cut, capsys, edit, expected):
    records = _records(cut)
    places = _placement_lines(records)
    k = places[2]
    if edit == "keyframe moved up":
        records[k + 1]["keyframe"]["pieces"][0]["position"][2] += 0.5
    elif edit == "keyframe deleted":
        del records[k + 1]
    elif edit == "keyframes swapped":
        records[k + 1], records[places[3] + 1] = records[places[3] + 1], records[k + 1]
    elif edit == "bot time changed":
        records[k]["action"] = records[k]["action"].replace('"elapsed_s":', '"elapsed_s":1', 1)
    elif edit == "bot level changed":
        records[0]["seats"][0]["difficulty"] = "hard"
    elif edit == "recorded by another build":        # whose physics settled this table otherwise
        records[0]["game_version"] = "0.0.1"
        records[k]["digest"] = "0" * len(records[k]["digest"])
    else:
        records[k]["trajectory"][-1][0][0] += 50.0
    path = _rewrite(tmp_path / "edited.jsonl", records)
    code = main(["replay", "verify", str(path)])
    out = capsys.readouterr().out
    assert code == 1 and out.count("\n") == 1 and "differs at" in out and expected in out, out


def test_a_flipped_digit_is_damage_at_its_line(tmp_path, cut, capsys):
    lines = cut.read_text().splitlines(keepends=True)
    k = 9
    lines[k] = lines[k].replace("1", "2", 1) if "1" in lines[k] else lines[k].replace("0", "9", 1)
    path = tmp_path / "flipped.jsonl"
    path.write_text("".join(lines))
    code = main(["replay", "verify", str(path)])
    _one_error(capsys, code, f"flipped.jsonl:{k + 1}: damaged line")


def test_a_version_1_file_still_reads_with_a_notice(tmp_path, cut, capsys):
    records = [{k: v for k, v in r.items() if k != "h"} for r in _records(cut)]
    records[0]["version"] = 1
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    replay = read_replay(path)
    assert replay.header["version"] == 1 and "version-1" in replay.notice and REPLAY_VERSION == 2
    assert main(["replay", "verify", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "notice: " in captured.err and "the same game" in captured.out


@pytest.mark.parametrize("field, value", [
    (("tour", "faceoff"), {}), (("tour", "include_nashville"), "x"), (("tour", "random_cities"), {}),
    (("seed",), True), (("tour", "num_seats"), 10 ** 9), (("seats", 0, "kind"), "wizard"),
    (("seats",), [{"name": "a", "kind": "human"}]), (("tour", "start_seat"), 9), (("game_version",), 7),
])
def test_a_header_with_a_wrong_type_or_range_is_one_line(tmp_path, cut, capsys, field, value):
    records = _records(cut)
    target = records[0]
    for key in field[:-1]:
        target = target[key]
    target[field[-1]] = value
    path = _rewrite(tmp_path / "header.jsonl", records)
    with pytest.raises(ReplayFormatError, match="header"):
        verify(read_replay(path))
    _one_error(capsys, main(["sim", "--resume", str(path)]), "header")
