"""Physics speed figures: `python -m benchmarks.bench_physics` (one JSON line) or `junkart bench physics`.

Figures (simulated seconds per wall second unless noted):
  table_realtime_factor          placing a piece on a 6-seat table holding all 60 junk pieces
                                 (each structure's top piece lifted off and placed back: 59 at rest
                                 + 1 being placed; whole `World.place` calls: rebuild, carry,
                                 release, settle)
  pile_realtime_factor           a 30-piece pile, all in motion, through the wrapper (`World.settle`)
  raw_pybullet_realtime_factor   the same pile with bare PyBullet calls and the same settings
  wrapper_vs_raw                 pile_realtime_factor / raw_pybullet_realtime_factor
  rollout_ms                     median bot-style trial: load a 10-piece structure, drop a piece,
                                 run to settled
  peak_rss_mb                    peak resident memory of this process
  *_cpu                          the same figures from process CPU time instead of wall time
Goals on the project's 2-core machine: table >= 5x, wrapper within 10% of raw, rollout <= 100 ms.
"""
from __future__ import annotations

import json
import resource
import statistics
import time

import pybullet as pb

from physics._quiet_import import connect_direct

from game.pieces import PIECE_IDS
from physics import Snapshot, TableLayout, World, piece_spec
from physics.bodies import collision_file
from physics.reference import TABLE_OF_60, TOWERS, build_table_of_60, build_tower, release_above, yaw_quat
from physics.settings import (
    CONE_FRICTION, CONTACT_BREAKING_THRESHOLD, GRAVITY, SCALE, SOLVER_ITERATIONS, TIME_STEP, WOOD_FRICTION,
    WOOD_RESTITUTION, body_coefficient,
)

PILE_SECONDS = 1.0
FLAT = (0.0, 0.0, 0.0, 1.0)


