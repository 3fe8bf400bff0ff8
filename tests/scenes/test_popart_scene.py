"""Pop Art's 2D scene, offscreen: hand, drag-to-layer preview, placing, hand-offs, results.

Input goes through the scene's own handlers (aspect2d coordinates), exactly as the mouse does.
Screenshots are checked for content: the blended print colour in the preview, the hidden hand
on the hand-off screen, the labelled breakdown.
"""
from __future__ import annotations

import random

import pytest
from panda3d.core import PNMImage

from game.popart import Config, Seat, Session, make_bot
from scenes.popart.cards_view import PALETTE
from scenes.popart.example import ExampleScene
from scenes.popart.scene import PopArtScene

W, H = 1280, 720


def centre(hit):
    x0, y0, x1, y1 = hit.box
    return (x0 + x1) / 2, (y0 + y1) / 2


def find(scene, kind, key):
    return next(h for h in scene.hits if h.kind == kind and h.key == key)


def colour_share(path, colour, box=None, tolerance=0.08):
    """Share of pixels within `tolerance` of an RGB colour, in a box given in aspect2d coordinates."""
    image = PNMImage()
    assert image.read(str(path))
    aspect = W / H
    if box is None:
        box = (-aspect, -1, aspect, 1)
    x0, y0, x1, y1 = box
    px0, px1 = int((x0 / aspect + 1) / 2 * W), int((x1 / aspect + 1) / 2 * W)
    py0, py1 = int((1 - y1) / 2 * H), int((1 - y0) / 2 * H)
    hits = total = 0
    for px in range(max(px0, 0), min(px1, W), 3):
        for py in range(max(py0, 0), min(py1, H), 3):
            r, g, b = image.get_xel(px, py)
            total += 1
            hits += abs(r - colour[0]) < tolerance and abs(g - colour[1]) < tolerance and abs(b - colour[2]) < tolerance
    return hits / max(total, 1)


def human_move(scene, rng, bot=make_bot("normal")):
    """Choose like a bot would, but do it through the scene: drag fg onto bg, click a slot, lock in."""
    play = bot.choose(scene.session.observation(), rng)
    fg, bg = centre(find(scene, "fg", play.fg)), centre(find(scene, "bg", play.bg))
    scene.on_press(*fg)
    scene.on_move(*bg)
    scene.on_release(*bg)
    scene.on_press(*centre(find(scene, "cell", play.cell)))
    scene.lock_in()
    return play


@pytest.fixture
def table(showbase):
    scenes = []

    def make(config, seats, seed=3):
        scene = PopArtScene(showbase, Session(config, seats, seed))
        scenes.append(scene)
        return scene

    yield make
    for scene in scenes:
        scene.destroy()


def test_hand_drag_preview_place_and_lock_in(table, screenshot):
    scene = table(Config(3), [Seat("Ann", "human"), Seat("Bob", "hard"), Seat("Cy", "easy")])
    assert scene.mode == "choose"
    fgs = [h for h in scene.hits if h.kind == "fg"]
    bgs = [h for h in scene.hits if h.kind == "bg"]
    assert len(fgs) == 3 and len(bgs) == 3
    hand = screenshot("popart_hand.png")
    fg, bg = fgs[0].key, bgs[1].key
    scene.on_press(*centre(fgs[0]))
    scene.on_move(*centre(bgs[1]))
    assert scene.preview == (fg, bg) and scene.combo is None
    blended = scene.cat.face(fg, bg).colour
    preview = screenshot("popart_drag_preview.png")
    panel = (-0.3, 0.2, 0.2, 0.75)
    assert colour_share(preview, PALETTE[blended], panel) > 0.15
    assert colour_share(hand, PALETTE[blended], panel) < 0.02     # before: the instructions panel
    scene.on_release(*centre(bgs[1]))
    assert scene.combo == (fg, bg)
    # dropping the print outside the display does nothing; into the slot places it tentatively
    print_hit = next(h for h in scene.hits if h.kind == "print")
    scene.on_press(*centre(print_hit))
    scene.on_move(1.5, 0.9)
    scene.on_release(1.5, 0.9)
    assert scene.tentative is None
    slot = find(scene, "cell", (0, 0))
    scene.on_press(*centre(print_hit))
    scene.on_move(*centre(slot))
    assert scene.hover_cell == (0, 0)
    scene.on_release(*centre(slot))
    assert scene.tentative == (0, 0)
    placed = screenshot("popart_grid.png")
    assert colour_share(placed, PALETTE[blended], (-1.74, -0.37, -0.56, 0.8)) > 0.02
    scene.lock_in()
    state = scene.session.state
    assert state.round == 2 and len(state.displays[0]) == 1
    assert (state.displays[0][0].fg, state.displays[0][0].bg) == (fg, bg)
    assert len([h for h in scene.hits if h.kind == "cell"]) == 25   # the print + 24 legal slots
    screenshot("popart_round2.png")


