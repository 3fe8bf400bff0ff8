"""The 3D table view renders real snapshots offscreen: piece colours where the structure is."""
from __future__ import annotations

import numpy as np
import pytest

from physics.catalogue import stable_poses
from physics.layout import TableLayout
from physics.snapshot import PlacedPiece, Snapshot
from physics.world import World
from scenes.common import frame_array, render_frames

STACK = ("blue-long_plank", "orange-grooved_block", "grey-cylinder")


def _stack(layout: TableLayout, pieces: tuple[str, ...], structure: int = 0) -> Snapshot:
    """Pieces dropped one on another at the base centre (real resting heights, no simulation)."""
    base = layout.bases[structure]
    with World(layout) as world:
        for pid in pieces:
            quat = stable_poses(pid)[0].orientation
            z = world.resting_z(pid, base.x, base.y, quat)
            world.add(pid, structure, (base.x, base.y, z + 0.0005), quat)
        return world.snapshot()


def _with(snapshot: Snapshot, piece: PlacedPiece) -> Snapshot:
    return Snapshot(snapshot.layout, snapshot.pieces + (piece,))


def _project(showbase, point) -> tuple[int, int]:
    """Pixel (x, y from the top) of a world point."""
    from panda3d.core import Point2, Point3

    p3 = showbase.cam.get_relative_point(showbase.render, Point3(*point))
    p2 = Point2()
    assert showbase.camLens.project(p3, p2), f"{point} is off screen"
    w, h = showbase.win.get_x_size(), showbase.win.get_y_size()
    return int((p2.x + 1) / 2 * w), int((1 - p2.y) / 2 * h)


def _mask(rgb: np.ndarray, colour: str) -> np.ndarray:
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    if colour == "blue":
        return (b > 110) & (b > r + 50) & (b > g + 15)
    if colour == "orange":
        return (r > 150) & (r > g + 40) & (g > b + 30)
    if colour == "green":
        return (g > 100) & (g > r + 30) & (g > b + 30)
    if colour == "grey":
        return (abs(r - g) < 14) & (abs(g - b) < 14) & (r > 95)
    raise ValueError(colour)


@pytest.fixture
def view(showbase):
    from scenes.table.view import TableView

    v = TableView(showbase)
    yield v
    v.destroy()


@pytest.fixture(scope="module")
def stack_snapshot() -> Snapshot:
    return _stack(TableLayout.for_seats(2), STACK)


def _window(showbase, snapshot: Snapshot, structure: int, half: int = 130) -> np.ndarray:
    b = snapshot.layout.bases[structure]
    cx, cy = _project(showbase, (b.x, b.y, 0.06))
    rgb = frame_array(showbase)
    return rgb[max(0, cy - half): cy + half, max(0, cx - half): cx + half]


def test_view_draws_piece_colours_at_the_structure(showbase, view, stack_snapshot):
    view.show(stack_snapshot)
    view.focus(0, 120.0)
    render_frames(showbase)
    region = _window(showbase, stack_snapshot, 0)
    for colour in ("blue", "orange", "grey"):
        assert _mask(region, colour).sum() > 150, f"no {colour} piece drawn near structure 0"
    # The empty structure 1 is off this close view or shows no painted piece.
    assert _mask(frame_array(showbase), "green").sum() < 20


def test_adding_a_piece_changes_the_picture(showbase, view, stack_snapshot):
    view.show(stack_snapshot)
    view.focus(0, 120.0)
    render_frames(showbase)
    before = frame_array(showbase)
    top = max(p.position[2] for p in stack_snapshot.pieces)
    b = stack_snapshot.layout.bases[0]
    ball = PlacedPiece("green-ball", 0, (b.x, b.y, top + 0.06), (0.0, 0.0, 0.0, 1.0))
    view.show(_with(stack_snapshot, ball))
    render_frames(showbase)
    after = frame_array(showbase)
    changed = np.abs(after.astype(int) - before.astype(int)).sum(axis=2) > 30
    assert changed.sum() > 500
    assert _mask(after, "green").sum() > 150 > _mask(before, "green").sum()
    assert "green-ball" in view.visible_pieces()


