"""What the table's HUD says, frame by frame: the rules' state as `hud_model` words it, your
options, the bar of keys that work now, the scoreboard after a city and at the end of the tour
(with its buttons), and the F1 rules page.

The HUD itself (scenes/table/hud.py) only draws what it is given; this class gathers it from the
game each frame and answers the scoreboard's buttons.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game import api
from game.rules_text import rules_page
from play.match import CityResult
from scenes.table import hud_model
from scenes.table.hud import HudInput, key_help

if TYPE_CHECKING:
    from play.desktop import DesktopGame

CITY_PAUSE_S = 2.5            # the window waits this long on a city's result
BOARD_S = 8.0                 # the city's scoreboard stays this long (or until Next city)


class HudFeed:
    """`scoreboard`: the board after a city, and at the end of the tour; `extra`: the lines under
    the tour's result; `controls`: the key help, for what Esc does (`escape_to`)."""

    def __init__(self, game: DesktopGame, escape_to: str, show_hints: bool) -> None:
        self.game = game
        self.controls = key_help(escape_to)
        self.escape_to = escape_to
        self.show_hints = show_hints
        self.scoreboard: hud_model.Scoreboard | None = None
        self.last_result: CityResult | None = None
        self.board_until = 0.0
        self.extra: tuple[str, ...] = ()

    def refresh(self) -> None:
        """The HUD as the game stands now."""
        g = self.game
        # Frozen: consistent even while a job runs (perhaps one step old); while a placement
        # plays, the state it was made in.
        shown = g.match_events.state_shown
        state = shown if g.player.playing and shown is not None else g.match.state
        g.view.set_name_tags(hud_model.name_tags(state, g.names))
        you = g.hot_seat.you()
        model = hud_model.build(state, g.names, you, g.turn_line, g.event_line)
        if g.hot_seat.is_spectating():
            model = hud_model.spectator(model)
        labels = tuple(hud_model.option_text(o, g.legal, g.names, you) for o in g.options) if not g.worker.busy else ()
        handoff = g.hot_seat.handoff
        g.hud.show(HudInput(model, labels, g.selected, g.aim is not None and not g.worker.busy,
                            g.your_placement.may_set_aside() and not g.worker.busy, self.extra,
                            controls=key_help(self.escape_to, self.moment(), self.space_on_board()) if self.show_hints else (),
                            handoff=g.names[handoff] if handoff is not None else "",
                            scoreboard=self.scoreboard if self.is_board_shown() else None,
                            option_cards=tuple(hud_model.option_cards(o) for o in g.options) if labels else ()))
        g.view.place_labels()

    def moment(self) -> str:
        """What the hint bar offers keys for now (scenes/table/hud.key_help)."""
        g = self.game
        if g.player.playing:
            return "motion"
        if self.is_board_shown():
            return "board"
        if g.hot_seat.handoff is not None:
            return "handoff"
        if g.shot is not None and not g.worker.busy:
            return "shoot"
        if g.hand is not None:
            return "hand"
        if g.aim is not None and not g.worker.busy:
            return "place"
        if g.options and not g.worker.busy:
            return "choose"
        return "watch"

    # --- the scoreboards ------------------------------------------------------------------------

    def is_board_shown(self) -> bool:
        """A scoreboard is up: after a city for BOARD_S, at the end of the tour for good."""
        return self.scoreboard is not None and (self.game.finished or time.monotonic() < self.board_until)

    def city_ended(self, result: CityResult) -> None:
        """The city's scoreboard, with a picture of the table as the city ended."""
        g = self.game
        state = g.match.state
        self.scoreboard = hud_model.city_scoreboard(result, api.outcome(state).fans, g.names,
                                                    last=api.is_terminal(state))
        self.last_result = result
        g.hud.board_picture = g.view.take_picture()
        self.board_until = time.monotonic() + BOARD_S
        g.wait_until = time.monotonic() + max(CITY_PAUSE_S, BOARD_S)

    def finish_tour(self) -> None:
        """The tour is over: who won, everyone's fans, and the tour's scoreboard for good."""
        g = self.game
        g.finished = True
        result = api.outcome(g.match.state)
        winners = " and ".join(g.names[s] for s in result.winners)
        g.turn_line = f"Tour over: {winners} {'win' if len(result.winners) > 1 or winners == 'You' else 'wins'}!"
        self.extra = tuple(f"{g.names[s]}: {f} fans" for s, f in sorted(enumerate(result.fans), key=lambda x: -x[1]))
        if g.recorder is not None:
            self.extra += (f"Replay saved: {g.recorder.path.name}",)
        self.scoreboard = hud_model.tour_scoreboard(result, self.last_result, g.names, g.match.state.cities,
                                                    play_again=g.on_play_again is not None)

    def space_on_board(self) -> str:
        """What Space does on the scoreboard shown ("Next city", "Play again"), or ""."""
        buttons = self.scoreboard.buttons if self.scoreboard is not None else ()
        return buttons[0].split("  [")[0] if buttons and "[Space]" in buttons[0] else ""

    def press_space(self) -> None:
        """Space on a scoreboard presses its first button if that is Space's."""
        assert self.scoreboard is not None
        buttons = self.scoreboard.buttons
        if buttons and "[Space]" in buttons[0]:
            self.board_button(buttons[0])        # Next city, or Play again

    def board_button(self, text: str) -> None:
        """A scoreboard's button: Next city ends the pause on the board; Play again asks the
        launcher for the same table with a new deal; Menu is Esc."""
        g = self.game
        if text.startswith("Next"):
            g.wait_until = self.board_until = 0.0
        elif text.startswith("Play again") and g.on_play_again is not None:
            g.on_play_again()
        else:
            g.base.messenger.send("escape")

    # --- the rules page -------------------------------------------------------------------------

    def toggle_rules(self) -> None:
        """F1: the rules of the city being played (before the first city, of the first)."""
        g = self.game
        if g.hud.rules_open:
            g.hud.hide_rules()
            return
        ex = api.current(g.match.state)
        city = ex.city if ex is not None else g.match.state.config.cities[0]
        g.hud.show_rules(rules_page(city))
        g.view.place_labels()
