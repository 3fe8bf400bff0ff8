"""The settings screen in the real offscreen window, through the launcher: each change is saved
at once, and games started afterwards take the saved values; keys 1/2/4 in a game persist."""
from __future__ import annotations

import json

import pytest

from physics import pool
from play import settings as settings_file
from play.desktop import DesktopGame
from play.launcher import Launcher
from scenes import settings_screen
from scenes.settings_screen import SettingsScreen, stepped, value_text


def _press(button) -> None:
    button["command"](*button["extraArgs"])


@pytest.fixture
def launcher(showbase, tmp_path, monkeypatch):
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    app = Launcher(showbase, game_options={"threaded": False, "pace": False}, record=False)
    yield app
    app.close()
    showbase.ignore("escape")


def test_every_setting_steps_and_comes_back():
    from scenes.settings_screen import ROWS

    start = settings_file.DEFAULTS
    for field, _ in ROWS:
        moved = stepped(start, field, 1, cores=4)     # a one-core machine has one choice of workers
        assert moved != start, field
        assert stepped(moved, field, -1, cores=4) == start, field


def test_settings_are_saved_and_the_next_game_takes_them(showbase, launcher, tmp_path, screenshot):
    menu = launcher.screen
    _press(next(b for b in menu.buttons if str(b["text"]) == "Settings"))
    screen = launcher.screen
    assert isinstance(screen, SettingsScreen)
    _press(screen.arrows[("bot_speed", 1)])           # 1x -> 2x
    _press(screen.arrows[("volume", -1)])             # 80 % -> 70 %
    _press(screen.arrows[("hint_bar", 1)])            # off
    assert screen.texts()["bot_speed"] == "2x real time" and screen.texts()["volume"] == "70 %"
    screenshot("settings.png")
    saved = settings_file.load()
    assert (saved.bot_speed, saved.volume, saved.hint_bar) == (2.0, 0.7, False)
    showbase.messenger.send("escape")                  # back to the menu
    showbase.messenger.send("enter")                   # Play
    game = launcher.screen
    assert isinstance(game, DesktopGame)
    assert game.match_events.bot_speed == 2.0 and game.hud_feed.show_hints is False
    game.tick()
    assert game.hud.texts()["hints"] == []
    game.match_events.set_bot_speed(4.0)               # key 4
    assert settings_file.load().bot_speed == 4.0


@pytest.fixture
def in_process_after():
    """The launcher resizes the process-wide pool; the tests after this one plan in process again."""
    yield
    pool.close_shared_pool()
    pool.use_workers(1)


def test_the_workers_row_names_this_machines_cores(showbase, launcher):
    launcher.open_settings()
    assert launcher.screen.texts()["workers"] == f"every core ({pool.default_workers()})"


def test_stepping_the_workers_row_saves_it_resizes_the_pool_and_wraps(showbase, launcher, monkeypatch,
                                                                      in_process_after):
    monkeypatch.setattr(settings_screen, "default_workers", lambda: 4)     # a four-core machine
    launcher.open_settings()
    screen = launcher.screen
    shown = []
    for _ in range(4):
        _press(screen.arrows[("workers", 1)])
        saved = json.loads(settings_file.settings_path().read_text())["workers"]
        shown.append((screen.texts()["workers"], saved, pool.shared_pool().workers))
    # 0 means every core: the pool takes the real count, whatever this test says the row shows.
    assert shown == [("1 core", 1, 1), ("2 cores", 2, 2), ("3 cores", 3, 3),
                     ("every core (4)", 0, pool.default_workers())]
    _press(screen.arrows[("workers", -1)])                 # and backwards past "every core"
    assert screen.texts()["workers"] == "3 cores" and settings_file.load().workers == 3
    assert pool.shared_pool().workers == 3


def test_a_worker_count_the_row_does_not_offer_is_shown_and_left_by_one_step():
    bigger_machine = settings_file.Settings(workers=8)    # a file from an eight-core machine, on four
    assert value_text(bigger_machine, "workers", cores=4) == "8 cores"
    assert stepped(bigger_machine, "workers", 1, cores=4).workers == 0
    assert stepped(bigger_machine, "workers", -1, cores=4).workers == 3
    one_core = settings_file.DEFAULTS
    assert stepped(one_core, "workers", 1, cores=1) == one_core
    assert value_text(one_core, "workers", cores=1) == "every core (1)"


def test_a_workers_flag_is_shown_in_force_until_the_row_is_changed(showbase, tmp_path, monkeypatch, in_process_after):
    # `junkart play --workers 3` with "every core" saved: the row says what the bots use now.
    monkeypatch.setenv("JUNKART_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(settings_screen, "default_workers", lambda: 4)
    app = Launcher(showbase, game_options={"threaded": False, "pace": False}, record=False, workers_flag=3)
    try:
        app.open_settings()
        assert app.screen.texts()["workers"] == "3 cores (--workers, this run)"
        _press(app.screen.arrows[("workers", 1)])           # changed: the saved row is in force
        assert app.screen.texts()["workers"] == "1 core" and pool.shared_pool().workers == 1
        app.back()
        app.open_settings()                                   # and stays so when the screen comes back
        assert app.screen.texts()["workers"] == "1 core"
    finally:
        app.close()
        showbase.ignore("escape")
