"""The motion a placement records for the view: real PyBullet worlds, the same ticks as the outcome."""
from __future__ import annotations

from physics import TableLayout, World
from physics.motion import FRAME_TICKS, MotionRecorder
from physics.reference import release_above, yaw_quat


def _collapse(world: World, motion: MotionRecorder | None):
    """A long plank overhanging on a cylinder, overloaded at its far end: both tip onto the table."""
    base = world.layout.bases[0]
    q = yaw_quat(0.0)
    for pid, dx in (("orange-cylinder", 0.03), ("orange-long_plank", 0.04)):
        world.place(0, pid, release_above(world, pid, base.x + dx, base.y, q), 1, trajectory=())
    before = world.snapshot()
    release = release_above(world, "green-cylinder", base.x + 0.13, base.y, q)
    report = world.place(0, "green-cylinder", release, 2, trajectory=[release], motion=motion)
    return before, report


def test_a_collapse_records_many_frames_ending_on_the_settled_snapshot_and_the_same_outcome() -> None:
    with World(TableLayout.common(1, 3)) as plain, World(TableLayout.common(1, 3)) as recorded:
        _, unrecorded = _collapse(plain, None)
        recorder = MotionRecorder()
        before, report = _collapse(recorded, recorder)
        assert report == unrecorded                      # recording changes nothing
        assert plain.snapshot().digest() == recorded.snapshot().digest()
        motion = recorder.motion
        assert motion is not None and motion.piece_id == "green-cylinder"
        assert len(motion.frames) > 20                   # a fall takes many display frames
        ticks = [f.tick for f in motion.frames]
        assert ticks == sorted(ticks) and all(b - a <= FRAME_TICKS for a, b in zip(ticks, ticks[1:]))
        assert motion.removed == ("orange-long_plank", "green-cylinder")
        # Mid-fall the plank is away from both where it lay and where it ends.
        start = {p.piece_id: p.position for p in before.pieces}["orange-long_plank"]
        end = motion.poses_through(len(motion.frames) - 1)["orange-long_plank"][0]
        def away(p, q):
            return max(abs(a - b) for a, b in zip(p, q))
        between = [motion.poses_through(i)["orange-long_plank"][0] for i in range(len(motion.frames))]
        assert any(away(p, start) > 0.01 and away(p, end) > 0.01 for p in between)
        # Sounds: the cylinder meets the plank, then things hit the table.
        kinds = {frozenset((c.a, c.b)) for c in motion.contacts}
        assert any("table" in k for k in kinds)
        assert all(c.impulse_ns > 0 for c in motion.contacts)


def test_the_last_frame_is_exactly_the_settled_snapshot() -> None:
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        q = yaw_quat(30.0)
        world.place(0, "blue-long_plank", release_above(world, "blue-long_plank", base.x, base.y, q), 0, trajectory=())
        recorder = MotionRecorder()
        world.place(0, "green-cylinder", release_above(world, "green-cylinder", base.x + 0.01, base.y, q), 0, motion=recorder)
        motion = recorder.motion
        assert motion is not None and motion.removed == ()
        shown = motion.poses_through(len(motion.frames) - 1)
        settled = {p.piece_id: (p.position, p.orientation) for p in world.snapshot().pieces}
        assert shown["green-cylinder"] == settled["green-cylinder"]     # bit for bit
        for pid, pose in shown.items():
            assert pose == settled[pid]
        assert 0 < motion.released_frame < len(motion.frames)           # carried, then let go
        assert motion.frame_at(0.0) == 0 and motion.frame_at(1e9) == len(motion.frames) - 1
