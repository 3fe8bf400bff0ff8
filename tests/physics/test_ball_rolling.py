"""The ball rolls as a wooden ball does: it slows down on the level, stays on a slight tilt and
rolls down a real one (physics/settings.py CONTACT_BREAKING_THRESHOLD, BALL_ROLLING_FRICTION).

Bullet's friction anchors once spun a rolling ball up: set rolling at 20 mm/s on a base, it was
past 150 mm/s two seconds later and left the base. These tests would catch that again."""
from __future__ import annotations

import math

import pybullet as pb
import pytest

from physics.bodies import BASE_HEIGHT_M
from physics.catalogue import SPHERE_RADIUS_M
from physics.layout import TableLayout
from physics.settings import GRAVITY, SCALE, TIME_STEP
from physics.world import World

BALL = "orange-ball"
RADIUS_M = SPHERE_RADIUS_M["ball"]


def _ball_on_base(world: World) -> int:
    base = world.layout.bases[0]
    world.add(BALL, 0, (base.x, base.y, BASE_HEIGHT_M + RADIUS_M), (0.0, 0.0, 0.0, 1.0))
    return world.body_id(BALL)


def _speed_mm_s(world: World, body: int) -> float:
    linear, _ = pb.getBaseVelocity(body, physicsClientId=world.client)
    return math.hypot(linear[0], linear[1]) / SCALE * 1000.0


def _tilt(world: World, degrees: float) -> None:
    """Gravity leaning along +x: the whole table tilted by `degrees`."""
    angle = math.radians(degrees)
    pb.setGravity(GRAVITY * SCALE * math.sin(angle), 0.0, -GRAVITY * SCALE * math.cos(angle),
                  physicsClientId=world.client)


def test_a_ball_set_rolling_on_the_level_slows_down_and_stops() -> None:
    with World(TableLayout.for_seats(2)) as world:
        body = _ball_on_base(world)
        start_x = world.pose(BALL)[0][0]
        v = 0.02                                       # 20 mm/s, rolling without slipping
        pb.resetBaseVelocity(body, [v * SCALE, 0.0, 0.0], [0.0, v / RADIUS_M, 0.0], physicsClientId=world.client)
        speeds = []
        for _ in range(int(2.0 / TIME_STEP) // 8):
            world.step(8)
            speeds.append(_speed_mm_s(world, body))
        travelled_mm = (world.pose(BALL)[0][0] - start_x) * 1000.0
    assert max(speeds) <= 20.5                         # never faster than it was sent
    assert speeds[-1] < 0.5 and 3.0 < travelled_mm < 30.0


@pytest.mark.parametrize("degrees, rolls", [(0.1, False), (1.0, True)])
def test_a_ball_stays_on_a_slight_tilt_and_rolls_down_a_real_one(degrees: float, rolls: bool) -> None:
    with World(TableLayout.for_seats(2)) as world:
        body = _ball_on_base(world)
        start_x = world.pose(BALL)[0][0]
        _tilt(world, degrees)
        world.run(0.5)
        travelled_mm = (world.pose(BALL)[0][0] - start_x) * 1000.0
        speed = _speed_mm_s(world, body)
    # A ball rolling freely down the slope: a = 5/7 g sin(angle) (it spins as well as slides).
    free_mm_s = 5.0 / 7.0 * GRAVITY * math.sin(math.radians(degrees)) * 0.5 * 1000.0
    if rolls:
        assert 0.6 * free_mm_s < speed <= 1.05 * free_mm_s and travelled_mm > 5.0
    else:
        assert speed < 0.5 and abs(travelled_mm) < 0.5
