"""Nothing on the table's screen overlaps: HUD blocks, tape heights and name tags, on crowded
tables (6 seats, tall towers, long names, long lines) at window sizes from 1024 x 600 up."""
from __future__ import annotations

import random

import pytest

from game import api
from physics.layout import TableLayout
from physics.snapshot import Snapshot
from scenes.table import hud_model
from scenes.table.layout import Rect, Wanted, beside, overlapping, place

LONG = ["Bartholomew Longname-Smythe", "Hard bot", "Normal bot", "Maximiliana Oppenheimer", "Easy bot", "You"]
SIZES = [(1024, 600), (1280, 720), (1024, 768), (1920, 1080)]
TALL_MM = [450.0, 230.0, 380.0, 30.0, 510.0, 120.0]


def test_labels_that_would_overprint_are_moved_apart_or_left_out():
    screen = Rect(-1.7, -1.0, 1.7, 1.0)
    same = [Wanted(0.2, 0.05, (0.0, 0.0), beside(0.2, 0.05)) for _ in range(3)]
    rects = place(same, [], screen)
    assert all(r is not None for r in rects)
    assert overlapping([(str(k), r) for k, r in enumerate(rects)]) == []
    # A label whose every spot is under a panel is not drawn.
    blocked = place([Wanted(0.2, 0.05, (0.0, 0.0), beside(0.2, 0.05))], [Rect(-1.0, -1.0, 1.0, 1.0)], screen)
    assert blocked == [None]
    # Off the screen's edge is not a spot either.
    edge = place([Wanted(0.2, 0.05, (1.69, 0.0), ((0.02, 0.0),))], [], screen)
    assert edge == [None]


def _crowded_state(seed: int = 3) -> api.State:
    state = api.new_tour(api.TourConfig(6, ("philadelphia", "monaco", "paris"), start_seat=0, base_sides=("A",) * 6))
    rng = random.Random(seed)
    while api.is_chance(state):
        state = api.apply(state, api.sample_chance(state, rng))
    return state


@pytest.fixture
def table(showbase):
    from scenes.table.hud import Hud
    from scenes.table.view import TableView

    hud = Hud(showbase)
    view = TableView(showbase)
    view.avoid = hud.boxes
    yield hud, view
    view.destroy()
    hud.destroy()
    showbase.win.set_size(1280, 720)
    showbase.adjustWindowAspectRatio(1280 / 720)


def _check(showbase, hud, view, what: str) -> list[str]:
    view.place_labels()
    a, t = float(showbase.a2dRight), float(showbase.a2dTop)
    screen = Rect(-a - 1e-6, -t - 1e-6, a + 1e-6, t + 1e-6)
    rects = hud.boxes() + list(view.labels.shown.items())
    assert overlapping(rects) == [], what
    assert [n for n, r in rects if not r.inside(screen)] == [], what
    outside = [(n, t_rect, box) for n, t_rect, box in hud.text_boxes() if not t_rect.inside(box, 0.004)]
    assert outside == [], what
    return list(view.labels.shown)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_crowded_table_has_no_overlaps(showbase, table, size):
    from scenes.common import render_frames
    from scenes.table.hud import HudInput, key_help

    hud, view = table
    w, h = size
    showbase.win.set_size(w, h)
    showbase.adjustWindowAspectRatio(w / h)
    state = _crowded_state()
    legal = api.legal_actions(state, 5)
    model = hud_model.build(state, LONG, 5, "Your turn: keep one card, pass the others to the players beside you",
                            "Maximiliana Oppenheimer placed green long plank: 4 fell (grey axle, blue cone, orange ring and 1 more)")
    view.show(Snapshot(TableLayout.for_seats(6), ()))
    view.set_heights(TALL_MM)
    view.set_name_tags(hud_model.name_tags(state, LONG))
    options = tuple(hud_model.action_text(a, LONG, 5) for a in legal)
    shown_counts = []
    inputs = [HudInput(model, options, controls=key_help(moment="choose")),
              HudInput(hud_model.spectator(model), controls=key_help(moment="watch"),
                       extra=tuple(f"{n}: {10 + k} fans" for k, n in enumerate(LONG)) + ("Replay saved: tour-2026-12-02.jsonl",)),
              HudInput(model, placing=True, can_set_aside=True, controls=key_help(moment="place")),
              HudInput(hud_model.spectator(model), handoff=LONG[0], controls=key_help(moment="handoff"))]
    for k, shown in enumerate(inputs):
        hud.show(shown)
        render_frames(showbase, 1)
        view.overview()
        shown_counts.append(len(_check(showbase, hud, view, f"{size} input {k} overview")))
        for structure in range(6):          # C, and the camera following each seat
            view.focus(structure, TALL_MM[structure])
            _check(showbase, hud, view, f"{size} input {k} focus {structure}")
        view.camera.orbit(90.0, 20.0)
        view.apply_camera()
        _check(showbase, hud, view, f"{size} input {k} orbited")
    # Placing the labels is not the same as leaving them out: most of the 12 are drawn.
    assert max(shown_counts) >= 8, shown_counts
    assert len(hud.texts()["seats"]) == 6 or hud.handoff_button is not None


