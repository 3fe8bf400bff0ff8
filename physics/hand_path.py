"""A hand's path: the targets a person's live hand sent, once per frame, with the ticks between.

The window steps the world live while you hold a piece: each frame it sends one target (where
the mouse, wheel and keys put the piece) and runs as many whole 1/480 s ticks as the wall clock
asks. Between two targets the per-tick targets are interpolated (position linearly, rotation by
normalised lerp, both in plain float arithmetic), so the recorded path — a few targets a second,
not 480 poses — expands to exactly the targets the live world was given: `replay verify`
repeats what you saw bit for bit, and a 10-minute game's replay stays small.

A key is (ticks, pose): reach `pose` over `ticks` ticks from the previous key; the first key
is where the piece was taken in hand (ticks 0).
"""
from __future__ import annotations

import math
from typing import Iterator, Sequence

from physics.snapshot import Quat, Vec3

Pose = tuple[Vec3, Quat]
HandKey = tuple[int, Pose]
MAX_KEY_TICKS = 480 * 600          # a key longer than ten minutes of ticks is not a hand's


def quantised(pose: Pose) -> Pose:
    """A target as the path keeps it: 0.01 mm and 1e-6 of a quaternion (short in the file; the
    live world is given the same rounded target, so nothing is lost)."""
    (x, y, z), quat = pose
    return (round(x, 5), round(y, 5), round(z, 5)), tuple(round(v, 6) for v in quat)  # type: ignore[return-value]


def lerp_pose(a: Pose, b: Pose, t: float) -> Pose:
    if a == b:
        return b            # exactly: holding still over many ticks is one key, not many
    (pa, qa), (pb_, qb) = a, b
    position = tuple(x + (y - x) * t for x, y in zip(pa, pb_))
    if sum(x * y for x, y in zip(qa, qb)) < 0.0:           # the short way round
        qb = tuple(-v for v in qb)  # type: ignore[assignment]
    q = [x + (y - x) * t for x, y in zip(qa, qb)]
    norm = math.sqrt(sum(v * v for v in q)) or 1.0
    return position, tuple(v / norm for v in q)  # type: ignore[return-value]


def tick_targets(previous: Pose, target: Pose, ticks: int) -> Iterator[Pose]:
    """The per-tick targets from `previous` to `target` over `ticks` ticks (the last is `target`)."""
    for i in range(1, ticks + 1):
        yield target if i == ticks else lerp_pose(previous, target, i / ticks)


def expand(keys: Sequence[HandKey]) -> tuple[Pose, tuple[Pose, ...]]:
    """(start pose, every tick's target) of a recorded path."""
    if not keys:
        raise ValueError("a hand path needs at least its start")
    start = keys[0][1]
    targets: list[Pose] = []
    previous = start
    for ticks, pose in keys[1:]:
        targets.extend(tick_targets(previous, pose, ticks))
        previous = pose
    return start, tuple(targets)


def placement_input(keys: Sequence[HandKey]) -> tuple[Pose, tuple[Pose, ...]]:
    """The path as `World.place` input, (release pose, trajectory), as `Placement.replay_input`
    gives it: the piece appears at the start, follows every target and is let go at the last."""
    start, targets = expand(keys)
    if not targets:
        return start, ()
    return targets[-1], (start, *targets[:-1])


def check_keys(keys: Sequence[HandKey]) -> None:
    """ValueError unless every key but the first moves on by 1..MAX_KEY_TICKS ticks."""
    if not keys or keys[0][0] != 0:
        raise ValueError("a hand path starts with its start pose (0 ticks)")
    for i, (ticks, _) in enumerate(keys[1:], 1):
        if not isinstance(ticks, int) or isinstance(ticks, bool) or not 1 <= ticks <= MAX_KEY_TICKS:
            raise ValueError(f"hand path key {i}: {ticks!r} ticks is not 1..{MAX_KEY_TICKS}")
