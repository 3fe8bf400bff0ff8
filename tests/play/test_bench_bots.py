"""The bot benchmark's solo tower counts what it claims to count (figures come from real physics)."""
import pytest

from benchmarks.bench_bots import drops_by_shape, solo_tower


def test_random_tower_counts_placements_drops_and_fallen_pieces():
    result = solo_tower("random", 0)
    # Ten pieces, each placed at least once and at most three times.
    assert 10 <= result["placements"] <= 30
    assert len(result["decisions"]) == result["placements"]
    assert result["widened"] == 0          # only a hard bot searches wider (PlannerParams.escalations)
    # Every placement that dropped something dropped at least one piece.
    assert 0 <= result["drops"] <= result["placements"]
    assert result["fallen"] >= result["drops"]
    # Random placement drops something on this seed, and what still stands is on the base.
    assert result["drops"] > 0
    assert 0 < result["standing"] <= 10
    assert result["height_mm"] > 0.0
    assert all(k == {"placements": 0, "drops": 0} for k in result["by_plan"].values())   # no plans
    # Every placement is counted under its piece's shape, and so is every drop.
    shapes = result["by_shape"].values()
    assert sum(k["placements"] for k in shapes) == result["placements"]
    assert sum(k["drops"] for k in shapes) == result["drops"]
    assert len(result["by_shape"]) <= 10 and all(k["drops"] <= k["placements"] for k in shapes)


def test_the_same_seed_builds_the_same_tower_whatever_ran_before_it():
    # The bench runs its duels after forty towers in one process: no state may carry over
    # (shape caches, PyBullet clients, random generators), so a planned tower is rebuilt
    # after another one and compared.
    first = solo_tower("easy", 1)
    solo_tower("random", 2)
    second = solo_tower("easy", 1)
    for key in ("height_mm", "standing", "drops", "foreseen_drops", "fallen", "placements", "widened"):
        assert first[key] == second[key]


def test_a_planned_tower_counts_the_drops_its_planner_foresaw():
    result = solo_tower("easy", 0)
    # Foreseen drops are drops (the plan's own rollouts said it would fall), never more.
    assert 0 <= result["foreseen_drops"] <= result["drops"] <= result["placements"]
    assert len(result["decisions"]) == len(result["trials"]) == len(result["simulated"]) == result["placements"]
    # Every decision rolled out something, and simulated a few tenths of a second at least each.
    assert all(trials >= 1 for trials in result["trials"])
    assert all(0.1 * trials < simulated for trials, simulated in zip(result["trials"], result["simulated"]))
    assert result["widened"] == 0          # only a hard bot searches wider (PlannerParams.escalations)
    # Every placement is of one kind by what its plan did in its rollouts, and a plan that never
    # stood is a foreseen drop whenever it dropped.
    kinds = result["by_plan"].values()
    assert sum(k["placements"] for k in kinds) == result["placements"]
    assert sum(k["drops"] for k in kinds) == result["drops"]
    assert result["by_plan"]["stood_none"]["drops"] <= result["foreseen_drops"]


@pytest.mark.soak     # four whole hard-against-easy games: minutes on two cores
def test_duels_side_by_side_play_the_games_the_pool_plays():
    # The bench's duels run one a process, their rollouts in that process: the same games (and
    # so the same win rate) as one after another on a pool of two workers.
    from benchmarks.bench_bots import duels_side_by_side, philadelphia_duel
    from physics.pool import RolloutPool

    with RolloutPool(2) as pool:
        on_the_pool = [philadelphia_duel(seed, pool) for seed in (0, 1)]
    assert duels_side_by_side(range(2), 2) == on_the_pool


def test_tower_seeds_prints_a_line_a_tower_and_the_bench_figures_of_those_seeds(capsys):
    import json

    from benchmarks import tower_seeds

    assert tower_seeds.main(["random", "3", "5", "--workers", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    towers, figures = lines[:-1], lines[-1]
    assert [t["seed"] for t in towers] == [3, 4]
    # The towers are the bench's own: the same seed gives the same tower.
    again = solo_tower("random", 4)
    assert (towers[1]["drops"], towers[1]["placements"]) == (again["drops"], again["placements"])
    assert towers[1]["drops_by_shape"] == drops_by_shape([again])
    assert figures["tower_random_drops_by_shape"] == drops_by_shape([solo_tower("random", 3), again])
    assert figures["tower_random_drop_rate"] == round(sum(t["drops"] for t in towers) / sum(t["placements"] for t in towers), 3)
    assert figures["seeds"] == "3-4" and figures["workers"] == 1 and figures["raw_pybullet_realtime_factor"] > 0
    assert figures["raw_pybullet_realtime_factor_after"] > 0


@pytest.mark.parametrize("argv", [["hard", "5", "5"], ["hard", "-1", "3"], ["hard", "0", "2", "--workers", "0"],
                                  ["expert", "0", "2"]])
def test_tower_seeds_refuses_a_bad_range_mode_or_worker_count_in_one_line(argv, capsys):
    from benchmarks import tower_seeds

    with pytest.raises(SystemExit) as stopped:
        tower_seeds.main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("python -m benchmarks.tower_seeds: error:")


def test_drops_by_shape_adds_the_towers_up_most_drops_first():
    towers = [{"by_shape": {"ball": {"placements": 2, "drops": 1}, "cone": {"placements": 1, "drops": 0}}},
              {"by_shape": {"ball": {"placements": 1, "drops": 1}, "wedge": {"placements": 3, "drops": 1},
                            "arch": {"placements": 1, "drops": 1}}}]
    assert drops_by_shape(towers) == "ball 2/3, arch 1/1, wedge 1/3"      # a cone that never dropped is left out
    assert drops_by_shape([{"by_shape": {"cone": {"placements": 4, "drops": 0}}}]) == ""
