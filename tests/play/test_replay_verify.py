"""`junkart replay verify`: a recorded tour played again through the real physics matches its
file bit for bit, and any change to the file (a release moved by a millimetre, a reshuffled
deck, a cut-off end, a damaged header) is found and said in one line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import api
from game.replay import ReplayFormatError, encode_lines, read_replay
from play.controllers import BotController
from play.match import Match
from play.human import SeatSpec
from play.replays import replay_writer, verify

# New York places pieces chosen as cards (the seat's choice carries the placement) and
# Indianapolis takes back the slowest placement (the table is restored): both paths are checked.
TOUR = ("new_york:short", "indianapolis")


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "tour.jsonl"
    config = api.TourConfig(2, TOUR)
    bots = [BotController(level, f"replay-test:{s}") for s, level in enumerate(("easy", "normal"))]
    with replay_writer(path, 8, config, [SeatSpec(f"bot {s + 1}", b.difficulty) for s, b in enumerate(bots)]) as recorder:
        match = Match(config, bots, 8, recorder=recorder)
        match.run()
    assert len(match.log.cities) == 2
    return path


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path: Path, lines: list[dict]) -> Path:
    """The lines edited as someone who keeps the integrity chain whole would: verify must still
    find what changed by re-simulating it."""
    path.write_text("".join(encode_lines(lines)))
    return path


def _cli(path: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "play.cli", "replay", "verify", str(path), *extra],
                          capture_output=True, text=True, timeout=600)


def test_a_recorded_tour_is_the_same_game_bit_for_bit(recorded):
    replay = read_replay(recorded)
    verdict = verify(replay)
    assert verdict.ok and verdict.finished and verdict.cities == 2, verdict.problem
    assert verdict.actions == len(replay.actions)
    assert verdict.placements == sum(1 for e in replay.entries if e.trajectory) > 10
    done = _cli(recorded, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"file": "tour.jsonl", **verdict.to_json()}


def test_a_release_moved_by_a_millimetre_is_found(recorded, tmp_path):
    lines = _lines(recorded)
    k = [i for i, line in enumerate(lines) if "trajectory" in line][5]
    lines[k]["trajectory"][-1][0][0] += 0.001
    changed = _write(tmp_path / "moved.jsonl", lines)
    verdict = verify(read_replay(changed))
    number = sum(1 for line in lines[1:k + 1] if "action" in line)
    assert not verdict.ok and verdict.problem.startswith(f"action {number} (place ")
    assert verdict.actions == number - 1
    done = _cli(changed)
    assert done.returncode == 1 and done.stdout.count("\n") == 1
    assert done.stdout.startswith(f"moved.jsonl: differs at action {number} (place ")


def test_a_release_inside_another_piece_is_found(recorded, tmp_path):
    lines = _lines(recorded)
    k = [i for i, line in enumerate(lines) if "trajectory" in line][5]
    lines[k]["trajectory"][-1][0][2] = 0.0            # released at table height, inside its base
    verdict = verify(read_replay(_write(tmp_path / "inside.jsonl", lines)))
    number = sum(1 for line in lines[1:k + 1] if "action" in line)
    assert not verdict.ok and verdict.problem.startswith(f"action {number} (place 0 ")
    assert "would intersect " in verdict.problem             # its base, or the table under it


def test_a_reshuffled_deck_is_found(recorded, tmp_path):
    lines = _lines(recorded)
    k = next(i for i, line in enumerate(lines) if line.get("action", "").startswith("shuffle "))
    verb, cards = lines[k]["action"].split(" ")
    cards = cards.split(",")
    cards[0], cards[1] = cards[1], cards[0]
    lines[k]["action"] = f"{verb} {','.join(cards)}"
    verdict = verify(read_replay(_write(tmp_path / "shuffled.jsonl", lines)))
    assert not verdict.ok and "the game did shuffle " in verdict.problem


def test_a_file_cut_short_checks_up_to_where_it_stops(recorded, tmp_path):
    lines = _lines(recorded)
    verdict = verify(read_replay(_write(tmp_path / "short.jsonl", lines[: len(lines) // 2])))
    assert verdict.ok and not verdict.finished and 0 < verdict.placements
    assert verdict.actions == sum(1 for line in lines[1: len(lines) // 2] if "action" in line)


def test_a_header_without_a_tour_is_a_one_line_error(recorded, tmp_path):
    lines = _lines(recorded)
    del lines[0]["tour"]
    damaged = _write(tmp_path / "headless.jsonl", lines)
    with pytest.raises(ReplayFormatError, match="header does not describe a tour"):
        verify(read_replay(damaged))
    done = _cli(damaged)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("junkart: error: the replay's header")


def test_sim_resume_goes_on_where_the_file_stops(recorded, tmp_path, capsys):
    from play.cli import main

    lines = _lines(recorded)
    cut = _write(tmp_path / "cut.jsonl", lines[: len(lines) // 2])
    assert main(["sim", "--resume", str(cut), "--replay", str(tmp_path / "on.jsonl"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [c["city"] for c in result["cities"]] == ["new_york", "indianapolis"] and result["seed"] == 8
    assert result["bots"] == ["easy", "normal"]
    # The new file is the old game, action for action, then the rest of the tour.
    on = read_replay(tmp_path / "on.jsonl")
    before = read_replay(cut)
    assert [a.to_text() for a in on.actions[: len(before.actions)]] == [a.to_text() for a in before.actions]
    verdict = verify(on)
    assert verdict.ok and verdict.finished and verdict.actions > len(before.actions)


@pytest.mark.parametrize("change, message", [
    ("finished", "the replay's tour is over: there is nothing to resume"),
    ("moved", "cannot resume: the replay differs at action "),
])
def test_what_cannot_be_resumed_is_a_one_line_error(recorded, tmp_path, capsys, change, message):
    from play.cli import main

    lines = _lines(recorded)
    if change == "moved":
        k = [i for i, line in enumerate(lines) if "trajectory" in line][3]
        lines[k]["trajectory"][-1][0][1] -= 0.002
    path = _write(tmp_path / f"{change}.jsonl", lines)
    assert main(["sim", "--resume", str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"junkart: error: {message}") and err.count("\n") == 1


def test_a_common_base_tour_verifies_too(tmp_path):
    """Paris and Pisa build on shared bases (structure k is not seat k's)."""
    config = api.TourConfig(2, ("paris", "pisa"))
    bots = [BotController("easy", f"common:{s}") for s in range(2)]
    path = tmp_path / "common.jsonl.gz"
    with replay_writer(path, 5, config, [SeatSpec(f"bot {s}", "easy") for s in range(2)]) as recorder:
        Match(config, bots, 5, recorder=recorder).run()
    verdict = verify(read_replay(path))
    assert verdict.ok and verdict.finished and verdict.cities == 2 and verdict.placements > 5, verdict.problem
