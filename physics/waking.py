"""Pieces that sleep (static where they rest) until something moving comes near them.

An untouched piece at rest does not move: making it static changes nothing but what a tick
costs, and most of a structure is untouched by most of what happens on the table. So a world
can start with its pieces asleep and wake one (dynamic again, at rest where it is) when a
moving body's box comes within `pad_m` of its own, together with every sleeping piece that
rests on it (a static piece on top would pin the one below like a nail). A woken piece that has
moved more than `move_m` is a mover in turn and wakes its neighbours.

Shots (physics/shots.py) wake the table this way; so do a planner's rollouts
(physics/placement.py, `lazy_wake`), where only the top of a tower feels a new piece.

Boxes are in the client's internal units (physics/settings.py SCALE), as `getAABB` gives them.
Pieces wake in the world's piece order whatever order the movers come in: a woken body joins
the solver in the order it woke, so the same order gives the same bits.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

import pybullet as pb

from physics.catalogue import piece_spec
from physics.settings import SCALE

if TYPE_CHECKING:
    from physics.world import World

Box = tuple[float, ...]     # 3 lows, then 3 highs


def overlap(lo: Sequence[float], hi: Sequence[float], box: Sequence[float]) -> bool:
    """Whether the box lo..hi meets `box` (its 3 lows, then its 3 highs)."""
    return lo[0] <= box[3] and hi[0] >= box[0] and lo[1] <= box[4] and hi[1] >= box[1] \
        and lo[2] <= box[5] and hi[2] >= box[2]


def padded_box(client: int, body: int, pad: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    lo, hi = pb.getAABB(body, physicsClientId=client)
    return (lo[0] - pad, lo[1] - pad, lo[2] - pad), (hi[0] + pad, hi[1] + pad, hi[2] + pad)


class SleepingPieces:
    """The sleeping pieces of a world, and the woken ones until they sleep again."""

    def __init__(self, world: "World", piece_ids: Iterable[str], pad_m: float, move_m: float,
                 resting_pad_m: float) -> None:
        """Put `piece_ids` to sleep (they must be at rest)."""
        self.world = world
        self.pad = pad_m * SCALE
        self.move = move_m * SCALE
        self.resting_pad = resting_pad_m * SCALE
        c = world._client
        self.asleep: dict[str, Box] = {}
        for pid in piece_ids:
            body = world._bodies[pid]
            if pid not in world._static:
                pb.changeDynamics(body, -1, mass=0.0, physicsClientId=c)
                world._static.add(pid)
            lo, hi = pb.getAABB(body, physicsClientId=c)
            self.asleep[pid] = (*lo, *hi)
        self.order = {pid: k for k, pid in enumerate(world.piece_ids())}
        self.woke_at: dict[str, tuple[float, ...]] = {}    # woken piece -> where it woke
        self.moved: set[str] = set()                         # woken pieces that moved since
        self._grouped: list[tuple[Box, list[str]]] | None = None

    def __bool__(self) -> bool:
        return bool(self.asleep)

    def wake_near(self, movers: Sequence[int]) -> None:
        """Wake what lies within the pad of each mover's box. It runs every tick or two, so it
        first tests each structure's box (all its sleeping pieces'): a mover far from a
        structure is one test, not one per piece."""
        c = self.world._client
        for body in movers:
            lo, hi = padded_box(c, body, self.pad)
            near = [pid for box, members in self._by_structure() if overlap(lo, hi, box)
                    for pid in members if overlap(lo, hi, self.asleep[pid])]
            for pid in sorted(near, key=self.order.__getitem__):
                if pid in self.asleep:
                    self.wake(pid)

    def wake(self, first: str) -> None:
        """Wake a piece and, in turn, every sleeping piece that rests on it (boxes within the
        resting pad, starting higher)."""
        w = self.world
        c = w._client
        todo = [first]
        while todo:
            pid = todo.pop()
            if pid not in self.asleep:
                continue
            box = self.asleep.pop(pid)
            self._grouped = None
            spec = piece_spec(pid)
            body = w._bodies[pid]
            pb.changeDynamics(body, -1, mass=spec.mass_kg,
                              localInertiaDiagonal=[i * SCALE * SCALE for i in spec.inertia_kg_m2], physicsClientId=c)
            w._static.discard(pid)
            self.woke_at[pid] = pb.getBasePositionAndOrientation(body, physicsClientId=c)[0]
            pad = self.resting_pad
            for other, o in self.asleep.items():
                if o[2] > box[2] and all(box[i] - pad <= o[i + 3] and box[i + 3] + pad >= o[i] for i in range(3)):
                    todo.append(other)

    def moving(self) -> list[int]:
        """The bodies of woken pieces that have moved more than the move threshold since they woke."""
        w = self.world
        c = w._client
        bodies = []
        limit = self.move * self.move
        for pid, start in self.woke_at.items():
            body = w._bodies.get(pid)
            if body is None:
                continue
            if pid not in self.moved:
                pos, _ = pb.getBasePositionAndOrientation(body, physicsClientId=c)
                if (pos[0] - start[0]) ** 2 + (pos[1] - start[1]) ** 2 + (pos[2] - start[2]) ** 2 <= limit:
                    continue
                self.moved.add(pid)
            bodies.append(body)
        return bodies

    def sleep(self, pid: str) -> None:
        """Put a woken piece at rest back to sleep."""
        w = self.world
        c = w._client
        body = w._bodies[pid]
        pb.resetBaseVelocity(body, [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], physicsClientId=c)
        pb.changeDynamics(body, -1, mass=0.0, physicsClientId=c)
        lo, hi = pb.getAABB(body, physicsClientId=c)
        self.asleep[pid] = (*lo, *hi)
        self.woke_at.pop(pid, None)
        self.moved.discard(pid)
        w._static.add(pid)
        self._grouped = None

    def _by_structure(self) -> list[tuple[Box, list[str]]]:
        """(box around them, piece ids) of the sleeping pieces per structure, in piece order;
        worked out again only after a piece woke or slept."""
        if self._grouped is None:
            groups: dict[int, list[str]] = {}
            for pid in self.asleep:
                groups.setdefault(self.world.structure_of(pid), []).append(pid)
            self._grouped = []
            for members in groups.values():
                boxes = [self.asleep[pid] for pid in members]
                box = (*(min(b[i] for b in boxes) for i in range(3)), *(max(b[i] for b in boxes) for i in range(3, 6)))
                self._grouped.append((box, members))
        return self._grouped
