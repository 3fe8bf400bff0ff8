"""Pop Art bots: legal, deterministic, working from observations; hard beats random; the look-ahead model."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from game.popart import BOTS, Config, Seat, Session, legal_actions, make_bot, observe, play_bot_game, start
from game.popart.cards import Face, load_catalogue
from game.popart.expectation import Model, chance_all_colours, expected_sets, frames
from game.popart.scoring import score_display


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_legal_moves_from_observations(name):
    state = start(Config(3), random.Random(1))
    bot = make_bot(name)
    for seat in range(3):
        assert bot.choose(observe(state, seat), random.Random(seat)) in legal_actions(state, seat)


def test_unknown_bot_name():
    with pytest.raises(ValueError, match="unknown Pop Art bot"):
        make_bot("genius")


def test_same_seed_same_game():
    a = play_bot_game(Config(4, goals=1), ["hard", "normal", "easy", "random"], 17)
    b = play_bot_game(Config(4, goals=1), ["hard", "normal", "easy", "random"], 17)
    assert a.actions == b.actions and a.outcome == b.outcome
    assert play_bot_game(Config(4, goals=1), ["hard", "normal", "easy", "random"], 18).actions != a.actions


def _hard_win_rate(games: int) -> float:
    wins = sum(play_bot_game(Config(3), ["hard", "random", "random"], seed).outcome.winners == (0,)
               for seed in range(games))
    return wins / games


def test_hard_beats_random_bots_sample():
    assert _hard_win_rate(30) >= 0.8


@pytest.mark.soak
def test_hard_beats_random_bots_in_100_three_player_games():
    assert _hard_win_rate(100) >= 0.8


def test_hard_outscores_normal_solo_on_average():
    seeds = range(12)
    hard = sum(play_bot_game(Config(1), ["hard"], s).outcome.scores[0] for s in seeds)
    normal = sum(play_bot_game(Config(1), ["normal"], s).outcome.scores[0] for s in seeds)
    rand = sum(play_bot_game(Config(1), ["random"], s).outcome.scores[0] for s in seeds)
    assert hard > normal > rand


def test_model_of_a_full_display_is_its_exact_score():
    """With nothing left unknown the look-ahead must equal the real score (rival compare included)."""
    record = play_bot_game(Config(1), ["normal"], 3)
    cat = load_catalogue()
    model = Model(cat)
    display = record.final.displays[0]
    prints = {(p.row, p.col): (cat.face(p.fg, p.bg), model.condition(p.fg, p.bg)) for p in display}
    expected = score_display({(p.row, p.col): (p.fg, p.bg) for p in display}, cat.rival).total
    assert model.value(prints, cat.rival, 0) == pytest.approx(expected)


def test_model_pieces():
    assert expected_sets(4, 0, 0.5, 2) == 2
    assert expected_sets(1, 1, 0.5, 2) == pytest.approx(0.5)
    assert frames([(0, 0)]) == [(t, l) for t in range(-2, 1) for l in range(-2, 1)]
    assert frames([(0, 0), (2, 2)]) == [(0, 0)]
    probs = (0.5, 0.5, 0, 0, 0, 0, 0.5, 0.5)
    assert chance_all_colours(frozenset({0, 1}), 1, probs) == pytest.approx(0.0)
    assert chance_all_colours(frozenset({0, 1}), 2, probs) == pytest.approx(0.5)
    assert chance_all_colours(frozenset(), 0, probs) == 1.0


def test_model_values_an_open_column_for_per_column():
    """'Per yellow in this column' is worth more with two open cells in the column than none."""
    cat = load_catalogue()
    model = Model(cat)
    yellow = Face("yellow", "Portrait")
    bg = next(b for b in cat.backgrounds.values() if b.pattern == "per_in_column")
    fg = next(f for f in cat.foregrounds.values() if f.subject == "yellow")
    cond = model.condition(fg.id, bg.id)
    open_column = model.value({(r, c): (Face("cyan", "Portrait"), cond) if (r, c) == (0, 0) else (yellow, cond)
                               for r in range(3) for c in range(1, 3)} | {(0, 0): (yellow, cond)})
    closed = model.value({(r, c): (Face("cyan", "Portrait"), cond) for r in range(3) for c in range(3)
                          if c > 0 or r == 0} | {(0, 0): (yellow, cond)})
    assert open_column > closed


def test_session_runs_bots_and_waits_for_humans():
    session = Session(Config(3), [Seat("Ann", "human"), Seat("Bot", "hard"), Seat("Cy", "human")], seed=4)
    assert session.current_human == 0 and session.needs_handoff
    session.acknowledge_handoff()
    assert not session.needs_handoff
    assert session.state.pending[1] is not None          # the bot chose at once, hidden
    session.submit(legal_actions(session.state, 0)[0])
    assert session.current_human == 2 and session.needs_handoff
    session.acknowledge_handoff()
    session.submit(legal_actions(session.state, 2)[0])
    assert session.state.round == 2 and session.current_human == 0
    while not session.is_over:
        if session.needs_handoff:
            session.acknowledge_handoff()
        seat = session.current_human
        session.submit(legal_actions(session.state, seat)[0])
    assert len(session.outcome().scores) == 3


def test_game_package_imports_no_engine():
    code = ("import sys, game.popart, game.popart.bots, game.popart.session; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pybullet', 'panda3d', 'direct')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0
