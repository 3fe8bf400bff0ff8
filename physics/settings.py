"""Fixed simulation settings. Changing any of these changes every recorded timeline.

The public API speaks metres and millimetres; inside a PyBullet client the world is modelled in
decimetres (x10), because Bullet is ill-conditioned for centimetre-sized, gram-weight pieces: an
11-piece tower collapsed 10/10 at real scale and stood 10/10 at x10 with dt 1/480 s
(engine-notes 3.3). The reference-tower tests lock these settings in.
"""
from __future__ import annotations

SCALE = 10.0                  # internal length units per metre (decimetres)
TIME_STEP = 1.0 / 480.0       # s; <= 1/480 keeps towers standing
SOLVER_ITERATIONS = 50
GRAVITY = 9.81                # m/s^2 (internally 98.1 dm/s^2)
# Pyramid (not cone) friction: measured 0.74 vs 1.2 ms/step on an 11-piece tower, same stability.
CONE_FRICTION = 0
COLLISION_MARGIN = 0.001      # internal units (0.1 mm): Bullet's default hull margin; hulls are shrunk by it

WOOD_DENSITY = 600.0          # kg/m^3 (0.6 g/cm^3)
# Pair coefficients between two wooden surfaces. Bullet multiplies the two bodies' values, so
# each body gets the square root (see `body_coefficient`).
WOOD_FRICTION = 0.45
WOOD_RESTITUTION = 0.1

# How far (relative: times a shape's size) a contact point may drift before Bullet drops it;
# Bullet's default is 0.02. The friction anchors (physics/bodies.py) keep a contact point as long
# as Bullet does, and on a rolling body the kept point lags behind the true one: its normal force
# then spins the body up. A ball set rolling at 1 mm/s on the flat table was at 209 mm/s after
# 4 s (50 mm/s: 193 mm/s after 2 s), and a ball "at rest" on a slight tilt crept, sped up and
# rolled off a tower (measured 2026-12-06). At 0.002 the same ball at 100 mm/s slows down (67
# mm/s after 4 s): a tenth of the lag is left, which the ball's rolling resistance absorbs.
# Bullet keeps this value for the whole process, not per client: every world sets the same.
CONTACT_BREAKING_THRESHOLD = 0.002
# The ball collides as an exact sphere, touching at one point: it has no facets to rest on and
# nothing made it stop rolling. A wooden ball on wood does (a contact patch): this is the ball's
# own rolling friction (Bullet's combined value is this times the other body's friction). With
# it a ball stays put on a tilt of 0.1 degree, creeps on 0.2 and rolls on 0.3; one rolling at
# 20 mm/s on the flat table stops within 13 mm (measured 2026-12-06, with the threshold above).
# The hull pieces keep 0: their facets already stop them, and Bullet's maintainers advise 0 or
# near 0 (engine-notes 3.3).
BALL_ROLLING_FRICTION = 0.0015

TABLE_THICKNESS_M = 0.05
TABLE_MARGIN_M = 0.45          # table edge distance beyond the outermost base centre

# Settling: a world is at rest once every moving piece stays under these speeds for SETTLE_HOLD_S.
SETTLE_LINEAR_M_S = 0.004      # 4 mm/s
SETTLE_ANGULAR_RAD_S = 0.06    # ~3.4 deg/s
SETTLE_HOLD_S = 0.15
SETTLE_CHECK_EVERY = 8         # ticks between speed checks (1/60 s)
SETTLE_TIMEOUT_S = 10.0

# The held piece follows its target through a fixed constraint this many times its weight
# strong: firm enough to track a hand, weak enough that pushing a tower is a push, not a teleport.
HOLD_FORCE_WEIGHTS = 30.0
HOLD_TICKS_BEFORE_RELEASE = 24  # the hand stays still this long at the release pose (0.05 s)
DEFAULT_LIFT_M = 0.02           # the default carry path starts this far above the release pose
DEFAULT_DESCENT_M_S = 0.10

# A pose that overlaps another body deeper than this is refused (contacts within it are "touching").
PENETRATION_TOLERANCE_M = 0.0002
TOUCH_DISTANCE_M = 0.0005


def body_coefficient(pair_value: float) -> float:
    """Per-body friction/restitution so that Bullet's product combine gives `pair_value`."""
    return pair_value ** 0.5
