"""The desktop game driven in-process: you (buttons) + a bot on Philadelphia, real physics."""
from __future__ import annotations

import time

import pytest

from game import api
from game.actions import ChooseSide, Place
from play.desktop import DesktopGame
from play.desktop_shots import run_until, your_turn
from play.human import SeatSpec, default_seats

SEATS = [SeatSpec("You", "human"), SeatSpec("Easy bot", "easy")]


def _press(button) -> None:
    button["command"](*button["extraArgs"])


@pytest.fixture
def game(showbase):
    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    g = DesktopGame(showbase, config, SEATS, seed=5, threaded=False, pace=False, bind_input=False)
    yield g
    g.destroy()


def test_you_play_by_clicking_and_the_bot_answers(showbase, game):
    pressed = {"options": 0, "place": 0, "reaim": 0}
    for _ in range(800):
        placed = game.match.log.placements
        if (len(placed) >= 4 and len({p.action.seat for p in placed}) == 2) or game.finished:
            break
        game.tick()
        hud = game.hud
        if hud.option_buttons:
            assert "Your turn" in hud.texts()["turn"]
            _press(hud.option_buttons[-1])
            pressed["options"] += 1
        elif hud.place_button is not None:
            assert game.view.ghost_visible
            if pressed["reaim"] == 0 and len(game.aim.poses) > 1:
                before = game.aim_index
                _press(hud.reaim_button)
                assert game.aim_index == before + 1
                pressed["reaim"] += 1
            _press(hud.place_button)
            pressed["place"] += 1
    placements = game.match.log.placements
    assert len(placements) >= 4
    assert pressed["options"] >= 1 and pressed["place"] >= 1
    seats = {p.action.seat for p in placements}
    assert seats == {0, 1}                                   # you (assisted) and the bot both placed
    assert game.placements == len(placements)
    ex = api.current(game.match.state)
    assert ex.city == "philadelphia" and sum(len(s.pieces) for s in ex.structures) + sum(len(f) for f in ex.fallen) > 0
    # The view shows exactly the pieces of the match's snapshot.
    assert game.view.visible_pieces() == tuple(sorted(p.piece_id for p in game.match.snapshot.pieces))
    assert game.hud.texts()["city"].startswith("Philadelphia")


def test_you_turn_your_base_before_the_first_city(showbase, game):
    assert run_until(game, your_turn, max_ticks=200)
    assert game.match.state.phase == "sides" and api.current(game.match.state) is None
    assert game.options == [ChooseSide(0, "A"), ChooseSide(0, "B")]
    texts = game.hud.texts()
    assert texts["options"] == ["side A: flat", "side B: with a raised rim"]
    assert texts["city"] == "World Tour" and texts["goal"] == "Your tour: Philadelphia"
    assert game.view.layout is not None and game.view.layout.bases[0].face == "A"   # the empty table
    _press(game.hud.option_buttons[1])
    assert run_until(game, lambda g: api.current(g.match.state) is not None, max_ticks=50)
    assert game.match.state.base_sides[0] == "B"
    assert game.match.table().layout.bases[0].face == "B"     # Philadelphia is played on it
    assert game.view.layout.bases[0].face == "B"
    assert game.event_line == f"Easy bot builds on side {game.match.state.base_sides[1]}"


def _answer_the_side(game) -> None:
    assert run_until(game, your_turn, max_ticks=200)
    assert isinstance(game.options[0], ChooseSide)
    _press(game.hud.option_buttons[0])


def test_your_decision_waits_for_you(showbase, game):
    _answer_the_side(game)
    assert run_until(game, your_turn, max_ticks=200)
    state = game.match.state
    for _ in range(5):
        game.tick()
    assert game.match.state is state                         # nothing happens until you answer
    assert game.options and all(not isinstance(a, Place) for a in game.options)
    card = game.hud.texts()["hand"][0]
    _press(game.hud.chip_buttons[card])
    game.tick()
    assert game.selected == card
    from scenes.table.hud_model import ALL_CHOICES
    from scenes.table.hud_model import action_cards
    assert game.options[0] == ALL_CHOICES
    assert game.options[1:] and all(action_cards(a)[0] == card for a in game.options[1:])
    assert game.hud.texts()["options"][0] == "<< all choices"
    _press(game.hud.option_buttons[0])
    game.tick()
    assert game.selected is None


