"""Same snapshot + same inputs = bit-identical results, in one process and across processes."""
from __future__ import annotations

import subprocess
import sys
import textwrap

from physics import Snapshot, TableLayout, World
from physics.reference import release_above

SCRIPT = textwrap.dedent("""
    from physics import TableLayout, World
    from physics.reference import TOWERS, build_tower, release_above, yaw_quat

    def run():
        layout = TableLayout.for_seats(3, faces=("A", "B", "A"))
        with World(layout) as world:
            build_tower(world, 0, TOWERS["cylinders_on_planks"][:5], seat=0)
            build_tower(world, 1, TOWERS["pot_ring_groove"][3:5], seat=1)  # ring, pot
            base = layout.bases[0]
            # a held piece swept through the tower top, then released off-centre: things move and fall
            q = yaw_quat(30.0)
            z = world.height_mm(0) / 1000 + 0.01
            path = [((base.x - 0.08 + i * 0.0004, base.y + 0.01, z), q) for i in range(300)]
            report = world.place(0, "grey-cone", release_above(world, "grey-cone", base.x + 0.03, base.y, q), 0, trajectory=path)
            return world.snapshot(), report

    if __name__ == "__main__":
        snap, report = run()
        print(snap.digest(), report.fallen, report.settled)
""")


def test_rebuilding_twice_from_a_snapshot_and_placing_is_bit_identical() -> None:
    layout = TableLayout.for_seats(2)
    with World(layout) as world:
        base = layout.bases[0]
        world.add("blue-long_plank", 0, (base.x, base.y, 0.0376), (0, 0, 0, 1))
        world.add("green-cylinder", 0, (base.x + 0.05, base.y, 0.0752), (0, 0, 0, 1))
        world.settle()
        snap = world.snapshot()
        # on the plank's end, touching the cylinder's side: it will shift things a little
        release = release_above(world, "orange-cone", base.x + 0.08, base.y + 0.005, (0.0, 0.0, 0.0, 1.0))
    results = []
    for _ in range(2):
        with World.from_snapshot(Snapshot.from_json(snap.to_json())) as world:
            report = world.place(0, "orange-cone", release, seat=0)
            results.append((report, world.snapshot().digest(), world.snapshot()))
    assert results[0][0] == results[1][0]
    assert results[0][1] == results[1][1]
    assert results[0][2] == results[1][2]
    # A long-lived world continuing after a placement equals a world rebuilt from its snapshot.
    with World.from_snapshot(snap) as live:
        second = release_above(live, "grey-short_plank", base.x - 0.02, base.y - 0.005, (0.0, 0.0, 0.0, 1.0))
        live.place(0, "orange-cone", release, seat=0)
        middle = live.snapshot()
        live_report = live.place(0, "grey-short_plank", second, seat=0)
        live_digest = live.snapshot().digest()
    with World.from_snapshot(middle) as rebuilt:
        assert rebuilt.place(0, "grey-short_plank", second, seat=0) == live_report
        assert rebuilt.snapshot().digest() == live_digest


def test_two_processes_produce_the_same_snapshot_hash(tmp_path) -> None:
    script = tmp_path / "determinism_run.py"
    script.write_text(SCRIPT)
    outputs = [
        subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True, timeout=300).stdout.strip()
        for _ in range(2)
    ]
    assert outputs[0] == outputs[1]
    assert len(outputs[0].split()[0]) == 64


def test_a_reused_client_gives_the_same_bits_as_a_new_one(monkeypatch) -> None:
    """A closed world's client is kept and the next world takes it (physics/clients.py): a
    Nashville shot and a placement through it equal those of clients connected for them."""
    from physics import clients
    from benchmarks.bench_shots import bench_table
    from physics.shots import aim_at, default_spots, simulate_shot

    snap = bench_table()
    layout = snap.layout
    spots = default_spots(layout)
    pieces = sorted((p for p in snap.pieces if p.structure == 1), key=lambda p: -p.position[2])
    aim = next(a for a in (aim_at(layout, 0, spots[0], p.position) for p in pieces) if a is not None)

    def shot_and_placement() -> tuple:
        report = simulate_shot(snap, 0, aim, spots)
        with World.from_snapshot(report.snapshot) as world:
            base = layout.bases[0]
            placed = world.place(0, "orange-cone", release_above(world, "orange-cone", base.x, base.y, (0, 0, 0, 1)), seat=0)
            return (report.fallen, report.snapshot.digest(), placed, world.snapshot().digest()), world._client

    with monkeypatch.context() as keep_none:     # every world connects a client of its own
        keep_none.setattr(clients, "IDLE_CLIENTS", 0)
        fresh, _ = shot_and_placement()
        assert clients.idle_clients() == 0
    World(layout).close()                         # one client kept for the next worlds
    kept = set(clients._idle)
    assert kept
    reused, client = shot_and_placement()
    assert client in kept
    assert fresh == reused
    assert fresh[0]       # the shot knocked pieces down: the comparison means something
