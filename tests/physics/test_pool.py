"""The rollout pool: real worker processes give the plans one process gives, a killed worker is
replaced without changing the decision, and nothing is left running after `close`."""
from __future__ import annotations

import os
import random
import signal
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from physics.planner import Objective, Option, PlannerParams, plan_best, plan_placement, widened
from physics.pool import (PoolInterrupted, RolloutPool, WorkerCrashed, check_workers, close_shared_pool,
                          interrupt_shared_pool, shared_pool, use_workers)
from physics.snapshot import Snapshot
from physics.spots import SHARE_RAYS, candidates, orientations, rays_to_cast, structure_surface
from physics.reference import cone_on_the_base_centre
from physics.world import World
from play.objectives import tallest

TABLES = Path(__file__).parent / "tables"
# Small searches, so the test is quick, that still search on (escalations) where nothing stands.
SMALL = PlannerParams(stable_poses=1, yaw_steps=2, grid=3, candidates=3, rollouts=1, finalists=1,
                      extra_rollouts=1, noise_mm=1.5, noise_deg=2.0, budget=40)
# Sees only the base centre, where a cone's tip stands: nothing stands until it searches wider.
NARROW = PlannerParams(stable_poses=1, yaw_steps=1, grid=1, candidates=1, rollouts=1, finalists=0,
                       extra_rollouts=0, noise_mm=1.0, noise_deg=1.0, escalations=2)


def ball_without_level_room() -> Snapshot:
    return Snapshot.from_json((TABLES / "ball_without_level_room.json").read_text())


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture(scope="module")
def two_workers():
    with RolloutPool(2) as pool:
        yield pool


def decisions(pool: RolloutPool) -> list:
    """Plans of three kinds: one that searches on over settled spots (a ball on a top with no
    level room), one that searches wider beside a cone, and a choice between two pieces."""
    cone = cone_on_the_base_centre()
    return [
        plan_placement(ball_without_level_room(), 0, "green-ball", 0, tallest(long_game=True),
                       replace(SMALL, escalations=3), random.Random(5), pool),
        plan_placement(cone, 0, "grey-cylinder", 0, Objective(), NARROW, random.Random(2), pool),
        plan_best(cone, [Option(0, "blue-long_plank", Objective()), Option(0, "orange-wedge", Objective())], 0,
                  replace(SMALL, extra_batches=1), random.Random(9), pool),
    ]


def test_the_same_tables_planned_with_one_and_with_two_workers_give_the_same_placements(two_workers):
    with RolloutPool(1) as alone:
        expected = decisions(alone)
    assert alone.pids() == ()                               # one worker: no process at all
    found = decisions(two_workers)
    assert found == expected                                # releases, scores and counts, bit for bit
    pids = two_workers.pids()
    assert len(set(pids)) == 2 and os.getpid() not in pids  # it really ran on two other processes
    # The cases do what they are here for: search on over settled spots, and weigh two options.
    assert found[0].searches >= 3 and found[1].searches >= 2
    assert found[0].probes > 0                              # the settle scan ran on the pool too
    assert found[0].rolled_out + found[0].probes <= SMALL.budget   # the budget holds (rollouts=1)


def test_a_decision_searches_on_no_further_than_its_simulated_seconds_pay_for(two_workers):
    """`PlannerParams.simulated_budget_s`: once the decision's rollouts and probes have simulated
    that long at their mean cost, no batch that the rest cannot pay for starts, whatever the
    rollout budget still allows. The seconds are the simulation's own, so the decision is the
    same with any number of workers."""
    def decide(simulated_budget_s: float | None, pool: RolloutPool):
        params = replace(SMALL, escalations=3, simulated_budget_s=simulated_budget_s)
        return plan_placement(ball_without_level_room(), 0, "green-ball", 0, tallest(long_game=True), params,
                              random.Random(5), pool)

    unbounded = decide(None, two_workers)
    assert unbounded.searches == 3 and unbounded.probes > 0       # nothing stands: it searches on
    tight = decide(0.5, two_workers)                              # less than one trial: it still decides
    assert tight.searches == 1 and tight.rolled_out == SMALL.candidates and tight.probes == 0
    some = decide(unbounded.simulated_s / 2, two_workers)
    assert tight.simulated_s < some.simulated_s <= unbounded.simulated_s / 2 < unbounded.simulated_s
    assert tight.searches < some.searches < unbounded.searches
    with RolloutPool(1) as alone:
        assert decide(unbounded.simulated_s / 2, alone) == some