def test_many_choices_are_grouped_by_card_first(showbase):
    config = api.TourConfig(3, ("philadelphia",), start_seat=0)
    g = DesktopGame(showbase, config, default_seats(3, ["easy", "easy"]), seed=5, threaded=False, pace=False,
                    bind_input=False)
    try:
        _answer_the_side(g)
        assert run_until(g, your_turn, max_ticks=200)
        hand = api.current(g.match.state).hands[0]
        assert g.options == list(hand)                      # 6 ways to pass -> "keep ..." x 3
        assert all(t.startswith("keep ") and t.endswith("...") for t in g.hud.texts()["options"])
        _press(g.hud.option_buttons[1])
        g.tick()
        assert g.selected == hand[1] and len(g.options) == 3   # back + 2 ways to pass the others
        _press(g.hud.option_buttons[2])
        g.tick()
        assert api.current(g.match.state).hidden[0][0] == hand[1]   # kept card first in the pass
    finally:
        g.destroy()


def test_threaded_bots_play_while_the_task_manager_runs(showbase):
    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    seats = default_seats(2, ["easy", "easy"])            # watch mode: no human seat
    g = DesktopGame(showbase, config, seats, seed=2, threaded=True, pace=False, bind_input=False, max_placements=2)
    try:
        for _ in range(6000):
            if g.finished and not g.worker.busy:
                break
            showbase.taskMgr.step()
            time.sleep(0.005)
        assert g.finished and g.placements == 2
        assert "Stopped after 2 placements" in g.hud.texts()["turn"]
    finally:
        g.destroy()


def test_default_seats():
    assert [(s.name, s.kind) for s in default_seats(3)] == [("You", "human"), ("Normal bot", "normal"), ("Hard bot", "hard")]
    assert [s.name for s in default_seats(3, ["easy", "easy"])] == ["You", "Easy bot 1", "Easy bot 2"]
    with pytest.raises(ValueError, match="bots"):
        default_seats(3, ["easy"])


def test_same_seed_same_game(showbase):
    """Jobs are serialised and draw only from seeded generators: the window's game is reproducible."""
    runs = []
    for _ in range(2):
        config = api.TourConfig(2, ("philadelphia",), start_seat=0)
        g = DesktopGame(showbase, config, SEATS, seed=11, threaded=False, pace=False, bind_input=False, autopilot=True)
        try:
            assert run_until(g, lambda game: game.placements >= 3, max_ticks=400)
            runs.append(([p.action.to_text() for p in g.match.log.placements][:3], g.match.log.placements[2].snapshot_digest))
        finally:
            g.destroy()
    assert runs[0] == runs[1]


def test_your_game_is_recorded_and_verifies_bit_for_bit(showbase, tmp_path):
    """Your placements (the path of your hand) and the bot's go into the replay as they happen;
    replayed through the physics, the file is the same game, up to where it stops."""
    from game.replay import read_replay
    from play.replays import replay_writer, verify

    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    path = tmp_path / "game.jsonl.gz"
    recorder = replay_writer(path, 5, config, SEATS)
    g = DesktopGame(showbase, config, SEATS, seed=5, threaded=False, pace=False, bind_input=False, autopilot=True,
                    max_placements=6, recorder=recorder)
    run_until(g, lambda g: g.finished)
    g.destroy()
    replay = read_replay(path)
    seats = {e.action.seat for e in replay.entries if e.trajectory}
    assert seats == {0, 1} and replay.header["seats"][0]["kind"] == "human"
    verdict = verify(replay)
    assert verdict.ok and verdict.placements == 6 and not verdict.finished, verdict.problem


