"""Planner rollouts on every core: worker processes, each with its own PyBullet world.

A rollout rebuilds its world from the turn's snapshot before it places anything (the rebuild
path the match uses, physics/world.py), so it is a pure function of its job: the same job gives
the same bits in this process or in any worker, whatever that worker ran before (PyBullet is
bit-identical after `resetSimulation`, across clients and processes: engine-notes 3.1). So the
pool only has to hand out jobs and give the results back in the jobs' order; the randomness (a
hand's noise) is drawn by the caller, in its fixed order, before the jobs go out.

    with RolloutPool(workers=2) as pool:
        results = pool.map(task, jobs)        # task(world, job), a module-level function

`workers=1` runs every job here, in order, on a scratch world: the in-process path. Threads may
map at once (a bot planning ahead beside one planning now): their jobs share the workers.

Workers are started once (spawned: the parent may hold Panda3D and PyBullet state that must not
be forked) and reused. A worker that dies is replaced and its job run again; `close()` ends them
all (also at interpreter exit), and a worker whose parent vanishes sees its pipe close and
exits. `interrupt()` makes the `map`s running on other threads give up at once (a game left
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
        self.job: tuple["_Map", int] | None = None    # (its map, job index) in flight

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


class _Map:
    """One `map` call's jobs, results and standing, while its jobs are out."""

    def __init__(self, task: Task, jobs: list[Any], caller: threading.Thread) -> None:
        self.task, self.jobs, self.caller = task, jobs, caller
        self.results: list[Any] = [None] * len(jobs)
        self.left = len(jobs)
        self.crashes = [0] * len(jobs)
        self.error: BaseException | None = None
        self.interrupted = False

    @property
    def finished(self) -> bool:
        return self.left == 0 or self.error is not None


class Later:
    """A `RolloutPool.map` under way on its own thread (`RolloutPool.map_later`)."""

    def __init__(self, pool: "RolloutPool", task: Task, jobs: Sequence[Any]) -> None:
        self._results: list[Any] | None = None
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        if pool.workers == 1:
            self._results = pool.map(task, jobs)
        else:
            self._thread = threading.Thread(target=self._run, args=(pool, task, jobs), name="junkart-map-later",
                                            daemon=True)
            self._thread.start()

    def _run(self, pool: "RolloutPool", task: Task, jobs: Sequence[Any]) -> None:
        try:
            self._results = pool.map(task, jobs)
        except BaseException as error:  # noqa: BLE001 - raised in the caller's thread by `result`
            self._error = error

    def result(self) -> list[Any]:
        """The results in the jobs' order (what `map` would have returned, or raised)."""
        if self._thread is not None:
            self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._results is not None
        return self._results