def test_a_pre_filter_shared_among_the_workers_finds_and_ranks_what_one_process_does(two_workers):
    """The pre-filter's orientations are cast on the workers when it is big enough: the
    candidates, joined in order, are the same bits in the same ranking as those found here."""
    hard = PlannerParams(stable_poses=4, yaw_steps=6, grid=5, candidates=12)
    cases = [(ball_without_level_room(), "blue-long_plank", hard), (ball_without_level_room(), "orange-wedge", widened(hard, 1)),
             (cone_on_the_base_centre(), "grey-arch", hard)]
    for table, piece, params in cases:
        with World.from_snapshot(table) as world:
            surface = structure_surface(world, 0, params.grid)
            assert rays_to_cast(orientations(piece, params), surface) >= SHARE_RAYS   # the shared path
            expected = candidates(world, 0, piece, params, tallest(long_game=True))
            shared = candidates(world, 0, piece, params, tallest(long_game=True), pool=two_workers)
        assert len(expected) > 10 and shared == expected
    assert len(set(two_workers.pids())) == 2


def test_a_killed_worker_is_replaced_its_rollouts_run_again_and_the_decision_is_the_same(two_workers):
    snapshot, params = ball_without_level_room(), replace(SMALL, escalations=1)

    def decide(pool: RolloutPool):
        return plan_placement(snapshot, 0, "green-ball", 0, tallest(long_game=True), params, random.Random(8), pool)

    with RolloutPool(1) as alone:
        expected = decide(alone)
    two_workers.start()
    replaced_before = two_workers.replaced
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            busy = two_workers.busy_pids
            if busy:
                os.kill(busy[0], signal.SIGKILL)
                killed.append(busy[0])
                return
            time.sleep(0.001)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    plan = decide(two_workers)
    killer.join()
    assert killed, "no worker was ever busy"
    assert plan == expected
    # A worker killed just after its last answer of the decision is found dead by the next map.
    assert decide(two_workers) == expected
    assert two_workers.replaced == replaced_before + 1
    assert killed[0] not in two_workers.pids() and len(two_workers.pids()) == 2
    assert not alive(killed[0])


def test_an_interrupted_map_gives_up_and_the_next_one_is_not_confused_by_its_answers(two_workers):
    snapshot = cone_on_the_base_centre()
    params = replace(SMALL, candidates=8, rollouts=2)
    caught: list[BaseException] = []

    def think() -> None:
        try:
            plan_placement(snapshot, 0, "grey-cylinder", 0, Objective(), params, random.Random(1), two_workers)
        except PoolInterrupted as error:
            caught.append(error)

    bot = threading.Thread(target=think)
    bot.start()
    deadline = time.monotonic() + 60
    while not two_workers.busy_pids and time.monotonic() < deadline:
        time.sleep(0.001)
    two_workers.interrupt()
    bot.join(30)
    assert not bot.is_alive() and len(caught) == 1
    # The workers still answer the interrupted jobs; those answers must not land in a later plan.
    with RolloutPool(1) as alone:
        expected = plan_placement(snapshot, 0, "grey-cylinder", 0, Objective(), params, random.Random(1), alone)
    assert plan_placement(snapshot, 0, "grey-cylinder", 0, Objective(), params, random.Random(1), two_workers) == expected


