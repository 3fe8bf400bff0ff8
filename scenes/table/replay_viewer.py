"""Watching a recorded tour: each placement and Nashville shot as it happened, with the HUD as
the rules had it then (`junkart replay watch FILE`).

The rules' state is rebuilt by applying the recorded actions. Each placement and shot is shown
moving: its input is re-simulated from the table before it (`motion_for`, given by the caller:
play/replay_motion.py) and played frame by frame, with its sounds; a shot's disc flies with the
camera after it (scenes/table/disc_camera.py) and the cowboys stand where the match had them
(physics/cowboys.py), tipping if hit and standing up again after. While it moves, the HUD and
the tape measure still tell the rules as they were before it ("Ann places blue ring..."); its
result shows once it has come to rest, as in the game's window. Where this build's physics
does not reach the file's table, the file's keyframe (the settled table) is shown instead, with
a one-line notice. It plays on by itself; Space pauses, the arrow keys step, Home and End jump,
Enter skips a motion, 1 / 2 / 4 set the speed, Esc quits.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game import api
from game.actions import Place
from game.mechanics.shots import Shoot
from game.errors import IllegalActionError
from game.replay import Replay, ReplayEntry, ReplayFormatError, tour_of
from physics.cowboys import cowboy_poses, opening_spots, spots_after_shot
from physics.motion import Motion
from physics.shots import ShotAim
from physics.snapshot import Snapshot, SnapshotFormatError
from scenes.table import hud_model
from scenes.table.disc_camera import DiscCamera
from scenes.table.hud import Hud, HudInput
from scenes.table.motion_player import SPEEDS, MotionPlayer
from scenes.table.sound import TableSound
from scenes.table.view import TableView

STEP_S = 1.5                  # how long each placement or shot stays on screen while playing
VIEWER_CONTROLS = ("right-drag orbit  \u00b7  middle-drag pan  \u00b7  wheel zoom  \u00b7  Enter skip  \u00b7  1 / 2 / 4 speed",
                   "Space pause / play  \u00b7  \u2190 \u2192 step  \u00b7  Home End  \u00b7  Esc quit")
KEYFRAMES_NOTICE = "This build's physics differs from the file's here: showing the recorded tables"


@dataclass(frozen=True)
class ReplayFrame:
    """One moment to watch: the rules' state just after a placement or a Nashville shot, and the
    table it left."""
    state: api.State
    table: Snapshot
    action: Place | Shoot
    entry: ReplayEntry | None = None       # its input (a path, an aim), to re-simulate its motion
    before: Snapshot | None = None         # the table it was made on (as the file has it)
    spots: tuple[float, ...] = ()          # Nashville: every seat's cowboy spot as it began ...
    spots_after: tuple[float, ...] = ()    # ... and after it (a shooter's cowboy stays where it shot from)
    state_before: api.State | None = None  # the rules just before it (what the HUD tells while it moves)


def replay_frames(replay: Replay) -> list[ReplayFrame]:
    """Every placement and shot of the file with its settled table (a file that stops early
    gives fewer)."""
    config, _ = tour_of(replay)
    state = api.new_tour(config)
    frames: list[ReplayFrame] = []
    last = None
    last_entry: ReplayEntry | None = None
    state_before = state
    table_key = None               # (exhibition, phase) of the table `latest` is
    key_before = None
    city = ""                      # where the last action was taken
    latest: Snapshot | None = None # the table after the last placement or Nashville shot
    spots: tuple[float, ...] = ()  # the cowboys' spots on `latest`, as the match keeps them
    for number, entry in enumerate(replay.entries, start=1):
        if entry.action is not None:
            key_before = (state.index, state.phase)
            state_before = state
            ex = api.current(state)
            city = ex.city if ex is not None else ""
            try:
                state = api.apply(state, entry.action)
            except IllegalActionError as error:
                raise ReplayFormatError(f"entry {number}: {error}") from None
            last, last_entry = entry.action, entry
        elif entry.keyframe is not None and isinstance(last, (Place, Shoot)) and last_entry is not None:
            try:
                table = Snapshot.from_dict(entry.keyframe)
            except SnapshotFormatError as error:
                raise ReplayFormatError(f"entry {number}: {error}") from None
            # A city (or a face-off) opens on an empty table, its cowboys where they start;
            # otherwise the last table and spots go on.
            if latest is not None and table_key == key_before:
                before = latest
            else:
                before = Snapshot(table.layout, ())
                spots = opening_spots(table.layout) if city == "nashville" else ()
            after = _spots_after(spots, last, last_entry)
            frames.append(ReplayFrame(state, table, last, last_entry, before, spots, after, state_before))
            latest, table_key, spots = table, key_before, after
    if not frames:
        raise ReplayFormatError("the replay holds no placement to watch")
    return frames


def _spots_after(spots: tuple[float, ...], action: Place | Shoot, entry: ReplayEntry) -> tuple[float, ...]:
    if not isinstance(action, Shoot):
        return spots
    try:
        aim = ShotAim.from_json(list(entry.shot))
    except ValueError:          # an aim this build cannot read moves no cowboy
        return spots
    return spots_after_shot(spots, action.seat, aim.spot_deg)


class ReplayViewer:
    """Shows `frames` one after another on a ShowBase; `tick()` (the task manager's) plays them."""

    def __init__(self, base: Any, frames: Sequence[ReplayFrame], names: Sequence[str], *,
                 bind_input: bool = True, step_s: float = STEP_S,
                 motion_for: Callable[[ReplayEntry, Snapshot, tuple[float, ...]], Motion | None] | None = None,
                 speed: float = 1.0, shadows: bool = True, colour_marks: bool = False) -> None:
        """`motion_for(entry, before, spots)`: a placement's or shot's re-simulated motion (None:
        show the keyframe); `shadows` and `colour_marks`: the settings' soft shadows and
        colour-blind marks."""
        self.base = base
        self.frames = list(frames)
        self.names = list(names)
        self.step_s = step_s
        self.view = TableView(base, shadows=shadows)
        self.view.set_colour_marks(colour_marks)
        self.hud = Hud(base)
        self.hud.colour_marks = colour_marks
        self.view.avoid = self.hud.boxes      # the labels over the table keep clear of the HUD
        self.sound = TableSound(base)
        self.player = MotionPlayer(self.view, on_contacts=self.sound.contacts)
        self.disc_camera = DiscCamera(self.view)
        self._camera_followed = False  # a shot's disc took the camera: the next frame frames the table again
        self.motion_for = motion_for
        self.speed = speed
        self.notice = ""               # said once: the physics diverged, keyframes are shown
        self.motions_shown = 0
        self.result_shown = True        # False while a motion plays: the HUD tells the rules before it
        self.index = -1
        self.playing = True
        self._next_at = 0.0
        self._last_tick = time.monotonic()
        self._stepped = False
        self.show(0, animate=True)
        self._task = base.taskMgr.add(self._task_tick, "junkart-replay")
        if bind_input:
            for key, action in (("space", self.toggle), ("arrow_right", lambda: self.step(1)),
                                ("arrow_left", lambda: self.step(-1)), ("home", lambda: self.jump(0)),
                                ("end", lambda: self.jump(len(self.frames) - 1)),
                                ("enter", self.player.skip)):
                base.accept(key, action)
            for speed in SPEEDS:
                base.accept(f"{speed:g}", self.set_speed, [speed])
            base.accept("wheel_up", self._zoom, [0.9])
            base.accept("wheel_down", self._zoom, [1.1])

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.player.set_speed(speed)

    def show(self, index: int, animate: bool = False) -> None:
        """Show placement or shot `index`: moving (`animate`, when its motion re-simulates) or
        settled."""
        index = max(0, min(index, len(self.frames) - 1))
        frame = self.frames[index]
        new_table = self.view.layout != frame.table.layout
        self.player.skip()
        self.disc_camera.stop()
        motion = None
        if animate and self.motion_for is not None and frame.entry is not None and frame.before is not None:
            motion = self.motion_for(frame.entry, frame.before, frame.spots)
            if motion is None and not self.notice:
                self.notice = KEYFRAMES_NOTICE
        # The cowboys as they stand once it is over: a shot's motion moves them (and its disc)
        # frame by frame, and its end shows the table with them standing again.
        self.view.set_props(cowboy_poses(frame.table.layout, frame.spots_after))
        if motion is not None:
            self.view.show(frame.before)
            self.player.play(motion, frame.table, self.speed)
            self.motions_shown += 1
        else:
            self.view.show(frame.table)
        first = self.index < 0
        self.index = index
        self.result_shown = motion is None
        if self.result_shown:
            self._show_heights()
        if new_table or first or self._camera_followed:
            self._camera_followed = False
            self.view.overview()
        else:
            self.view.keep_tops_below_banner()      # the towers grow as the replay plays
        self._next_at = time.monotonic() + self.step_s
        self.hud.show(self.hud_input())
        self.view.place_labels()

    def _show_heights(self) -> None:
        outcome = self.frames[self.index].action.outcome
        if outcome is not None:
            self.view.set_heights(outcome.heights_mm)

    def _show_result(self) -> None:
        """The motion is over (or skipped): the HUD and the tape tell its result."""
        self.result_shown = True
        self._show_heights()
        self.hud.show(self.hud_input())

    def hud_input(self) -> HudInput:
        frame = self.frames[self.index]
        rules = frame.state if self.result_shown or frame.state_before is None else frame.state_before
        event = self.notice or (_event_text(frame, self.names) if self.result_shown else hud_model.moving_text(frame.action, self.names))
        state = "playing" if self.playing else "paused"
        kind = "shot" if isinstance(frame.action, Shoot) else "placement"
        model = hud_model.build(rules, self.names, frame.action.seat, f"Replay: {kind} {self.index + 1} "
                                f"of {len(self.frames)} ({state})", event)
        self.view.set_name_tags(hud_model.name_tags(rules, self.names))
        return HudInput(hud_model.spectator(model), controls=VIEWER_CONTROLS)

    def step(self, delta: int) -> None:
        self.playing = False if delta < 0 else self.playing
        self._stepped = delta == 1           # a step forward plays its motion even when paused
        self.show(self.index + delta, animate=delta == 1)

    def jump(self, index: int) -> None:
        self.show(index)

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.index == len(self.frames) - 1:
            self.index = -1   # play again from the start
            self.show(0, animate=True)
        self.hud.show(self.hud_input())

    def tick(self, wall_s: float | None = None) -> None:
        """Advance by `wall_s` seconds (default: the wall clock since the last tick)."""
        now = time.monotonic()
        elapsed, self._last_tick = (now - self._last_tick if wall_s is None else wall_s), now
        if not self.player.playing:
            self.disc_camera.stop()          # a shot skipped (Enter) leaves no trail behind
            if not self.result_shown:
                self._show_result()
        if self.player.playing:
            if not self.playing and not self._stepped:
                return                       # paused mid-motion: the frame stays
            still_playing = self.player.advance(elapsed)
            self._camera_followed |= self.disc_camera.follow(self.player.motion)
            if still_playing:
                return
            self._stepped = False
            self._show_result()
            self._next_at = now + self.step_s / self.speed
        if self.playing and now >= self._next_at:
            if self.index == len(self.frames) - 1:
                self.playing = False
                self.hud.show(self.hud_input())
            else:
                self.show(self.index + 1, animate=True)

    def _task_tick(self, task: Any) -> int:
        self.tick()
        return task.cont

    def _zoom(self, factor: float) -> None:
        self.view.camera.zoom(factor)
        self.view.apply_camera()

    def destroy(self) -> None:
        self.base.taskMgr.remove(self._task)
        for key in ("space", "arrow_right", "arrow_left", "home", "end", "wheel_up", "wheel_down", "enter",
                    *(f"{speed:g}" for speed in SPEEDS)):
            self.base.ignore(key)
        self.player.skip()
        self.sound.destroy()
        self.hud.destroy()
        self.view.destroy()


def _event_text(frame: ReplayFrame, names: Sequence[str]) -> str:
    """The event line the game's window had for it ("Ann shot at Bob: 2 pieces down")."""
    if isinstance(frame.action, Place):
        return hud_model.event_text(frame.action, names)
    ex = api.current(frame.state)
    builds_on = ex.builds_on if ex is not None and ex.builds_on else tuple(range(len(names)))
    return hud_model.shot_text(frame.action, names, builds_on)