def test_pieces_leaving_the_table_are_hidden_and_tagged(showbase, view, stack_snapshot):
    from scenes.table.view import PIECE_TAG

    view.show(stack_snapshot)
    fewer = Snapshot(stack_snapshot.layout, stack_snapshot.pieces[:1])
    view.show(fewer)
    assert view.visible_pieces() == (STACK[0],)
    assert set(view.pieces) == set(STACK)        # made once, hidden, not rebuilt
    for pid, node in view.pieces.items():
        assert node.get_tag(PIECE_TAG) == pid


def test_layout_change_rebuilds_the_table_and_destroy_cleans_up(showbase, stack_snapshot):
    from scenes.table.view import TableView

    view = TableView(showbase)
    view.show(stack_snapshot)
    common = Snapshot(TableLayout.common(1, 3))
    view.show(common)
    view.overview()
    assert view.layout == common.layout and view.visible_pieces() == ()
    view.set_heights([30.0])
    assert view.tape.labels[0].get_text() == "3.0 cm"
    view.destroy()
    assert showbase.render.find("table-view").is_empty()


def test_ghost_and_tape(showbase, view, stack_snapshot):
    view.show(stack_snapshot)
    view.set_heights([123.4, 30.0])
    assert [t.get_text() for t in view.tape.labels] == ["12.3 cm", "3.0 cm"]
    b = stack_snapshot.layout.bases[1]
    view.focus(1, 60.0)
    render_frames(showbase)
    before = frame_array(showbase)
    view.show_ghost("blue-ring", (b.x, b.y, 0.045), (0.0, 0.0, 0.0, 1.0))
    render_frames(showbase)
    assert view.ghost_visible
    region = _window(showbase, stack_snapshot, 1).astype(int)
    # A see-through blue solid: where it shows, the table turns bluish.
    bluish = (region[..., 2] - region[..., 0]) > 15
    assert bluish.sum() > 300
    assert np.abs(frame_array(showbase).astype(int) - before.astype(int)).sum() > 0
    # The ghost must not change how real pieces of the same shape look.
    real = view.pieces[STACK[0]]
    assert not real.has_color_scale() and real.get_color()[3] == 1.0
    view.hide_ghost()
    assert not view.ghost_visible


def test_the_overview_backs_off_so_a_tall_tower_stays_below_the_turn_banner(showbase, view):
    from scenes.table.view import BELOW_BANNER_Y, LABEL_ROOM_M

    layout = TableLayout.for_seats(3)
    low = _stack(layout, ("blue-long_plank",))
    column = _stack(layout, tuple(f"{c}-cylinder" for c in ("grey", "blue", "green", "orange")) + ("blue-long_plank",))
    tall = Snapshot(layout, tuple(                               # drawn only: stretched to a 40-odd cm column
        PlacedPiece(p.piece_id, p.structure, (p.position[0], p.position[1], p.position[2] * 2.0), p.orientation)
        for p in column.pieces))
    assert max(p.position[2] for p in tall.pieces) > 0.35
    distances = {}
    for name, snapshot in (("low", low), ("tall", tall)):
        view.show(snapshot)
        view.camera.face_seat(layout.seat_angles[0])
        view.overview()
        distances[name] = view.camera.distance_m
        top = max(p.position[2] for p in snapshot.pieces) + 0.03 + LABEL_ROOM_M
        b = layout.bases[0]
        assert view.screen_point((b.x, b.y, top))[1] <= BELOW_BANNER_Y
    # A low table keeps the usual framing; the tall one is seen from farther away.
    assert distances["tall"] > distances["low"] * 1.1


def test_focusing_on_a_tall_structure_keeps_its_top_below_the_turn_banner(showbase, view, stack_snapshot):
    from scenes.table.view import BELOW_BANNER_Y, LABEL_ROOM_M

    b = stack_snapshot.layout.bases[0]
    view.show(stack_snapshot)
    for height_mm in (60.0, 250.0, 450.0):          # a low pile, a tower, a pin held over a tower
        view.focus(0, height_mm)
        assert view.screen_point((b.x, b.y, height_mm / 1000.0 + LABEL_ROOM_M))[1] <= BELOW_BANNER_Y
        assert view.screen_point((b.x, b.y, 0.0))[1] > -0.9                  # and its base still shows
