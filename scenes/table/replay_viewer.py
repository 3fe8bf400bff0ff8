"""Watching a recorded tour: each placement as it happened, with the HUD as the rules had it
then (`junkart replay watch FILE`).

The rules' state is rebuilt by applying the recorded actions. Each placement is shown moving:
its input is re-simulated from the table before it (`motion_for`, given by the caller: play/
replay_motion.py) and played frame by frame, with its sounds; where this build's physics does
not reach the file's table, the file's keyframe (the settled table) is shown instead, with a
one-line notice. It plays on by itself; Space pauses, the arrow keys step, Home and End jump,
Enter skips a placement's motion, 1 / 2 / 4 set the speed, Esc quits.
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
from physics.motion import Motion
from physics.snapshot import Snapshot, SnapshotFormatError
from scenes.table import hud_model
from scenes.table.hud import Hud, HudInput
from scenes.table.motion_player import SPEEDS, MotionPlayer
from scenes.table.sound import TableSound
from scenes.table.view import TableView

STEP_S = 1.5                  # how long each placement stays on screen while playing
VIEWER_CONTROLS = ("right-drag orbit  \u00b7  middle-drag pan  \u00b7  wheel zoom  \u00b7  Enter skip  \u00b7  1 / 2 / 4 speed",
                   "Space pause / play  \u00b7  \u2190 \u2192 step  \u00b7  Home End  \u00b7  Esc quit")
KEYFRAMES_NOTICE = "This build's physics differs from the file's here: showing the recorded tables"


@dataclass(frozen=True)
class ReplayFrame:
    """One moment to watch: the rules' state just after a placement, and the table it left."""
    state: api.State
    table: Snapshot
    placement: Place
    entry: ReplayEntry | None = None       # the placement's input, to re-simulate its motion
    before: Snapshot | None = None         # the table it was made on (as the file has it)


def replay_frames(replay: Replay) -> list[ReplayFrame]:
    """Every placement of the file with its settled table (a file that stops early gives fewer)."""
    config, _ = tour_of(replay)
    state = api.new_tour(config)
    frames: list[ReplayFrame] = []
    last = None
    last_entry: ReplayEntry | None = None
    table_key = None               # (exhibition, phase) of the table `latest` is
    key_before = None
    latest: Snapshot | None = None # the table after the last placement or Nashville shot
    for number, entry in enumerate(replay.entries, start=1):
        if entry.action is not None:
            key_before = (state.index, state.phase)
            try:
                state = api.apply(state, entry.action)
            except IllegalActionError as error:
                raise ReplayFormatError(f"entry {number}: {error}") from None
            last, last_entry = entry.action, entry
        elif entry.keyframe is not None and isinstance(last, (Place, Shoot)):
            try:
                table = Snapshot.from_dict(entry.keyframe)
            except SnapshotFormatError as error:
                raise ReplayFormatError(f"entry {number}: {error}") from None
            # A city (or a face-off) opens on an empty table; otherwise the last one goes on.
            before = latest if latest is not None and table_key == key_before else Snapshot(table.layout, ())
            if isinstance(last, Place):     # a shot is not a frame: the next placement starts from its table
                frames.append(ReplayFrame(state, table, last, last_entry, before))
            latest, table_key = table, key_before
    if not frames:
        raise ReplayFormatError("the replay holds no placement to watch")
    return frames


class ReplayViewer:
    """Shows `frames` one after another on a ShowBase; `tick()` (the task manager's) plays them."""

    def __init__(self, base: Any, frames: Sequence[ReplayFrame], names: Sequence[str], *,
                 bind_input: bool = True, step_s: float = STEP_S,
                 motion_for: Callable[[ReplayEntry, Snapshot], Motion | None] | None = None,
                 speed: float = 1.0, shadows: bool = True, colour_marks: bool = False) -> None:
        """`motion_for(entry, before)`: a placement's re-simulated motion (None: show the keyframe);
        `shadows` and `colour_marks`: the settings' soft shadows and colour-blind marks."""
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
        self.motion_for = motion_for
        self.speed = speed
        self.notice = ""               # said once: the physics diverged, keyframes are shown
        self.motions_shown = 0
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
        """Show placement `index`: moving (`animate`, when its motion re-simulates) or settled."""
        index = max(0, min(index, len(self.frames) - 1))
        frame = self.frames[index]
        new_table = self.view.layout != frame.table.layout
        self.player.skip()
        motion = None
        if animate and self.motion_for is not None and frame.entry is not None and frame.before is not None:
            motion = self.motion_for(frame.entry, frame.before)
            if motion is None and not self.notice:
                self.notice = KEYFRAMES_NOTICE
        if motion is not None:
            self.view.show(frame.before)
            self.player.play(motion, frame.table, self.speed)
            self.motions_shown += 1
        else:
            self.view.show(frame.table)
        outcome = frame.placement.outcome
        if outcome is not None:
            self.view.set_heights(outcome.heights_mm)
        if new_table or self.index < 0:
            self.view.overview()
        else:
            self.view.keep_tops_below_banner()      # the towers grow as the replay plays
        self.index = index
        self._next_at = time.monotonic() + self.step_s
        self.hud.show(self.hud_input())
        self.view.place_labels()

    def hud_input(self) -> HudInput:
        frame = self.frames[self.index]
        event = self.notice or hud_model.event_text(frame.placement, self.names)
        state = "playing" if self.playing else "paused"
        model = hud_model.build(frame.state, self.names, frame.placement.seat, f"Replay: placement {self.index + 1} "
                                f"of {len(self.frames)} ({state})", event)
        self.view.set_name_tags(hud_model.name_tags(frame.state, self.names))
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
        if self.player.playing:
            if not self.playing and not self._stepped:
                return                       # paused mid-motion: the frame stays
            if self.player.advance(elapsed):
                return
            self._stepped = False
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
