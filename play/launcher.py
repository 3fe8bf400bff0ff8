"""`junkart` in a window: the start menu, and what it opens.

Menu -> a new game, your last game resumed, your last game watched, or Pop Art; Esc (or Pop
Art's Quit) comes back to the menu, and Esc in the menu quits. A game left this way is already
recorded to its replay file, so "Resume your last game" goes on with it. `junkart play` with
options skips the menu (play/commands/start.py).
"""
from __future__ import annotations

from typing import Any, Callable

from game.replay import read_replay, seat_names
from physics.pool import use_workers
from play import settings as settings_file
from play.game_window import open_game
from play.menu import MenuChoices, fresh_seed
from play.replays import replay_path, watch_path

RESUMING = "Rebuilding your last game through the physics..."
POPART_PLAYERS = 3            # Pop Art from the menu: you and two bots (`junkart popart` chooses more)
POPART_BOT = "normal"


class Launcher:
    """One screen at a time on `base`: the menu, a game, a replay or Pop Art."""

    def __init__(self, base: Any, *, record: bool = True, bind_input: bool = True,
                 choices: MenuChoices | None = None, game_options: dict[str, Any] | None = None,
                 workers_flag: int | None = None) -> None:
        """`game_options` go to every DesktopGame (tests: threaded=False, pace=False), over the
        saved settings' (bots' speed, volume, hint bar); `workers_flag`: `junkart play --workers N`,
        in force (and shown so on the settings screen) until the settings' row is changed."""
        self.workers_flag = workers_flag
        self.base = base
        self.settings = settings_file.load()
        self.game_options = game_options or {}
        self.record = record
        self.bind_input = bind_input
        self.choices = choices or MenuChoices()
        self.screen: Any = None
        self.show_menu()

    # --- screens --------------------------------------------------------------------------------

    def show_menu(self, message: str = "") -> None:
        from scenes.menu import StartMenu

        self.close()
        last = self._has_last_game()
        self.screen = StartMenu(self.base, self.choices, on_change=self._changed, on_play=self.play,
                                on_quit=self.quit, on_resume=self.resume if last else None,
                                on_watch=self.watch if last and self._has_game_to_watch() else None, on_popart=self.popart,
                                on_settings=self.open_settings,
                                message=message, bind_input=self.bind_input)
        self._on_escape(self._menu_escape)

    def _menu_escape(self) -> None:
        """Esc in the menu closes a city's rules page if one is open, else quits."""
        from scenes.menu import StartMenu

        if isinstance(self.screen, StartMenu) and self.screen.rules.visible:
            self.screen.hide_rules()
        else:
            self.quit()

    def open_settings(self) -> None:
        from scenes.settings_screen import SettingsScreen

        self.close()
        self.screen = SettingsScreen(self.base, self.settings, on_change=self.change_settings, on_back=self.back,
                                     workers_flag=self.workers_flag)
        self._on_escape(self.back)

    def change_settings(self, settings: settings_file.Settings) -> None:
        """Save at once; the window's size and fullscreen and the bots' worker count change now,
        the rest with the next game."""
        before, self.settings = self.settings, settings
        settings_file.save(settings)
        if (before.width, before.height, before.fullscreen) != (settings.width, settings.height, settings.fullscreen):
            apply_window(self.base, settings)
        if before.workers != settings.workers:
            # Safe now: the settings screen is open, so no game is; a thought dropped when its game
            # was left gives up on the closed pool, and the next game's bots start the new one at
            # their first plan. Only a change resizes, so `junkart play --workers N` stays in force
            # until this row is changed.
            use_workers(settings.workers or None)
            self.workers_flag = None

    def _bot_speed_chosen(self, speed: float) -> None:
        """Keys 1 / 2 / 4 in a game: the choice stays for the next one."""
        if speed != self.settings.bot_speed:
            self.change_settings(settings_file.changed(self.settings, bot_speed=speed))

    def play(self) -> None:
        config, seats, seed = self.choices.game()
        self._open(lambda: self._game(config, seats, seed))

    def resume(self) -> None:
        def open_resumed() -> Any:
            from game.replay import tour_of
            from play.replays import seats_of

            replay = read_replay(replay_path("last"))
            (config, seed), seats = tour_of(replay), seats_of(replay)
            return self._game(config, seats, seed, resume=replay)

        self._say(RESUMING)
        self._open(open_resumed, "Cannot resume your last game")

    def watch(self) -> None:
        def open_viewer() -> Any:
            from play.replay_motion import recorded_motion
            from scenes.table.replay_viewer import ReplayViewer, replay_frames

            replay = read_replay(watch_path("last"))
            options = self.settings.game_options()
            # Each placement and shot plays its re-simulated motion, as `junkart replay watch` does.
            return ReplayViewer(self.base, replay_frames(replay), seat_names(replay), bind_input=self.bind_input,
                                shadows=options["shadows"], colour_marks=options["colour_marks"],
                                motion_for=recorded_motion)

        self._open(open_viewer, "Cannot watch your last game")

    def popart(self) -> None:
        def open_popart() -> Any:
            from game.popart.session import Session
            from game.popart.state import Config
            from scenes.popart.app import seats_for
            from scenes.popart.scene import PopArtScene

            seed = fresh_seed()
            # Pop Art's own Quit button comes back here (later: destroying a button in its own click).
            scene = PopArtScene(self.base, Session(Config(POPART_PLAYERS), seats_for(POPART_PLAYERS, 1, POPART_BOT), seed),
                                on_quit=lambda: self.base.taskMgr.add(self._menu_task, "junkart-menu"))
            if self.bind_input:
                scene.bind_mouse()
            return scene

        self._open(open_popart, "Cannot open Pop Art", escape=False)   # its Esc undoes a move

    def _menu_task(self, task: Any) -> int:
        self.show_menu()
        return task.done

    def back(self) -> None:
        """Esc: from a game, a replay or Pop Art back to the menu (the game stays recorded)."""
        self.show_menu()

    def quit(self) -> None:
        self.close()
        self.base.userExit()

    # --- helpers --------------------------------------------------------------------------------

    def _game(self, config: Any, seats: list, seed: int, resume: Any = None) -> Any:
        game = open_game(self.base, config, seats, seed, "auto" if self.record else None, resume,
                         bind_input=self.bind_input, escape_to="menu",
                         **{**self.settings.game_options(), **self.game_options})
        game.on_bot_speed = self._bot_speed_chosen
        # Play again on the tour's scoreboard: the same table with a new deal, opened after the
        # button's own click is over (a button must not be destroyed inside its click).
        game.on_play_again = lambda: self.base.taskMgr.add(self._again_task, "junkart-play-again",
                                                           extraArgs=[config, seats], appendTask=True)
        return game

    def _again_task(self, config: Any, seats: list, task: Any) -> int:
        self._open(lambda: self._game(config, seats, fresh_seed()))
        return task.done

    def _open(self, make: Callable[[], Any], failure: str = "Cannot start the game", escape: bool = True) -> None:
        """Replace the menu by what `make` builds; a bad file or table brings the menu back with
        one line saying why."""
        self.close()
        try:
            self.screen = make()
        except ValueError as error:
            self.show_menu(f"{failure}: {error}")
            return
        if escape:
            self._on_escape(self.back)

    def close(self) -> None:
        """Close whatever is open (a game's replay file is closed whole)."""
        if self.screen is not None:
            self.screen.destroy()
            self.screen = None

    def _changed(self, choices: MenuChoices) -> None:
        self.choices = choices

    def _say(self, message: str) -> None:
        """Show a line in the menu at once (before a long job blocks the window)."""
        from scenes.common import render_frames
        from scenes.menu import StartMenu

        if isinstance(self.screen, StartMenu):
            self.screen.say(message)
            render_frames(self.base, 1)

    def _on_escape(self, action: Callable[[], None]) -> None:
        if self.bind_input:
            self.base.accept("escape", action)

    def _has_game_to_watch(self) -> bool:
        try:
            watch_path("last")
        except ValueError:          # none with a placement yet
            return False
        return True

    def _has_last_game(self) -> bool:
        try:
            replay_path("last")
        except ValueError:          # none recorded yet
            return False
        return True


def apply_window(base: Any, settings: settings_file.Settings) -> None:
    """Ask an onscreen window for the settings' size and fullscreen (an offscreen buffer keeps its size)."""
    from panda3d.core import GraphicsWindow, WindowProperties

    if isinstance(base.win, GraphicsWindow):
        props = WindowProperties()
        props.set_size(settings.width, settings.height)
        props.set_fullscreen(settings.fullscreen)
        base.win.request_properties(props)
