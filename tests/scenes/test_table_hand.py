"""Your own hand: the piece follows the mouse over your structure, turns, and is let go exactly
where its ghost showed it (real physics rays, a real offscreen window, posted input events)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from game import api
from game.actions import ChooseSide, Place
from game.outcomes import FallenPiece
from physics.catalogue import resting_way_index, resting_ways, stable_poses
from physics.geometry import quaternion_matrix
from physics.layout import TableLayout
from physics.spots import RELEASE_GAP_M
from physics.world import World
from play.desktop import DesktopGame
from play.desktop_shots import run_until, your_placement, your_turn
from play.hand import LIFT_MM, MAX_LIFT_MM, TURN_DEG, ManualHand
from play.human import SeatSpec

PIECE = "blue-cylinder"


def _down(x: float, y: float) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    return (x, y, 0.6), (x, y, -0.01)


def _heading(quat) -> float:
    axis = quaternion_matrix(np.asarray(quat))[:, 0]
    return math.degrees(math.atan2(axis[1], axis[0]))


@pytest.fixture
def table():
    with World(TableLayout.for_seats(2)) as world:
        world.add("grey-cylinder", 0, (world.layout.bases[0].x, world.layout.bases[0].y, 0.07),
                  stable_poses("grey-cylinder")[0].orientation)
        world.settle()
        yield world.snapshot()


def test_the_piece_follows_rays_onto_your_structure_only(table):
    base0, base1 = table.layout.bases[0], table.layout.bases[1]
    start = ((base0.x, base0.y, 0.2), stable_poses(PIECE)[0].orientation)
    with ManualHand(table, [Place(0, PIECE, 0)], start) as hand, World.from_snapshot(table) as world:
        assert hand.point_at(*_down(base0.x + 0.03, base0.y + 0.03))      # the bare corner of your base
        (x, y, z), quat = hand.landing()
        assert (x, y) == pytest.approx((base0.x + 0.03, base0.y + 0.03))
        assert z == pytest.approx(world.resting_z(PIECE, x, y, quat) + RELEASE_GAP_M, abs=5e-4)
        on_base = z
        assert hand.point_at(*_down(base0.x, base0.y))                    # onto the cylinder standing there
        assert hand.landing()[0][2] > on_base + 0.01
        assert not hand.point_at(*_down(base1.x, base1.y))                # a rival's base: it stays
        assert not hand.point_at(*_down(base0.x + 0.2, base0.y))          # the bare table: it stays
        assert hand.landing()[0][:2] == pytest.approx((base0.x, base0.y))


def test_on_two_common_bases_the_piece_goes_to_the_one_under_it(table):
    base0, base1 = table.layout.bases[0], table.layout.bases[1]
    both = [Place(0, PIECE, 0), Place(0, PIECE, 1)]
    start = ((base1.x, base1.y, 0.1), stable_poses(PIECE)[0].orientation)
    with ManualHand(table, both, start, both[1]) as hand:
        assert hand.place == both[1]                                       # where the assist aimed it
        assert hand.point_at(*_down(base0.x + 0.03, base0.y + 0.03))
        assert hand.place == both[0]
        assert hand.point_at(*_down(base1.x, base1.y))
        assert hand.place == both[1]


def test_turning_tilting_and_turning_over(table):
    base0 = table.layout.bases[0]
    start = ((base0.x, base0.y, 0.2), stable_poses("grey-wedge")[0].orientation)
    with ManualHand(table, [Place(0, "grey-wedge", 0)], start) as hand:
        heading = _heading(hand.quat)
        hand.turn(TURN_DEG)
        assert _heading(hand.quat) == pytest.approx(heading + TURN_DEG)
        lying = hand.landing()
        hand.turn_over()                                                  # the next resting face
        assert hand.quat != lying[1]
        assert _heading(hand.quat) == pytest.approx(heading + TURN_DEG, abs=1e-6) or \
            abs(quaternion_matrix(np.asarray(hand.quat))[2, 0]) > 0.99    # (unless its x axis now points up)
        before = hand.landing()
        hand.tilt(30.0)
        turned = quaternion_matrix(np.asarray(hand.quat)) @ quaternion_matrix(np.asarray(before[1])).T
        assert math.degrees(math.acos((np.trace(turned) - 1) / 2)) == pytest.approx(30.0)
        assert turned @ np.array([1.0, 0.0, 0.0]) == pytest.approx([1.0, 0.0, 0.0])   # about the viewer's x axis


def test_turning_a_bowling_pin_over_stands_it_up_then_on_its_head_then_lays_it_down(table):
    pin = "blue-bowling_pin"
    base0 = table.layout.bases[0]
    start = ((base0.x, base0.y, 0.2), stable_poses(pin)[3].orientation)     # on its side, rolled a facet
    with ManualHand(table, [Place(0, pin, 0)], start) as hand:
        ways = []
        for _ in range(len(resting_ways(pin))):
            hand.turn_over()
            ways.append(resting_way_index(pin, hand.quat))
            (_, _, z), _ = hand.landing()
            assert z > 0.03                                                   # it rests on the base
        assert ways == [1, 2, 0]                                              # one press stands it up


def test_the_wheel_holds_the_piece_higher_and_it_is_let_go_there(table):
    base0 = table.layout.bases[0]
    start = ((base0.x, base0.y, 0.2), stable_poses(PIECE)[0].orientation)
    with ManualHand(table, [Place(0, PIECE, 0)], start) as hand:
        assert hand.point_at(*_down(base0.x + 0.03, base0.y + 0.03))
        assert hand.held() == hand.landing()                              # not raised: let go where it rests
        hand.raise_by(12.0)
        (x, y, z), quat = hand.held()
        assert z == pytest.approx(hand.landing()[0][2] + 0.012) and (x, y, quat) == (*hand.landing()[0][:2], hand.quat)
        assert hand.point_at(*_down(base0.x, base0.y))                    # onto the cylinder: still 12 mm above it
        assert hand.held()[0][2] == pytest.approx(hand.landing()[0][2] + 0.012)
        hand.raise_by(-50.0)
        assert hand.lift_mm == 0.0                                        # never below where it would rest
        hand.raise_by(10 * MAX_LIFT_MM)
        assert hand.lift_mm == MAX_LIFT_MM


@pytest.fixture
def game(showbase):
    config = api.TourConfig(2, ("philadelphia",), start_seat=0, base_sides=("A", "A"))
    g = DesktopGame(showbase, config, [SeatSpec("You", "human"), SeatSpec("Easy bot", "easy")], seed=5,
                    threaded=False, pace=False, bind_input=True)
    yield g
    g.destroy()


def _your_first_placement(game) -> None:
    while not your_placement(game):
        assert run_until(game, your_turn, max_ticks=300)
        if your_placement(game):
            break
        assert game.options and not isinstance(game.options[0], ChooseSide)
        game.choose_option(len(game.options) - 1)               # any pass will do
        game.tick()


def test_you_place_by_hand_with_the_mouse(showbase, game):
    _your_first_placement(game)
    aim = game.aim
    base0 = game.view.layout.bases[aim.place.structure]
    spot = (base0.x + 0.025, base0.y - 0.02)
    game.pointer = game.view.screen_point((*spot, 0.03))                  # the cursor over your base
    showbase.messenger.send("mouse1")                                     # pick the piece up there
    showbase.taskMgr.step()
    assert game.hand is not None and game.view.ghost_visible
    assert game.hand.landing()[0][:2] == pytest.approx(spot, abs=0.004)
    assert "in hand" in game.hud.texts()["turn"]
    heading = _heading(game.hand.quat)
    showbase.messenger.send("e")
    showbase.messenger.send("shift-q")
    showbase.taskMgr.step()
    assert _heading(game.hand.quat) == pytest.approx(heading - TURN_DEG + 5.0)
    rival = game.view.layout.bases[1 - aim.place.structure]
    game.pointer = game.view.screen_point((rival.x, rival.y, 0.03))       # wandering off to the bot's base ...
    showbase.taskMgr.step()
    assert game.hand.landing()[0][:2] == pytest.approx(spot, abs=0.004)   # ... does not take the piece there
    game.pointer = game.view.screen_point((*spot, 0.03))
    showbase.taskMgr.step()
    ghost = game.hand.landing()
    shown = game.view._ghost.get_pos()
    assert tuple(shown) == pytest.approx(ghost[0])
    placed = len(game.match.log.placements)
    showbase.messenger.send("mouse1")                                     # let go
    assert run_until(game, lambda g: len(g.match.log.placements) > placed, max_ticks=50)
    record = game.match.log.placements[placed]
    assert record.action.seat == 0 and record.action.piece == aim.place.piece
    assert record.trajectory[-1] == ghost                                  # exactly where the ghost was
    assert game.hand is None


def test_tab_gives_the_piece_back_to_the_assist(showbase, game):
    _your_first_placement(game)
    first = game.aim.poses[0]
    showbase.messenger.send("r")                                          # tilting takes it in hand
    showbase.taskMgr.step()
    assert game.hand is not None and game.hand.quat != first[1]
    showbase.messenger.send("tab")
    showbase.taskMgr.step()
    assert game.hand is None and game.aim_index == 0
    assert tuple(game.view._ghost.get_pos()) == pytest.approx(first[0])   # the assist's aim again


def test_the_wheel_raises_the_piece_in_hand_and_zooms_without_one(showbase, game):
    _your_first_placement(game)
    distance = game.view.camera.distance_m
    showbase.messenger.send("wheel_up")                                   # nothing in hand: zoom in
    showbase.taskMgr.step()
    assert game.view.camera.distance_m < distance and game.hand is None
    base0 = game.view.layout.bases[game.aim.place.structure]
    game.pointer = game.view.screen_point((base0.x + 0.025, base0.y - 0.02, 0.03))
    showbase.messenger.send("mouse1")
    showbase.taskMgr.step()
    distance = game.view.camera.distance_m
    for _ in range(3):
        showbase.messenger.send("wheel_up")
    showbase.messenger.send("shift-wheel_down")
    showbase.taskMgr.step()
    assert game.view.camera.distance_m == distance                          # the wheel is the hand's now
    assert game.hand.lift_mm == pytest.approx(3 * LIFT_MM - 1.0)
    held = game.hand.held()
    assert tuple(game.view._ghost.get_pos()) == pytest.approx(held[0])    # the piece shown up there ...
    assert game.view._drop is not None                                    # ... with a line down to where it lands
    assert not game.view._drop.is_hidden() and game.view._drop.get_sz() == pytest.approx(held[0][2] - game.hand.landing()[0][2])
    placed = len(game.match.log.placements)
    showbase.messenger.send("mouse1")
    assert run_until(game, lambda g: len(g.match.log.placements) > placed, max_ticks=50)
    record = game.match.log.placements[placed]
    assert record.trajectory[-1] == held                                   # let go from that height
    assert not record.action.outcome.fallen and not record.action.outcome.only_active_fell


def test_a_piece_you_dropped_can_be_set_aside_as_fallen(showbase, game):
    _your_first_placement(game)
    place = game.aim.place
    assert game.hud.set_aside_button is None                              # nothing dropped yet ...
    before = len(game.match.log.placements)
    showbase.messenger.send("x")                                          # ... so X does nothing
    showbase.taskMgr.step()
    assert len(game.match.log.placements) == before and game.aim.place == place
    # Your hand slips: the piece is let go over the bare table, beside your base, and drops alone.
    base = game.view.layout.bases[place.structure]
    slip = ((base.x + 0.15, base.y, 0.05), (0.0, 0.0, 0.0, 1.0))
    human, placed = game.controllers[place.seat], len(game.match.log.placements)
    game.aim = None
    game.worker.submit(lambda: (human.release(game.match.snapshot, place, slip, 2.0, by_hand=True),
                                game.match.step())[1], game._stepped)
    assert run_until(game, lambda g: len(g.match.log.placements) > placed and your_placement(g), max_ticks=100)
    assert game.match.log.placements[placed].action.outcome.only_active_fell
    assert game.aim.place.piece == place.piece and game.match.drops_in_a_row(place.seat, place.piece) == 1
    showbase.taskMgr.step()
    assert game.hud.set_aside_button is not None                          # now the HUD offers it
    showbase.messenger.send("x")
    assert run_until(game, lambda g: len(g.match.log.placements) > placed + 1, max_ticks=100)
    record = game.match.log.placements[placed + 1]
    assert record.action.piece == place.piece and not record.action.outcome.only_active_fell
    assert record.action.outcome.fallen == (FallenPiece(place.piece, place.structure),)
    assert game.match.drops_in_a_row(place.seat, place.piece) == 0
    (x, y, _), _ = record.trajectory[-1]
    assert math.dist((x, y), (base.x, base.y)) > 0.1                       # put down on the table, off the base
