"""How the table looks: soft shadows that follow the pieces (and the setting that turns them
off), colour patterns on the pieces for colour-blind players, and a see-through solid ghost."""
from __future__ import annotations

import math

import numpy as np
import pytest

from physics.catalogue import stable_poses
from physics.layout import TableLayout
from physics.snapshot import PlacedPiece, Snapshot
from scenes.common import frame_array, render_frames
from tests.scenes.test_table_view import _mask, _project, _stack

STACK = ("blue-long_plank", "orange-grooved_block", "grey-cylinder")


@pytest.fixture(scope="module")
def stacked() -> Snapshot:
    return _stack(TableLayout.for_seats(2), STACK)


def _lying(layout: TableLayout, piece: str, x: float, y: float, yaw_deg: float = 0.0) -> PlacedPiece:
    """A piece at rest flat on the table, turned by `yaw_deg` (no simulation needed)."""
    from physics.catalogue import bottom_offset

    qx, qy, qz, qw = stable_poses(piece)[0].orientation
    h = math.radians(yaw_deg) / 2
    yaw = (0.0, 0.0, math.sin(h), math.cos(h))
    # yaw * rest
    ax, ay, az, aw = yaw
    quat = (aw * qx + ax * qw + ay * qz - az * qy, aw * qy - ax * qz + ay * qw + az * qx,
            aw * qz + ax * qy - ay * qx + az * qw, aw * qw - ax * qx - ay * qy - az * qz)
    return PlacedPiece(piece, None, (x, y, bottom_offset(piece, quat) + 0.0002), quat)


def test_a_long_piece_has_a_long_shadow_turned_with_it():
    from scenes.table.shadows import footprint

    piece = _lying(TableLayout.for_seats(2), "blue-long_plank", 0.1, 0.2, yaw_deg=30.0)
    cx, cy, heading, length, width, bottom, top = footprint("long_plank", piece.position, piece.orientation)
    assert (cx, cy) == pytest.approx((0.1, 0.2), abs=0.002)
    assert length == pytest.approx(0.20, abs=0.005) and width < 0.05
    assert (heading - 30.0 + 90.0) % 180.0 - 90.0 == pytest.approx(0.0, abs=1.0)
    assert bottom == pytest.approx(0.0, abs=0.001)


def test_shadows_sit_on_what_is_below_and_follow_a_moving_piece(showbase, stacked):
    from physics.bodies import BASE_HEIGHT_M
    from scenes.table.view import TableView

    view = TableView(showbase)
    try:
        view.show(stacked)
        placed = view.shadows.placed
        assert placed[STACK[0]][2] == pytest.approx(BASE_HEIGHT_M, abs=0.002)      # the plank: on the base
        below = [p for p in stacked.pieces if p.piece_id == STACK[0]][0]
        plank_top = footprint_top(below)
        assert placed[STACK[1]][2] == pytest.approx(plank_top, abs=0.003)          # the block: on the plank
        x0, y0 = placed[STACK[2]][:2]
        # One frame of a motion moves the cylinder off the stack: its shadow goes with it.
        b = stacked.layout.bases[0]
        quat = stable_poses(STACK[2])[0].orientation
        view.pose_pieces({STACK[2]: ((b.x + 0.15, b.y, 0.03), quat)})
        x1, y1, z1, alpha = view.shadows.placed[STACK[2]]
        assert x1 - x0 == pytest.approx(0.15, abs=0.01) and z1 < 0.002 and alpha > 0.1
    finally:
        view.destroy()


def footprint_top(piece: PlacedPiece) -> float:
    from scenes.table.shadows import footprint

    return footprint(piece.piece_id.split("-", 1)[1], piece.position, piece.orientation)[6]


def test_shadows_darken_the_table_beside_the_pieces_unless_turned_off(showbase):
    from scenes.table.view import TableView

    layout = TableLayout.for_seats(2)
    b = layout.bases[0]
    pieces = tuple(_lying(layout, pid, b.x + 0.1 + 0.07 * k, b.y - 0.12, yaw) for k, (pid, yaw) in
                   enumerate((("orange-long_plank", 80.0), ("green-ball", 0.0), ("grey-cylinder", 0.0))))
    snapshot = Snapshot(layout, pieces)
    frames = {}
    for shadows in (True, False):
        view = TableView(showbase, shadows=shadows)
        try:
            assert (view.shadows is not None) == shadows
            view.show(snapshot)
            view.focus(0, 60.0)
            render_frames(showbase, 2)
            frames[shadows] = frame_array(showbase).astype(int)
        finally:
            view.destroy()
    darker = (frames[False].sum(axis=2) - frames[True].sum(axis=2)) > 25
    assert darker.sum() > 400                                # soft dark patches appeared ...
    ys, xs = np.nonzero(darker)
    px, py = zip(*(_project(showbase, p.position) for p in pieces))
    near = [min(math.hypot(x - a, y - c) for a, c in zip(px, py)) for x, y in zip(xs, ys)]
    assert np.median(near) < 90                              # ... around the pieces, not elsewhere
    assert (frames[True] >= 0).all()


