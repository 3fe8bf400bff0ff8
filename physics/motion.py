"""The motion of a placement: what the window shows and what its sounds come from.

A view-side product of the physics (DESIGN.md, "Motion"): when a caller asks for it, the same
ticks that decide a placement's outcome are sampled at display rate (every FRAME_TICKS ticks of
1/480 s, i.e. 60 frames per simulated second) into frames of the poses of the bodies that moved,
plus contact events (which two bodies met, how hard) for sounds. It never enters `game/` state,
the rules or a replay's input, and nothing is sampled when nobody asks (bot rollouts, `sim`).

The last frame holds the settled pose of every piece still on the table, read the same way the
world's snapshot reads them, so a scene that plays the motion ends exactly on the snapshot the
match continues from; `removed` lists the fallen pieces the snapshot no longer has.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator, Mapping

import pybullet as pb

from physics.catalogue import piece_spec
from physics.settings import SCALE, TIME_STEP, TOUCH_DISTANCE_M
from physics.snapshot import Quat, Vec3

if TYPE_CHECKING:
    from physics.world import World

Pose = tuple[Vec3, Quat]
FRAME_TICKS = 8                 # physics ticks per display frame: 60 frames per simulated second
FRAME_S = FRAME_TICKS * TIME_STEP
# A pair of bodies that meets at a relative speed below this makes no sound (resting contacts
# flicker in and out of Bullet's manifolds; a piece creeping 2 mm/s is not a clack).
SILENT_SPEED_M_S = 0.03
# A piece whose pose changed less than this between two frames is left out of the later one:
# the view keeps drawing it where it was, and a 60-piece table costs frames of a few poses.
STILL_M = 1e-7


@dataclass(frozen=True)
class ContactEvent:
    """Two bodies met: `a` and `b` are piece ids, "base:<k>" or "table"; impulse in N·s."""
    frame: int
    a: str
    b: str
    impulse_ns: float
    speed_m_s: float


@dataclass(frozen=True)
class MotionFrame:
    tick: int                               # ticks since the piece was taken in hand
    poses: Mapping[str, Pose]               # pieces that moved since the previous frame (all, in the first)


@dataclass(frozen=True)
class Motion:
    piece_id: str
    structure: int
    seat: int                               # who placed it
    frames: tuple[MotionFrame, ...]
    released_frame: int                     # the first frame after the hand let go
    contacts: tuple[ContactEvent, ...] = ()
    removed: tuple[str, ...] = ()           # fallen pieces, off the table once the motion is over

    @property
    def duration_s(self) -> float:
        return self.frames[-1].tick * TIME_STEP if self.frames else 0.0

    def poses_through(self, index: int) -> dict[str, Pose]:
        """Every recorded piece's pose as shown at frame `index` (frames carry only what moved)."""
        poses: dict[str, Pose] = {}
        for frame in self.frames[:index + 1]:
            poses.update(frame.poses)
        return poses

    def frame_at(self, seconds: float) -> int:
        """The frame to show `seconds` of simulated time into the motion."""
        if not self.frames:
            return 0
        tick = seconds / TIME_STEP
        # Frames are FRAME_TICKS apart except the first and the last (the settle ends on any tick).
        for i, frame in enumerate(self.frames):
            if frame.tick > tick:
                return max(0, i - 1)
        return len(self.frames) - 1

    def contacts_in(self, first: int, last: int) -> Iterator[ContactEvent]:
        """Contact events of frames first..last (inclusive)."""
        return (c for c in self.contacts if first <= c.frame <= last)


