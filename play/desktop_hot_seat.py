"""Hot-seat: several people (`SeatSpec` kind "human") at one desktop. The screen shows nobody's
hand or choices until the person whose turn it is takes it (`take_screen`, after a "Pass to
<name>" panel); alone at the desktop, it is always yours.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from play.desktop import DesktopGame


class HotSeat:
    """`viewer`: whose hand and choices the screen shows (None: nobody's yet); `handoff`: the
    person the screen waits for, else None."""

    def __init__(self, game: DesktopGame, humans: Sequence[int]) -> None:
        self.game = game
        self.humans = list(humans)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.handoff: int | None = None

    def you(self) -> int:
        """The seat the HUD words as yours."""
        return self.viewer if self.viewer is not None else 0

    def home(self) -> int:
        """The seat whose base the empty table is framed on before the first city."""
        return self.viewer if self.viewer is not None else (self.humans[0] if self.humans else 0)

    def is_spectating(self) -> bool:
        """Nothing private shows: nobody has the screen, or it waits for the next person."""
        return self.viewer is None or self.handoff is not None

    def pass_to(self, seat: int) -> None:
        """Nothing private shows until `seat`'s person takes the screen."""
        g = self.game
        if self.handoff != seat:
            self.handoff, g.options, g.aim = seat, [], None
            g.view.hide_ghost()
            g.follow_seat(seat)            # the next person sees their own base in front
        g.turn_line = f"{g.names[seat]}'s turn"
        if g.auto_decide:
            self.take_screen()

    def take_screen(self) -> None:
        """The person the screen waited for is at it: show their hand and choices."""
        if self.handoff is not None:
            self.viewer, self.handoff = self.handoff, None
            self.game.aim_state = None
