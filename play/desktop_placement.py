"""Your placement in your turn: the assist aims your piece first (on the worker), shown as a
ghost; Space / "Place" drops it there and Tab / "Re-aim" offers the next candidate. Or take the
piece in hand: a click on your structure picks it up, the ghost follows the mouse, Q/E turn it,
R/F tilt it, T lays it on its next face, and a second click lets go (with live physics, it
settles on screen and the match places it through the same ticks once it rests). X sets a
piece you dropped aside instead.

Your answer goes to your seat and the match takes it on the worker (`_hand_over`). The piece in
hand itself, its ghost and its physics body are play/desktop_hand.py's `YourHand`
(`game.your_hand`), which never talks to the match.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from game import api
from game.actions import Action, Place
from physics.catalogue import extent, piece_shape
from physics.snapshot import Snapshot
from play.desktop_hand import Rested
from play.human import Aim
from scenes.table import hud_model

if TYPE_CHECKING:
    from play.desktop import DesktopGame


class YourPlacement:
    """Your placement between the game (its `aim`, `aim_index`, `forced_place`, turn line,
    worker and match) and your piece in hand (`game.your_hand`)."""

    def __init__(self, game: DesktopGame) -> None:
        self.game = game

    def begin(self, state: api.State, seat: int, places: list[Place]) -> None:
        """Your turn to place: the assist aims first; once aimed, say what is in hand."""
        g = self.game
        g.options = []
        human = g.controllers[seat]
        if g.aim is None:
            ex = api.current(state)
            assert ex is not None
            options = [g.forced_place] if g.forced_place is not None else self._dropped_first(seat, places)
            pieces_on = {k: s.pieces for k, s in enumerate(ex.structures)}
            # With several pieces due the assist picks which goes first: name none before it has.
            due = {o.piece for o in options}
            g.turn_line = f"Your turn: aiming {hud_model.piece_words(options[0].piece) if len(due) == 1 else 'your next piece'}..."

            def job() -> Aim:
                return human.aim(self._table_now(ex), options, ex.city, pieces_on)

            g.worker.submit(job, self._aimed)
            return
        piece = hud_model.piece_words(g.aim.place.piece)
        g.turn_line = f"Your turn: {piece} in hand" if g.hand is not None else f"Your turn: place {piece}"
        if g.auto_place:
            self.place()

    def _dropped_first(self, seat: int, places: list[Place]) -> list[Place]:
        """A piece you just dropped is the one in your hand again (to place again, or set aside
        with X): the assist aims it, not another piece still due (Philadelphia's two pieces),
        which would leave the piece you dropped on the table with no way to set it aside."""
        dropped = [p for p in places if self.game.match.drops_in_a_row(seat, p.piece) > 0]
        return dropped or places

    def _table_now(self, ex: Any) -> Snapshot:
        """The match's table for the current city (built now if the city just opened: your aim
        is planned before the match's next step)."""
        return self.game.match.table()

    def _aimed(self, aim: Aim) -> None:
        g = self.game
        g.aim, g.aim_index = aim, 0
        g.turn_started = time.monotonic()
        self._show_aim()
        ex = api.current(g.match.state)
        if ex is not None and g.view.layout is not None:
            g.focused = True
            # Frame the ghost too: a pin stood up on a tall tower reaches above the tape measure.
            ghost_top_mm = max((position[2] + extent(aim.place.piece, orientation)[1][2]) * 1000.0
                               for position, orientation in aim.poses)
            g.view.focus(aim.place.structure, max(ex.structures[aim.place.structure].height_mm, ghost_top_mm),
                         g.view.layout.seat_angles[aim.place.seat] if g.view.layout.seat_angles else None)

    def _show_aim(self) -> None:
        g = self.game
        if not g.your_hand.show_ghost() and g.aim is not None:
            position, quat = g.aim.poses[g.aim_index]
            g.view.show_ghost(g.aim.place.piece, position, quat)

    # --- your piece in hand (play/desktop_hand.py) ------------------------------------------------

    def click(self) -> None:
        """Left mouse: take the aimed piece in hand at the cursor, or let go of it."""
        g = self.game
        if g.aim is None or g.worker.busy or g.hot_seat.handoff is not None:
            return
        if g.hand is not None:
            self.place()
            return
        if self.take() and not self.point():
            self.let_go()      # the click was not on a structure you may build on
            self._show_aim()

    def take(self) -> bool:
        """The aimed piece in your hand (if it is not already); False when it may not be."""
        g = self.game
        if g.aim is None or g.worker.busy or g.hot_seat.handoff is not None or g.your_hand.settling:
            return False
        if g.hand is None:
            places = [g.forced_place] if g.forced_place is not None else self._placements_due()
            line = g.your_hand.take(g.match.table(), places, g.aim.poses[g.aim_index], g.aim.place)
            if line is not None:
                g.event_line = line
        return True

    def rested(self, rested: Rested) -> None:
        """Your piece and what it moved are at rest: the match places it through the same ticks."""
        g = self.game
        place, keys = rested.place, rested.keys
        human = g.controllers[place.seat]
        # Timing cities count from taking the piece to its rest, never faster than the assist.
        hand_s = human.assist.time_model.placement_time(piece_shape(place.piece), 0, human.assist.rng)
        elapsed = max(rested.held_s if g.pace else 0.0, hand_s)
        g.match_events.expect_live(rested.after.digest())
        if rested.motion is not None:
            g.player.remember(rested.motion, rested.start_table, rested.after)     # for L
        self._hand_over(place, lambda snapshot: human.release_live(place, keys, elapsed),
                        f"{hud_model.piece_words(place.piece)} at rest")

    def _placements_due(self) -> list[Place]:
        aim = self.game.aim
        assert aim is not None
        piece = aim.place.piece     # the structures it may go on (Pisa: either base)
        legal = [a for a in api.legal_actions(self.game.match.state, aim.place.seat)
                 if isinstance(a, Place) and a.piece == piece]
        return legal or [aim.place]

    def point(self) -> bool:
        """Move the piece in hand over the spot under the cursor; True if it moved."""
        g = self.game
        if g.hand is None or g.pointer is None:
            return False
        g.pointed = g.pointer
        return g.your_hand.point_at(g.view.ray_through(*g.pointer))

    def turn(self, degrees: float) -> None:
        if self.take():
            self.game.your_hand.turn(degrees)

    def tilt(self, degrees: float) -> None:
        if self.take():
            self.game.your_hand.tilt(degrees)

    def turn_over(self) -> None:
        if self.take():
            self.game.your_hand.turn_over()

    def let_go(self) -> None:
        """The piece leaves your hand unplaced (the assist's aim shows again)."""
        g = self.game
        if g.your_hand.drop() and g.match.snapshot is not None:
            g.view.show(g.match.snapshot)

    # --- your answer ------------------------------------------------------------------------------

    def place(self) -> None:
        """Space / "Place": drop the piece as aimed or as held (live: let go and watch it settle)."""
        g = self.game
        if g.worker.busy or g.aim is None or g.your_hand.settling:
            return
        if g.live is not None and g.hand is not None:
            place = g.your_hand.let_go_live()     # watch it settle; the match takes it at rest
            g.turn_line = f"Letting go of {hud_model.piece_words(place.piece)}..."
            return
        aim, pose = g.aim, g.aim.poses[g.aim_index]
        place, by_hand = aim.place, g.hand is not None
        if g.hand is not None:
            pose, place = g.your_hand.release()
        human = g.controllers[place.seat]
        # Wall clock while it is your turn, but never faster than the assist's hand could be.
        hand_s = human.assist.time_model.placement_time(piece_shape(place.piece), 0, human.assist.rng)
        elapsed = max(round(time.monotonic() - g.turn_started, 3), hand_s)
        self._hand_over(place, lambda snapshot: human.release(snapshot, place, pose, elapsed, by_hand=by_hand),
                        f"Placing {hud_model.piece_words(place.piece)}...")

    def set_aside(self) -> None:
        """X: a piece you dropped goes down on the table beside your base instead of being
        placed again; it counts as fallen."""
        g = self.game
        if g.worker.busy or g.aim is None or not self.may_set_aside():
            return
        self.let_go()
        place = g.aim.place
        human = g.controllers[place.seat]
        elapsed = round(time.monotonic() - g.turn_started, 3)
        self._hand_over(place, lambda snapshot: human.set_aside(snapshot, place, elapsed),
                        f"Setting {hud_model.piece_words(place.piece)} aside...")

    def _hand_over(self, place: Place, answer: Callable[[Snapshot], None], turn_line: str) -> None:
        """Give your answer for `place` to your seat (`answer(table)`) and let the match take
        it, on the worker."""
        g = self.game
        human = g.controllers[place.seat]
        snapshot = g.match.snapshot
        assert snapshot is not None
        forced = g.forced_place

        def job() -> Action:
            answer(snapshot)
            if forced is not None:
                human.answers.append(forced)
            return g.match.step()

        g.aim = None
        g.view.hide_ghost()
        g.turn_line = turn_line
        g.step_match(job)

    def may_set_aside(self) -> bool:
        """Only a piece you dropped (alone) may be set aside rather than placed again."""
        aim = self.game.aim
        return aim is not None and self.game.match.drops_in_a_row(aim.place.seat, aim.place.piece) > 0

    def reaim(self) -> None:
        """Tab / "Re-aim": the assist's next aim (and the piece leaves your hand)."""
        g = self.game
        if g.aim is not None and not g.worker.busy:
            if g.hand is not None:
                self.let_go()
                self._show_aim()
                return
            if len(g.aim.poses) < 2:
                g.event_line = "No other spot for this piece: click your structure to place it yourself"
                return
            g.aim_index = (g.aim_index + 1) % len(g.aim.poses)
            self._show_aim()
