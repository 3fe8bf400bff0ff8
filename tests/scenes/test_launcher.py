"""The start menu in a real offscreen window: Play, Esc back to the menu, resume and watch your
last game, Pop Art and back, and one-line reasons when something cannot open."""
from __future__ import annotations

import pytest

from game import api
from game.tour import FIRST_TOUR
from play.desktop import DesktopGame
from play.desktop_shots import run_until, your_turn
from play.launcher import Launcher
from scenes.menu import StartMenu


def _press(button) -> None:
    button["command"](*button["extraArgs"])


def _button(menu: StartMenu, text: str):
    return next(b for b in menu.buttons if str(b["text"]).startswith(text))


@pytest.fixture
def launcher(showbase, tmp_path, monkeypatch):
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    app = Launcher(showbase, game_options={"threaded": False, "pace": False})
    yield app
    app.close()
    showbase.ignore("escape")


def test_play_opens_the_first_tour_and_esc_comes_back_to_the_menu(showbase, launcher, tmp_path):
    menu = launcher.screen
    assert isinstance(menu, StartMenu)
    assert menu.texts()["buttons"] == ["Play", "Pop Art (card game)", "Settings", "Quit"]   # no game recorded yet
    showbase.messenger.send("enter")
    game = launcher.screen
    assert isinstance(game, DesktopGame)
    assert game.match.state.config.cities == FIRST_TOUR and game.names == ["You", "Normal bot", "Hard bot"]
    assert run_until(game, your_turn, max_ticks=200)
    _press(game.hud.option_buttons[0])                                  # your base: side A
    assert run_until(game, lambda g: api.current(g.match.state) is not None, max_ticks=50)
    assert any("Esc menu" in line for line in game.hud_feed.controls)
    played = len(game.match.log.actions)
    showbase.messenger.send("escape")
    menu = launcher.screen
    assert isinstance(menu, StartMenu)
    # Resumable, but nothing to watch yet: Watch waits for a game with a placement.
    assert menu.texts()["buttons"] == ["Play", "Resume your last game", "Pop Art (card game)", "Settings", "Quit"]
    assert len(list((tmp_path / "replays").glob("*.jsonl.gz"))) == 1
    _press(_button(menu, "Resume"))                                     # the same tour, rebuilt
    resumed = launcher.screen
    assert isinstance(resumed, DesktopGame)
    assert len(resumed.match.log.actions) == played
    assert resumed.match.state.base_sides[0] == "A"
    showbase.messenger.send("escape")
    assert not any(b.startswith("Watch") for b in launcher.screen.texts()["buttons"])


def test_the_menu_changes_the_table_and_refuses_one_a_city_cannot_seat(showbase, launcher):
    menu = launcher.screen
    _press(menu.arrows[("players", 1)])
    assert menu.texts()["rows"]["players"] == "4" and launcher.choices.players == 4
    assert len(menu.view.layout.bases) == 4                             # the table behind shows 4 bases
    _press(menu.arrows[("seat:2", 1)])                                 # hard -> a person
    assert menu.texts()["rows"]["seat:2"] == "a person (hot-seat)"
    assert menu.texts()["buttons"][0] == "Play hot-seat (2 people)"
    while launcher.choices.tour != "gujarat":
        _press(menu.arrows[("tour", 1)])
    _press(menu.arrows[("players", 1)])                                 # 5 players: Gujarat seats 2-4
    assert "5" in menu.texts()["problem"]
    showbase.messenger.send("enter")
    assert launcher.screen is menu                                      # Play does nothing
    _press(menu.arrows[("players", -1)])
    assert menu.texts()["problem"] == ""


def test_pop_art_opens_and_its_quit_comes_back(showbase, launcher):
    from scenes.popart.scene import PopArtScene

    _press(_button(launcher.screen, "Pop Art"))
    scene = launcher.screen
    assert isinstance(scene, PopArtScene) and len(scene.session.seats) == 3
    quit_button = next(b for b in scene.buttons if str(b["text"]) == "Quit")
    _press(quit_button)
    showbase.taskMgr.step()
    assert isinstance(launcher.screen, StartMenu)


def test_play_again_on_the_tour_board_opens_the_same_table_with_a_new_deal(showbase, launcher, tmp_path):
    from scenes.table import hud_model

    showbase.messenger.send("enter")
    game = launcher.screen
    assert isinstance(game, DesktopGame) and game.on_play_again is not None
    # The tour's board offers Play again where a launcher can start one ...
    outcome = api.outcome(game.match.state)
    board = hud_model.tour_scoreboard(outcome, None, game.names, game.match.state.cities,
                                      play_again=game.on_play_again is not None)
    assert board.buttons[0].startswith("Play again")
    # ... and its button (or Space on the board) opens the same table, dealt afresh.
    game.hud_feed.board_button(board.buttons[0])
    assert launcher.screen is game                          # not inside the button's own click
    showbase.taskMgr.step()
    again = launcher.screen
    assert isinstance(again, DesktopGame) and again is not game
    assert again.match.state.config == game.match.state.config and again.names == game.names
    assert len(list((tmp_path / "replays").glob("*.jsonl*"))) == 2       # both games recorded
    showbase.messenger.send("escape")
    assert isinstance(launcher.screen, StartMenu)



def test_each_city_of_the_tour_has_its_rules_at_hand_in_the_menu(showbase, launcher, capsys):
    from play.cli import main
    from game.rules_text import rules_page

    menu = launcher.screen
    assert list(menu.rules_buttons) == list(FIRST_TOUR)                 # a "?" beside each city
    _press(menu.rules_buttons["monaco"])
    assert menu.rules.visible and menu.root.is_hidden()
    assert menu.rules.texts() == [body for _, body in rules_page("monaco").sections]
    assert main(["rules", "monaco"]) == 0                               # the same words as the terminal's
    printed = " ".join(capsys.readouterr().out.split())
    assert all(" ".join(body.split()) in printed for body in menu.rules.texts())
    showbase.messenger.send("escape")                                   # Esc closes the page, not the game
    assert not menu.rules.visible and not menu.root.is_hidden() and launcher.screen is menu
    _press(menu.rules_buttons["paris"])
    _press(menu._close_rules)
    assert not menu.rules.visible
    while launcher.choices.tour != "random:3":                          # no cities yet: no "?"
        _press(menu.arrows[("tour", 1)])
    assert menu.rules_buttons == {}


def test_watch_in_the_menu_plays_each_placements_motion(showbase, launcher, tmp_path):
    from game.actions import Place
    from play.controllers import BotController
    from play.human import SeatSpec
    from play.match import Match
    from play.replays import replay_writer
    from scenes.table.replay_viewer import ReplayViewer

    (tmp_path / "replays").mkdir(exist_ok=True)
    config = api.TourConfig(2, ("philadelphia",))
    bots = [BotController("easy", f"menu-watch:{s}") for s in range(2)]
    with replay_writer(tmp_path / "replays" / "20261203-100000-seed3.jsonl", 3, config,
                       [SeatSpec(f"bot {s + 1}", "easy") for s in range(2)]) as recorder:
        match = Match(config, bots, 3, recorder=recorder)
        placed = 0
        while placed < 2:
            placed += isinstance(match.step(), Place)
    launcher.show_menu()
    _press(_button(launcher.screen, "Watch"))
    viewer = launcher.screen
    assert isinstance(viewer, ReplayViewer)
    for _ in range(40):
        viewer.tick(0.05)
        if viewer.motions_shown:
            break
    assert viewer.motions_shown >= 1 and not viewer.notice     # the re-simulated fall, not the keyframe
