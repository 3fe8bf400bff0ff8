"""`junkart popart` sub-commands: headless sim and solo JSON, the no-display fallback, bad input, bench."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from benchmarks import bench_popart
from play.cli import main


def run_json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_sim_json_has_scores_breakdown_and_winner(capsys):
    data = run_json(capsys, ["popart", "sim", "--players", "4", "--seed", "3", "--json"])
    assert data["players"] == 4 and len(data["scores"]) == 4 and len(data["breakdown"]) == 4
    for score, sheet in zip(data["scores"], data["breakdown"]):
        assert [p["label"] for p in sheet["prints"]] == list("ABCDEFGHI")
        assert sum(p["points"] for p in sheet["prints"]) + sum(g["points"] for g in sheet["goals"]) == score
    best = max(data["scores"])
    assert data["tie"] or (data["winner"] is not None and data["scores"][data["winner"]] == best)
    assert len(data["actions"]) == 4 * 9


def test_sim_is_deterministic_and_seed_dependent(capsys):
    a = run_json(capsys, ["popart", "sim", "--players", "3", "--seed", "5", "--json"])
    b = run_json(capsys, ["popart", "sim", "--players", "3", "--seed", "5", "--json"])
    c = run_json(capsys, ["popart", "sim", "--players", "3", "--seed", "6", "--json"])
    assert a == b and a["actions"] != c["actions"]


def test_sim_with_named_bots_and_goals(capsys):
    data = run_json(capsys, ["popart", "sim", "--players", "3", "--bots", "hard,easy,random", "--goals", "2",
                             "--seed", "2", "--json"])
    assert data["bots"] == ["hard", "easy", "random"] and len(data["goals"]) == 2
    assert all(len(sheet["goals"]) == 2 for sheet in data["breakdown"])


def test_solo_json_prints_score_and_rank(capsys):
    data = run_json(capsys, ["popart", "solo", "--bot", "hard", "--seed", "1", "--json"])
    assert isinstance(data["score"], int) and data["score"] == data["scores"][0]
    lows = {"Forgettable": 0, "15 Minutes of Fame": 35, "Popular": 45, "Iconic": 55, "Designers' Top Score": 65}
    assert lows[data["rank"]] <= data["score"]
    assert data["lost"] is False


def test_text_output_reads_like_the_rulebook(capsys):
    assert main(["popart", "solo", "--bot", "hard", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Score " in out and " Pop" in out and "score " in out.splitlines()[-1]


def test_your_own_solo_game_needs_a_window_and_says_so_in_one_line(capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["popart", "solo", "--seed", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no display for your solo game" in err[0] and "--bot hard" in err[0]


def test_popart_without_a_display_plays_headless(capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["popart", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("junkart popart: no display available")
    assert "winner" in out or "tie" in out


@pytest.mark.parametrize("argv, message", [
    (["popart", "sim", "--players", "9"], "1 to 6 players"),
    (["popart", "sim", "--players", "2", "--bots", "hard,genius"], "unknown bot"),
    (["popart", "sim", "--players", "3", "--bots", "hard,hard"], "2 bots for 3 players"),
    (["popart", "--players", "2", "--humans", "3"], "--humans"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_console_entry_point_runs_sim():
    result = subprocess.run([sys.executable, "-m", "play.cli", "popart", "sim", "--players", "2", "--seed", "1",
                             "--json"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and len(json.loads(result.stdout)["scores"]) == 2


def test_bench_run_reports_distribution_and_time():
    figures = bench_popart.run(seeds=6, versus_games=4)
    hard = figures["solo_hard"]
    assert hard["games"] == 6 and sum(hard["ranks"].values()) == 6
    assert hard["min"] <= hard["median"] <= hard["max"] and hard["ms_per_game"] > 0
    assert figures["hard_vs_2_random_3p"]["games"] == 4
    assert figures["ratio_hard_vs_random_score"] > 1


def test_sim_record_replays_to_the_same_scores(capsys):
    """The printed action log plus the seed's deal is the whole game."""
    import random

    from game.popart import Config, outcome, parse_action, random_deal, replay

    data = run_json(capsys, ["popart", "sim", "--players", "3", "--goals", "1", "--seed", "9", "--json"])
    config = Config(3, 1)
    actions = [random_deal(config, random.Random(9))] + [parse_action(a) for a in data["actions"]]
    assert list(outcome(replay(config, actions)).scores) == data["scores"]
