"""Run slow jobs (a match step, an assist's plan) one at a time off the window's thread."""
from __future__ import annotations

import threading
from typing import Any, Callable


class Worker:
    """Runs one job at a time, on a daemon thread or inline; `poll()` hands back the result."""

    def __init__(self, threaded: bool) -> None:
        self.threaded = threaded
        self._thread: threading.Thread | None = None
        self._done: tuple[Callable[[Any], None], Any, BaseException | None] | None = None
        self._generation = 0      # a dropped job's result must not land on a later job's slot

    @property
    def busy(self) -> bool:
        return self._thread is not None or self._done is not None

    @property
    def running(self) -> bool:
        """A job is still computing (a bot thinking, physics settling)."""
        return self._thread is not None and self._thread.is_alive()

    def drop(self) -> None:
        """Forget the running job: it finishes on its own thread (Python cannot stop a thread),
        and its result is thrown away. Leaving or quitting need not wait for a bot's thought."""
        self._thread, self._done = None, None
        self._generation += 1

    def submit(self, job: Callable[[], Any], on_done: Callable[[Any], None]) -> None:
        assert not self.busy, "one job at a time"

        generation = self._generation

        def run() -> None:
            try:
                result, error = job(), None
            except BaseException as exc:  # noqa: BLE001 - re-raised on the main thread
                result, error = None, exc
            if generation == self._generation:
                self._done = (on_done, result, error)

        if self.threaded:
            self._thread = threading.Thread(target=run, name="junkart-match", daemon=True)
            self._thread.start()
        else:
            run()

    def wait(self, timeout_s: float = 30.0) -> None:
        """Let a running job finish (its result waits for `poll`), e.g. before the window closes."""
        if self._thread is not None:
            self._thread.join(timeout_s)

    def poll(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._thread = None
        if self._done is not None:
            on_done, result, error = self._done
            self._done = None
            if error is not None:
                raise error
            on_done(result)