def test_the_desktop_game_takes_the_shadows_setting(showbase):
    from game import api
    from play.desktop import DesktopGame
    from play.human import default_seats

    config = api.TourConfig(2, ("philadelphia",), base_sides=("A",) * 2)
    for shadows in (True, False):
        game = DesktopGame(showbase, config, default_seats(2), 1, threaded=False, pace=False, bind_input=False,
                           shadows=shadows, colour_marks=not shadows)
        try:
            assert (game.view.shadows is not None) == shadows and game.view.colour_marks == (not shadows)
        finally:
            game.destroy()


def test_colour_marks_pattern_the_pieces_and_plain_grey_stays_plain(showbase):
    from scenes.table.colour_patterns import PATTERNS, pattern_values
    from scenes.table.view import TableView

    kinds = {k: pattern_values(k) for k in set(PATTERNS.values())}
    assert len({v.tobytes() for v in kinds.values()}) == 4 and (kinds["plain"] == 1.0).all()
    for kind in ("stripes", "dots", "checks"):
        assert 0.1 < (kinds[kind] < 1.0).mean() < 0.6, kind
    layout = TableLayout.for_seats(2)
    b = layout.bases[0]
    pieces = (_lying(layout, "blue-grooved_block", b.x + 0.12, b.y - 0.1), _lying(layout, "grey-grooved_block", b.x - 0.02, b.y - 0.14))
    snapshot = Snapshot(layout, pieces)
    contrast = {}
    for marks in (False, True):
        view = TableView(showbase, shadows=False)
        try:
            view.set_colour_marks(marks)
            view.show(snapshot)
            view.focus(0, 60.0)
            render_frames(showbase, 2)
            rgb = frame_array(showbase).astype(int)
        finally:
            view.destroy()
        blue = (rgb[..., 2] > rgb[..., 0] + 25) & (rgb[..., 2] > 40)
        # Local contrast inside the blue piece: a step in brightness to the pixel 3 to the right.
        step = np.abs(rgb[:, 3:].sum(axis=2) - rgb[:, :-3].sum(axis=2))
        inside = blue[:, 3:] & blue[:, :-3]
        assert inside.sum() > 2000, marks                       # the blue block is there both times ...
        contrast[marks] = (step[inside] > 60).mean()
    assert contrast[True] > 0.03 and contrast[True] > 4 * contrast[False], contrast    # ... dotted only with marks


def test_the_ghost_is_a_see_through_solid_not_a_wireframe(showbase, stacked):
    from panda3d.core import RenderModeAttrib
    from scenes.table.view import TableView

    view = TableView(showbase)
    try:
        view.show(stacked)
        b = stacked.layout.bases[1]
        view.focus(1, 60.0)
        render_frames(showbase, 2)
        before = frame_array(showbase).astype(int)
        view.show_ghost("blue-grooved_block", (b.x, b.y, 0.06), (0.0, 0.0, 0.0, 1.0))
        render_frames(showbase, 2)
        after = frame_array(showbase).astype(int)
        modes = [n.get_attrib(RenderModeAttrib) for n in view._ghost.find_all_matches("**")]
        assert all(m is None or m.get_mode() != RenderModeAttrib.M_wireframe for m in modes)
        x, y = _project(showbase, (b.x, b.y, 0.06))
        changed = np.abs(after - before).sum(axis=2)[y - 25:y + 25, x - 25:x + 25] > 30
        assert changed.mean() > 0.8                           # filled, not a few lines
        # See-through: behind it the table's grain still shows (the patch is not one flat colour).
        assert after[y - 25:y + 25, x - 25:x + 25].std(axis=(0, 1)).max() > 2.0
        assert (after[y, x] != before[y, x]).any()
    finally:
        view.destroy()


def test_the_picture_of_the_table_frames_every_structure_and_shows_the_pieces(showbase, stacked):
    from panda3d.core import PNMImage
    from scenes.table.view import TableView

    view = TableView(showbase)
    try:
        view.show(stacked)
        view.focus(1, 60.0)                       # the window looks elsewhere: the picture does not care
        cameras = len(showbase.render.find_all_matches("**/+Camera"))
        texture = view.take_picture()
        render_frames(showbase, 1)
        assert texture is not None and texture.has_ram_image()
        image = PNMImage()
        texture.store(image)
        w, h = image.get_x_size(), image.get_y_size()
        rgb = np.array([[image.get_xel(x, y) for x in range(0, w, 2)] for y in range(0, h, 2)]) * 255
        assert _mask(rgb, "blue").sum() > 30 and _mask(rgb, "orange").sum() > 30
        dark = rgb.sum(axis=2) < 90                 # the black bases, well inside the picture
        sh, sw = dark.shape
        assert dark[sh // 8: -sh // 8, sw // 8: -sw // 8].sum() > 100
        view.take_picture()                         # a new picture replaces the last one's camera
        assert len(showbase.render.find_all_matches("**/+Camera")) == cameras + 1
    finally:
        view.destroy()
