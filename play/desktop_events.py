"""The match's events on screen: what each one shows (the table, the heights, the cowboys, the
event line), a placement's motion played before it, and the keys about that motion (the bots'
speed, Enter to skip it, L for the last placement again in slow motion, M for the sound).

Events are made on the worker thread while the match steps, so they only queue up there
(`queue`); the window shows them one at a time between frames (`show`), never while a motion
still plays. A motion comes before the rules apply its placement: the HUD shows the state it
began in while it plays (`state_shown`), so nobody reads "OUT" before the tower has come down.
"""
from __future__ import annotations

import collections
import time
from typing import TYPE_CHECKING, Any

from game import api
from game.actions import ChooseSide, Place
from game.cards import city_card
from physics.bodies import BASE_HEIGHT_M
from physics.snapshot import Snapshot
from play.match import CityResult
from scenes.table import hud_model
from scenes.table.motion_player import SLOW_MOTION

if TYPE_CHECKING:
    from play.desktop import DesktopGame

BOT_PACE_S = 0.8              # the window waits this long between bot placements (watchable)
LIVE_MISMATCH = "The match's physics settled your piece differently; showing the match's table"


class MatchEvents:
    """`pending`: the events not shown yet, each with the match's table as it was made."""

    def __init__(self, game: DesktopGame, bot_speed: float) -> None:
        self.game = game
        self.pending: collections.deque[tuple[str, Any, Snapshot | None]] = collections.deque()
        self.bot_speed = bot_speed
        self.state_shown: api.State | None = None   # the rules' state a playing motion began in
        self.live_digest: str | None = None         # the table your live placement came to rest as
        self.last_live_digest: str | None = None

    def queue(self, kind: str, data: object) -> None:
        """The match's `on_event`. Called on the worker thread: only record (deque appends are
        thread-safe)."""
        match = self.game.match
        if kind == "motion":
            data = (data, match.state)
        self.pending.append((kind, data, match.snapshot))

    def expect_live(self, digest: str) -> None:
        """Your live placement came to rest as `digest`: its motion has been watched already."""
        self.live_digest = digest

    # --- the motion on screen -------------------------------------------------------------------

    def player_speed(self) -> float:
        """A bot's placement plays at the bots' speed, a person's at real time."""
        motion = self.game.player.motion
        return self.bot_speed if motion is not None and self.game.controllers[motion.seat].is_bot else 1.0

    def skip_motion(self) -> None:
        """Enter: the rest of the placement on screen at once."""
        self.game.player.skip()

    def set_bot_speed(self, speed: float) -> None:
        """1, 2, 4: bots' placements at that many times real time."""
        self.bot_speed = speed
        self.game.on_bot_speed(speed)
        self.game.player.set_speed(self.player_speed())
        self.game.event_line = f"Bots' placements at {speed:g}x"

    def toggle_mute(self) -> None:
        """M: the table's sounds off or on again."""
        sound = self.game.sound
        sound.muted = not sound.muted
        self.game.event_line = "Sound off" if sound.muted else "Sound on"

    def replay_last(self) -> None:
        """L: the last placement again, in slow motion."""
        if not self.game.player.replay_last(SLOW_MOTION):
            self.game.event_line = "No placement to show again yet"

    # --- showing the events ---------------------------------------------------------------------

    def show(self) -> None:
        """Show the events waiting, up to the next motion to play."""
        g = self.game
        while self.pending and not g.player.playing:
            kind, data, snapshot = self.pending.popleft()
            if kind == "motion":
                assert isinstance(data, tuple) and snapshot is not None
                data, self.state_shown = data
                if self.live_digest is not None:
                    # Your live placement: already watched. The match's ticks must have come to
                    # the same table; if this build's physics disagreed, the match's table wins.
                    if snapshot.digest() != self.live_digest:
                        g.event_line = LIVE_MISMATCH
                    self.last_live_digest, self.live_digest = self.live_digest, None
                elif g.show_motion:
                    g.player.play(data, snapshot, 1.0)
                    g.player.set_speed(self.player_speed())
                continue
            if snapshot is not None:
                g.view.show(snapshot)
            if kind == "city":
                if snapshot is not None:
                    g.view.set_heights([BASE_HEIGHT_M * 1000.0] * snapshot.layout.n_structures)
                if g.aim is None:      # else the camera already frames your aimed piece
                    g.view.overview()
                g.shooting.city_opened(str(data), snapshot)
                g.event_line = f"{city_card(str(data)).display_name}: {city_card(str(data)).goal}"
            elif kind == "shot":
                shoot, report = data         # type: ignore[misc]
                g.shooting.shot_taken(shoot.seat, report.aim.spot_deg, snapshot)
                ex = api.current(self.state_shown or g.match.state)
                builds_on = ex.builds_on if ex is not None and ex.builds_on else tuple(range(len(g.names)))
                g.event_line = hud_model.shot_text(shoot, g.names, builds_on)
                if shoot.outcome is not None:
                    g.view.set_heights(shoot.outcome.heights_mm)
                g.wait_until = time.monotonic() + BOT_PACE_S
            elif kind == "place":
                assert isinstance(data, Place)
                g.placements += 1
                if g.focused and g.controllers[data.seat].is_bot:
                    g.focused = False          # the others play: show the whole table again
                    g.view.overview()
                g.event_line = hud_model.event_text(data, g.names)
                if data.outcome is not None:
                    g.view.set_heights(data.outcome.heights_mm)
                g.wait_until = time.monotonic() + BOT_PACE_S
            elif kind == "side":
                assert isinstance(data, ChooseSide)
                g.event_line = f"{g.names[data.seat]} {'build' if g.names[data.seat] == 'You' else 'builds'} on side {data.side}"
            elif kind == "city_done":
                assert isinstance(data, CityResult)
                g.event_line = hud_model.city_result_text(data, g.names)
                g.hud_feed.city_ended(data)
