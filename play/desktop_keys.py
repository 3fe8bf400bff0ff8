"""The table's keys and mouse buttons: one table of what each does (a method of `DesktopGame` or
of one of its parts), bound when a game opens and let go when it closes (the start menu binds its
own keys in between)."""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable

from play.desktop_shot import FINE_TURN_DEG as FINE_AIM_DEG, POWER_STEP, SPOT_STEP_DEG, TURN_STEP_DEG, ShotAiming
from play.hand import FINE_LIFT_MM, FINE_TURN_DEG, LIFT_MM, TURN_DEG


def _shot(change: Callable[[ShotAiming], object]) -> tuple[str, list]:
    return "shot_turn.change", [change]


# event -> (the method, as a path from the DesktopGame, and its extra arguments)
KEYS: dict[str, tuple[str, list]] = {
    "space": ("_space", []),
    "tab": ("reaim", []),
    "x": ("your_placement.set_aside", []),
    "c": ("recentre", []),
    "mouse1": ("_click", []),
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
    "wheel_up": ("_wheel", [1, LIFT_MM]), "wheel_down": ("_wheel", [-1, LIFT_MM]),
    "shift-wheel_up": ("_wheel", [1, FINE_LIFT_MM]), "shift-wheel_down": ("_wheel", [-1, FINE_LIFT_MM]),
    # your Nashville shot (play/desktop_shot.py)
    "arrow_left": _shot(lambda s: s.move_spot(SPOT_STEP_DEG)),
    "arrow_right": _shot(lambda s: s.move_spot(-SPOT_STEP_DEG)),
    "arrow_up": _shot(lambda s: s.add_power(POWER_STEP)),
    "arrow_down": _shot(lambda s: s.add_power(-POWER_STEP)),
    "a": _shot(lambda s: s.turn(TURN_STEP_DEG)), "d": _shot(lambda s: s.turn(-TURN_STEP_DEG)),
    "shift-a": _shot(lambda s: s.turn(FINE_AIM_DEG)), "shift-d": _shot(lambda s: s.turn(-FINE_AIM_DEG)),
}


def bind_keys(base: Any, game: Any) -> None:
    for event, (method, args) in KEYS.items():
        base.accept(event, attrgetter(method)(game), list(args))


def unbind_keys(base: Any) -> None:
    for event in KEYS:
        base.ignore(event)
