"""Rays down worked out in numpy (physics/vertical_rays.py): they meet what Bullet's rays meet,
where the exact hulls are, and give the same bits wherever they are cast."""
from __future__ import annotations

import pickle

import numpy as np

from benchmarks import late_tables
from physics.catalogue import SPHERE_RADIUS_M, stable_poses
from physics.layout import TableLayout
from physics.rollout import ROOM_PROBES, ROOM_SEARCH
from physics.spots import orientations, rays_down, structure_surface
from physics.vertical_rays import DownRays
from physics.world import World


def test_they_meet_what_bullets_rays_meet_on_late_towers():
    same_owner = close = rays = 0
    for table, _ in late_tables.load()[::10]:
        with World.from_snapshot(table) as world:
            surface = structure_surface(world, 0, ROOM_SEARCH.grid)
            for probe in ROOM_PROBES:
                for way in orientations(probe, ROOM_SEARCH):
                    points = np.concatenate([way.low[:, :2] + (x, y) for x, y, _ in surface.own_spots])
                    bullet = rays_down(world, points, surface.top_z)
                    heights, which = surface.below.cast(points, surface.top_z)
                    for (z, owner), numpy_z, numpy_owner in zip(bullet, heights, surface.below.owners(which)):
                        rays += 1
                        if owner == numpy_owner:
                            same_owner += 1
                            close += abs(z - numpy_z) <= 2e-5
    assert rays > 20000
    # Measured on all 50 tables: 99.7% the same body, 93.9% of rays to 20 micrometres (Bullet's
    # rounded edges and its rays' tolerance make the rest: see physics/vertical_rays.py).
    assert same_owner / rays > 0.99 and close / rays > 0.9


def test_a_plank_a_ball_the_base_and_the_table_are_met_at_their_exact_tops():
    with World(TableLayout.for_seats(2)) as world:
        base = world.layout.bases[0]
        plank = "grey-short_plank"
        quat = stable_poses(plank)[0].orientation
        world.add(plank, 0, (base.x, base.y, world.resting_z(plank, base.x, base.y, quat) + 0.0005), quat)
        world.settle()
        ball = "green-ball"
        world.add(ball, 1, (world.layout.bases[1].x, world.layout.bases[1].y, 0.03 + SPHERE_RADIUS_M["ball"]),
                  (0.0, 0.0, 0.0, 1.0))
        below = DownRays.of_world(world)
        ball_x, ball_y, ball_z = world.pose(ball)[0]
        points = np.array([[base.x, base.y],                          # the plank's top
                           [base.x + 0.045, base.y],                  # past the plank's end: the base
                           [ball_x, ball_y],                          # the ball's top
                           [ball_x + 0.6, ball_y],                    # bare table
                           [world.layout.table_half_size_m + 0.01, 0.0]])   # off the table
        heights, which = below.cast(points, 1.0)
        assert below.owners(which) == [plank, "base:0", ball, "table", "none"]
        plank_top = world.world_vertices(plank)[:, 2].max()
        assert abs(heights[0] - plank_top) < 2e-6
        assert abs(heights[1] - 0.03) < 2e-6
        assert heights[2] == ball_z + SPHERE_RADIUS_M["ball"]
        assert heights[3] == 0.0 and heights[4] == 0.0


def test_a_copy_sent_to_a_worker_gives_the_same_bits():
    table, _ = late_tables.load()[20]
    with World.from_snapshot(table) as world:
        surface = structure_surface(world, 0, ROOM_SEARCH.grid)
        points = np.concatenate([way.low[:, :2] + (x, y) for way in orientations("grey-arch", ROOM_SEARCH)
                                 for x, y, _ in surface.own_spots])
        here = surface.below.cast(points, surface.top_z)
        again = DownRays.of_world(world).cast(points, surface.top_z)
    there = pickle.loads(pickle.dumps(surface.below)).cast(points, surface.top_z)
    for found in (again, there):
        assert found[0].tobytes() == here[0].tobytes() and found[1].tobytes() == here[1].tobytes()
