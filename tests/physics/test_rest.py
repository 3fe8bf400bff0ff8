"""Rest detection: `RestTracker` (speed at every sample, placements) and `DriftRestTracker`
(drift over the hold, shots), fed pose samples as a world would give them."""
from __future__ import annotations

import math

from physics.rest import DriftRestTracker, RestTracker
from physics.settings import SCALE, SETTLE_CHECK_EVERY, SETTLE_HOLD_S, TIME_STEP

DT = SETTLE_CHECK_EVERY * TIME_STEP
IDENTITY = (0.0, 0.0, 0.0, 1.0)


def samples(x_mm_at, seconds: float = 1.0):
    """Pose samples of one piece whose x (mm) is x_mm_at(t), every SETTLE_CHECK_EVERY ticks."""
    for k in range(int(round(seconds / DT)) + 1):
        yield {"piece": ((x_mm_at(k * DT) / 1000.0 * SCALE, 0.0, 0.3), IDENTITY)}


def rests_after(tracker, x_mm_at, seconds: float = 1.0) -> float | None:
    """The time at which the tracker first says "at rest", or None."""
    for k, sample in enumerate(samples(x_mm_at, seconds)):
        if tracker.observe(sample):
            return k * DT
    return None


def rocking(t: float) -> float:
    """A struck tower's top rocking in place: 0.3 mm swings at 10 Hz, about 19 mm/s at their fastest."""
    return 0.3 * math.sin(2.0 * math.pi * 10.0 * t)


def test_a_piece_rocking_in_place_rests_by_drift_but_not_by_speed() -> None:
    assert rests_after(RestTracker(), rocking) is None
    at = rests_after(DriftRestTracker(), rocking)
    assert at is not None and at <= 2 * SETTLE_HOLD_S + 2 * DT


def test_a_steady_creep_rests_by_neither() -> None:
    def creep(t: float) -> float:
        return 6.0 * t          # 6 mm/s: over the 4 mm/s both allow
    assert rests_after(RestTracker(), creep) is None
    assert rests_after(DriftRestTracker(), creep) is None


def test_a_still_piece_rests_by_both_after_the_hold() -> None:
    for tracker in (RestTracker(), DriftRestTracker()):
        at = rests_after(tracker, lambda t: 0.0)
        assert at is not None and SETTLE_HOLD_S - 1e-9 <= at <= SETTLE_HOLD_S + 2 * DT


def test_a_piece_that_wakes_starts_a_new_quiet_spell() -> None:
    still = {"a": ((0.0, 0.0, 0.3), IDENTITY)}
    both = {**still, "b": ((1.0, 0.0, 0.3), IDENTITY)}
    for woke, ends in ((False, True), (True, False)):
        tracker = DriftRestTracker()
        for _ in range(int(round(SETTLE_HOLD_S / DT))):
            assert not tracker.observe(still)
        assert tracker.observe(both if woke else still) is ends   # the spell's last sample
    assert tracker.quiet_s == 0.0
