"""The survival bench plays Philadelphia's fall rules on one real base, and repeats exactly."""
import benchmarks.bench_survival as bench
from physics.planner import Plan


def test_a_sequence_repeats_exactly_and_ends_at_the_second_fall_or_the_last_piece():
    first, second = bench.survive("easy", 0), bench.survive("easy", 0)
    assert first[0] == second[0] and len(first[1]) == len(second[1])
    stood, decisions = first
    assert 0 <= stood < bench.PIECES and len(decisions) >= stood
    # Every piece that stood took one decision; the rest are re-places and falls.
    assert stood >= 2, "an easy bot's first pieces on a bare base stand"


def test_pieces_aimed_beside_the_base_all_drop_and_two_of_them_end_the_run(monkeypatch):
    def beside_the_base(snapshot, structure, piece, seat, objective, params, rng):
        base = snapshot.layout.bases[structure]
        return Plan(release=((base.x + 0.2, base.y, 0.1), (0.0, 0.0, 0.0, 1.0)), score=0.0, stand_rate=0.0,
                    considered=1, rolled_out=1)

    monkeypatch.setattr(bench, "plan_placement", beside_the_base)
    stood, decisions = bench.survive("easy", 0)
    # Each piece drops alone three times (two free re-places, then it counts as fallen).
    assert stood == 0 and len(decisions) == 2 * 3
