"""The settings screen in the real offscreen window, through the launcher: each change is saved
at once, and games started afterwards take the saved values; keys 1/2/4 in a game persist."""
from __future__ import annotations

import pytest

from play import settings as settings_file
from play.desktop import DesktopGame
from play.launcher import Launcher
from scenes.settings_screen import SettingsScreen, stepped


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
        moved = stepped(start, field, 1)
        assert moved != start, field
        assert stepped(moved, field, -1) == start, field


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
    assert game.bot_speed == 2.0 and game.show_hints is False
    game.tick()
    assert game.hud.texts()["hints"] == []
    game.set_bot_speed(4.0)                            # key 4
    assert settings_file.load().bot_speed == 4.0
