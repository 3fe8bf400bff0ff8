"""How long a bot's structure survives: pieces placed on one base before its second fallen
piece, Philadelphia's elimination (figures, never pass/fail).

    junkart bench survival --json        or        python -m benchmarks.bench_survival [--quick]

Each run is a sequence of random pieces (the same sequences for every bot), placed one at a
time on one base with Philadelphia's objective, under Philadelphia's rules for falls: a piece
that falls alone is placed again, and the third time it counts as fallen; pieces knocked down
count; the second fallen piece ends the run. What it compares is strategy, not hands: `hard`
plays the long game (it builds low, `play.objectives`), `hard_short_sighted` is the same bot
with the liking for height the other levels have. The planner's and the hand's random draws
are seeded per sequence and step, so a run repeats exactly, but a changed decision changes the
rest of its sequence: read the per-sequence counts side by side (`paired_gain` is the mean
difference, hard minus hard short-sighted, with its standard error). One sequence often swings
by 5-10 pieces between the two, so the gain is coarse: over these 20 sequences it read
-0.45 ± 1.2 pieces, over 14 others +3.1 ± 0.9.

Per bot:
- `<bot>_pieces_mean`: pieces that stood, per sequence, before the second fall;
- `<bot>_per_sequence`: those counts, space-separated, in sequence order;
- `<bot>_decision_s_median`: planning time per placement.

`raw_pybullet_realtime_factor`: the bare 30-piece pile of `bench physics`, so the decision
times can be compared across machines.
"""
from __future__ import annotations

import math
import random
import statistics
import time

from benchmarks import bench_bots, print_figures
from game.pieces import PIECE_IDS
from physics.layout import TableLayout
from physics.planner import hand_place, plan_placement
from physics.world import World
from play.controllers import bot_params
from play.match import MAX_FREE_REPLACES
from play.objectives import objective_for

SEQUENCES = 20
PIECES = 24               # more than any bot has placed before its second fall
ELIMINATED_AT = 2         # Philadelphia: two fallen pieces
BOTS = {                  # name: (difficulty, long game)
    "easy": ("easy", False),
    "hard_short_sighted": ("hard", False),
    "hard": ("hard", True),
}


def survive(bot: str, sequence: int) -> tuple[int, list[float]]:
    """(pieces that stood before the second fall, decision times) for one sequence."""
    level, long_game = BOTS[bot]
    pieces = random.Random(f"survival:{sequence}").sample(PIECE_IDS, PIECES)
    with World(TableLayout.for_seats(2)) as world:
        snapshot = world.snapshot()
    stood, fallen, step, decisions = 0, 0, 0, []
    for piece in pieces:
        for drops in range(MAX_FREE_REPLACES):
            params = bot_params(level, "philadelphia", drops)
            objective = objective_for("philadelphia", piece, snapshot.pieces_on(0), long_game)
            start = time.perf_counter()
            plan = plan_placement(snapshot, 0, piece, 0, objective, params, random.Random(f"plan:{sequence}:{step}"))
            decisions.append(time.perf_counter() - start)
            with World.from_snapshot(snapshot) as world:
                _, report = hand_place(world, 0, piece, plan.release, 0, params.noise_mm, params.noise_deg,
                                       random.Random(f"hand:{sequence}:{step}"))
                snapshot = world.snapshot()
            step += 1
            if not report.only_active_fell:
                fallen += len(report.fallen)
                stood += report.nothing_fell
                break
        else:
            fallen += 1   # dropped alone every time: it counts as fallen
        if fallen >= ELIMINATED_AT:
            break
    return stood, decisions


def run(quick: bool = False) -> dict:
    started = time.perf_counter()
    sequences = 2 if quick else SEQUENCES
    figures: dict = {"sequences": sequences, "raw_pybullet_realtime_factor": bench_bots.raw_pybullet_realtime_factor()}
    counts: dict[str, list[int]] = {}
    for bot in BOTS:
        results = [survive(bot, k) for k in range(sequences)]
        counts[bot] = [stood for stood, _ in results]
        figures[f"{bot}_pieces_mean"] = round(statistics.mean(counts[bot]), 2)
        figures[f"{bot}_per_sequence"] = " ".join(str(n) for n in counts[bot])
        figures[f"{bot}_decision_s_median"] = round(statistics.median(d for _, ds in results for d in ds), 3)
    gains = [a - b for a, b in zip(counts["hard"], counts["hard_short_sighted"])]
    figures["paired_gain"] = round(statistics.mean(gains), 2)
    figures["paired_gain_se"] = round(statistics.stdev(gains) / math.sqrt(len(gains)), 2) if len(gains) > 1 else None
    figures["bench_wall_s"] = round(time.perf_counter() - started, 1)
    return figures


if __name__ == "__main__":
    print_figures(run)
