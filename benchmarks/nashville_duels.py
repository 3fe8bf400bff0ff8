"""Hard against easy in Nashville: `python -m benchmarks.nashville_duels [GAMES]` (one JSON line).

Plays GAMES (default 20) seeded 2-player Nashville games of the hard bot against the easy bot,
exactly as `junkart sim --tour nashville --players 2 --bots hard,easy --seed S` would (seeds
0..GAMES-1; the hard bot sits in seat 0 on even seeds and seat 1 on odd ones), and prints the
hard bot's score (a win 1, a tie 1/2), and both bots' shots and the shots that knocked at least
one piece off their target's structure, beside `raw_pybullet_realtime_factor` (the games' wall time
depends on the machine, their results do not). Slow: a game takes 2-10 minutes on the project's
machine. Measured with commit ff51d58's bots: 16 wins, 2 ties, 2 losses (85%); the hard bot's
shots knocked something off their target with 98 of 176 shots (56%), the easy bot's 39 of 103.
Commit 6c213fc's (bots that choose whom to shoot, cheaper shots): 9 wins, 3 ties, 8 losses
(52.5%). Commit 6665dcd's (the easy bot's lazy rollouts since): 14 wins, 1 tie, 5 losses
(72.5%); hits 102 of 186 (55%), the easy bot's 64 of 146. Commit 8aff826's (shots that end
when nothing goes anywhere, physics/rest.py): 15 wins, 1 tie, 4 losses (77.5%); hits 105 of 174
(60%), the easy bot's 68 of 143. A single changed decision changes a
whole game, so 20 games read a rate to about +-10 points: read two runs as a range, not a trend.
"""
from __future__ import annotations

import json
import sys

from benchmarks.bench_bots import raw_pybullet_realtime_factor
from game.api import TourConfig
from play.controllers import BotController
from play.match import Match


def duel(seed: int) -> dict:
    levels = ["hard", "easy"] if seed % 2 == 0 else ["easy", "hard"]
    bots = [BotController(level, f"junkart-bot:{seed}:{seat}") for seat, level in enumerate(levels)]
    match = Match(TourConfig(2, ("nashville",)), bots, seed)
    outcome = match.run()
    hard = levels.index("hard")
    shooting = match.log.cities[0].shooting or {}
    winners = list(outcome.winners)
    return {"seed": seed, "hard_seat": hard, "fans": list(outcome.fans), "winners": winners,
            "score": 1.0 if winners == [hard] else 0.5 if len(winners) == 2 else 0.0,
            "shots": shooting.get("shots"), "hits": shooting.get("hits")}


def run(games: int = 20) -> dict:
    raw = raw_pybullet_realtime_factor()     # the games' figures do not depend on it; their time does
    results = [duel(seed) for seed in range(games)]
    hard_shots = sum(r["shots"][r["hard_seat"]] for r in results)
    hard_hits = sum(r["hits"][r["hard_seat"]] for r in results)
    easy_shots = sum(r["shots"][1 - r["hard_seat"]] for r in results)
    easy_hits = sum(r["hits"][1 - r["hard_seat"]] for r in results)
    return {"games": games, "hard_score": sum(r["score"] for r in results),
            "hard_rate": round(sum(r["score"] for r in results) / games, 3),
            "hard_hit_rate": round(hard_hits / max(1, hard_shots), 3),
            "easy_hit_rate": round(easy_hits / max(1, easy_shots), 3), "results": results,
            "raw_pybullet_realtime_factor": raw}


def main() -> None:
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 20), sort_keys=True))


if __name__ == "__main__":
    main()
