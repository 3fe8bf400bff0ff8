"""The table's keys and mouse buttons: one table of what each does (a method of `DesktopGame` or
of one of its parts), bound when a game opens and let go when it closes (the start menu binds its
own keys in between); and `TableInput`, for the keys and buttons whose meaning depends on the
moment: Space, the left button, the wheel, and the cursor followed every frame.
"""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable

from play.desktop_shot import FINE_TURN_DEG as FINE_AIM_DEG, POWER_STEP, SPOT_STEP_DEG, TURN_STEP_DEG, ShotAiming
from play.hand import FINE_LIFT_MM, FINE_TURN_DEG, LIFT_MM, TURN_DEG

if TYPE_CHECKING:
    from play.desktop import DesktopGame


def _shot(change: Callable[[ShotAiming], object]) -> tuple[str, list]:
    return "shot_turn.change", [change]


# event -> (the method, as a path from the DesktopGame, and its extra arguments)
KEYS: dict[str, tuple[str, list]] = {
    "space": ("table_input.space", []),
    "tab": ("your_placement.reaim", []),
    "x": ("your_placement.set_aside", []),
    "c": ("recentre", []),
    "mouse1": ("table_input.click", []),
    "mouse1-up": ("shot_turn.release_drag", []),
    "t": ("your_placement.turn_over", []),
    "enter": ("match_events.skip_motion", []),
    "l": ("match_events.replay_last", []),
    "f1": ("hud_feed.toggle_rules", []),
    "m": ("match_events.toggle_mute", []),
    **{key: ("match_events.set_bot_speed", [speed]) for key, speed in (("1", 1.0), ("2", 2.0), ("4", 4.0))},
    # your piece in hand (play/hand.py)
    **{key: (f"your_placement.{act}", [sign * TURN_DEG]) for key, act, sign in
       (("q", "turn", 1), ("e", "turn", -1), ("r", "tilt", 1), ("f", "tilt", -1))},
    **{f"shift-{key}": (f"your_placement.{act}", [sign * FINE_TURN_DEG]) for key, act, sign in
       (("q", "turn", 1), ("e", "turn", -1), ("r", "tilt", 1), ("f", "tilt", -1))},
    "wheel_up": ("table_input.wheel", [1, LIFT_MM]), "wheel_down": ("table_input.wheel", [-1, LIFT_MM]),
    "shift-wheel_up": ("table_input.wheel", [1, FINE_LIFT_MM]),
    "shift-wheel_down": ("table_input.wheel", [-1, FINE_LIFT_MM]),
    # your Nashville shot (play/desktop_shot.py)
    "arrow_left": _shot(lambda s: s.move_spot(SPOT_STEP_DEG)),
    "arrow_right": _shot(lambda s: s.move_spot(-SPOT_STEP_DEG)),
    "arrow_up": _shot(lambda s: s.add_power(POWER_STEP)),
    "arrow_down": _shot(lambda s: s.add_power(-POWER_STEP)),
    "a": _shot(lambda s: s.turn(TURN_STEP_DEG)), "d": _shot(lambda s: s.turn(-TURN_STEP_DEG)),
    "shift-a": _shot(lambda s: s.turn(FINE_AIM_DEG)), "shift-d": _shot(lambda s: s.turn(-FINE_AIM_DEG)),
}


def bind_keys(base: Any, game: DesktopGame) -> None:
    for event, (method, args) in KEYS.items():
        base.accept(event, attrgetter(method)(game), list(args))


def unbind_keys(base: Any) -> None:
    for event in KEYS:
        base.ignore(event)


class TableInput:
    """What Space, the left button, the wheel and the cursor do now: while you aim a shot they go
    to it (`game.shot_turn`), else to your piece (`game.your_placement`); the right and middle
    buttons move the camera (play/desktop_camera.py)."""

    def __init__(self, game: DesktopGame) -> None:
        self.game = game

    def space(self) -> None:
        """Space presses a scoreboard's first button (Next city, Play again), takes the screen
        (hot-seat), flicks your shot, drops your aimed piece, or recentres on the active structure."""
        g = self.game
        if g.hud_feed.is_board_shown():
            g.hud_feed.press_space()
        elif g.hot_seat.handoff is not None:
            g.hot_seat.take_screen()
        elif g.shot is not None:
            g.shot_turn.flick()
        elif g.aim is not None:
            g.your_placement.place()
        else:
            g.recentre()

    def click(self) -> None:
        """Left mouse: while you aim a shot, start pulling the disc back; else take the aimed
        piece in hand at the cursor, or let go of it."""
        g = self.game
        if g.shot is not None and not g.worker.busy:
            g.shot_turn.start_drag()
        else:
            g.your_placement.click()

    def wheel(self, notches: int, lift_mm: float) -> None:
        """The wheel raises or lowers the piece in hand; with no piece in hand it zooms."""
        g = self.game
        if g.hand is not None:
            g.your_hand.raise_by(notches * lift_mm)
        else:
            g.camera.zoom(0.9 if notches > 0 else 1.1)

    def follow_pointer(self) -> None:
        """Every frame: the cursor from the mouse (tests set `game.pointer`), followed by the
        piece in hand or by the pull on your shot."""
        g = self.game
        watcher = getattr(g.base, "mouseWatcherNode", None)
        if watcher is not None and watcher.has_mouse():
            g.pointer = (watcher.get_mouse_x(), watcher.get_mouse_y())
        if g.hand is not None and g.pointer != g.pointed and not g.camera.dragging:
            g.your_placement.point()
        if g.shooting.dragging and g.pointer != g.pointed:
            g.shot_turn.drag()
