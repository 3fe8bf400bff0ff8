"""Your piece in hand, live: the piece you see is the physics body, and the world steps as you move it.

While you hold a piece the window sends its target (where the mouse, wheel and keys put it,
`ManualHand.held`) once a frame and runs as many whole ticks as the wall clock asks (unpaced
tests: one display frame's worth); the held piece is pulled there by the placement's force-limited
constraint, so it touches, catches and tips, pushes pieces of your own structure, and is pushed
back by whatever it is held into. When you let go, the settle runs live too, a frame at a time.

What you did is kept as a hand path (physics/hand_path.py): one key per frame, the ticks between
keys interpolated the same way here and in the match, so the match's own placement — rebuilt
from the turn's snapshot, as every placement is — reaches the table you watched, bit for bit,
and so does `replay verify`.
"""
from __future__ import annotations

from game.actions import Place
from physics.errors import IntersectingPoseError
from physics.hand_path import HandKey, MAX_KEY_TICKS, Pose, quantised, tick_targets
from physics.motion import ContactEvent, MotionRecorder
from physics.placement import PlacementReport
from physics.settings import TIME_STEP
from physics.snapshot import Snapshot
from physics.world import World

FRAME_TICKS = 8                  # ticks per frame when the window is not paced by the clock (tests)
# A piece taken in hand appears this far above where it would rest; under an overhang, where
# every height above is blocked, at that spot itself.
START_LIFTS_M = (0.03, 0.06, 0.12, 0.0)
MAX_BACKLOG_S = 0.25             # a frame slower than this loses the rest: the table slows, never jumps


class LiveHand:
    """One placement made live. Close it (the scratch world) when it is done or abandoned."""

    def __init__(self, snapshot: Snapshot, place: Place, start: Pose) -> None:
        self.place = place
        self.start_table = snapshot
        self.world = World.from_snapshot(snapshot)
        self.recorder = MotionRecorder()
        start = quantised(start)
        self.placement = self.world.begin_placement(place.structure, place.piece, place.seat, start, motion=self.recorder)
        self.keys: list[HandKey] = [(0, start)]
        self._target = start
        self._backlog_s = 0.0
        self._frames_shown = 0
        self._contacts_heard = 0
        self.report: PlacementReport | None = None

    @classmethod
    def take(cls, snapshot: Snapshot, place: Place, landing: Pose) -> "LiveHand":
        """Take the piece in hand a little above `landing` (higher if something is in the way);
        IntersectingPoseError if there is no room anywhere above it."""
        (x, y, z), quat = landing
        for lift in START_LIFTS_M[:-1]:
            try:
                return cls(snapshot, place, ((x, y, z + lift), quat))
            except IntersectingPoseError:
                continue
        return cls(snapshot, place, ((x, y, z + START_LIFTS_M[-1]), quat))

    def frame(self, target: Pose, wall_s: float | None) -> tuple[dict[str, Pose], list[ContactEvent]]:
        """One window frame: held, pulled towards `target`; let go, settling. Returns what moved
        and the contacts made (for the view and the sounds); `settled` tells when it is over."""
        if self.held:
            self.hold(target, wall_s)
        else:
            self.settle(wall_s)
        return self.news()

    @property
    def held(self) -> bool:
        return not self.placement.released

    @property
    def settled(self) -> bool:
        return self.report is not None

    def _ticks(self, wall_s: float | None) -> int:
        if wall_s is None:
            return FRAME_TICKS
        self._backlog_s = min(self._backlog_s + max(0.0, wall_s), MAX_BACKLOG_S)
        ticks = int(self._backlog_s / TIME_STEP)
        self._backlog_s -= ticks * TIME_STEP
        return ticks

    def hold(self, target: Pose, wall_s: float | None) -> int:
        """One frame in hand: pull the piece towards `target` over this frame's ticks."""
        ticks = self._ticks(wall_s)
        if ticks == 0 or not self.held:
            return 0
        target = quantised(target)
        for pose in tick_targets(self._target, target, ticks):
            self.placement.move(pose)
        last_ticks, last_pose = self.keys[-1]
        if target == last_pose == self._target and len(self.keys) > 1 and \
                self.keys[-2][1] == last_pose and last_ticks + ticks <= MAX_KEY_TICKS:
            self.keys[-1] = (last_ticks + ticks, target)       # held still: one longer key
        else:
            self.keys.append((ticks, target))
        self._target = target
        return ticks

    def let_go(self) -> None:
        self.placement.let_go()

    def settle(self, wall_s: float | None) -> bool:
        """One frame of the settle after `let_go`; True once everything is at rest."""
        if self.report is None and self.placement.settle_ticks(self._ticks(wall_s)):
            self.report = self.placement.outcome()
        return self.report is not None

    def news(self) -> tuple[dict[str, Pose], list[ContactEvent]]:
        """The poses that changed and the contacts made since the last call (for the view and
        the sounds)."""
        frames = self.recorder.frames if self.recorder.motion is None else self.recorder.motion.frames
        poses: dict[str, Pose] = {}
        for frame in frames[self._frames_shown:]:
            poses.update(frame.poses)
        self._frames_shown = len(frames)
        contacts = self.recorder.contacts[self._contacts_heard:]
        self._contacts_heard = len(self.recorder.contacts)
        return poses, contacts

    def snapshot(self) -> Snapshot:
        return self.world.snapshot()

    def close(self) -> None:
        self.world.close()