@dataclass
class MotionRecorder:
    """Samples a running placement; `Placement` calls `sample` every tick and `finish` at the end."""
    every: int = FRAME_TICKS
    frames: list[MotionFrame] = field(default_factory=list)
    contacts: list[ContactEvent] = field(default_factory=list)
    released_frame: int = -1
    _last: dict[str, Pose] = field(default_factory=dict)
    _velocity: dict[str, Vec3] = field(default_factory=dict)
    _touching: set[tuple[str, str]] = field(default_factory=set)
    motion: Motion | None = None            # set by `finish`

    def sample(self, world: "World", tick: int, *, force: bool = False) -> None:
        if not force and tick % self.every:
            return
        c = world._client
        moved: dict[str, Pose] = {}
        velocity: dict[str, Vec3] = {}
        for pid in world.dynamic_piece_ids():
            body = world._bodies[pid]
            pos, quat = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            pose = ((pos[0] / SCALE, pos[1] / SCALE, pos[2] / SCALE), tuple(quat))
            last = self._last.get(pid)
            if last is None or _moved(last, pose):
                moved[pid] = pose  # type: ignore[assignment]
                self._last[pid] = pose  # type: ignore[assignment]
            linear, _ = pb.getBaseVelocity(body, physicsClientId=c)
            velocity[pid] = (linear[0] / SCALE, linear[1] / SCALE, linear[2] / SCALE)
        self._sample_more(world, moved, velocity)
        self.frames.append(MotionFrame(tick, moved))
        self._contacts(world, velocity)
        self._velocity = velocity

    def _sample_more(self, world: "World", moved: dict[str, Pose], velocity: dict[str, Vec3]) -> None:
        """Bodies besides the world's pieces, into this frame's poses (by view id) and velocities
        (by contact owner): none for a placement; a shot adds its disc and cowboys."""

    def mass_kg(self, owner: str) -> float:
        """The mass of a contact owner that moved (for the impulse a sound is voiced from)."""
        return piece_spec(owner).mass_kg

    def _contacts(self, world: "World", velocity: dict[str, Vec3]) -> None:
        """New touching pairs since the last frame, with the speed one of them lost."""
        touching: set[tuple[str, str]] = set()
        for point in pb.getContactPoints(physicsClientId=world._client):
            if point[8] > TOUCH_DISTANCE_M * SCALE:
                continue
            a, b = world.owner_of_body(point[1]), world.owner_of_body(point[2])
            if a is None or b is None or a == b:
                continue
            touching.add((a, b) if a < b else (b, a))
        frame = len(self.frames) - 1
        for a, b in sorted(touching - self._touching):
            impulse, speed = 0.0, 0.0
            for pid in (a, b):
                if pid in velocity and pid in self._velocity:
                    lost = _norm(tuple(v - w for v, w in zip(self._velocity[pid], velocity[pid])))
                    if lost > speed:
                        speed = lost
                    impulse = max(impulse, self.mass_kg(pid) * lost)
            if speed >= SILENT_SPEED_M_S:
                self.contacts.append(ContactEvent(frame, a, b, impulse, speed))
        self._touching = touching

    def mark_release(self) -> None:
        self.released_frame = len(self.frames)

    def finish(self, world: "World", tick: int, piece_id: str, structure: int, seat: int,
               removed: tuple[str, ...]) -> Motion:
        """The last frame, at the settle's last tick: the settled pose of every piece that took
        part, read from the snapshot itself (so the view ends exactly where the match goes on)."""
        final = {p.piece_id: (p.position, p.orientation) for p in world.snapshot().pieces
                 if p.piece_id in self._last and self._last[p.piece_id] != (p.position, p.orientation)}
        frames = list(self.frames)
        if frames and frames[-1].tick == tick:
            frames[-1] = MotionFrame(tick, {**frames[-1].poses, **final})
        else:
            frames.append(MotionFrame(tick, final))
        released = self.released_frame if self.released_frame >= 0 else len(frames) - 1
        self.motion = Motion(piece_id, structure, seat, tuple(frames), released, tuple(self.contacts), removed)
        return self.motion


def _moved(a: Pose, b: Pose) -> bool:
    return any(abs(x - y) > STILL_M for x, y in zip(a[0], b[0])) or any(abs(x - y) > STILL_M for x, y in zip(a[1], b[1]))


def _norm(v: tuple[float, ...]) -> float:
    return math.sqrt(sum(x * x for x in v))
