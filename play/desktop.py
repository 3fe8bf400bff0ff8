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
and each draws only from its seat's own seeded generator.

Hot-seat: with several people (`SeatSpec` kind "human"), the screen shows nobody's hand until
the person whose turn it is takes it (`take_screen`, after a "Pass to <name>" panel); alone,
it is always yours. Before the first city you turn your base (side A or B). The game is
recorded as it is played (`recorder`), and a recorded game can be resumed (`DesktopGame.resumed`).
"""
from __future__ import annotations

import collections
import time
from typing import Any, Callable, Sequence

from game import api
from game.actions import Action, ChooseSide, Place
from game.bots import chooses_places
from game.cards import city_card
from game.pieces import shape_of
from game.replay import Replay, ReplayWriter, tour_of
from physics.bodies import BASE_HEIGHT_M
from physics.catalogue import extent
from physics.layout import TableLayout
from physics.motion import FRAME_S
from physics.snapshot import Snapshot
from play.controllers import BotController
from physics.pool import interrupt_shared_pool
from physics.errors import IntersectingPoseError
from play.hand import FINE_LIFT_MM, FINE_TURN_DEG, LIFT_MM, TURN_DEG, ManualHand
from play.live_hand import LiveHand
from play.human import HUMAN, Aim, HumanSeat, SeatSpec
from play.match import CityResult, Match
from play.replays import resume as resume_match, seats_of
from play.worker import Worker
from scenes.table import hud_model
from scenes.table.hud import Hud, HudInput, key_help
from scenes.table.motion_player import SLOW_MOTION, MotionPlayer
from scenes.table.sound import TableSound
from scenes.table.view import TableView
from play.desktop_camera import CameraControl

INPUT_EVENTS = ("space", "tab", "c", "t", "x", "enter", "l", "m", "f1", "1", "2", "4", "mouse1", "wheel_up", "wheel_down",
                "shift-wheel_up", "shift-wheel_down")
BOT_PACE_S = 0.8              # the window waits this long between bot placements (watchable)
CITY_PAUSE_S = 2.5            # ... and this long on a city's result
BOARD_S = 8.0                 # the city's scoreboard stays this long (or until Next city)
LIVE_MISMATCH = "The match's physics settled your piece differently; showing the match's table"


DROP_JOB_AFTER_S = 0.25      # leaving waits this long for a running step, then drops it


class DesktopGame:
    """One World Tour on screen. `tick()` advances it (the task manager calls it every frame)."""

    def __init__(self, base: Any, config: api.TourConfig, seats: Sequence[SeatSpec], seed: int, *,
                 threaded: bool = True, pace: bool = True, max_placements: int | None = None,
                 bind_input: bool = True, autopilot: bool = False, recorder: ReplayWriter | None = None,
                 resume: Replay | None = None, escape_to: str = "quit", show_motion: bool | None = None,
                 bot_speed: float = 1.0, volume: float = 0.8, muted: bool = False, show_hints: bool = True,
                 colour_marks: bool = False) -> None:
        """`resume`: a replay of this tour (see `resumed`) to rebuild first and go on from.
        `escape_to`: what the key help says Esc does (the start menu makes it "menu").
        `show_motion`: play every placement as it happened (default: when paced, in real time;
        unpaced, one motion frame per `tick`, for tests); `bot_speed`: bots' placements at 1x, 2x, 4x;
        `volume` (0..1) and `muted`: the table's sounds; `show_hints`: the bar of keys that work now; `colour_marks`: a shape per colour on your cards."""
        if len(seats) != config.num_seats:
            raise ValueError(f"{config.num_seats} seats need {config.num_seats} seat specs, got {len(seats)}")
        self.base = base
        self.names = [s.name for s in seats]
        stream = f"{seed}" if resume is None else f"{seed}:resumed:{len(resume.actions)}"
        self.controllers: list[Any] = [
            HumanSeat(s.name, f"{stream}:{k}") if s.kind == HUMAN else BotController(s.kind, f"{stream}:{k}", name=s.name)
            for k, s in enumerate(seats)]
        self.humans = [k for k, s in enumerate(seats) if s.kind == HUMAN]
        # Whose hand and choices the screen shows. Alone at the desktop, always yours; hot-seat,
        # nobody's until the next person to act has taken the screen (`take_screen`).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.handoff: int | None = None      # hot-seat: the person the screen waits for
        self.events: collections.deque[tuple[str, Any, Snapshot | None]] = collections.deque()
        self.recorder = recorder    # the game's replay: every action as it is applied (closed by destroy)
        if resume is None:
            self.match = Match(config, self.controllers, seed, on_event=self._queue_event, recorder=recorder)
        else:
            self.match = resume_match(resume, self.controllers, recorder)
            self.match.on_event = self._queue_event
        self.view = TableView(base)
        self.show_motion = pace if show_motion is None else show_motion
        self.match.record_motion = self.show_motion
        self.bot_speed = bot_speed
        self.live: LiveHand | None = None    # your piece in hand as the physics body (live motion)
        self._live_taken = 0.0               # when you took it (timing cities: take to rest)
        self._live_digest: str | None = None  # the table your live placement came to rest as
        self.last_live_digest: str | None = None
        self._state_shown: api.State | None = None   # the rules' state a playing motion began in
        self.sound = TableSound(base, volume=volume, muted=muted)
        self.player = MotionPlayer(self.view, on_contacts=self.sound.contacts)
        self._last_tick = time.monotonic()
        self.hud = Hud(base, on_option=self.choose_option, on_chip=self.select_card, on_place=self.place,
                       on_reaim=self.reaim, on_handoff=self.take_screen, on_set_aside=self.set_aside)
        self.worker = Worker(threaded)
        self.pace = pace
        self.controls = key_help(escape_to)
        self.escape_to = escape_to
        self.show_hints = show_hints
        self.on_bot_speed: Callable[[float], None] = lambda speed: None   # the launcher keeps the choice
        self.view.avoid = self.hud.boxes      # the labels over the table keep clear of the HUD
        self.scoreboard: hud_model.Scoreboard | None = None     # after a city, and at the end of the tour
        self._last_result: CityResult | None = None
        self._board_until = 0.0
        self.hud.on_board = self._board_button
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
        self._legal: list[Action] = []
        self.aim: Aim | None = None
        self.aim_index = 0
        self.hand: ManualHand | None = None   # the piece in your hand (after a click), else None
        # The cursor in window coordinates (-1..1), read from the mouse every frame; tests set it.
        self.pointer: tuple[float, float] | None = None
        self._pointed: tuple[float, float] | None = None
        self._aim_state: api.State | None = None
        self._forced_place: Place | None = None
        self._turn_started = time.monotonic()
        self._wait_until = 0.0
        self._extra: tuple[str, ...] = ()
        self.finished = False
        self.camera = CameraControl(base, self.view)
        self._focused = False                # the camera frames your structure (for your placement)
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
            self.player.advance(wall_s if self.pace else FRAME_S / self.player_speed())
            if not self.player.playing:
                self._wait_until = time.monotonic() + BOT_PACE_S
        self._drain_events()
        self.camera.drag()
        self._follow_pointer()
        if self.live is not None:
            self._step_live(wall_s if self.pace else None)
        if not self.worker.busy and not self.finished and not self.player.playing and not self._live_settling:
            self._advance()
            self.worker.poll()          # an inline job is done already: show its results now
            self._drain_events()
        if self._bot_thinking is not None and self.worker.busy:
            line, since = self._bot_thinking
            self.turn_line = hud_model.thinking_line(line, time.monotonic() - since)
        self._refresh_hud()

    def _advance(self) -> None:
        state = self.match.state
        if api.is_terminal(state):
            self._finish_tour()
            return
        if self.max_placements is not None and self.placements >= self.max_placements:
            self.finished = True
            self.turn_line = f"Stopped after {self.placements} placements"
            return
        if self.pace and time.monotonic() < self._wait_until:
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
            self.turn_line = (f"{self.names[seat]} is placing {hud_model.piece_words(places[0].piece)}..."
                              if places and len(places) == len(legal) else f"{self.names[seat]} is choosing...")
            self._bot_thinking = (self.turn_line, time.monotonic())
            self._follow(seat)
            self.worker.submit(self.match.step, self._stepped)
            return
        if api.current(state) is not None:
            self.match.table()   # a city that opens on a person's turn is on screen before they act
        if seat != self.viewer:
            self._pass_to(seat)
            return
        if self._aim_state is not state:
            self._new_turn(state)
        ex = api.current(state)
        placing = ex is not None and places and len(places) == len(legal) and not (
            len(places) > 1 and chooses_places(ex.city))
        if placing or self._forced_place is not None:
            self._human_placement(state, seat, places)
        else:
            self._human_decision(seat, legal)

    def _show_bases(self, state: api.State) -> None:
        """Before the first city: the empty table, each base showing the side its player chose
        (side A until then), framed on yours."""
        n = state.config.num_seats
        layout = TableLayout.for_seats(n, [api.base_side(state, s) for s in range(n)])
        if layout != self.view.layout:
            self.view.show(Snapshot(layout, ()))
            angles = layout.seat_angles
            mine = self.viewer if self.viewer is not None else (self.humans[0] if self.humans else 0)
            self.view.focus(mine, BASE_HEIGHT_M * 1000.0, angles[mine] if angles else None)

    def _pass_to(self, seat: int) -> None:
        """Hot-seat: nothing private shows until `seat`'s person takes the screen."""
        if self.handoff != seat:
            self.handoff, self.options, self.aim = seat, [], None
            self.view.hide_ghost()
            self._follow(seat)            # the next person sees their own base in front
        self.turn_line = f"{self.names[seat]}'s turn"
        if self.auto_decide:
            self.take_screen()

    def take_screen(self) -> None:
        """The person the screen waited for is at it: show their hand and choices."""
        if self.handoff is not None:
            self.viewer, self.handoff = self.handoff, None
            self._aim_state = None

    def _new_turn(self, state: api.State) -> None:
        self._aim_state = state
        self.aim, self.aim_index, self._forced_place, self.selected = None, 0, None, None
        self.options = []
        self._let_go()
        self.view.hide_ghost()
        self._turn_started = time.monotonic()

    def _human_decision(self, seat: int, legal: list[Action]) -> None:
        self.options = hud_model.decision_options(legal, self.selected)
        self._legal = legal
        self.turn_line = "Your turn: " + hud_model.decision_hint(legal)
        if self.auto_decide:
            human = self.controllers[seat]
            self._answer(human.assist.choose(api.observe(self.match.state, seat), legal))

    def _human_placement(self, state: api.State, seat: int, places: list[Place]) -> None:
        self.options = []
        human = self.controllers[seat]
        if self.aim is None:
            ex = api.current(state)
            assert ex is not None
            options = [self._forced_place] if self._forced_place is not None else places
            pieces_on = {k: s.pieces for k, s in enumerate(ex.structures)}
            self.turn_line = f"Your turn: aiming {hud_model.piece_words(options[0].piece)}..."

            def job() -> Aim:
                return human.aim(self._table_now(ex), options, ex.city, pieces_on)

            self.worker.submit(job, self._aimed)
            return
        piece = hud_model.piece_words(self.aim.place.piece)
        self.turn_line = f"Your turn: {piece} in hand" if self.hand is not None else f"Your turn: place {piece}"
        if self.auto_place:
            self.place()

    def _table_now(self, ex: Any) -> Snapshot:
        """The match's table for the current city (built now if the city just opened: your aim
        is planned before the match's next step)."""
        return self.match.table()

    # --- job results ----------------------------------------------------------------------------

    def _stepped(self, action: Action) -> None:
        self._bot_thinking = None   # the match's events say what happened

    def _aimed(self, aim: Aim) -> None:
        self.aim, self.aim_index = aim, 0
        self._turn_started = time.monotonic()
        self._show_aim()
        ex = api.current(self.match.state)
        if ex is not None and self.view.layout is not None:
            self._focused = True
            # Frame the ghost too: a pin stood up on a tall tower reaches above the tape measure.
            ghost_top_mm = max((position[2] + extent(aim.place.piece, orientation)[1][2]) * 1000.0
                               for position, orientation in aim.poses)
            self.view.focus(aim.place.structure, max(ex.structures[aim.place.structure].height_mm, ghost_top_mm),
                            self.view.layout.seat_angles[aim.place.seat] if self.view.layout.seat_angles else None)

    def _show_aim(self) -> None:
        if self.live is not None and self.hand is not None:
            # The piece itself is in your hand; the ghost shows where it would come to rest.
            (position, quat) = self.hand.landing()
            self.view.show_ghost(self.hand.piece, position, quat)
            return
        if self.aim is not None:
            pose = self.hand.held() if self.hand is not None else self.aim.poses[self.aim_index]
            landing_z = self.hand.landing()[0][2] if self.hand is not None else None
            self.view.show_ghost(self.aim.place.piece, pose[0], pose[1], drop_to_z=landing_z)

    # --- your hand (play/hand.py) -----------------------------------------------------------------

    def _click(self) -> None:
        """Left mouse: take the aimed piece in hand at the cursor, or let go of it."""
        if self.aim is None or self.worker.busy or self.handoff is not None:
            return
        if self.hand is not None:
            self.place()
            return
        if self._take() and not self._point():
            self._let_go()      # the click was not on a structure you may build on
            self._show_aim()

    def _take(self) -> bool:
        if self.aim is None or self.worker.busy or self.handoff is not None or self._live_settling:
            return False
        if self.hand is None:
            places = [self._forced_place] if self._forced_place is not None else self._placements_due()
            self.hand = ManualHand(self.match.table(), places, self.aim.poses[self.aim_index], self.aim.place)
            if self.show_motion:
                self._take_live()
        return True

    def _take_live(self) -> None:
        """The piece appears in your hand a little above where it would rest and is the physics
        body from then on (play/live_hand.py)."""
        assert self.hand is not None
        self._close_live()
        try:
            self.live = LiveHand.take(self.match.table(), self.hand.place, self.hand.held())
        except IntersectingPoseError:
            # No room to hold it here (rays that missed a narrow support): the ghost goes on
            # following the mouse, and a click lets go where the ghost shows.
            self.event_line = "No room to hold the piece there: it follows as a ghost"
        self._live_taken = time.monotonic()

    @property
    def _live_settling(self) -> bool:
        return self.live is not None and not self.live.held

    def _step_live(self, wall_s: float | None) -> None:
        live = self.live
        assert live is not None
        if live.held:
            assert self.hand is not None
            if self.hand.place.structure != live.place.structure:
                self._take_live()            # Pisa: you moved it over the other base
                return
        poses, contacts = live.frame(self.hand.held() if live.held and self.hand else live.keys[-1][1], wall_s)
        self.view.pose_pieces(poses)
        if contacts:
            self.sound.contacts(contacts)
        if live.settled:
            self._live_rested()

    def _live_rested(self) -> None:
        """Your piece and what it moved are at rest: the match places it through the same ticks."""
        live = self.live
        assert live is not None and live.report is not None
        place, keys = live.place, tuple(live.keys)
        elapsed = round(time.monotonic() - self._live_taken, 3) if self.pace else 0.0
        human = self.controllers[place.seat]
        hand_s = human.assist.time_model.placement_time(shape_of(place.piece), 0, human.assist.rng)
        elapsed = max(elapsed, hand_s)
        after = live.snapshot()
        self._live_digest = after.digest()
        if live.recorder.motion is not None:
            self.player.remember(live.recorder.motion, live.start_table, after)     # for L
        self._close_live()
        self._hand_over(place, lambda snapshot: human.release_live(place, keys, elapsed),
                        f"{hud_model.piece_words(place.piece)} at rest")

    def _close_live(self) -> None:
        if self.live is not None:
            self.live.close()
            self.live = None

    def _placements_due(self) -> list[Place]:
        assert self.aim is not None
        piece = self.aim.place.piece     # the structures it may go on (Pisa: either base)
        legal = [a for a in api.legal_actions(self.match.state, self.aim.place.seat)
                 if isinstance(a, Place) and a.piece == piece]
        return legal or [self.aim.place]

    def _point(self) -> bool:
        """Move the piece in hand over the spot under the cursor; True if it moved."""
        if self.hand is None or self.pointer is None:
            return False
        ray = self.view.ray_through(*self.pointer)
        self._pointed = self.pointer
        if ray is None or not self.hand.point_at(*ray):
            return False
        self._show_aim()
        return True

    def _follow_pointer(self) -> None:
        watcher = getattr(self.base, "mouseWatcherNode", None)
        if watcher is not None and watcher.has_mouse():
            self.pointer = (watcher.get_mouse_x(), watcher.get_mouse_y())
        if self.hand is not None and self.pointer != self._pointed and not self.camera.dragging:
            self._point()

    def turn(self, degrees: float) -> None:
        if self._take():
            assert self.hand is not None
            self.hand.turn(degrees)
            self._show_aim()

    def tilt(self, degrees: float) -> None:
        if self._take():
            assert self.hand is not None
            self.hand.tilt(degrees, self.view.camera.heading_deg)
            self._show_aim()

    def turn_over(self) -> None:
        if self._take():
            assert self.hand is not None
            self.hand.turn_over()
            self._show_aim()

    def _let_go(self) -> None:
        if self.live is not None and self.live.held:
            self._close_live()                # back to the assist: the piece leaves your hand
            if self.match.snapshot is not None:
                self.view.show(self.match.snapshot)
        if self.hand is not None:
            self.hand.close()
            self.hand = None

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
            self._forced_place, self.aim = action, None   # the assist aims it next
            return
        seat = api.to_act(self.match.state)[0]
        self.controllers[seat].answers.append(action)
        self.options, self.selected = [], None
        self.worker.submit(self.match.step, self._stepped)

    def select_card(self, card: str) -> None:
        self.selected = None if self.selected == card else card

    def _unselect(self) -> None:
        self.selected = None

    def place(self) -> None:
        if self.worker.busy or self.aim is None or self._live_settling:
            return
        if self.live is not None and self.hand is not None:
            self.live.let_go()                 # watch it settle; the match takes it at rest
            self.hand.close()
            self.hand = None
            self.view.hide_ghost()
            self.turn_line = f"Letting go of {hud_model.piece_words(self.live.place.piece)}..."
            return
        aim, pose = self.aim, self.aim.poses[self.aim_index]
        place, by_hand = aim.place, self.hand is not None
        if self.hand is not None:
            pose, place = self.hand.held(), self.hand.place
            self._let_go()
        human = self.controllers[place.seat]
        # Wall clock while it is your turn, but never faster than the assist's hand could be.
        hand_s = human.assist.time_model.placement_time(shape_of(place.piece), 0, human.assist.rng)
        elapsed = max(round(time.monotonic() - self._turn_started, 3), hand_s)
        self._hand_over(place, lambda snapshot: human.release(snapshot, place, pose, elapsed, by_hand=by_hand),
                        f"Placing {hud_model.piece_words(place.piece)}...")

    def set_aside(self) -> None:
        """X: a piece you dropped goes down on the table beside your base instead of being
        placed again; it counts as fallen."""
        if self.worker.busy or self.aim is None or not self._may_set_aside():
            return
        self._let_go()
        place = self.aim.place
        human = self.controllers[place.seat]
        elapsed = round(time.monotonic() - self._turn_started, 3)
        self._hand_over(place, lambda snapshot: human.set_aside(snapshot, place, elapsed),
                        f"Setting {hud_model.piece_words(place.piece)} aside...")

    def _hand_over(self, place: Place, answer: Callable[[Snapshot], None], turn_line: str) -> None:
        """Give your answer for `place` to your seat (`answer(table)`) and let the match take
        it, on the worker."""
        human = self.controllers[place.seat]
        snapshot = self.match.snapshot
        assert snapshot is not None
        forced = self._forced_place

        def job() -> Action:
            answer(snapshot)
            if forced is not None:
                human.answers.append(forced)
            return self.match.step()

        self.aim = None
        self.view.hide_ghost()
        self.turn_line = turn_line
        self.worker.submit(job, self._stepped)

    def _may_set_aside(self) -> bool:
        """Only a piece you dropped (alone) may be set aside rather than placed again."""
        return self.aim is not None and self.match.drops_in_a_row(self.aim.place.seat, self.aim.place.piece) > 0

    def _space(self) -> None:
        """Space takes the screen (hot-seat), drops your aimed piece, or recentres on the active
        structure."""
        if self.handoff is not None:
            self.take_screen()
        elif self.aim is not None:
            self.place()
        else:
            self.recentre()

    def reaim(self) -> None:
        """The assist's next aim (and the piece leaves your hand)."""
        if self.aim is not None and not self.worker.busy:
            if self.hand is not None:
                self._let_go()
                self._show_aim()
                return
            self.aim_index = (self.aim_index + 1) % len(self.aim.poses)
            self._show_aim()

    def recentre(self) -> None:
        seats = api.to_act(self.match.state)
        ex = api.current(self.match.state)
        if seats and ex is not None and ex.builds_on:
            k = ex.builds_on[seats[0]]
            self.view.focus(k, ex.structures[k].height_mm)
        else:
            self.view.overview()

    # --- events from the match -----------------------------------------------------------------

    def _queue_event(self, kind: str, data: object) -> None:
        # Called on the worker thread: only record (deque appends are thread-safe). A motion
        # comes before the rules apply its placement: the HUD shows that state while it plays,
        # so nobody reads "OUT" before the tower has come down.
        if kind == "motion":
            data = (data, self.match.state)
        self.events.append((kind, data, self.match.snapshot))

    def player_speed(self) -> float:
        """A bot's placement plays at the bots' speed, a person's at real time."""
        motion = self.player.motion
        return self.bot_speed if motion is not None and self.controllers[motion.seat].is_bot else 1.0

    def skip_motion(self) -> None:
        """Enter: the rest of the placement on screen at once."""
        self.player.skip()

    def set_bot_speed(self, speed: float) -> None:
        """1, 2, 4: bots' placements at that many times real time."""
        self.bot_speed = speed
        self.on_bot_speed(speed)
        self.player.set_speed(self.player_speed())
        self.event_line = f"Bots' placements at {speed:g}x"

    def toggle_mute(self) -> None:
        """M: the table's sounds off or on again."""
        self.sound.muted = not self.sound.muted
        self.event_line = "Sound off" if self.sound.muted else "Sound on"

    def replay_last(self) -> None:
        """L: the last placement again, in slow motion."""
        if not self.player.replay_last(SLOW_MOTION):
            self.event_line = "No placement to show again yet"

    def _drain_events(self) -> None:
        while self.events and not self.player.playing:
            kind, data, snapshot = self.events.popleft()
            if kind == "motion":
                assert isinstance(data, tuple) and snapshot is not None
                data, self._state_shown = data
                if self._live_digest is not None:
                    # Your live placement: already watched. The match's ticks must have come to
                    # the same table; if this build's physics disagreed, the match's table wins.
                    if snapshot.digest() != self._live_digest:
                        self.event_line = LIVE_MISMATCH
                    self.last_live_digest, self._live_digest = self._live_digest, None
                elif self.show_motion:
                    self.player.play(data, snapshot, 1.0)
                    self.player.set_speed(self.player_speed())
                continue
            if snapshot is not None:
                self.view.show(snapshot)
            if kind == "city":
                if snapshot is not None:
                    self.view.set_heights([BASE_HEIGHT_M * 1000.0] * snapshot.layout.n_structures)
                if self.aim is None:      # else the camera already frames your aimed piece
                    self.view.overview()
                self.event_line = f"{city_card(str(data)).display_name}: {city_card(str(data)).goal}"
            elif kind == "place":
                assert isinstance(data, Place)
                self.placements += 1
                if self._focused and self.controllers[data.seat].is_bot:
                    self._focused = False          # the others play: show the whole table again
                    self.view.overview()
                self.event_line = hud_model.event_text(data, self.names)
                if data.outcome is not None:
                    self.view.set_heights(data.outcome.heights_mm)
                self._wait_until = time.monotonic() + BOT_PACE_S
            elif kind == "side":
                assert isinstance(data, ChooseSide)
                self.event_line = f"{self.names[data.seat]} {'build' if self.names[data.seat] == 'You' else 'builds'} on side {data.side}"
            elif kind == "city_done":
                assert isinstance(data, CityResult)
                self.event_line = hud_model.city_result_text(data, self.names)
                state = self.match.state
                self.scoreboard = hud_model.city_scoreboard(data, api.outcome(state).fans, self.names,
                                                            last=api.is_terminal(state))
                self._last_result = data
                self._board_until = time.monotonic() + BOARD_S
                self._wait_until = time.monotonic() + max(CITY_PAUSE_S, BOARD_S)

    def _finish_tour(self) -> None:
        self.finished = True
        result = api.outcome(self.match.state)
        winners = " and ".join(self.names[s] for s in result.winners)
        self.turn_line = f"Tour over: {winners} {'win' if len(result.winners) > 1 or winners == 'You' else 'wins'}!"
        self._extra = tuple(f"{self.names[s]}: {f} fans" for s, f in sorted(enumerate(result.fans), key=lambda x: -x[1]))
        if self.recorder is not None:
            self._extra += (f"Replay saved: {self.recorder.path.name}",)
        self.scoreboard = hud_model.tour_scoreboard(result, self._last_result, self.names, self.match.state.cities)

    def _follow(self, seat: int) -> None:
        """The view turns to come from `seat`'s side of the table (see TableView.follow_seat)."""
        layout = self.view.layout
        if layout is not None and layout.seat_angles and seat < len(layout.seat_angles):
            self._focused = False
            self.view.follow_seat(layout.seat_angles[seat])

    def _board_button(self, text: str) -> None:
        """A scoreboard's button: Next city ends the pause on the board; Menu is Esc."""
        if text.startswith("Next"):
            self._wait_until = self._board_until = 0.0
        else:
            self.base.messenger.send("escape")

    def toggle_rules(self) -> None:
        """F1: the rules of the city being played (before the first city, of the first)."""
        if self.hud.rules_open:
            self.hud.hide_rules()
            return
        from play.rules_text import rules_page

        ex = api.current(self.match.state)
        city = ex.city if ex is not None else self.match.state.config.cities[0]
        self.hud.show_rules(rules_page(city))
        self.view.place_labels()

    def _moment(self) -> str:
        """What the hint bar offers keys for now (scenes/table/hud.key_help)."""
        if self.player.playing:
            return "motion"
        if self.handoff is not None:
            return "handoff"
        if self.hand is not None:
            return "hand"
        if self.aim is not None and not self.worker.busy:
            return "place"
        if self.options and not self.worker.busy:
            return "choose"
        return "watch"

    def _refresh_hud(self) -> None:
        # Frozen: consistent even while a job runs (perhaps one step old); while a placement
        # plays, the state it was made in.
        state = self._state_shown if self.player.playing and self._state_shown is not None else self.match.state
        self.view.set_name_tags(hud_model.name_tags(state, self.names))
        you = self.viewer if self.viewer is not None else 0
        model = hud_model.build(state, self.names, you, self.turn_line, self.event_line)
        if self.viewer is None or self.handoff is not None:
            model = hud_model.spectator(model)
        labels = tuple(hud_model.option_text(o, self._legal, self.names, you) for o in self.options) if not self.worker.busy else ()
        self.hud.show(HudInput(model, labels, self.selected, self.aim is not None and not self.worker.busy,
                               self._may_set_aside() and not self.worker.busy, self._extra,
                               controls=key_help(self.escape_to, self._moment()) if self.show_hints else (),
                               handoff=self.names[self.handoff] if self.handoff is not None else "",
                               scoreboard=self.scoreboard if self.finished or time.monotonic() < self._board_until else None))
        self.view.place_labels()

    # --- camera input ---------------------------------------------------------------------------

    def _bind_input(self) -> None:
        b = self.base
        b.accept("space", self._space)
        b.accept("tab", self.reaim)
        b.accept("x", self.set_aside)
        b.accept("c", self.recentre)
        b.accept("mouse1", self._click)
        b.accept("t", self.turn_over)
        b.accept("enter", self.skip_motion)
        b.accept("l", self.replay_last)
        b.accept("f1", self.toggle_rules)
        b.accept("m", self.toggle_mute)
        for key, speed in (("1", 1.0), ("2", 2.0), ("4", 4.0)):
            b.accept(key, self.set_bot_speed, [speed])
        for key, act, sign in (("q", self.turn, 1), ("e", self.turn, -1), ("r", self.tilt, 1), ("f", self.tilt, -1)):
            b.accept(key, act, [sign * TURN_DEG])
            b.accept(f"shift-{key}", act, [sign * FINE_TURN_DEG])
        for key, sign in (("wheel_up", 1), ("wheel_down", -1)):
            b.accept(key, self._wheel, [sign, LIFT_MM])
            b.accept(f"shift-{key}", self._wheel, [sign, FINE_LIFT_MM])
        self.camera.bind()

    def _wheel(self, notches: int, lift_mm: float) -> None:
        """The wheel raises or lowers the piece in hand; with no piece in hand it zooms."""
        if self.hand is not None:
            self.hand.raise_by(notches * lift_mm)
            self._show_aim()
        else:
            self.camera.zoom(0.9 if notches > 0 else 1.1)

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
        self._let_go()
        self._close_live()
        for event in (*INPUT_EVENTS, *(f"{m}{k}" for k in "qerf" for m in ("", "shift-"))):
            self.base.ignore(event)
        self.camera.unbind()
        self.hud.destroy()
        self.sound.destroy()
        self.view.destroy()
