"""Re-aim offers a spot a player can tell from the others, or says there is none."""
from __future__ import annotations

import itertools
import math

from game import api
from play.desktop import DesktopGame
from play.desktop_shots import run_until
from play.human import AIMS_APART_M, SeatSpec, visibly_apart

SEATS = [SeatSpec("You", "human"), SeatSpec("Easy bot", "easy")]


def test_aims_a_player_can_tell_apart():
    up = (0.0, 0.0, 0.0, 1.0)
    s = math.sin(math.radians(30) / 2)
    turned = (0.0, 0.0, s, math.cos(math.radians(30) / 2))
    assert not visibly_apart(((0.0, 0.0, 0.1), up), ((0.008, 0.0, 0.1), up))          # 8 mm: the same spot
    assert visibly_apart(((0.0, 0.0, 0.1), up), ((AIMS_APART_M, 0.0, 0.1), up))
    assert visibly_apart(((0.0, 0.0, 0.1), up), ((0.0, 0.0, 0.1), turned))             # turned 30 degrees
    assert not visibly_apart(((0.0, 0.0, 0.1), up), ((0.0, 0.0, 0.1), (0.0, 0.0, -0.0, -1.0)))   # q and -q


def test_every_aim_offered_differs_visibly_and_tab_says_when_there_is_no_other(showbase):
    from play.human import Aim

    config = api.TourConfig(2, ("philadelphia",), start_seat=0, base_sides=("A", "A"))
    game = DesktopGame(showbase, config, SEATS, seed=5, threaded=False, pace=False, bind_input=False)
    try:
        while game.aim is None:
            assert run_until(game, lambda g: g.aim is not None or bool(g.options), max_ticks=400)
            if game.aim is None:
                game.choose_option(0)
        poses = game.aim.poses
        assert len(poses) >= 2
        assert all(visibly_apart(a, b) for a, b in itertools.combinations(poses, 2))
        game.your_placement.reaim()
        assert game.aim_index == 1
        game.aim = Aim(game.aim.place, poses[:1])       # a piece with one spot only
        game.aim_index = 0
        game.your_placement.reaim()
        assert game.aim_index == 0 and game.event_line.startswith("No other spot for this piece")
    finally:
        game.destroy()
