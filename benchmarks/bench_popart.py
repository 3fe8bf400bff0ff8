"""Pop Art benchmark: the hard bot's solo score distribution over 200 seeds, with game time.

Baselines in the same process: the normal and random bots on the same seeds (score and time
ratios), and hard vs two random bots in 3-player games (win rate).
`python -m benchmarks.bench_popart` or `junkart bench popart --json` prints one JSON line.
"""
from __future__ import annotations

import json
import statistics
import time
from collections import Counter

from game.popart.match import play_bot_game
from game.popart.scoring import SOLO_RANKS, solo_rank
from game.popart.state import Config

SEEDS = 200
VERSUS_GAMES = 100


def _solo(bot: str, seeds: int) -> tuple[list[int], float]:
    start = time.perf_counter()
    scores = [play_bot_game(Config(1), [bot], seed).outcome.scores[0] for seed in range(seeds)]
    return scores, time.perf_counter() - start


def _summary(scores: list[int], seconds: float) -> dict:
    ordered = sorted(scores)
    ranks = Counter(solo_rank(s) for s in scores)
    return {
        "games": len(scores),
        "mean": round(statistics.mean(scores), 2),
        "stdev": round(statistics.pstdev(scores), 2),
        "min": ordered[0],
        "p10": ordered[len(ordered) // 10],
        "median": ordered[len(ordered) // 2],
        "p90": ordered[(9 * len(ordered)) // 10],
        "max": ordered[-1],
        "ranks": {name: ranks.get(name, 0) for _, name in reversed(SOLO_RANKS)},
        "share_65_plus": round(sum(s >= 65 for s in scores) / len(scores), 4),
        "histogram_by_5": {f"{lo}-{lo + 4}": sum(lo <= s < lo + 5 for s in scores)
                           for lo in range(5 * (ordered[0] // 5), ordered[-1] + 1, 5)},
        "seconds_total": round(seconds, 3),
        "ms_per_game": round(1000 * seconds / len(scores), 2),
    }


def run(seeds: int = SEEDS, versus_games: int = VERSUS_GAMES) -> dict:
    hard = _summary(*_solo("hard", seeds))
    normal = _summary(*_solo("normal", seeds))
    rand = _summary(*_solo("random", seeds))
    start = time.perf_counter()
    wins = sum(play_bot_game(Config(3), ["hard", "random", "random"], seed).outcome.winners == (0,)
               for seed in range(versus_games))
    versus_seconds = time.perf_counter() - start
    return {
        "benchmark": "popart",
        "solo_hard": hard,
        "solo_normal": {k: normal[k] for k in ("mean", "stdev", "max", "ms_per_game")},
        "solo_random": {k: rand[k] for k in ("mean", "stdev", "max", "ms_per_game")},
        "ratio_hard_vs_normal_score": round(hard["mean"] / normal["mean"], 3),
        "ratio_hard_vs_normal_time": round(hard["ms_per_game"] / normal["ms_per_game"], 3),
        "ratio_hard_vs_random_score": round(hard["mean"] / rand["mean"], 3),
        "hard_vs_2_random_3p": {"games": versus_games, "hard_wins": wins, "win_rate": wins / versus_games,
                                "ms_per_game": round(1000 * versus_seconds / versus_games, 2)},
    }


def main() -> None:
    print(json.dumps(run()))


if __name__ == "__main__":
    main()
