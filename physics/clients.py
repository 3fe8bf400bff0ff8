"""PyBullet DIRECT clients, kept for the next world instead of disconnected.

Connecting a DIRECT client costs 10-16 ms of CPU (measured 2026-12-04: `pb.connect` and
`pb.disconnect` 16 ms a pair, a whole `World()` and `close()` 14 ms), as much as rebuilding a
32-piece table twice, and the match made a world for every placement and every Nashville shot:
13% of a shot's time in `bench shots`. A closed world hands its client back here, emptied by
`resetSimulation`; the next world takes it. Every world builds itself with `resetSimulation`
and the same settings in the same order (`World._rebuild`), so a reused client gives the same
bits as a new one (engine-notes 3.1: "same calls, same process, after resetSimulation:
bit-identical"; the planner's rollouts have always reused theirs).

Thread-safe: a bot plans on a thread of its own while the window plays the last move.
"""
from __future__ import annotations

import threading

import pybullet as pb

from physics._quiet_import import connect_direct

IDLE_CLIENTS = 2        # kept for reuse; more closed at once are disconnected

_idle: list[int] = []
_lock = threading.Lock()


def take_client() -> int:
    """An empty DIRECT client: one a closed world gave back, else a new one."""
    with _lock:
        while _idle:
            client = _idle.pop()
            if pb.isConnected(physicsClientId=client):
                return client
    return connect_direct()


def give_back(client: int) -> None:
    """A world is done with `client`: empty it and keep it for the next world (or disconnect
    it when enough are kept)."""
    if not pb.isConnected(physicsClientId=client):
        return
    pb.resetSimulation(physicsClientId=client)
    with _lock:
        if len(_idle) < IDLE_CLIENTS and client not in _idle:
            _idle.append(client)
            return
    pb.disconnect(physicsClientId=client)


def idle_clients() -> int:
    """How many clients wait for a world (tests)."""
    with _lock:
        return len(_idle)
