"""Who decides for a seat: a bot (planner + card strategy) or a human (through a scene).

A controller answers two questions: which action to take when the seat must act
(`choose`), and, for a placement, how to put the piece down (`placement_intent`). The match
loop, not the controller, owns the canonical physics world and performs the placement.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Protocol

from game import bots as card_bots
from game.actions import Action, Place
from game.mechanics.shots import Shoot
from game.pieces import shape_of
from game.tour import State
from physics.shots import ShotAim
from physics.planner import Objective, Option, Plan, PlannerParams, plan_best, widened
from physics.pool import RolloutPool
from physics.spots import Pose
from physics.snapshot import Snapshot
from play.objectives import SURVIVAL_CITIES, height_wins, objective_for, searches_on
from play.shot_bots import bot_aim, bot_shot
from play.timing import TIME_MODELS, TimeModel

# The hard bot, where height or surviving wins (`play.objectives.searches_on`, `bot_params`:
# elsewhere the extra searches cost too much time), searches on (PlannerParams.escalations)
# whenever its best plan fell in any rollout: wider, then over settled spots, then wider still.
# On the 20 solo towers of `junkart bench bots` searching on when it mostly fell took placements
# that dropped anything from 24 of 210 (11.4%) to 10 of 204. And its rollouts try a hand 1.5x
# shakier than its own (PlannerParams.margin), so a spot that stood in all of them has room to
# spare.
# Margin and searching on at any fall, over the bench's 30 towers (seeds 0-29), against this bot
# without them (1.5 mm / 2.5 deg, rollouts with that hand, searching on below half stood):
# 15 of 301 (5.0%) instead of 20 of 307 (6.5%); drops from plans that stood in all their
# rollouts 1 of 282 instead of 11 of 283, from plans that fell in some 3 of 8 (3 of 18), and
# 11 on tops where nothing stood after every search (6). Seeds 30-44: 12 of 154 (7.8%) instead
# of 20 of 161. Decision median unchanged (3.32 s); 90th percentile 14.9 s instead of 7.6.
# Its parts alone did less: the same margin and search for the old hand (rollouts at 2.25 mm /
# 3.75 deg) read 22 of 309, 17 of 303 under today's set-aside rule (5 drops from plans that
# always stood, 6 from gambles, 11 on hopeless tops); a steadier hand in both rollouts and
# placement (1.0 mm / 1.5 deg) read 22 of 263, 17 of 258 under that rule (4 from plans that
# always stood, 12 on hopeless tops); the steadier placement alone built taller towers, gambled
# more and read 19 of 267 (26 towers). Nor did 10 rollouts per finalist (19 of 140 on seeds 0-8
# and 15-18, where the bot of the time read 7 of 133), nor branch s17-careful-hard-bot (a
# careful second plan and more, median 5.2 s). What is left is mostly tops where nothing stands
# (a ball, a dumbbell or a flower pot on a cramped or spired top), and no weighting of height
# against room tried so far keeps them away.
# What did: trying each distinct way a piece rests (physics.catalogue.resting_ways) instead of
# its likeliest poses, sixteen of which lay a bowling pin on its side. Seeds 0-29: 14 of 303
# (4.6%), towers 372 mm instead of 271; seeds 30-59: 12 of 303 (4.0%), 389 mm; 0-59: 26 of 606
# (4.3%) instead of 38 of 608; hopeless tops 7 instead of about 25, decision median 2.4-2.6 s.
# The hard bot's searches share this many rollouts (and settle probes) per decision. Unbounded,
# they ran to 89 s on hopeless tops (the bench's worst case). On the 50 late tables of
# benchmarks/late_tables.py (hard, tower objective, 8 hand trials of each choice), unbounded
# searches spent 36 rollouts on 43 tables and 253-376 on the 7 where they searched on; their
# choices stood in 391 of 400 trials. With 200: at most 200, and 387 of 400 (the 7: 43 of 56
# instead of 47). On table 13, 200 kept its 8 of 8 (134 spent: the settle scan takes half of
# what is left, and a bigger half found the spot sooner), 160 read 6, 120 and 80 read 5.
# A budget of 72 (for a worst case under 15 s) was measured again on 2026-12-03: the seven
# tables where it binds kept 29 of 56 trials instead of 43, and the bench's 30 hard towers
# dropped something in 15 of 302 placements (5.0%) instead of 3.6%, for the same height; kept.
# With 200, once rollouts proved rest in half the match's hold (physics/placement.py `Verdict`)
# and lowered their hand on their own partial build (2026-12-04): the bench's worst hard decision
# 11.9 s instead of 30.0, its 90th percentile 3.2 s instead of 4.0 (raw factor 3.9). With the
# match's whole hold (2026-12-05) it read 22.6 s: rollouts on a tower that tips by itself run to
# their timeout, and 200 trials simulated anything from 32 to 257 s.
HARD_BUDGET = 200
# So the searches share simulated seconds too (PlannerParams.simulated_budget_s). Over the 303
# decisions of the bench's 30 hard towers (seeds 0-29, 2026-12-05), the 25 that searched on
# simulated 32-257 s; the 7 whose choice then stood in all its rollouts had spent at most 99 s,
# the 11 past 140 s never found one. One worker planned them in up to 0.22 s per simulated
# second (48.6 s for the worst), two in about half that. With 100 s the bench (2 workers, raw
# factor 3.91) read a worst hard decision of 10.4 s (103 s simulated, 172 trials) instead of
# 22.6, its 90th percentile 3.4 s instead of 4.0, and 14 of 301 placements dropping anything
# instead of 15 of 303, towers 388 mm instead of 374.
HARD_SIMULATED_BUDGET_S = 100.0
DIFFICULTY_PARAMS: dict[str, PlannerParams] = {
    "easy": PlannerParams(stable_poses=2, yaw_steps=2, grid=3, candidates=3, rollouts=1, finalists=0,
                          extra_rollouts=0, noise_mm=4.0, noise_deg=6.0, lazy_wake=True),
    "normal": PlannerParams(stable_poses=3, yaw_steps=4, grid=4, candidates=8, rollouts=1, finalists=2,
                            extra_rollouts=2, extra_batches=1, max_rollouts=16, budget=16, noise_mm=2.5, noise_deg=4.0,
                            lazy_wake=True),
    "hard": PlannerParams(stable_poses=4, yaw_steps=6, grid=5, candidates=12, rollouts=2, finalists=3,
                          extra_rollouts=4, extra_batches=2, max_rollouts=48, escalations=3, budget=HARD_BUDGET,
                          simulated_budget_s=HARD_SIMULATED_BUDGET_S,
                          noise_mm=1.0, noise_deg=1.5, margin=1.5),
}
DIFFICULTIES = tuple(DIFFICULTY_PARAMS)
# Where surviving wins the hard bot searches on too, on 40 simulated seconds: Philadelphia duels
# against easy, seeds 0-39 (2026-12-05), 31.5 of 40 instead of 28 without the searches (the
# bench's 20: 16.5 instead of 14.5). On 20 seconds it read 28; on 40 with one rollout a candidate
# there 31.5, and its tours were no shorter (seeds 7-9: 100, 103, 100 s; tried again with the
# tours planning ahead: seeds 7 and 8 took 156 and 151 s instead of 95 and 119, more of its
# plans falling in a finalist's rollout and searching on). (Until 2026-12-05 it
# did not search on there: unbounded, the searches made the bench's 4-bot tour take 308 s instead
# of 146.) Its Philadelphia decisions in the bench's tour cost what they did (seeds 1-5: 1.52 s
# each on 2 workers instead of 1.56), but its games last longer: over seeds 1-5 and 7-9 the tour
# took 93.0 s on average instead of 86.4.
# Its hand and margin are the same everywhere: they cost no planning time. Until 2026-12-05 it
# placed with a shakier hand where height does not win (1.5 mm / 2.5 deg, rollouts with that
# hand, no margin); with this one, and the rollouts counting the falls that eliminate
# (play/objectives.py, FALLS_THAT_ELIMINATE), it beat easy in 30 of 40 Philadelphia duels (seeds
# 0-39) instead of 26.5, and the tour of seed 7 took 78 s instead of 107. (Its rollouts wake the
# whole structure there too: on the decisive placements of those duels lazy waking was blind,
# see physics/planner.py `PlannerParams.lazy_wake`.)
SURVIVAL_SIMULATED_BUDGET_S = 40.0
# Where height does not win (`play.objectives.height_wins`: surviving, touches or the pieces
# counted), the hard bot rolls its candidates out six at a time instead of twelve, up to the same
# 36 in six batches instead of three (`in_batches_of`). A decision ends with the first batch whose
# best stood in all of a finalist's rollouts, and there one mostly does: a low pile (the long game)
# or a race's tower offers safe spots among the first six, where height asks for the best of many.
# Measured 2026-12-06 on 2 workers, against twelve at a time: the bench's 4-bot tour (Philadelphia,
# Monaco, Paris; seeds 7, 8, 9) took 54.6, 65.7 and 62.1 s instead of 110-122, 118.4 and 77.2
# (worker CPU for seed 7: 85 s instead of 186-204); Philadelphia duels against easy won 16.5 of
# 20 (seeds 0-19) and 37.5 of 40 (seeds 20-59) instead of 18 and 34.5. Over the tours of seeds
# 1-9 its placements that dropped anything: Monaco 22 of 202 (23 of 201 before), Paris 10 of 57
# (10 of 54), but Philadelphia 41 of 230 (31 of 262): among six the proven plan is less often
# the lowest, and the long game's pile grows sooner. Eight at a time read 19 of 176 over seeds
# 7-9 (as many as twelve) and a tour of 85.6 s.
BATCH_WHERE_HEIGHT_DOES_NOT_WIN = {"easy": None, "normal": None, "hard": 6}
# Which bots play the long game (see play/objectives.py): low piles where surviving wins, and
# where height wins, growth where the next pieces can land. A strategy, not a steadier hand, so
# easy and normal bots stay beatable by a player who plans ahead.
LONG_GAME = {"easy": False, "normal": False, "hard": True}
MAX_PLACE_OPTIONS = 3   # e.g. Pisa's two bases, or a choice of which pending piece goes first


def more_careful(params: PlannerParams, attempt: int) -> PlannerParams:
    """The planner after `attempt` drops of the same piece: more poses, spots and rollouts,
    and a steadier hand (capped, so a hopeless piece cannot stall a turn for long)."""
    if attempt <= 0:
        return params
    k = min(attempt, 2)
    return replace(widened(params, k), rollouts=max(params.rollouts, 1),
                   noise_mm=params.noise_mm * 0.7 ** k, noise_deg=params.noise_deg * 0.7 ** k)


def in_batches_of(params: PlannerParams, size: int) -> PlannerParams:
    """`params` rolling its candidates out `size` at a time, in as many batches as roll out as
    many candidates in all (PlannerParams.candidates, extra_batches)."""
    total = params.candidates * (1 + params.extra_batches)
    return replace(params, candidates=size, extra_batches=max(0, total // size - 1))


def bot_params(difficulty: str, city: str, attempt: int = 0) -> PlannerParams:
    """What a bot of `difficulty` plans with in `city` after `attempt` drops of the same piece."""
    params = DIFFICULTY_PARAMS[difficulty]
    batch = BATCH_WHERE_HEIGHT_DOES_NOT_WIN[difficulty]
    if batch is not None and not height_wins(city):
        params = in_batches_of(params, batch)
    if not searches_on(city):
        params = replace(params, escalations=0)
    elif city in SURVIVAL_CITIES and params.simulated_budget_s is not None:
        params = replace(params, simulated_budget_s=min(params.simulated_budget_s, SURVIVAL_SIMULATED_BUDGET_S))
    return more_careful(params, attempt)


def retries_if_dropped(plan: Plan, params: PlannerParams, city: str) -> bool:
    """Whether a bot picks the piece up again if it drops alone (the rulebook's free re-place).

    Not when it searched on (`PlannerParams.escalations`) where height wins (where it searches on
    and surviving does not win: `play.objectives.searches_on`), and saw nothing
    stand in any rollout: a fallen piece costs no fans by itself there, a lone drop leaves the
    table as it was, and retries there rarely did better: of 25 retries after such drops in 188
    hard solo towers (the bench's, by this bot and variants of it), 4 stood, 18 dropped alone
    again and 3 knocked down 2 to 4 pieces, each after up to a minute and a half of thinking.
    Where surviving wins a piece set aside is a fall towards elimination, so it always tries again."""
    return not (params.escalations and plan.stand_rate == 0.0 and city not in SURVIVAL_CITIES)


@dataclass(frozen=True)
class BotIntent:
    """A bot's placement: aim here, with this steady a hand; and whether to try again after a
    lone drop (`retries_if_dropped`)."""
    aim: Pose
    noise_mm: float
    noise_deg: float
    plan: Plan
    retry_if_dropped: bool = True


@dataclass(frozen=True)
class HandIntent:
    """A human's placement, as the scene recorded it: held-piece targets, the last one released.
    (A replayed placement also says whether the piece was picked up again after a lone drop.)"""
    trajectory: tuple[Pose, ...]
    elapsed_s: float
    retry_if_dropped: bool = True
    hand: tuple = ()            # a live hand's path (physics/hand_path.py) instead of a trajectory


def within_reach(snapshot: Snapshot, options: list[Place],
                 pieces_on: dict[int, tuple[str, ...]]) -> tuple[Snapshot, dict[int, tuple[str, ...]]]:
    """The table and the structures' pieces as far as a placement of one of `options` reaches
    (their structures and the neighbours a fall may hit, `TableLayout.neighbours`): all a bot's
    plan is made of. The rollouts built no more than that already (the same bits); cut here, a
    plan made while another seat places out of reach (play/lookahead.py) is the plan made after."""
    reach = frozenset().union(*(snapshot.layout.neighbours(o.structure) for o in options[:MAX_PLACE_OPTIONS]))
    return snapshot.only(reach), {k: v for k, v in pieces_on.items() if k in reach}


@dataclass(frozen=True)
class PreparedPlacement:
    """A placement planned ahead (`BotController.prepare`): for which inputs, what it chose, and
    the bot's generator state after the planning drew from it."""
    inputs: tuple
    result: tuple[Place, BotIntent]
    rng_after: tuple


class Controller(Protocol):
    name: str
    is_bot: bool

    def choose(self, observation: State, legal: list[Action]) -> Action: ...

    def placement(self, snapshot: Snapshot, options: list[Place], city: str,
                  pieces_on: dict[int, tuple[str, ...]], attempt: int = 0) -> tuple[Place, BotIntent | HandIntent]: ...


class BotController:
    """A bot seat. Its randomness comes from its own seeded generator, so a tour replays exactly."""
    is_bot = True

    def __init__(self, difficulty: str, seed: str, name: str | None = None, pool: RolloutPool | None = None) -> None:
        """`pool`: where its rollouts run (default: the process-wide pool, physics/pool.py); the
        placements are the same with any pool."""
        if difficulty not in DIFFICULTY_PARAMS:
            raise ValueError(f"unknown difficulty {difficulty!r}; use one of {', '.join(DIFFICULTIES)}")
        self.difficulty = difficulty
        self.params = DIFFICULTY_PARAMS[difficulty]
        self.time_model: TimeModel = TIME_MODELS[difficulty]
        self.rng = random.Random(seed)
        self.name = name or f"{difficulty.capitalize()} bot"
        self.pool = pool
        self._prepared: PreparedPlacement | None = None
        self.prepared_used = 0          # placements that found their plan made ahead (`prepare`)
        self.prepared_thrown_away = 0   # plans made ahead for inputs the placement did not have

    def choose(self, observation: State, legal: list[Action]) -> Action:
        """A card or choice decision (never called with placements only)."""
        return card_bots.choose(observation, legal, self.rng, self.difficulty)

    def placement(self, snapshot: Snapshot, options: list[Place], city: str,
                  pieces_on: dict[int, tuple[str, ...]], attempt: int = 0) -> tuple[Place, BotIntent]:
        """Weigh the options (which pending piece, which common base) in one search and take the
        best. `attempt` counts this piece's drops in a row: each one makes the bot look wider and
        place more carefully, as a player does after dropping a piece.

        A plan `prepare`d for exactly these inputs (and this generator state) is taken as it is,
        and the generator goes on from where that planning left it: the same bits as planning now."""
        snapshot, pieces_on = within_reach(snapshot, options, pieces_on)
        prepared, self._prepared = self._prepared, None
        if prepared is not None:
            if prepared.inputs == self._inputs(snapshot, options, city, pieces_on, attempt):
                self.prepared_used += 1
                self.rng.setstate(prepared.rng_after)
                return prepared.result
            self.prepared_thrown_away += 1
        return self._plan(snapshot, options, city, pieces_on, attempt, self.rng)

    def prepare(self, snapshot: Snapshot, options: list[Place], city: str,
                pieces_on: dict[int, tuple[str, ...]], attempt: int = 0) -> None:
        """Plan the placement `placement` will be asked for with these inputs, ahead of time (the
        window does it while it still shows the last move: play/think_ahead.py). It plans with a
        copy of the bot's generator, so the bot is unchanged until `placement` takes the plan, and
        a plan for other inputs (or after the generator moved on) is never used."""
        snapshot, pieces_on = within_reach(snapshot, options, pieces_on)
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        inputs = self._inputs(snapshot, options, city, pieces_on, attempt)
        result = self._plan(snapshot, options, city, pieces_on, attempt, rng)
        self._prepared = PreparedPlacement(inputs, result, rng.getstate())

    def _inputs(self, snapshot: Snapshot, options: list[Place], city: str,
                pieces_on: dict[int, tuple[str, ...]], attempt: int) -> tuple:
        """Everything a placement's plan is a function of: the table within reach (`within_reach`),
        the options, the city, those structures' pieces (the objective), the drops so far, the
        bot's level and generator state."""
        return (snapshot.digest(), tuple(options), city, tuple(sorted(pieces_on.items())), attempt,
                self.difficulty, self.rng.getstate())

    def _plan(self, snapshot: Snapshot, options: list[Place], city: str, pieces_on: dict[int, tuple[str, ...]],
              attempt: int, rng: random.Random) -> tuple[Place, BotIntent]:
        params = bot_params(self.difficulty, city, attempt)
        places = options[:MAX_PLACE_OPTIONS]
        choices = [Option(p.structure, p.piece, self.objective(city, p.piece, pieces_on.get(p.structure, ())))
                   for p in places]
        plan = plan_best(snapshot, choices, places[0].seat, params, rng, self.pool)
        return places[plan.option], BotIntent(plan.release, params.noise_mm, params.noise_deg, plan,
                                              retries_if_dropped(plan, params, city))

    def objective(self, city: str, piece: str, structure_pieces: tuple[str, ...]) -> Objective:
        """What this bot aims for when it places `piece` in `city` (its level decides the long game)."""
        return objective_for(city, piece, structure_pieces, LONG_GAME[self.difficulty])

    def shot_aim(self, snapshot: Snapshot, shoot: Shoot, spots: tuple[float, ...], observation: State) -> ShotAim:
        """A Nashville shot at a target chosen already: aimed by simulating candidate flicks
        (play/shot_bots.py)."""
        return bot_aim(snapshot, shoot, spots, observation, self.difficulty, self.rng, self.pool)

    def choose_shot(self, snapshot: Snapshot, shoots: list[Shoot], spots: tuple[float, ...],
                    observation: State) -> tuple[Shoot, ShotAim]:
        """A Nashville shot, whom to shoot included: the target whose best simulated flick
        promises most (play/shot_bots.py)."""
        return bot_shot(snapshot, shoots, spots, observation, self.difficulty, self.rng, self.pool)

    def placement_time(self, piece: str, replaces: int) -> float:
        return self.time_model.placement_time(shape_of(piece), replaces, self.rng)