def test_closing_the_pool_leaves_no_worker_process():
    pool = RolloutPool(2)
    pool.start()
    pids = pool.pids()
    assert len(pids) == 2 and all(alive(pid) for pid in pids)
    pool.close()
    pool.close()                                            # again: nothing to do
    assert pool.pids() == ()
    assert not any(alive(pid) for pid in pids)
    with pytest.raises(PoolInterrupted):
        plan_placement(cone_on_the_base_centre(), 0, "grey-cylinder", 0, Objective(), SMALL, random.Random(1), pool)


def test_a_rollout_that_raises_in_a_worker_is_raised_here_with_its_traceback(two_workers):
    with pytest.raises(WorkerCrashed, match="ZeroDivisionError"):
        two_workers.map(divide, [1, 0])


def divide(world: World, job: int) -> float:
    return 1 / job


def test_resizing_the_shared_pool_ends_its_workers_and_the_new_one_still_refuses_a_dropped_thought():
    """The settings screen resizes the pool between games: a left game's bot thread, between two
    maps, must not plan on the new pool."""
    go, caught = threading.Event(), []

    def left_game_bot() -> None:
        go.wait(30)
        try:
            shared_pool().map(divide, [2])
        except PoolInterrupted as error:
            caught.append(error)

    try:
        use_workers(2)
        old = shared_pool()
        old.start()
        pids = old.pids()
        bot = threading.Thread(target=left_game_bot)
        bot.start()
        interrupt_shared_pool()                                  # its game is left
        assert use_workers(1) == 1
        assert not any(alive(pid) for pid in pids)
        go.set()
        bot.join(30)
        assert len(caught) == 1 and shared_pool() is not old and shared_pool().workers == 1
        assert shared_pool().map(divide, [4]) == [0.25]          # the next game's bots plan on it
    finally:
        close_shared_pool()
        use_workers(1)                                           # as before this test: in process


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_a_pool_needs_a_whole_number_of_workers(workers):
    with pytest.raises(ValueError, match="workers must be a whole number"):
        check_workers(workers)


def test_maps_from_two_threads_at_once_share_the_workers_and_each_gets_its_own_results(two_workers):
    """A bot planning ahead maps while another plans now (play/lookahead.py): both maps' jobs
    are out together, and each gets what it would have got alone, in its jobs' order."""
    first, second = list(range(1, 40)), list(range(100, 140))
    alone = (two_workers.map(slow_square, first), two_workers.map(slow_square, second))
    got: dict[str, list] = {}
    overlapped = threading.Event()

    def think(name: str, jobs: list[int]) -> None:
        got[name] = two_workers.map(slow_square, jobs)

    threads = [threading.Thread(target=think, args=("first", first)), threading.Thread(target=think, args=("second", second))]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        if len(two_workers.busy_pids) == 2 and len(two_workers._live) == 2:
            overlapped.set()
        time.sleep(0.001)
    assert (got["first"], got["second"]) == alone == ([j * j for j in first], [j * j for j in second])
    assert overlapped.is_set()


def slow_square(world: World, job: int) -> int:
    time.sleep(0.01)
    return job * job


def test_a_map_run_later_works_while_its_caller_does_and_gives_what_map_gives(two_workers):
    """`map_later` (what `plan_best` runs the table's baseline with while it finds candidates):
    the caller maps others meanwhile, the results are `map`'s, and an error in a worker is
    raised where the caller asks for them. With one worker it is `map`, here and now."""
    jobs = list(range(1, 30))
    later = two_workers.map_later(slow_square, jobs)
    meanwhile = two_workers.map(slow_square, [7, 8])
    assert later.result() == [j * j for j in jobs] and meanwhile == [49, 64]
    failing = two_workers.map_later(divide, [1, 0])
    with pytest.raises(WorkerCrashed, match="ZeroDivisionError"):
        failing.result()
    with RolloutPool(1) as alone:
        now = alone.map_later(slow_square, [3])
        assert now._thread is None and now.result() == [9]
