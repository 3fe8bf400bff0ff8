"""The replay file: written as it happens, read back exactly, and damaged files refused in one line."""
from __future__ import annotations

import gzip
import json
import random

import pytest

from game import api
from game.actions import Place
from game.replay import REPLAY_VERSION, ReplayFormatError, ReplayWriter, encode_lines, read_replay
from game.sim import complete


def record(path, seed=3):
    rng = random.Random(seed)
    state = api.new_tour(api.TourConfig(2, ("philadelphia",), start_seat=0))
    actions = []
    with ReplayWriter(path, {"seed": seed, "tour": state.config.to_json()}) as writer:
        while not api.is_terminal(state):
            if api.is_chance(state):
                action = api.sample_chance(state, rng)
            else:
                seat = api.to_act(state)[0]
                action = complete(state, rng.choice(api.legal_actions(state, seat)), rng)
            state = api.apply(state, action)
            actions.append(action)
            if isinstance(action, Place):
                writer.action(action, (((0.0, 0.1, 0.05), (0.0, 0.0, 0.0, 1.0)),), "ab" * 32)
                writer.keyframe({"pieces": [action.piece]})
            else:
                writer.action(action)
    return state, actions


@pytest.mark.parametrize("name", ["tour.jsonl", "tour.jsonl.gz"])
def test_a_recorded_tour_reads_back_and_replays_to_the_same_state(tmp_path, name):
    final, actions = record(tmp_path / name)
    replay = read_replay(tmp_path / name)
    assert replay.header["seed"] == 3 and replay.header["version"] == REPLAY_VERSION
    assert replay.actions == tuple(actions)
    assert sum(1 for e in replay.entries if e.keyframe) == sum(isinstance(a, Place) for a in actions)
    state = api.new_tour(api.TourConfig.from_json(replay.header["tour"]))
    for action in replay.actions:
        state = api.apply(state, action)
    assert api.state_to_json(state) == api.state_to_json(final)


def damage(path, kind):
    lines = path.read_text().splitlines(keepends=True)
    if kind == "truncated":      # a line cut in half in the middle of the file
        path.write_text("".join(lines[:5]) + lines[5][: len(lines[5]) // 2] + "\n" + "".join(lines[6:]))
    elif kind == "foreign":
        path.write_text('{"hello": "world"}\n')
    elif kind == "newer":
        path.write_text(lines[0].replace(f'"version":{REPLAY_VERSION}', '"version":99') + "".join(lines[1:]))
    elif kind == "bad action":
        # an edit that keeps the integrity chain whole: the content is still checked
        records = [json.loads(line) for line in lines[:3]] + [{"action": "teleport 0 everything"}]
        path.write_text("".join(encode_lines(records)))
    elif kind == "binary":
        path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00garbage")
    elif kind == "empty":
        path.write_text("")


@pytest.mark.parametrize("kind, message", [
    ("truncated", "damaged line"), ("foreign", "not a Junk Art replay"), ("newer", "version 99"),
    ("bad action", "unknown action 'teleport'"), ("binary", "replay"), ("empty", "empty file"),
])
def test_a_damaged_or_foreign_file_gets_one_clear_error(tmp_path, kind, message):
    path = tmp_path / "tour.jsonl"
    record(path)
    damage(path, kind)
    with pytest.raises(ReplayFormatError) as error:
        read_replay(path)
    text = str(error.value)
    assert message in text and "\n" not in text


@pytest.mark.parametrize("name", ["tour.jsonl", "tour.jsonl.gz"])
def test_a_crashed_game_leaves_a_short_replay(tmp_path, name):
    """The writer flushes every line: a game killed mid-write leaves its file cut off (a gzip
    stream without its end, a last line half written), and what came before still reads."""
    path = tmp_path / name
    _, actions = record(path)
    raw = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
    lines = raw.splitlines(keepends=True)
    cut = b"".join(lines[:12]) + lines[12][:10]
    if name.endswith(".gz"):
        with gzip.open(path, "wb") as handle:
            handle.write(cut)
        path.write_bytes(path.read_bytes()[:-8])      # no gzip trailer: the stream never ended
    else:
        path.write_bytes(cut)
    replay = read_replay(path)
    assert len(replay.entries) == 11 and replay.actions == tuple(actions[: len(replay.actions)])


def test_gzip_garbage_and_missing_files_are_refused(tmp_path):
    path = tmp_path / "x.jsonl.gz"
    path.write_bytes(gzip.compress(b"not json at all\n")[:-8])
    with pytest.raises(ReplayFormatError):
        read_replay(path)
    with pytest.raises(ReplayFormatError, match="no such replay file"):
        read_replay(tmp_path / "missing.jsonl")
