"""Planner rollouts on every core: worker processes, each with its own PyBullet world.

A rollout rebuilds its world from the turn's snapshot before it places anything (the rebuild
path the match uses, physics/world.py), so it is a pure function of its job: the same job gives
the same bits in this process or in any worker, whatever that worker ran before (PyBullet is
bit-identical after `resetSimulation`, across clients and processes: engine-notes 3.1). So the
pool only has to hand out jobs and give the results back in the jobs' order; the randomness (a
hand's noise) is drawn by the caller, in its fixed order, before the jobs go out.

    with RolloutPool(workers=2) as pool:
        results = pool.map(task, jobs)        # task(world, job), a module-level function

`workers=1` runs every job here, in order, on a scratch world: the in-process path.

Workers are started once (spawned: the parent may hold Panda3D and PyBullet state that must not
be forked) and reused. A worker that dies is replaced and its job run again; `close()` ends them
all (also at interpreter exit), and a worker whose parent vanishes sees its pipe close and
exits. `interrupt()` makes a `map` running on another thread give up at once (a game left
while a bot thinks): its unfinished jobs' results are thrown away when they arrive.

The process-wide pool (`shared_pool`, sized by `use_workers`) is what bots plan with unless
they are given one; the composition root (the `junkart` commands) sizes it and closes it.
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import signal
import threading
import traceback
import weakref
from collections import deque
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Sequence

from physics.layout import TableLayout
from physics.world import World

Task = Callable[[World, Any], Any]

START_METHOD = "spawn"       # never fork: the parent's Panda3D and PyBullet state stays its own
POLL_S = 0.2                 # how often a waiting `map` looks at the interrupt flag
MAX_RETRIES = 2              # a job that killed this many workers is a bug, not bad luck
CLOSE_WAIT_S = 2.0           # a worker asked to stop gets this long before it is terminated


class PoolInterrupted(RuntimeError):
    """`interrupt()` was called while this `map` ran: its results are not wanted any more."""


class WorkerCrashed(RuntimeError):
    """A job killed its worker MAX_RETRIES + 1 times, or a job raised in a worker."""


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:     # not on Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: object) -> int:
    """`workers` if it is a whole number of 1 or more, else ValueError in one line."""
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a whole number of 1 or more, not {workers!r}")
    return workers


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), name="junkart-rollouts", daemon=True)
        self.process.start()
        child.close()     # only the worker holds its end: the worker sees EOF if this process dies
        self.job: tuple[int, int] | None = None    # (map generation, job index) in flight

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.bury()

    def bury(self) -> None:
        """Wait for the process to end (ending it if it will not) and reap it. A killed
        worker's pipe and sentinel are ready a moment before it can be reaped (139 of 200 killed
        processes could not be, just after their sentinel), and one not reaped then stays a
        zombie: a process id still in use."""
        self.process.join(CLOSE_WAIT_S)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(CLOSE_WAIT_S)
        self.conn.close()


class RolloutPool:
    """Runs `task(world, job)` for many jobs, on `workers` processes (1: here, in order)."""

    def __init__(self, workers: int) -> None:
        self.workers = check_workers(workers)
        self._lock = threading.Lock()          # one `map` at a time on the workers
        self._generation = 0
        self._interrupted = -1                 # the generation `interrupt()` stopped
        self._callers_lock = threading.Lock()
        self._callers: "weakref.WeakSet[threading.Thread]" = weakref.WeakSet()   # threads that have mapped
        self._dropped: "weakref.WeakSet[threading.Thread]" = weakref.WeakSet()   # threads whose maps are not wanted
        self._processes: list[_Worker] = []
        self._closed = False
        self.replaced = 0                      # workers that died and were replaced
        _open_pools.add(self)

    # --- public ---------------------------------------------------------------------------------

    def map(self, task: Task, jobs: Sequence[Any]) -> list[Any]:
        """[task(world, job) for job in jobs], the results in the jobs' order."""
        caller = threading.current_thread()
        with self._callers_lock:
            self._callers.add(caller)
        if self.workers == 1:
            # A world of its own per call: threads (a dropped bot's and the next game's) never share one.
            with World(TableLayout.for_seats(2)) as world:
                results = []
                for job in jobs:
                    self._check(caller, None)
                    results.append(task(world, job))
                return results
        with self._lock:
            self._generation += 1
            return self._map_on_workers(task, list(jobs), caller, self._generation)

    def interrupt(self) -> None:
        """Make the `map` running now raise PoolInterrupted promptly, and every later one from
        a thread other than the main thread that is alive now or has used the pool: a game
        thinks on threads of its own (a new one per job), and a game left is dropped whole,
        even a bot between two batches or yet to start its first."""
        self._interrupted = self._generation
        with self._callers_lock:
            threads = {*self._callers, *threading.enumerate()}
            self._dropped.update(t for t in threads if t is not threading.main_thread())

    def _check(self, caller: threading.Thread, generation: int | None) -> None:
        if self._closed:
            raise PoolInterrupted("the rollout pool is closed")
        if caller in self._dropped or (generation is not None and self._interrupted == generation):
            raise PoolInterrupted("interrupted: the thought was dropped")

    @property
    def busy_pids(self) -> tuple[int, ...]:
        """The workers running a job now."""
        return tuple(w.process.pid for w in self._processes if w.job is not None and w.process.pid is not None)

    def pids(self) -> tuple[int, ...]:
        """The worker processes' ids (empty before the first `map` and after `close`)."""
        return tuple(w.process.pid for w in self._processes if w.process.pid is not None)

    def start(self) -> None:
        """Start the workers now rather than at the first `map` (they take a second to import)."""
        if self.workers > 1 and not self._closed:
            with self._lock:
                self._ensure_workers()

    def close(self) -> None:
        """Stop every worker (safe to call again, and from another thread while a `map` waits)."""
        self._closed = True
        self._interrupted = self._generation
        with self._lock:
            for worker in self._processes:
                worker.stop()
            self._processes = []
        _open_pools.discard(self)

    def __enter__(self) -> "RolloutPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- on workers -----------------------------------------------------------------------------

    def _ensure_workers(self) -> None:
        context = multiprocessing.get_context(START_METHOD)
        while len(self._processes) < self.workers:
            self._processes.append(_Worker(context))

    def _map_on_workers(self, task: Task, jobs: list[Any], caller: threading.Thread, generation: int) -> list[Any]:
        self._ensure_workers()
        results: list[Any] = [None] * len(jobs)
        done = [False] * len(jobs)
        pending = deque(range(len(jobs)))
        crashes = [0] * len(jobs)
        while not all(done):
            self._check(caller, generation)
            for worker in self._processes:
                if worker.job is None and pending:
                    index = pending.popleft()
                    worker.job = (generation, index)
                    try:
                        worker.conn.send((generation, index, task, jobs[index]))
                    except (OSError, ValueError):
                        pass      # it died: its sentinel says so below, and the job goes back
            by_conn = {w.conn: w for w in self._processes}
            by_sentinel = {w.process.sentinel: w for w in self._processes}
            for ready in wait([*by_conn, *by_sentinel], timeout=POLL_S):
                worker = by_conn.get(ready) or by_sentinel[ready]  # type: ignore[index]
                if worker not in self._processes:
                    continue     # replaced already (its pipe and its sentinel were both ready)
                if ready in by_conn:
                    try:
                        tag_generation, index, ok, value = worker.conn.recv()
                    except (EOFError, OSError):
                        self._replace(worker, pending, crashes)
                        continue
                    worker.job = None
                    if tag_generation != generation:
                        continue      # the answer to an interrupted map's job
                    if not ok:
                        raise WorkerCrashed(f"a rollout raised in a worker process:\n{value}")
                    results[index], done[index] = value, True
                elif not worker.process.is_alive():
                    self._replace(worker, pending, crashes)
        return results

    def _replace(self, worker: _Worker, pending: deque[int], crashes: list[int]) -> None:
        """A worker died: start another in its place and put its job back first in line."""
        self._processes.remove(worker)
        worker.bury()
        self.replaced += 1
        if worker.job is not None and worker.job[0] == self._generation:
            index = worker.job[1]
            crashes[index] += 1
            if crashes[index] > MAX_RETRIES:
                raise WorkerCrashed(f"job {index} killed {crashes[index]} worker processes (workers that die at "
                                    "once: does the main script start its work under `if __name__ == '__main__':`?)")
            pending.appendleft(index)
        self._ensure_workers()


