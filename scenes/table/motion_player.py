"""Plays a placement's motion (physics/motion.py) on the table view, in simulated time.

What is on screen is the simulation's own frames: the poses PyBullet computed, shown at the
rate they were sampled (60 per simulated second), never an interpolation between a before and an
after. The player ends on the settled snapshot the match goes on from (the last frame holds
exactly its poses; `finish` then takes the fallen pieces off the table), so nothing jumps.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from physics.motion import ContactEvent, Motion
from physics.settings import TIME_STEP
from physics.snapshot import Snapshot

SPEEDS = (1.0, 2.0, 4.0)          # a bot's placement at 1x, 2x or 4x (keys 1, 2, 4; `--bot-speed`)
SLOW_MOTION = 0.25                # L: the last placement again, at this speed
MAX_STEP_S = 0.1                  # a slow frame never skips more than this much of a motion


@dataclass
class _Playing:
    motion: Motion
    before: Snapshot | None       # the table as it was before the piece came (for L)
    after: Snapshot               # the settled table the match goes on from
    speed: float
    clock_s: float = 0.0
    shown: int = -1               # the last frame drawn


class MotionPlayer:
    """`play` a motion, then `advance` it by wall time every frame until it is done."""

    def __init__(self, view: Any, on_contacts: Callable[[Sequence[ContactEvent], Motion], None] | None = None) -> None:
        self.view = view
        self.on_contacts = on_contacts or (lambda events, motion: None)
        self._now: _Playing | None = None
        self.last: _Playing | None = None     # the last motion played, for L
        self.frames_shown = 0                 # frames drawn by the current (or last) motion

    @property
    def playing(self) -> bool:
        return self._now is not None

    @property
    def motion(self) -> Motion | None:
        return self._now.motion if self._now is not None else None

    def shown_frame(self) -> int:
        """The index of the frame on screen (-1 when nothing plays)."""
        return self._now.shown if self._now is not None else -1

    @property
    def ends_on(self) -> Snapshot | None:
        """The settled table the current motion ends on."""
        return self._now.after if self._now is not None else None

    def playing_from(self) -> Snapshot:
        """The table the current motion started from."""
        assert self._now is not None and self._now.before is not None
        return self._now.before

    def play(self, motion: Motion, after: Snapshot, speed: float = 1.0, before: Snapshot | None = None) -> None:
        """Start showing `motion` from the table now on screen (or `before`); `after` is the
        settled snapshot it ends on."""
        if self._now is not None:
            self.skip()
        if before is not None:
            self.view.show(before)
        self._now = _Playing(motion, before if before is not None else self.view.snapshot, after, speed)
        self.frames_shown = 0
        self._show_through(0)

    def remember(self, motion: Motion, before: Snapshot, after: Snapshot) -> None:
        """A motion watched live elsewhere (your own hand) becomes the one L shows again."""
        self.last = _Playing(motion, before, after, 1.0)

    def replay_last(self, speed: float = SLOW_MOTION) -> bool:
        """L: the last placement again from its start table (slow motion); False if there is none."""
        if self.last is None or self.last.before is None or self._now is not None:
            return False
        last = self.last
        self.play(last.motion, last.after, speed, before=last.before)
        return True

    def set_speed(self, speed: float) -> None:
        if self._now is not None:
            self._now.speed = speed

    def advance(self, wall_s: float) -> bool:
        """Move the motion on by `wall_s` seconds at its speed; True while it still plays."""
        now = self._now
        if now is None:
            return False
        now.clock_s += min(max(wall_s, 0.0), MAX_STEP_S) * now.speed
        return self._go_to(now.motion.frame_at(now.clock_s))

    def step_frame(self) -> bool:
        """Show exactly the next frame (tests and the replay viewer's step); True while playing."""
        now = self._now
        if now is None:
            return False
        index = now.shown + 1
        now.clock_s = now.motion.frames[min(index, len(now.motion.frames) - 1)].tick * TIME_STEP
        return self._go_to(index)

    def _go_to(self, index: int) -> bool:
        assert self._now is not None
        self._show_through(index)
        if index >= len(self._now.motion.frames) - 1:
            self._finish()
        return self._now is not None

    def skip(self) -> None:
        """Enter: the rest of the motion at once (its sounds are dropped), ending on the snapshot."""
        now = self._now
        if now is None:
            return
        self.view.pose_pieces(now.motion.poses_through(len(now.motion.frames) - 1))
        now.shown = len(now.motion.frames) - 1
        self._finish()

    def _show_through(self, index: int) -> None:
        now = self._now
        assert now is not None
        index = min(index, len(now.motion.frames) - 1)
        if index <= now.shown:
            return
        poses: dict = {}
        for frame in now.motion.frames[now.shown + 1:index + 1]:
            poses.update(frame.poses)
        self.view.pose_pieces(poses)
        events = list(now.motion.contacts_in(now.shown + 1, index))
        self.frames_shown += 1
        now.shown = index
        if events:
            self.on_contacts(events, now.motion)

    def _finish(self) -> None:
        now = self._now
        assert now is not None
        self.view.show(now.after)
        self.last, self._now = now, None


def liveliest_frame(motion: Motion, before: Snapshot) -> int:
    """The frame in which the pieces that fell are farthest from both where they stood and
    where they came down (a picture of a collapse mid-fall)."""
    start = {p.piece_id: p.position for p in before.pieces}
    end = motion.poses_through(len(motion.frames) - 1)
    falling = [pid for pid in motion.removed if pid in start and pid in end] or [motion.piece_id]
    best, best_away = 0, -1.0
    poses: dict = {}
    for i, frame in enumerate(motion.frames):
        poses.update(frame.poses)
        away = sum(min(_distance(poses[p][0], start.get(p, end[p][0])), _distance(poses[p][0], end[p][0]))
                   for p in falling if p in poses)
        if away > best_away:
            best, best_away = i, away
    return best


def _distance(a: Sequence[float], b: Sequence[float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5
