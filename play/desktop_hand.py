"""Your piece in hand at the desktop: the ghost that follows the mouse (play/hand.py) and, while
the window shows the physics, the piece itself as the live physics body (play/live_hand.py).

play/desktop_placement.py's `YourPlacement` decides *when* (a click, a key, your turn ending)
and hands the result to the match; this class holds the piece and keeps the table view, the
ghost and the sounds in step with it. It never talks to the match: the table it is given is the
match's table of the turn.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence

from game.actions import Place
from physics.errors import IntersectingPoseError
from physics.hand_path import HandKey
from physics.motion import Motion
from physics.snapshot import Snapshot
from physics.spots import Pose
from play.hand import ManualHand
from play.live_hand import LiveHand

NO_ROOM_LINE = "No room to hold the piece there: it follows as a ghost"


@dataclass(frozen=True)
class Rested:
    """Your live placement came to rest: what the match must repeat, and what was watched."""
    place: Place
    keys: tuple[HandKey, ...]
    held_s: float                  # from taking the piece to its rest (wall clock)
    start_table: Snapshot
    after: Snapshot
    motion: Motion | None


class YourHand:
    """The piece in your hand, if any: `manual` (where it is held, the ghost) and, with live
    physics, `live` (the body in a scratch world, stepped every frame)."""

    def __init__(self, view: Any, sound: Any, live_physics: bool) -> None:
        self.view = view
        self.sound = sound
        self.live_physics = live_physics
        self.manual: ManualHand | None = None
        self.live: LiveHand | None = None
        self._table: Snapshot | None = None
        self._taken_at = 0.0

    @property
    def settling(self) -> bool:
        """Let go and still moving: nothing else may happen until it rests."""
        return self.live is not None and not self.live.held

    def take(self, table: Snapshot, places: Sequence[Place], pose: Pose, place: Place) -> str | None:
        """Take the piece of `place` in hand at `pose` (the assist's aim); returns a line for the
        event bar when it can only follow as a ghost."""
        self._table = table
        self.manual = ManualHand(table, places, pose, place)
        return self._take_live() if self.live_physics else None

    def _take_live(self) -> str | None:
        """The piece appears a little above where it would rest and is the physics body from
        then on."""
        assert self.manual is not None and self._table is not None
        self._close_live()
        self._taken_at = time.monotonic()
        try:
            self.live = LiveHand.take(self._table, self.manual.place, self.manual.held())
        except IntersectingPoseError:
            # No room to hold it here (rays that missed a narrow support): the ghost goes on
            # following the mouse, and a click lets go where the ghost shows.
            return NO_ROOM_LINE
        return None

    def step(self, wall_s: float | None) -> Rested | None:
        """One window frame of the live piece (held or settling); the result once it rests."""
        live = self.live
        assert live is not None
        if live.held:
            assert self.manual is not None
            if self.manual.place.structure != live.place.structure:
                self._take_live()            # Pisa: you moved it over the other base
                return None
        poses, contacts = live.frame(self.manual.held() if live.held and self.manual else live.keys[-1][1], wall_s)
        self.view.pose_pieces(poses)
        if contacts:
            self.sound.contacts(contacts)
        if not live.settled:
            return None
        rested = Rested(live.place, tuple(live.keys), round(time.monotonic() - self._taken_at, 3),
                        live.start_table, live.snapshot(), live.recorder.motion)
        self._close_live()
        return rested

    def point_at(self, ray: tuple[Any, Any] | None) -> bool:
        """Move the piece over the spot the ray (through the cursor) meets; True if it moved."""
        if self.manual is None or ray is None or not self.manual.point_at(*ray):
            return False
        self.show_ghost()
        return True

    def show_ghost(self) -> bool:
        """The ghost where the piece in hand would come to rest (and, held higher without live
        physics, the line down to it); False with no piece in hand."""
        hand = self.manual
        if hand is None:
            return False
        position, quat = hand.landing()
        if self.live is not None:
            self.view.show_ghost(hand.piece, position, quat)   # the piece itself is the body
        else:
            held = hand.held()
            self.view.show_ghost(hand.piece, held[0], held[1], drop_to_z=position[2])
        return True

    def turn(self, degrees: float) -> None:
        assert self.manual is not None
        self.manual.turn(degrees)
        self.show_ghost()

    def tilt(self, degrees: float) -> None:
        assert self.manual is not None
        self.manual.tilt(degrees, self.view.camera.heading_deg)
        self.show_ghost()

    def turn_over(self) -> None:
        assert self.manual is not None
        self.manual.turn_over()
        self.show_ghost()

    def raise_by(self, mm: float) -> None:
        assert self.manual is not None
        self.manual.raise_by(mm)
        self.show_ghost()

    def let_go_live(self) -> Place:
        """A second click with live physics: the piece drops and settles on screen."""
        assert self.live is not None
        self.live.let_go()
        self._close_manual()
        self.view.hide_ghost()
        return self.live.place

    def release(self) -> tuple[Pose, Place]:
        """Without live physics: where the piece is held, for the match to let go there."""
        assert self.manual is not None
        pose, place = self.manual.held(), self.manual.place
        self.drop()
        return pose, place

    def drop(self) -> bool:
        """The piece leaves your hand unplaced (back to the assist's aim); True if the table
        on screen must be shown as the match has it again."""
        moved = self.live is not None and self.live.held
        if moved:
            self._close_live()
        self._close_manual()
        return moved

    def close(self) -> None:
        self.drop()
        self._close_live()

    def _close_manual(self) -> None:
        if self.manual is not None:
            self.manual.close()
            self.manual = None

    def _close_live(self) -> None:
        if self.live is not None:
            self.live.close()
            self.live = None
