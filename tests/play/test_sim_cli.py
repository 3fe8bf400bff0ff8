"""`junkart sim`: one JSON line, same seed same output in two processes, one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

SIM = [sys.executable, "-m", "play.cli", "sim"]


def run_sim(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*SIM, *args], capture_output=True, text=True, timeout=900)


@pytest.mark.slow
def test_same_seed_same_result_in_two_processes(tmp_path):
    args = ("--tour", "philadelphia", "--players", "2", "--bots", "easy,normal", "--seed", "11", "--json")
    first, second = run_sim(*args, "--replay", str(tmp_path / "a.jsonl")), run_sim(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    lines = first.stdout.strip().splitlines()
    assert len(lines) == 1, "--json prints exactly one line"
    result = json.loads(lines[0])
    assert [c["city"] for c in result["cities"]] == ["philadelphia"]
    assert sum(result["fans"]) == sum(result["cities"][0]["fans"]) > 0
    assert set(result["winner"]) <= {0, 1} and result["winner"]
    from game.replay import read_replay
    replay = read_replay(tmp_path / "a.jsonl")
    assert replay.header["seed"] == 11
    placements = [e for e in replay.entries if e.trajectory]
    assert len(placements) == result["cities"][0]["placements"]
    assert sum(1 for e in replay.entries if e.keyframe) == len(placements)


@pytest.mark.parametrize("args, message", [
    (("--tour", "paris", "--players", "7"), "2-6 players"),
    (("--tour", "amsterdam", "--players", "2"), "3-6 players"),
    (("--tour", "amsterdm", "--players", "3"), "did you mean 'Amsterdam'"),
    (("--tour", "nashville", "--players", "5"), "Nashville supports 2-4 players"),
    (("--players", "2", "--bots", "easy,wizard"), "unknown difficulty 'wizard'"),
    (("--players", "3", "--bots", "easy,hard"), "2 difficulties for 3 players"),
    (("--players", "2", "--sides", "A,C"), "give A or B for each of the 2 seats"),
    (("--players", "3", "--sides", "A,B"), "give A or B for each of the 3 seats"),
])
def test_impossible_options_exit_2_with_one_line(args, message):
    done = run_sim(*args)
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if line.startswith("junkart: error:")]
    assert len(errors) == 1 and message in errors[0], done.stderr
    assert "Traceback" not in done.stderr
