"""The planner bench's tables are fixed and real, and its trials count what really stood."""
import random
from itertools import pairwise

import pytest

import benchmarks.bench_planner as bench
from benchmarks import late_tables
from game.pieces import PIECE_IDS
from physics.planner import Plan
from physics.world import World


@pytest.fixture(scope="module")
def one_tower_of_tables():
    return bench.fixed_tables(1)


def test_the_fixed_tables_are_the_same_every_time_and_hold_only_pieces_that_stood(one_tower_of_tables):
    first, second = one_tower_of_tables, bench.fixed_tables(1)
    assert [(s.digest(), p) for s, p in first] == [(s.digest(), p) for s, p in second]
    assert len(first) == bench.PIECES - bench.FIRST_TABLE
    for (table, piece), (later, _) in pairwise(first):
        assert piece not in table.pieces_on(0)
        # The next table is this one with at most the piece added (no planner, no falls).
        assert set(table.pieces_on(0)) <= set(later.pieces_on(0)) <= set(table.pieces_on(0)) | {piece}
    assert len(first[-1][0].pieces_on(0)) >= bench.FIRST_TABLE   # random spots do find room
    with World.from_snapshot(first[-1][0]) as world:
        assert world.height_mm(0) > 60.0


def test_trials_place_the_chosen_aim_for_real_and_are_repeatable(one_tower_of_tables, monkeypatch):
    tables = one_tower_of_tables[:2]
    figures, again = (bench.judge("easy", "survival", tables, trials=3) for _ in range(2))
    for key in ("stood", "foreseen", "tables_always_stood", "per_table"):   # not the decision time
        assert figures[f"easy_survival_{key}"] == again[f"easy_survival_{key}"]
    per_table = [int(digit) for digit in figures["easy_survival_per_table"]]
    assert len(per_table) == 2 and all(0 <= here <= 3 for here in per_table)
    assert figures["easy_survival_stood"] == round(sum(per_table) / 6, 3)
    assert 0.0 <= figures["easy_survival_foreseen"] <= 1.0

    def beside_the_base(snapshot, structure, piece, seat, objective, params, rng, pool=None):
        # An aim over the bare table, 20 cm from the base: every trial must drop the piece.
        base = snapshot.layout.bases[structure]
        return Plan(release=((base.x + 0.2, base.y, 0.1), (0.0, 0.0, 0.0, 1.0)), score=0.0, stand_rate=0.75,
                    considered=1, rolled_out=1)

    monkeypatch.setattr(bench, "plan_placement", beside_the_base)
    missed = bench.judge("easy", "height", tables, trials=2)
    assert missed["easy_height_stood"] == 0.0
    assert missed["easy_height_tables_always_stood"] == 0.0
    assert missed["easy_height_per_table"] == "00"
    assert missed["easy_height_foreseen"] == 0.75


def test_late_tables_are_the_tower_before_each_late_piece():
    made = late_tables.generate("easy", [0])          # the same loop as the saved hard tables, quicker
    late_pieces = random.Random("tower:0").sample(PIECE_IDS, 10)[late_tables.FIRST_PIECE:]
    assert [piece for _, piece in made] == late_pieces
    assert 0 < len(made[0][0].pieces_on(0)) <= late_tables.FIRST_PIECE
    for (table, piece), (later, _) in pairwise(made):
        assert piece not in table.pieces_on(0)
        # The next table is this one after its piece's turn: nothing comes but that piece.
        assert set(later.pieces_on(0)) <= set(table.pieces_on(0)) | {piece}


def test_the_saved_late_tables_are_the_hard_towers_tables_late_on():
    saved = late_tables.load()
    late_pieces = [piece for seed in late_tables.SEEDS
                   for piece in random.Random(f"tower:{seed}").sample(PIECE_IDS, 10)[late_tables.FIRST_PIECE:]]
    assert [piece for _, piece in saved] == late_pieces
    for table, piece in saved:
        assert piece not in table.pieces_on(0) and len(table.pieces_on(0)) >= 2
    with World.from_snapshot(saved[0][0]) as world:
        assert world.height_mm(0) > 100.0       # the hard bot's towers are tall by the sixth piece