class Clock:
    """Wall and process-CPU time together. On a shared machine the wall figures swing with other
    processes' load; the CPU figures (same ratios, "_cpu" keys) show what the code itself costs."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    def __enter__(self) -> "Clock":
        self._w, self._c = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall += time.perf_counter() - self._w
        self.cpu += time.process_time() - self._c


def pile_poses() -> list[tuple[str, tuple[float, float, float]]]:
    """30 pieces on a 5 x 3 x 2 grid in the air, far enough apart not to overlap."""
    poses = []
    for i, pid in enumerate(PIECE_IDS[:30]):
        col, row, level = i % 5, (i // 5) % 3, i // 15
        poses.append((pid, (-0.44 + 0.22 * col, -0.12 + 0.12 * row, 0.15 + 0.2 * level)))
    return poses


def wrapper_pile() -> tuple[float, Clock]:
    with World(TableLayout.for_seats(1)) as world:
        for pid, position in pile_poses():
            world.add(pid, 0, position, FLAT, check=False)
        with Clock() as clock:
            result = world.settle(timeout_s=PILE_SECONDS)
        return result.simulated_s, clock


def raw_pile(steps: int) -> tuple[float, Clock]:
    """The same scene and settings with bare PyBullet calls (collision files shared with the wrapper).
    Bullet keeps the contact breaking threshold for the whole process: the pile sets it as every
    world does, so its figure does not depend on what ran before it."""
    layout = TableLayout.for_seats(1)
    c = connect_direct()
    try:
        pb.setPhysicsEngineParameter(fixedTimeStep=TIME_STEP, numSolverIterations=SOLVER_ITERATIONS, numSubSteps=0,
                                     deterministicOverlappingPairs=1, enableConeFriction=CONE_FRICTION,
                                     contactBreakingThreshold=CONTACT_BREAKING_THRESHOLD, physicsClientId=c)
        pb.setGravity(0, 0, -GRAVITY * SCALE, physicsClientId=c)
        friction, restitution = body_coefficient(WOOD_FRICTION), body_coefficient(WOOD_RESTITUTION)

        def wood(body: int, rolling: float = 0.0) -> None:
            pb.changeDynamics(body, -1, lateralFriction=friction, restitution=restitution, rollingFriction=rolling,
                              spinningFriction=0.0, frictionAnchor=1, physicsClientId=c)

        half = layout.table_half_size_m * SCALE
        table = pb.createMultiBody(0, pb.createCollisionShape(pb.GEOM_BOX, halfExtents=[half, half, 0.25], physicsClientId=c),
                                   basePosition=[0, 0, -0.25], physicsClientId=c)
        wood(table)
        base_shape = pb.createCollisionShape(pb.GEOM_MESH, fileName=str(collision_file("base")), physicsClientId=c)
        base = pb.createMultiBody(0, base_shape, basePosition=[0, 0, 0.15], baseOrientation=pb.getQuaternionFromEuler([0, 0, 0]),
                                  physicsClientId=c)
        wood(base)
        shapes: dict[str, int] = {}
        bodies = []
        for pid, (x, y, z) in pile_poses():
            spec = piece_spec(pid)
            if spec.shape not in shapes:
                if spec.shape == "ball":
                    shapes[spec.shape] = pb.createCollisionShape(pb.GEOM_SPHERE, radius=0.025 * SCALE, physicsClientId=c)
                else:
                    shapes[spec.shape] = pb.createCollisionShape(pb.GEOM_MESH, fileName=str(collision_file(spec.shape)), physicsClientId=c)
            body = pb.createMultiBody(spec.mass_kg, shapes[spec.shape], basePosition=[x * SCALE, y * SCALE, z * SCALE],
                                      baseOrientation=list(FLAT), physicsClientId=c)
            pb.changeDynamics(body, -1, localInertiaDiagonal=[i * SCALE * SCALE for i in spec.inertia_kg_m2], physicsClientId=c)
            wood(body, spec.rolling_friction)
            bodies.append(body)
        with Clock() as clock:
            for _ in range(steps):
                pb.stepSimulation(physicsClientId=c)
        return steps * TIME_STEP, clock
    finally:
        pb.disconnect(physicsClientId=c)


def table_figures() -> dict:
    layout = TableLayout.for_seats(6)
    with World(layout) as world:
        start = time.perf_counter()
        reports = build_table_of_60(world)
        build_s = time.perf_counter() - start
        pieces_at_rest = len(world.piece_ids())
        snap = world.snapshot()
        start = time.perf_counter()
        world.load(snap)
        load_ms = (time.perf_counter() - start) * 1000
        simulated = 0.0
        clock = Clock()
        falls = 0
        # On each structure in turn, its top piece is lifted off and placed back by the default
        # carry (2 cm down onto its old pose): 59 pieces at rest + 1 being placed, every time.
        for k, layers in enumerate(TABLE_OF_60):
            top = layers[-1].piece_id
            old = next(p for p in snap.pieces if p.piece_id == top)
            world.load(Snapshot(layout, tuple(p for p in snap.pieces if p.piece_id != top)))
            release = ((old.position[0], old.position[1], old.position[2] + 0.0005), old.orientation)
            with clock:
                report = world.place(k, top, release, seat=k)
            simulated += report.simulated_s
            falls += bool(report.fallen or report.active_fell)
    return {
        "table_realtime_factor": round(simulated / clock.wall, 2),
        "table_realtime_factor_cpu": round(simulated / clock.cpu, 2),
        "table_pieces_at_rest": pieces_at_rest,
        "table_build_s": round(build_s, 2),
        "table_build_settled": all(r.settled for r in reports),
        "table_load_ms": round(load_ms, 1),
        "table_placements_with_falls": falls,
    }


def rollout_figures(trials: int = 15) -> dict:
    with World(TableLayout.for_seats(1)) as world:
        build_tower(world, 0, TOWERS["crossed_planks"][:10])  # 10 planks, flat top
        snap = world.snapshot()
        base = world.layout.bases[0]
        times, cpu_times, settled = [], [], 0
        for i in range(trials):
            dx = -0.03 + 0.06 * i / max(1, trials - 1)
            world.load(snap)  # untimed: only to find the support height on the intact tower
            (x, y, z), q = release_above(world, "orange-cylinder", base.x + dx, base.y, yaw_quat(0))
            with Clock() as clock:
                world.load(snap)
                report = world.place(0, "orange-cylinder", ((x, y, z + 0.005), q), seat=0, trajectory=())
            times.append(clock.wall * 1000)
            cpu_times.append(clock.cpu * 1000)
            settled += report.settled
    return {"rollout_ms": round(statistics.median(times), 1), "rollout_ms_cpu": round(statistics.median(cpu_times), 1),
            "rollout_settled": f"{settled}/{trials}"}


def run() -> dict:
    figures: dict = {}
    figures.update(table_figures())
    # Alternate wrapper and raw runs and take medians: other processes on a shared machine
    # otherwise bias whichever ran during a busy moment.
    wrapped, raw, wrapped_cpu, raw_cpu = [], [], [], []
    for _ in range(3):
        sim, clock = wrapper_pile()
        raw_sim, raw_clock = raw_pile(int(round(sim / TIME_STEP)))
        wrapped.append(sim / clock.wall)
        raw.append(raw_sim / raw_clock.wall)
        wrapped_cpu.append(sim / clock.cpu)
        raw_cpu.append(raw_sim / raw_clock.cpu)
    figures["pile_realtime_factor"] = round(statistics.median(wrapped), 2)
    figures["raw_pybullet_realtime_factor"] = round(statistics.median(raw), 2)
    figures["wrapper_vs_raw"] = round(statistics.median(wrapped) / statistics.median(raw), 3)
    figures["pile_realtime_factor_cpu"] = round(statistics.median(wrapped_cpu), 2)
    figures["raw_pybullet_realtime_factor_cpu"] = round(statistics.median(raw_cpu), 2)
    figures["wrapper_vs_raw_cpu"] = round(statistics.median(wrapped_cpu) / statistics.median(raw_cpu), 3)
    figures.update(rollout_figures())
    figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return figures


def main() -> None:
    print(json.dumps(run(), sort_keys=True))


if __name__ == "__main__":
    main()
