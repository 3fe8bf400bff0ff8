"""Watching a recorded tour: the table as it settled after each placement, with the HUD as the
rules had it then (`junkart replay watch FILE`).

The file's keyframes are the settled tables, so watching needs no physics: the rules' state is
rebuilt by applying the recorded actions, and each placement's keyframe is drawn as it is. It
plays on by itself; Space pauses, the arrow keys step, Home and End jump, Esc quits.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence

from game import api
from game.actions import Place
from game.errors import IllegalActionError
from game.replay import Replay, ReplayFormatError, tour_of
from physics.snapshot import Snapshot, SnapshotFormatError
from scenes.table import hud_model
from scenes.table.hud import Hud, HudInput
from scenes.table.view import TableView

STEP_S = 1.5                  # how long each placement stays on screen while playing
VIEWER_CONTROLS = ("right-drag orbit  \u00b7  middle-drag pan  \u00b7  wheel zoom",
                   "Space pause / play  \u00b7  \u2190 \u2192 step  \u00b7  Home End  \u00b7  Esc quit")


@dataclass(frozen=True)
class ReplayFrame:
    """One moment to watch: the rules' state just after a placement, and the table it left."""
    state: api.State
    table: Snapshot
    placement: Place


def replay_frames(replay: Replay) -> list[ReplayFrame]:
    """Every placement of the file with its settled table (a file that stops early gives fewer)."""
    config, _ = tour_of(replay)
    state = api.new_tour(config)
    frames: list[ReplayFrame] = []
    last = None
    for number, entry in enumerate(replay.entries, start=1):
        if entry.action is not None:
            try:
                state = api.apply(state, entry.action)
            except IllegalActionError as error:
                raise ReplayFormatError(f"entry {number}: {error}") from None
            last = entry.action
        elif entry.keyframe is not None and isinstance(last, Place):
            try:
                frames.append(ReplayFrame(state, Snapshot.from_dict(entry.keyframe), last))
            except SnapshotFormatError as error:
                raise ReplayFormatError(f"entry {number}: {error}") from None
    if not frames:
        raise ReplayFormatError("the replay holds no placement to watch")
    return frames


class ReplayViewer:
    """Shows `frames` one after another on a ShowBase; `tick()` (the task manager's) plays them."""

    def __init__(self, base: Any, frames: Sequence[ReplayFrame], names: Sequence[str], *,
                 bind_input: bool = True, step_s: float = STEP_S) -> None:
        self.base = base
        self.frames = list(frames)
        self.names = list(names)
        self.step_s = step_s
        self.view = TableView(base)
        self.hud = Hud(base)
        self.index = -1
        self.playing = True
        self._next_at = 0.0
        self.show(0)
        self._task = base.taskMgr.add(self._task_tick, "junkart-replay")
        if bind_input:
            for key, action in (("space", self.toggle), ("arrow_right", lambda: self.step(1)),
                                ("arrow_left", lambda: self.step(-1)), ("home", lambda: self.jump(0)),
                                ("end", lambda: self.jump(len(self.frames) - 1))):
                base.accept(key, action)
            base.accept("wheel_up", self._zoom, [0.9])
            base.accept("wheel_down", self._zoom, [1.1])

    def show(self, index: int) -> None:
        index = max(0, min(index, len(self.frames) - 1))
        frame = self.frames[index]
        new_table = self.view.layout != frame.table.layout
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

    def hud_input(self) -> HudInput:
        frame = self.frames[self.index]
        event = hud_model.event_text(frame.placement, self.names)
        state = "playing" if self.playing else "paused"
        model = hud_model.build(frame.state, self.names, frame.placement.seat, f"Replay: placement {self.index + 1} "
                                f"of {len(self.frames)} ({state})", event)
        return HudInput(hud_model.spectator(model), controls=VIEWER_CONTROLS)

    def step(self, delta: int) -> None:
        self.playing = False if delta < 0 else self.playing
        self.show(self.index + delta)

    def jump(self, index: int) -> None:
        self.show(index)

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.index == len(self.frames) - 1:
            self.index = -1   # play again from the start
            self.show(0)
        self.hud.show(self.hud_input())

    def tick(self) -> None:
        if self.playing and time.monotonic() >= self._next_at:
            if self.index == len(self.frames) - 1:
                self.playing = False
                self.hud.show(self.hud_input())
            else:
                self.show(self.index + 1)

    def _task_tick(self, task: Any) -> int:
        self.tick()
        return task.cont

    def _zoom(self, factor: float) -> None:
        self.view.camera.zoom(factor)
        self.view.apply_camera()

    def destroy(self) -> None:
        self.base.taskMgr.remove(self._task)
        for key in ("space", "arrow_right", "arrow_left", "home", "end", "wheel_up", "wheel_down"):
            self.base.ignore(key)
        self.hud.destroy()
        self.view.destroy()