def test_panel_and_tape_say_the_same_height_from_the_start(showbase, table):
    from scenes.table.hud import HudInput

    hud, view = table
    state = _crowded_state()
    ex = api.current(state)
    assert all(s.height_mm == 0.0 for s in ex.structures)        # the rules have not measured yet
    layout = TableLayout.for_seats(6)
    view.show(Snapshot(layout, ()))
    view.set_heights([s.height_mm for s in ex.structures])
    model = hud_model.build(state, LONG, 5, "", "")
    hud.show(HudInput(model))
    panel_lines = [str(label["text"]) for name, label, _ in hud._texts if name.startswith("seat-") and "fans" in str(label["text"])]
    assert panel_lines and all(line.endswith("3.0 cm") for line in panel_lines)
    assert [t.get_text() for t in view.tape.labels] == ["3.0 cm"] * 6
    assert hud_model.height_text(123.4) == "12.3 cm" and hud_model.height_text(0.0) == "3.0 cm"


def test_name_tags_follow_the_owners_and_light_the_acting_seat():
    state = _crowded_state()
    tags = hud_model.name_tags(state, LONG)
    assert [t.name for t in tags] == LONG and all(t.active for t in tags)      # the pass is simultaneous
    paris = api.new_tour(api.TourConfig(3, ("paris",), start_seat=0, base_sides=("A",) * 3))
    rng = random.Random(1)
    while api.is_chance(paris):
        paris = api.apply(paris, api.sample_chance(paris, rng))
    shared = hud_model.name_tags(paris, ["You", "Ann", "Bob"])
    assert any(t.seat is None and t.name.startswith("shared") for t in shared)


def test_the_hint_bar_offers_the_keys_of_the_moment():
    from scenes.table.hud import key_help

    choose, place, watch, hand = (" ".join(key_help("menu", m)) for m in ("choose", "place", "watch", "hand"))
    assert "Space place" not in choose and "click a choice" in choose and "Esc menu" in choose
    assert "Space place" in place and "Tab re-aim" in place
    assert "Space" not in watch and "bots' speed" in watch
    assert "Q/E turn" in hand and "Space" not in hand


def test_f1_shows_the_city_rules_over_the_table_and_closes_again(showbase, screenshot):
    from play.desktop import DesktopGame
    from play.desktop_shots import run_until, your_turn
    from play.human import default_seats
    from game.rules_text import rules_page

    config = api.TourConfig(3, ("paris",), base_sides=("A",) * 3)
    game = DesktopGame(showbase, config, default_seats(3), 2, threaded=False, pace=False, bind_input=True)
    try:
        assert run_until(game, your_turn, max_ticks=400)
        showbase.messenger.send("f1")
        assert game.hud.rules_open and game.hud.boxes()[0][0] == "rules"
        assert game.hud.rules.texts() == [text for _, text in rules_page("paris").sections]
        game.view.place_labels()
        assert game.view.labels.shown == {}                  # nothing of the table shows through
        screenshot("rules.png")
        showbase.messenger.send("f1")
        assert not game.hud.rules_open and len(game.hud.boxes()) > 3
    finally:
        game.destroy()