def test_click_to_layer_and_undo(table):
    scene = table(Config(2), [Seat("Ann", "human"), Seat("Bob", "normal")])
    fg = next(h for h in scene.hits if h.kind == "fg")
    bg = next(h for h in scene.hits if h.kind == "bg")
    scene.on_press(*centre(bg))
    scene.on_release(*centre(bg))
    assert scene.selected == ("bg", bg.key) and scene.combo is None
    scene.on_press(*centre(fg))
    scene.on_release(*centre(fg))
    assert scene.combo == (fg.key, bg.key)
    scene.undo()
    assert scene.combo is None and scene.tentative is None
    scene.lock_in()          # nothing to lock in: no change
    assert scene.session.state.round == 1


def test_hot_seat_handoff_hides_the_hand(table, screenshot):
    scene = table(Config(2), [Seat("Ann", "human"), Seat("Bob", "human")])
    assert scene.mode == "handoff"
    assert not any(h.kind in ("fg", "bg") for h in scene.hits)
    assert scene.root.find("**/fg-*").is_empty()
    shot = screenshot("popart_handoff.png")
    assert colour_share(shot, (1, 1, 1), (-0.9, -0.3, 0.9, 0.25)) > 0.5     # the white notice panel
    for colour in ("magenta", "cyan"):
        assert colour_share(shot, PALETTE[colour], (-1.7, -1, 1.7, -0.4)) < 0.01   # no hand showing
    scene.continue_after_handoff()
    assert scene.mode == "choose" and scene.seat == 0
    human_move(scene, random.Random(1))
    assert scene.mode == "handoff" and scene.session.current_human == 1
    scene.continue_after_handoff()
    assert scene.seat == 1


def test_a_full_game_through_the_scene_ends_on_the_breakdown(table, screenshot):
    scene = table(Config(3), [Seat("Ann", "human"), Seat("Bob", "hard"), Seat("Cy", "human")], seed=5)
    rng = random.Random(2)
    while not scene.session.is_over:
        if scene.mode == "handoff":
            scene.continue_after_handoff()
        human_move(scene, rng)
    assert scene.mode == "breakdown"
    out = scene.session.outcome()
    assert scene.root.find_all_matches("**/print-*").get_num_paths() == 9
    shot = screenshot("popart_breakdown.png")
    assert colour_share(shot, (1.0, 0.93, 0.2), (-0.3, -1, 1.74, 0.8)) > 0.003   # the yellow points column
    scene.next_seat()
    assert scene.view_seat == 1
    assert len(out.scores) == 3


def test_solo_rank_screen_then_breakdown(table, screenshot):
    scene = table(Config(1), [Seat("Ann", "human")], seed=2)
    rng = random.Random(3)
    while not scene.session.is_over:
        human_move(scene, rng, make_bot("hard"))
    assert scene.mode == "rank"
    shot = screenshot("popart_solo_rank.png")
    assert colour_share(shot, (1.0, 0.93, 0.2), (-0.2, -0.6, 1.2, 0.0)) > 0.02   # your band lit up
    scene.show_breakdown()
    assert scene.mode == "breakdown"
    screenshot("popart_solo_breakdown.png")


def test_rulebook_example_screen_scores_32(showbase, screenshot):
    scene = ExampleScene(showbase)
    try:
        assert scene.sheet.total == 32
        assert [p.points for p in scene.sheet.prints] == [4, 0, 8, 0, 8, 4, 1, 3, 4]
        shot = screenshot("popart_example.png")
        assert colour_share(shot, PALETTE["violet"], (-1.74, -1, -0.4, 0.8)) > 0.01    # D and G are violet
    finally:
        scene.destroy()
    assert showbase.aspect2d.find("popart-example").is_empty()


def test_destroy_removes_everything(showbase):
    scene = PopArtScene(showbase, Session(Config(2), [Seat("Ann", "human"), Seat("Bob", "normal")], 1))
    scene.bind_mouse()
    assert not showbase.aspect2d.find("popart-scene").is_empty()
    scene.destroy()
    assert showbase.aspect2d.find("popart-scene").is_empty()
    assert not showbase.taskMgr.hasTaskNamed("popart-track")
