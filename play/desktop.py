"""The desktop game: a `Match` wired to the 3D table scene, with you at seat 0.

You make the card decisions (click an option, or a card of your hand first to narrow the
options down). For a placement an *assist* first aims your piece: the normal bot's planner's
choice, shown as a ghost; Space / "Place" drops it there (with a hard bot's steady hand) and
Tab / "Re-aim" offers the next candidate. Or take the piece in hand (play/hand.py): a left click
on your structure picks it up, the ghost then follows the mouse, Q/E turn it, R/F tilt it, T lays
it on its next face (Shift for fine steps), and a second click lets go exactly there.

Threads: a bot's placement plans with dozens of physics rollouts (seconds), so match steps and
assist plans run one at a time on a worker thread while the window keeps drawing; the main thread
reads the match only between jobs, and the match's events arrive through a queue. Tests run the
same jobs inline (`threaded=False`). The match is deterministic either way: jobs are serialised
and each draws only from its seat's own seeded generator. While the window shows a move, the next
bot's placement is already planned on the worker (play/think_ahead.py), without changing the game.

With several people at the desktop the screen shows nobody's hand until the person whose turn
it is takes it (hot-seat, play/desktop_hot_seat.py). Before the first city you turn your base
(side A or B). The game is recorded as it is played (`recorder`), and a recorded game can be
resumed (`DesktopGame.resumed`).

This class is the turn flow (whose turn it is, what the screen offers, the answers going to the
match) and the wiring of its parts, each holding a reference to the game: the match's events on
screen (play/desktop_events.py), the HUD's text and the scoreboards (play/desktop_hud.py), your
placement (play/desktop_placement.py; the piece in hand: play/desktop_hand.py), Nashville's
cowboys and your shot (play/desktop_shooting.py), hot-seat (play/desktop_hot_seat.py), the camera
under the mouse (play/desktop_camera.py), and the keys and mouse buttons (play/desktop_keys.py).
"""
from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from game import api
from game.actions import Action, Place
from game.mechanics.shots import Shoot
from game.cards import city_card
from game.replay import Replay, ReplayWriter, tour_of
from physics.bodies import BASE_HEIGHT_M
from physics.layout import TableLayout
from physics.motion import FRAME_S
from physics.pool import interrupt_shared_pool
from physics.snapshot import Snapshot
from play.controllers import BotController
from play.desktop_camera import CameraControl
from play.desktop_events import BOT_PACE_S, LIVE_MISMATCH, MatchEvents  # noqa: F401 (LIVE_MISMATCH: tests read it here)
from play.desktop_hand import YourHand
from play.desktop_hot_seat import HotSeat
from play.desktop_hud import HudFeed
from play.desktop_keys import TableInput, bind_keys, unbind_keys
from play.desktop_placement import YourPlacement
from play.desktop_shooting import ShotTurn, YourShot
from play.desktop_shot import ShotAiming
from play.hand import ManualHand
from play.live_hand import LiveHand
from play.human import HUMAN, Aim, HumanSeat, SeatSpec
from play.match import Match, placement_options
from play.replays import resume as resume_match, seats_of
from play.think_ahead import ThinkAhead
from play.worker import Worker
from scenes.table import hud_model
from scenes.table.hud import Hud
from scenes.table.motion_player import MotionPlayer
from scenes.table.sound import TableSound
from scenes.table.view import TableView

DROP_JOB_AFTER_S = 0.25      # leaving waits this long for a running step, then drops it