def test_rules_pages_for_every_city_and_a_bad_name(capsys):
    from game.cards import city_cards
    from play.cli import main
    from game.rules_text import rules_page

    for card in city_cards():
        page = rules_page(card.name)
        assert [h for h, _ in page.sections] == ["Goal", "Setup", "A turn", "Fallen pieces", "The city ends", "Fans",
                                                 "Special here"]
        assert "See the rulebook" not in page.to_text()
    assert main(["rules", "philadelphia"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Philadelphia (2-6 players)") and "keep one card of your 3" in out and "last artist standing: 5" in out
    assert main(["rules", "Montréal"]) == 0 and "Montréal" in capsys.readouterr().out
    assert main(["rules", "atlantis"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("junkart: error: no city named 'atlantis'; choose from home_town")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
def test_the_city_and_tour_scoreboards_fit_a_crowded_table(showbase, table, size):
    from play.match import CityResult
    from scenes.common import frame_array, render_frames
    from scenes.table.hud import HudInput
    from game.tour import TourOutcome

    hud, view = table
    showbase.win.set_size(*size)
    showbase.adjustWindowAspectRatio(size[0] / size[1])
    state = _crowded_state()
    view.show(Snapshot(TableLayout.for_seats(6), ()))
    view.set_heights(TALL_MM)
    view.set_name_tags(hud_model.name_tags(state, LONG))
    model = hud_model.spectator(hud_model.build(state, LONG, 5, "Tour over: You win!", "Philadelphia is over"))
    result = CityResult("philadelphia", (5, 0, 0, 0, 0, 3), tuple(TALL_MM), (1, 2, 2, 0, 2, 1),
                        (False, True, True, False, True, False), "last artist standing", 40)
    board = hud_model.city_scoreboard(result, (5, 0, 0, 0, 0, 3), LONG, last=False)
    hud.board_picture = view.take_picture()            # the table as the city ended
    hud.show(HudInput(model, scoreboard=board))
    view.overview()
    render_frames(showbase, 2)
    _check(showbase, hud, view, f"{size} city board")
    said = " ".join(str(label["text"]) for name, label, _ in hud._texts if name == "scoreboard")
    assert "Philadelphia is over" in said and "last artist standing: 5" in said and "OUT" in said and "45.0 cm" in said
    assert "Fans in this city:" in said
    assert [str(b["text"]) for b in hud.board_buttons] == ["Next city  [Space]", "Menu  [Esc]"]
    # The picture is drawn inside the board, and it shows the wooden table.
    picture = [r for n, r, _ in hud.text_boxes() if n == "scoreboard-picture"]
    assert len(picture) == 1
    rgb = frame_array(showbase).astype(int)
    h, w = rgb.shape[:2]
    a = float(showbase.a2dRight)
    r = picture[0]
    x0, x1 = int((r.x0 / a + 1) / 2 * w) + 2, int((r.x1 / a + 1) / 2 * w) - 2
    y0, y1 = int((1 - r.y1) / 2 * h) + 2, int((1 - r.y0) / 2 * h) - 2
    patch = rgb[y0:y1, x0:x1]
    wood = (patch[..., 0] > patch[..., 2] + 40) & (patch[..., 0] > 90)
    assert wood.mean() > 0.25, wood.mean()
    outcome = TourOutcome(True, (9, 4, 4, 2, 1, 9), ((5, 0, 0, 0, 0, 3), (4, 4, 4, 2, 1, 6)), (0,), "last city")
    tour = hud_model.tour_scoreboard(outcome, result, LONG, ("philadelphia", "monaco"), play_again=True)
    hud.show(HudInput(model, scoreboard=tour))
    _check(showbase, hud, view, f"{size} tour board")
    said = " ".join(str(label["text"]) for name, label, _ in hud._texts if name == "scoreboard")
    assert "Bartholomew Longname-Smythe wins the tour!" in said and "breaks the tie" in said and "Monaco: " in said
    assert "Fans city by city:" in said
    assert [str(b["text"]) for b in hud.board_buttons] == ["Play again  [Space]", "Menu  [Esc]"]
    assert hud_model.tour_scoreboard(outcome, result, LONG, ("philadelphia", "monaco")).buttons == ("Menu  [Esc]",)
    hud.board_picture = None


def test_the_view_turns_smoothly_to_whoever_acts_unless_the_player_took_the_camera(showbase, table):
    import math
    import time

    hud, view = table
    layout = TableLayout.for_seats(4)
    view.show(Snapshot(layout, ()))
    view.camera.heading_deg = 0.0
    view.overview()
    goal = (math.degrees(layout.seat_angles[2]) + 90.0) % 360.0
    view.follow_seat(layout.seat_angles[2])
    headings = []
    deadline = time.monotonic() + 5.0
    while view._heading_goal is not None and time.monotonic() < deadline:
        showbase.taskMgr.step()
        headings.append(view.camera.heading_deg)
        time.sleep(0.01)
    assert abs((view.camera.heading_deg - goal + 180) % 360 - 180) < 1e-6
    assert len(set(round(h) for h in headings)) > 3          # turned in steps, not in one jump
    # Seat 2's base is now the nearest to the camera: nothing stands between.
    eye = view.camera.eye()
    nearest = min(range(4), key=lambda k: math.hypot(layout.bases[k].x - eye[0], layout.bases[k].y - eye[1]))
    assert nearest == 2
    view.user_camera_until = time.monotonic() + 60.0          # the player orbits: the view leaves it alone
    view.follow_seat(layout.seat_angles[0])
    showbase.taskMgr.step()
    assert view._heading_goal is None and abs((view.camera.heading_deg - goal + 180) % 360 - 180) < 1e-6


def test_colour_blind_marks_put_a_shape_on_each_card_of_your_hand(showbase, table):
    from scenes.table import palette
    from scenes.table.hud import HudInput

    hud, view = table
    state = _crowded_state()
    model = hud_model.build(state, LONG, 5, "Your turn", "")
    hud.colour_marks = True
    hud.show(HudInput(model))
    chips = dict(hud.card_words)
    assert chips and set(chips) == set(hud.chip_buttons)
    assert all(text.startswith(palette.MARKS[hud_model.card_colour(card)] + " ") for card, text in chips.items())
    # The mark is drawn on the card itself, in its corner.
    for card, button in hud.chip_buttons.items():
        drawn = [n.node().get_text() for n in button.find_all_matches("**/card-text")]
        assert palette.MARKS[hud_model.card_colour(card)] in drawn
    assert len(set(palette.MARKS.values())) == 4
    _check(showbase, hud, view, "marks")
    hud.colour_marks = False
    hud.show(HudInput(model, extra=("x",)))
    assert all(text[0].isdigit() for text in hud.card_words.values())
    assert all(not set(palette.MARKS.values()) & {n.node().get_text() for n in b.find_all_matches("**/card-text")}
               for b in hud.chip_buttons.values())


def test_colour_marks_wherever_a_colour_is_named(showbase, table):
    from scenes.table import palette
    from scenes.table.hud import HudInput

    hud, view = table
    gujarat = api.new_tour(api.TourConfig(4, ("gujarat",), start_seat=0, base_sides=("A",) * 4))
    rng = random.Random(1)
    while api.is_chance(gujarat):
        gujarat = api.apply(gujarat, api.sample_chance(gujarat, rng))
    names = ["You", "Ann", "Bob", "Cy"]
    model = hud_model.build(gujarat, names, 0, "Ann is placing blue cone...", "Bob placed green ring: nothing fell")
    assert [row.colour for row in model.seats] == ["orange", "blue", "green", "grey"]
    hud.colour_marks = True
    hud.show(HudInput(model, ("take 3 orange wedge",)))
    said = [str(label["text"]) for _, label, _ in hud._texts]
    for colour, mark in palette.MARKS.items():          # each seat panel names its colour with its shape
        assert any(f"{mark} {colour}" in line for line in said if "fans" in line), (colour, said)
    texts = hud.texts()
    assert texts["event"] == "Bob placed \u25a0 green ring: nothing fell" and "\u25cf blue cone" in texts["turn"]
    assert texts["options"] == ["take 3 \u25b2 orange wedge"]
    _check(showbase, hud, view, "gujarat marks")
    hud.colour_marks = False
    hud.show(HudInput(model, ("take 3 orange wedge",)))
    said = [str(label["text"]) for _, label, _ in hud._texts]
    assert not any(mark in line for line in said for mark in palette.MARKS.values())
    assert any(line.startswith("orange") for line in said)