def test_a_recorded_game_resumes_in_the_window(showbase, tmp_path):
    """Stop after 3 placements, resume from the file: the table is rebuilt as it was, your seat is
    yours again, and the game goes on (recorded again from its start into a new file)."""
    from game.replay import read_replay
    from play.replays import replay_writer, verify

    config = api.TourConfig(2, ("philadelphia",), start_seat=0)
    first = tmp_path / "first.jsonl"
    g = DesktopGame(showbase, config, SEATS, seed=5, threaded=False, pace=False, bind_input=False, autopilot=True,
                    max_placements=3, recorder=replay_writer(first, 5, config, SEATS))
    run_until(g, lambda g: g.finished)
    table = g.match.snapshot
    g.destroy()

    again = tmp_path / "again.jsonl"
    r = DesktopGame.resumed(showbase, read_replay(first), threaded=False, pace=False, bind_input=False,
                            autopilot=True, max_placements=3, recorder=replay_writer(again, 5, config, SEATS))
    try:
        assert r.match.snapshot.digest() == table.digest()
        assert r.view.visible_pieces() == tuple(sorted(p.piece_id for p in table.pieces))
        assert r.event_line.startswith("Resumed in Philadelphia after ")
        assert r.names == ["You", "Easy bot"] and not r.controllers[0].is_bot
        run_until(r, lambda g: g.finished)
        assert len(r.match.log.placements) == 6
    finally:
        r.destroy()
    verdict = verify(read_replay(again))
    assert verdict.ok and verdict.placements == 6, verdict.problem


def test_hot_seat_hides_each_hand_until_its_person_takes_the_screen(showbase):
    """Ann and Bob at one desktop with a bot: before each person's turn the screen asks for them
    by name and shows no hand and no choices; after "I'm Bob", Bob sees his own cards only."""
    seats = default_seats(3, ["easy"], ["Ann", "Bob"])
    config = api.TourConfig(3, ("philadelphia",), start_seat=0)
    g = DesktopGame(showbase, config, seats, seed=4, threaded=False, pace=False, bind_input=True)
    try:
        seen: dict[str, list[str]] = {}
        for _ in range(4):                    # Ann's side, Bob's side, then Philadelphia's pass: Ann, Bob
            assert run_until(g, lambda g: g.hot_seat.handoff is not None, max_ticks=400), g.turn_line
            assert g.hot_seat.handoff == api.to_act(g.match.state)[0]
            person = g.names[g.hot_seat.handoff]
            texts = g.hud.texts()
            assert texts["hand"] == [] and texts["options"] == []
            assert g.hud.handoff_button is not None and texts["turn"] == f"{person}'s turn"
            showbase.messenger.send("space")                # "I'm <person>"
            g.tick()
            assert g.hot_seat.viewer == g.names.index(person) and g.hot_seat.handoff is None
            texts = g.hud.texts()
            assert texts["options"] and f"{person} (you)" in texts["seats"]
            ex = api.current(g.match.state)
            if ex is not None:
                seen[person] = texts["hand"]
                assert texts["hand"] == list(ex.hands[g.hot_seat.viewer])
            _press(g.hud.option_buttons[0])
            g.tick()
            if g.options and isinstance(g.options[0], str):   # a card narrowed the choices: take one
                _press(g.hud.option_buttons[1])
        assert set(seen) == {"Ann", "Bob"} and seen["Ann"] != seen["Bob"]
    finally:
        g.destroy()


def test_the_end_of_the_tour_names_its_replay(showbase, tmp_path):
    from play.replays import replay_writer

    config = api.TourConfig(2, ("philadelphia",), start_seat=0, base_sides=("A", "A"))
    seats = default_seats(2, ["easy", "easy"])                      # watch mode
    recorder = replay_writer(tmp_path / "watched.jsonl", 3, config, seats)
    g = DesktopGame(showbase, config, seats, seed=3, threaded=False, pace=False, bind_input=False, recorder=recorder)
    try:
        assert run_until(g, lambda g: g.finished, max_ticks=2000)
        assert g.turn_line.startswith("Tour over: ")
        assert g.hud_feed.extra[-1] == "Replay saved: watched.jsonl"
        g.tick()
        assert g.hud.texts()["hand"] == []                           # watching: no bot's hand on screen
    finally:
        g.destroy()
