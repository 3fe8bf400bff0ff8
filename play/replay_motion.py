"""The motion of a recorded placement or Nashville shot, re-simulated from the file's input for
`replay watch`.

A replay keeps each placement's input (the bot's release, or a person's hand path), each shot's
aim, and the digest of the table each settled to. Re-running that input on the table before it,
with the motion recorded, gives what the window showed when it was played, frame by frame (a
shot with its disc and every cowboy, standing where the match had them: `spots`). If this
build's physics comes to another table than the file's (another machine's floating point, an
older build, a table the rules had reconciled, a damaged aim), there is no motion to show: the
viewer falls back to the file's keyframes and says so once.
"""
from __future__ import annotations

from typing import Sequence

from game.actions import Place
from game.mechanics.shots import Shoot
from game.replay import ReplayEntry
from physics.hand_path import placement_input
from physics.motion import Motion, MotionRecorder
from physics.shots import ShotAim, ShotMotionRecorder, simulate_shot
from physics.snapshot import Snapshot
from physics.world import World


def recorded_motion(entry: ReplayEntry, before: Snapshot, spots: Sequence[float] = ()) -> Motion | None:
    """The motion of `entry`'s placement or shot from `before`, or None where it does not reach
    the file's table (or the entry has no input to re-simulate). `spots`: every seat's cowboy
    spot as the shot began (physics/cowboys.py; a placement needs none)."""
    if isinstance(entry.action, Shoot):
        return _shot_motion(entry, before, spots)
    place = entry.action
    if not isinstance(place, Place) or not (entry.trajectory or entry.hand):
        return None
    if entry.hand:
        release, trajectory = placement_input(entry.hand)
    else:
        release, trajectory = entry.trajectory[-1], tuple(entry.trajectory)
    recorder = MotionRecorder()
    try:
        with World.from_snapshot(before) as world:
            world.place(place.structure, place.piece, release, place.seat, trajectory=list(trajectory), motion=recorder)
            settled = world.snapshot()
    except ValueError:        # the physics' own errors are ValueErrors: a pose it refuses
        return None
    if entry.digest and settled.digest() != entry.digest:
        return None
    return recorder.motion


def _shot_motion(entry: ReplayEntry, before: Snapshot, spots: Sequence[float]) -> Motion | None:
    shoot = entry.action
    assert isinstance(shoot, Shoot)
    if not entry.shot:
        return None
    recorder = ShotMotionRecorder()
    try:
        aim = ShotAim.from_json(list(entry.shot))
        report = simulate_shot(before, shoot.seat, aim, spots, motion=recorder)
    except ValueError:        # an aim that is no aim, spots that are not one per seat, no room for a cowboy
        return None
    if entry.digest and report.snapshot.digest() != entry.digest:
        return None
    return recorder.motion