def _serve(conn: Connection) -> None:
    """A worker's life: run jobs on its own world until told to stop or its parent is gone."""
    # Ctrl+C in a terminal reaches the whole process group: the parent decides when we stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    world: World | None = None
    try:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                return
            if message is None:
                return
            generation, index, task, job = message
            try:
                if world is None:
                    world = World(TableLayout.for_seats(2))
                answer = (generation, index, True, task(world, job))
            except Exception:  # noqa: BLE001 - the parent raises it, with this traceback
                answer = (generation, index, False, traceback.format_exc())
            try:
                conn.send(answer)
            except (OSError, ValueError):
                return
    finally:
        if world is not None:
            world.close()


# --- the process-wide pool ------------------------------------------------------------------------

_open_pools: "weakref.WeakSet[RolloutPool]" = weakref.WeakSet()
_shared: RolloutPool | None = None
_shared_workers = 1
_shared_lock = threading.Lock()
# Threads whose thoughts a resized-away pool had dropped. A left game's bot thread may still be
# between two maps when the settings screen resizes the pool; the pool after it refuses it too,
# or that dead game's rollouts would take the next game's workers.
_dropped_before: "weakref.WeakSet[threading.Thread]" = weakref.WeakSet()


def use_workers(workers: int | None) -> int:
    """Size the process-wide pool (None: one per core); a pool of another size is closed (also
    between games: the next plan starts the new one). Returns the size. Until this is called,
    bots plan in process (1 worker)."""
    global _shared, _shared_workers
    size = default_workers() if workers is None else check_workers(workers)
    with _shared_lock:
        if _shared is not None and _shared.workers != size:
            _dropped_before.update(_shared._dropped)
            _shared.close()
            _shared = None
        _shared_workers = size
    return size


def shared_pool() -> RolloutPool:
    """The process-wide pool, started at first use."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared._closed:
            _shared = RolloutPool(_shared_workers)
            _shared._dropped.update(_dropped_before)
        return _shared


def close_shared_pool() -> None:
    """Stop the process-wide pool's workers (the game closes, Ctrl+C); a later plan starts it again."""
    global _shared
    with _shared_lock:
        pool, _shared = _shared, None
    if pool is not None:
        pool.close()


def interrupt_shared_pool() -> None:
    """A bot's thought is dropped (the game is left): its `map` gives up, the workers stay."""
    with _shared_lock:
        pool = _shared
    if pool is not None:
        pool.interrupt()


@atexit.register
def _close_all() -> None:
    for pool in list(_open_pools):
        pool.close()