class DesktopGame:
    """One World Tour on screen. `tick()` advances it (the task manager calls it every frame)."""

    def __init__(self, base: Any, config: api.TourConfig, seats: Sequence[SeatSpec], seed: int, *,
                 threaded: bool = True, pace: bool = True, max_placements: int | None = None,
                 bind_input: bool = True, autopilot: bool = False, recorder: ReplayWriter | None = None,
                 resume: Replay | None = None, escape_to: str = "quit", show_motion: bool | None = None,
                 bot_speed: float = 1.0, volume: float = 0.8, muted: bool = False, show_hints: bool = True,
                 colour_marks: bool = False, shadows: bool = True, think_ahead: bool | None = None) -> None:
        """`resume`: a replay of this tour (see `resumed`) to rebuild first and go on from.
        `escape_to`: what the key help says Esc does (the start menu makes it "menu").
        `show_motion`: play every placement as it happened (default: when paced, in real time;
        unpaced, one motion frame per `tick`, for tests); `bot_speed`: bots' placements at 1x, 2x, 4x;
        `volume` (0..1) and `muted`: the table's sounds; `show_hints`: the bar of keys that work now; `colour_marks`: a shape per colour on your cards
        and a pattern on the pieces; `shadows`: soft shadows under the pieces; `think_ahead`: plan a
        bot's placement while the last move is on screen (default: when threaded)."""
        if len(seats) != config.num_seats:
            raise ValueError(f"{config.num_seats} seats need {config.num_seats} seat specs, got {len(seats)}")
        self.base = base
        self.names = [s.name for s in seats]
        stream = f"{seed}" if resume is None else f"{seed}:resumed:{len(resume.actions)}"
        self.controllers: list[Any] = [
            HumanSeat(s.name, f"{stream}:{k}") if s.kind == HUMAN else BotController(s.kind, f"{stream}:{k}", name=s.name)
            for k, s in enumerate(seats)]
        self.hot_seat = HotSeat(self, [k for k, s in enumerate(seats) if s.kind == HUMAN])
        self.match_events = MatchEvents(self, bot_speed)     # the match's events, shown one at a time
        self.recorder = recorder    # the game's replay: every action as it is applied (closed by destroy)
        if resume is None:
            self.match = Match(config, self.controllers, seed, on_event=self.match_events.queue, recorder=recorder)
        else:
            self.match = resume_match(resume, self.controllers, recorder)
            self.match.on_event = self.match_events.queue
        self.view = TableView(base, shadows=shadows)
        self.view.set_colour_marks(colour_marks)
        self.show_motion = pace if show_motion is None else show_motion
        self.match.record_motion = self.show_motion
        self.sound = TableSound(base, volume=volume, muted=muted)
        self.player = MotionPlayer(self.view, on_contacts=self.sound.contacts)
        self.your_hand = YourHand(self.view, self.sound, live_physics=self.show_motion)
        self.your_placement = YourPlacement(self)
        self.shooting = YourShot(self.view)      # Nashville: the cowboys, your shot in aim
        self.shot_turn = ShotTurn(self)
        self._last_tick = time.monotonic()
        self.hud = Hud(base, on_option=self.choose_option, on_chip=self.select_card,
                       on_place=self.your_placement.place, on_reaim=self.your_placement.reaim,
                       on_handoff=self.hot_seat.take_screen, on_set_aside=self.your_placement.set_aside)
        self.worker = Worker(threaded)
        self.thinking_ahead = ThinkAhead(self.match, self.worker, threaded if think_ahead is None else think_ahead)
        self.pace = pace
        self.hud_feed = HudFeed(self, escape_to, show_hints)
        self.on_bot_speed: Callable[[float], None] = lambda speed: None   # the launcher keeps the choice
        self.on_play_again: Callable[[], None] | None = None   # the launcher's: the tour board offers Play again
        self.view.avoid = self.hud.boxes      # the labels over the table keep clear of the HUD
        self.hud.on_board = self.hud_feed.board_button
        self.hud.colour_marks = colour_marks
        self.max_placements = max_placements
        # The assist plays for you (demos, screenshots, smoke tests): your card decisions as a
        # normal bot would take them, and your aimed placements dropped at once.
        self.auto_decide = self.auto_place = autopilot
        self.placements = 0
        self.event_line = "Welcome to the World Tour!"
        self.turn_line = ""
        self._bot_thinking: tuple[str, float] | None = None   # a bot's turn line, and when it began
        self.selected: str | None = None
        # What the option buttons do: an action, a card (narrow the choices down to it) or
        # ALL_CHOICES (widen them again).
        self.options: list[Action | str] = []
        self.legal: list[Action] = []
        self.aim: Aim | None = None
        self.aim_index = 0
        # The cursor in window coordinates (-1..1), read from the mouse every frame; tests set it.
        self.pointer: tuple[float, float] | None = None
        self.pointed: tuple[float, float] | None = None      # where the piece or the pull last followed it
        self.aim_state: api.State | None = None      # the state your turn's choices were made for
        self.forced_place: Place | None = None       # the placement you chose (the assist aims it)
        self.turn_started = time.monotonic()
        self.wait_until = 0.0        # paced: the window shows what just happened until then
        self.finished = False
        self.camera = CameraControl(base, self.view)
        self.table_input = TableInput(self)       # Space, the left button, the wheel, the cursor
        self.focused = False                # the camera frames your structure (for your placement)
        if resume is not None:
            self._show_resumed()
        self._task = base.taskMgr.add(self._task_tick, "junkart-desktop")
        if bind_input:
            self._bind_input()

    @classmethod
    def resumed(cls, base: Any, replay: Replay, **options: Any) -> "DesktopGame":
        """The tour recorded in `replay`, rebuilt through the physics, with its seats (people and
        bots) playing on from where the file stops."""
        config, seed = tour_of(replay)
        return cls(base, config, seats_of(replay), seed, resume=replay, **options)

    def _show_resumed(self) -> None:
        ex = api.current(self.match.state)
        if ex is not None and self.match.snapshot is not None:
            self.view.show(self.match.snapshot)
            self.view.set_heights([s.height_mm for s in ex.structures])
            self.shooting.city_opened(ex.city, self.match.snapshot, self.match.cowboy_spots)
            self.view.overview()
            self.event_line = f"Resumed in {city_card(ex.city).display_name} after {len(self.match.log.actions)} actions"

    # --- the loop -----------------------------------------------------------------------------

    def _task_tick(self, task: Any) -> int:
        self.tick()
        return task.cont

    def tick(self) -> None:
        now = time.monotonic()
        wall_s, self._last_tick = now - self._last_tick, now
        self.worker.poll()
        if self.player.playing:
            # Paced: real time (sped up for bots); unpaced (tests): one simulated frame a tick.
            self.player.advance(wall_s if self.pace else FRAME_S / self.match_events.player_speed())
            self.shooting.follow_disc(self.player.motion)
            if not self.player.playing:
                self.wait_until = time.monotonic() + BOT_PACE_S
        self.match_events.show()
        self.camera.drag()
        self.table_input.follow_pointer()
        if self.live is not None:
            rested = self.your_hand.step(wall_s if self.pace else None)
            if rested is not None:
                self.your_placement.rested(rested)
        if not self.worker.busy and not self.finished and not self.player.playing and not self.your_hand.settling:
            self._advance()
            self.worker.poll()          # an inline job is done already: show its results now
            self.match_events.show()
        elif (self.thinking_ahead.preparing is not None and self._bot_thinking is None and not self.player.playing
              and not (self.pace and time.monotonic() < self.wait_until)):
            # The wait is over and the bot still plans ahead: its turn has come, as `_advance` says.
            request = self.thinking_ahead.preparing
            self._bot_turn(request.seat, self._placing_line(request.seat, request.options[0]), self.thinking_ahead.started)
        if not self.finished and (self.max_placements is None or self.placements < self.max_placements):
            self.thinking_ahead.consider()
        if self._bot_thinking is not None and self.worker.busy:
            line, since = self._bot_thinking
            self.turn_line = hud_model.thinking_line(line, time.monotonic() - since)
        self.hud_feed.refresh()

    def _advance(self) -> None:
        state = self.match.state
        if api.is_terminal(state):
            self.hud_feed.finish_tour()
            return
        if self.max_placements is not None and self.placements >= self.max_placements:
            self.finished = True
            self.turn_line = f"Stopped after {self.placements} placements"
            return
        if self.pace and time.monotonic() < self.wait_until:
            return
        if api.is_chance(state):
            self.match.step()                      # a shuffle or a deal: no physics
            return
        if state.phase == "sides":
            self._show_bases(state)
        seat = api.to_act(state)[0]
        controller = self.controllers[seat]
        legal = api.legal_actions(state, seat)
        places = [a for a in legal if isinstance(a, Place)]
        if controller.is_bot:
            if self._bot_thinking is None:     # else its turn came while it planned ahead
                self._bot_turn(seat, self._placing_line(seat, places[0]) if places and len(places) == len(legal)
                               else f"{self.names[seat]} is choosing...", time.monotonic())
            self.step_match()
            return
        if api.current(state) is not None:
            self.match.table()   # a city that opens on a person's turn is on screen before they act
        if seat != self.hot_seat.viewer:
            self.hot_seat.pass_to(seat)
            return
        if self.shot is not None:
            return                  # you are aiming a shot: the flick (or Holster) answers
        if self.aim_state is not state:
            self._new_turn(state)
            self.follow_seat(seat)      # your decision: your own base in front (the bots' turns turned it away)
        ex = api.current(state)
        placing = ex is not None and placement_options(legal, ex.city) is not None
        if placing or self.forced_place is not None:
            self.your_placement.begin(state, seat, places)
        else:
            self._human_decision(seat, legal)

    def _placing_line(self, seat: int, place: Place) -> str:
        return f"{self.names[seat]} is placing {hud_model.piece_words(place.piece)}..."

    def _bot_turn(self, seat: int, line: str, since: float) -> None:
        """A bot's turn has come: the turn line says what it does (counting its seconds from
        `since`) and the view comes from its side."""
        self.turn_line = line
        self._bot_thinking = (line, since)
        self.follow_seat(seat)

    def _show_bases(self, state: api.State) -> None:
        """Before the first city: the empty table, each base showing the side its player chose
        (side A until then), framed on yours."""
        n = state.config.num_seats
        layout = TableLayout.for_seats(n, [api.base_side(state, s) for s in range(n)])
        if layout != self.view.layout:
            self.view.show(Snapshot(layout, ()))
            angles = layout.seat_angles
            mine = self.hot_seat.home()
            self.view.focus(mine, BASE_HEIGHT_M * 1000.0, angles[mine] if angles else None)

    def _new_turn(self, state: api.State) -> None:
        self.aim_state = state
        self.aim, self.aim_index, self.forced_place, self.selected = None, 0, None, None
        self.options = []
        self.your_placement.let_go()
        self.shooting.end()
        self.view.hide_ghost()
        self.turn_started = time.monotonic()

    def _human_decision(self, seat: int, legal: list[Action]) -> None:
        self.options = hud_model.decision_options(legal, self.selected)
        self.legal = legal
        self.turn_line = "Your turn: " + hud_model.decision_hint(legal)
        if self.auto_decide:
            human = self.controllers[seat]
            self._answer(human.assist.choose(api.observe(self.match.state, seat), legal))

    def step_match(self, job: Callable[[], Action] | None = None) -> None:
        """The match's next step on the worker (`job`: one that gives your answer first)."""
        self.worker.submit(job or self.match.step, self._stepped)

    def _stepped(self, action: Action) -> None:
        self._bot_thinking = None   # the match's events say what happened

    def follow_seat(self, seat: int) -> None:
        """The view turns to come from `seat`'s side of the table (see TableView.follow_seat)."""
        layout = self.view.layout
        if layout is not None and layout.seat_angles and seat < len(layout.seat_angles):
            self.focused = False
            self.view.follow_seat(layout.seat_angles[seat])

    # --- your input ----------------------------------------------------------------------------

    def choose_option(self, index: int) -> None:
        if self.worker.busy or not 0 <= index < len(self.options):
            return
        option = self.options[index]
        if isinstance(option, str):
            self.select_card(option) if option != hud_model.ALL_CHOICES else self._unselect()
        else:
            self._answer(option)

    def _answer(self, action: Action) -> None:
        if isinstance(action, Place):
            self.forced_place, self.aim = action, None   # the assist aims it next
            return
        if isinstance(action, Shoot):
            self.shot_turn.start(action)                  # aim it first; the flick answers
            return
        self.shooting.end()
        seat = api.to_act(self.match.state)[0]
        self.controllers[seat].answers.append(action)
        self.options, self.selected = [], None
        self.step_match()

    def select_card(self, card: str) -> None:
        self.selected = None if self.selected == card else card

    def _unselect(self) -> None:
        self.selected = None

    def recentre(self) -> None:
        seats = api.to_act(self.match.state)
        ex = api.current(self.match.state)
        if seats and ex is not None and ex.builds_on:
            k = ex.builds_on[seats[0]]
            self.view.focus(k, ex.structures[k].height_mm)
        else:
            self.view.overview()

    def _bind_input(self) -> None:
        bind_keys(self.base, self)
        self.camera.bind()

    # --- your piece and your shot ------------------------------------------------------------

    @property
    def hand(self) -> ManualHand | None:
        """The piece in your hand (after a click), else None."""
        return self.your_hand.manual

    @property
    def live(self) -> LiveHand | None:
        """Your piece in hand as the physics body (while the window shows the physics)."""
        return self.your_hand.live

    @property
    def shot(self) -> ShotAiming | None:
        """Your Nashville shot being aimed, else None."""
        return self.shooting.aiming

    # --- leaving --------------------------------------------------------------------------------

    def close_replay(self, wait_s: float = DROP_JOB_AFTER_S) -> None:
        """Close the replay file (safe to call again). A step still running after `wait_s` (a
        hard bot thinking) is dropped: it records nothing, so the file stops before that step
        and the game resumes there. Esc and closing the window answer at once."""
        self.worker.wait(wait_s)
        if self.worker.running:
            self.match.recorder = None
            self.worker.drop()
            interrupt_shared_pool()     # its rollouts stop too: the worker processes are free for the next game
        if self.recorder is not None:
            self.recorder.close()

    def destroy(self) -> None:
        self.base.taskMgr.remove(self._task)
        self.close_replay()
        self.your_hand.close()
        self.shooting.end()
        unbind_keys(self.base)
        self.camera.unbind()
        self.hud.destroy()
        self.sound.destroy()
        self.view.destroy()
