"""Tables from late in the hard bot's own towers: frozen inputs for `bench_planner`.

    python -m benchmarks.late_tables        (writes benchmarks/tables/late_hard_towers.json)

`bench_planner`'s fixed tables come from towers of random placements. The tops where a hard bot
drops pieces are the ones its own long game builds, late in a tower: over the 30 towers of
`junkart bench bots`, 11 of its 20 drops came from the sixth piece on, and 5 of the 6 on tops
where nothing stood. So these are the tables of the bench's hard solo towers (seeds 0-9) before
each piece from the sixth on, as the hard bot of commit 523186a built them.

They are frozen on purpose: two planners are compared on the same tables, so a file generated
by a changed bot is a new set of tables, not an update (say so in its commit and in
benchmarks/tables/README.md).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from benchmarks import bench_bots      # a module, not its names: bench_bots reads these tables too
from physics.snapshot import Snapshot

SEEDS = range(10)
FIRST_PIECE = 5           # 0-based: the sixth piece of ten
PATH = Path(__file__).parent / "tables" / "late_hard_towers.json"


def generate(mode: str = "hard", seeds: Iterable[int] = SEEDS) -> list[tuple[Snapshot, str]]:
    """(table, next piece) pairs from the solo towers of `mode`, from FIRST_PIECE on."""
    tables: list[tuple[Snapshot, str]] = []

    def keep(table: Snapshot, piece: str, index: int) -> None:
        if index >= FIRST_PIECE:
            tables.append((table, piece))

    for seed in seeds:
        bench_bots.solo_tower(mode, seed, on_table=keep)
    return tables


def save(tables: list[tuple[Snapshot, str]], path: Path = PATH) -> None:
    """One table a line: a regenerated set reads as a diff of whole tables."""
    rows = (json.dumps({"piece": piece, "table": table.to_dict()}, sort_keys=True) for table, piece in tables)
    path.write_text("[\n" + ",\n".join(rows) + "\n]\n")


def load(path: Path = PATH) -> list[tuple[Snapshot, str]]:
    return [(Snapshot.from_dict(row["table"]), row["piece"]) for row in json.loads(path.read_text())]


if __name__ == "__main__":
    save(generate())
    print(f"wrote {PATH}")