class RolloutPool:
    """Runs `task(world, job)` for many jobs, on `workers` processes (1: here, in order).

    Several threads may `map` at once (a bot planning ahead while another plans now,
    play/lookahead.py): their jobs share the workers first come, first served, so a worker one
    map's last job leaves idle takes the next map's first. Whichever waiting thread holds the
    drive hands out every map's jobs and routes every answer; when its own map is done it hands
    the drive on."""

    def __init__(self, workers: int) -> None:
        self.workers = check_workers(workers)
        self._cond = threading.Condition()     # guards the fields below; notified when a map finishes
        self._driving = False                  # a thread is handing out jobs and reading answers
        self._pending: deque[tuple[_Map, int]] = deque()
        self._live: set[_Map] = set()
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
        call = _Map(task, list(jobs), caller)
        with self._cond:
            self._check(caller, call)
            self._live.add(call)
            self._pending.extend((call, index) for index in range(len(call.jobs)))
        try:
            self._wait_or_drive(call)
        finally:
            with self._cond:
                self._live.discard(call)
                if not call.finished:
                    self._pending = deque(entry for entry in self._pending if entry[0] is not call)
        if call.error is not None:
            raise call.error
        return call.results

    def map_later(self, task: Task, jobs: Sequence[Any]) -> "Later":
        """`map` on a thread of its own, so the caller can do other work meanwhile: `.result()`
        waits for it. With one worker it runs here and now (there is no idle worker to give it,
        and the in-process path stays one thread)."""
        return Later(self, task, jobs)

    def interrupt(self) -> None:
        """Make the `map`s running now raise PoolInterrupted promptly, and every later one from
        a thread other than the main thread that is alive now or has used the pool: a game
        thinks on threads of its own (a new one per job), and a game left is dropped whole,
        even a bot between two batches or yet to start its first."""
        with self._cond:
            for call in self._live:
                call.interrupted = True
            self._cond.notify_all()
        with self._callers_lock:
            threads = {*self._callers, *threading.enumerate()}
            self._dropped.update(t for t in threads if t is not threading.main_thread())

    def _check(self, caller: threading.Thread, call: _Map | None) -> None:
        if self._closed:
            raise PoolInterrupted("the rollout pool is closed")
        if caller in self._dropped or (call is not None and call.interrupted):
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
            self._take_drive(None)
            try:
                self._ensure_workers()
            finally:
                self._hand_on_drive()

    def close(self) -> None:
        """Stop every worker (safe to call again, and from another thread while a `map` waits)."""
        with self._cond:
            self._closed = True
            for call in self._live:
                call.interrupted = True
            self._cond.notify_all()
        self._take_drive(None)
        try:
            for worker in self._processes:
                worker.stop()
            self._processes = []
        finally:
            self._hand_on_drive()
        _open_pools.discard(self)

    def __enter__(self) -> "RolloutPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- on workers -----------------------------------------------------------------------------

    def _take_drive(self, call: _Map | None) -> bool:
        """Wait until nobody drives and take the drive; False (not taken) once `call` finished.
        Raises PoolInterrupted if `call` is dropped meanwhile."""
        with self._cond:
            while self._driving:
                if call is not None:
                    if call.finished:
                        return False
                    self._check(call.caller, call)
                self._cond.wait(POLL_S)
            if call is not None and call.finished:
                return False
            self._driving = True
            return True

    def _hand_on_drive(self) -> None:
        with self._cond:
            self._driving = False
            self._cond.notify_all()

    def _wait_or_drive(self, call: _Map) -> None:
        """Until `call` finished: drive while nobody else does, else wait for its answers."""
        while not call.finished:
            if not self._take_drive(call):
                return
            try:
                self._drive(call)
            finally:
                self._hand_on_drive()

    def _drive(self, call: _Map) -> None:
        """Hand out the pending jobs of every map to idle workers and route their answers, until
        `call` finished."""
        self._ensure_workers()
        while not call.finished:
            self._check(call.caller, call)
            with self._cond:
                for worker in self._processes:
                    while worker.job is None and self._pending:
                        owner, index = self._pending.popleft()
                        if owner.finished or owner not in self._live:
                            continue
                        worker.job = (owner, index)
                        try:
                            worker.conn.send((id(owner), index, owner.task, owner.jobs[index]))
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
                        _, index, ok, value = worker.conn.recv()
                    except (EOFError, OSError):
                        self._replace(worker)
                        continue
                    assert worker.job is not None
                    owner, _ = worker.job
                    worker.job = None
                    self._answer(owner, index, ok, value)
                elif not worker.process.is_alive():
                    self._replace(worker)

    def _answer(self, owner: _Map, index: int, ok: bool, value: Any) -> None:
        """A worker answered job `index` of `owner` (thrown away if that map gave up)."""
        with self._cond:
            if owner not in self._live or owner.finished:
                return
            if ok:
                owner.results[index] = value
                owner.left -= 1
            else:
                owner.error = WorkerCrashed(f"a rollout raised in a worker process:\n{value}")
            if owner.finished:
                self._cond.notify_all()

    def _replace(self, worker: _Worker) -> None:
        """A worker died: start another in its place and put its job back first in line."""
        self._processes.remove(worker)
        worker.bury()
        self.replaced += 1
        if worker.job is not None:
            owner, index = worker.job
            with self._cond:
                if owner in self._live and not owner.finished:
                    owner.crashes[index] += 1
                    if owner.crashes[index] > MAX_RETRIES:
                        owner.error = WorkerCrashed(
                            f"job {index} killed {owner.crashes[index]} worker processes (workers that die at "
                            "once: does the main script start its work under `if __name__ == '__main__':`?)")
                        self._cond.notify_all()
                    else:
                        self._pending.appendleft((owner, index))
        self._ensure_workers()

    def _ensure_workers(self) -> None:
        context = multiprocessing.get_context(START_METHOD)
        while len(self._processes) < self.workers:
            self._processes.append(_Worker(context))


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
            tag, index, task, job = message
            try:
                if world is None:
                    world = World(TableLayout.for_seats(2))
                answer = (tag, index, True, task(world, job))
            except Exception:  # noqa: BLE001 - the parent raises it, with this traceback
                answer = (tag, index, False, traceback.format_exc())
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
