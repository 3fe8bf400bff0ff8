"""The table HUD: words from real rules states, DirectGUI widgets drawn offscreen."""
from __future__ import annotations

import random

import numpy as np
import pytest

from game import api
from game.actions import ChooseSide, Give, Place
from game.cards import card
from game.outcomes import FallenPiece, PlacementOutcome
from scenes.common import frame_array, render_frames
from scenes.table import hud_model

NAMES = ["You", "Normal bot", "Hard bot"]


def _philadelphia_pass(seed: int = 4) -> api.State:
    """A 3-seat Philadelphia at its first pass (chance actions drawn from a seeded generator)."""
    state = api.new_tour(api.TourConfig(3, ("philadelphia",), start_seat=0, base_sides=("A", "B", "A")))
    rng = random.Random(seed)
    while api.is_chance(state):
        state = api.apply(state, api.sample_chance(state, rng))
    assert 0 in api.to_act(state)
    return state


def test_a_bot_that_thinks_long_shows_the_seconds():
    line = "Hard bot is placing a green ball..."
    assert hud_model.thinking_line(line, 1.2) == line
    assert hud_model.thinking_line(line, 12.7) == "Hard bot is placing a green ball... (12 s)"


def test_card_and_piece_words():
    assert hud_model.card_text("blue-ring") == f"{card('blue-ring').number} blue ring"
    assert hud_model.piece_words("green-long_plank") == "green long plank"
    assert hud_model.piece_words("orange-l_bracket") == "orange L-bracket"
    assert hud_model.card_text("?") == "hidden card"


def test_action_and_event_lines():
    give = Give(0, ("blue-ring", "green-cone", "grey-axle"), (0, 1, 2))
    text = hud_model.action_text(give, NAMES, 0)
    assert text.startswith("keep " + hud_model.card_text("blue-ring"))
    assert "to Normal bot" in text and "to Hard bot" in text
    assert hud_model.action_cards(give)[0] == "blue-ring"
    calm = Place(1, "blue-ring", 1, PlacementOutcome(heights_mm=(30.0, 50.0)))
    assert hud_model.event_text(calm, NAMES) == "Normal bot placed blue ring: nothing fell"
    fell = Place(2, "grey-axle", 2, PlacementOutcome(fallen=(FallenPiece("grey-axle", 2), FallenPiece("blue-cone", 2))))
    assert hud_model.event_text(fell, NAMES) == "Hard bot placed grey axle: 2 fell (grey axle, blue cone)"
    dropped = Place(0, "grey-axle", 0, PlacementOutcome(only_active_fell=True))
    assert "free re-place" in hud_model.event_text(dropped, NAMES)
    set_aside = Place(2, "grey-ball", 2, PlacementOutcome(fallen=(FallenPiece("grey-ball", 2),)))
    assert hud_model.event_text(set_aside, NAMES) == "Hard bot dropped grey ball: set aside as fallen"


def test_model_shows_only_your_hand():
    state = _philadelphia_pass()
    model = hud_model.build(state, NAMES, 0, "Your turn", "")
    ex = api.current(state)
    assert model.city == "Philadelphia (1/1)" and model.goal
    assert [c.card for c in model.hand] == list(ex.hands[0])
    assert [s.name for s in model.seats] == NAMES
    assert all(s.active for s in model.seats)              # the pass is simultaneous
    assert model.seats[0].is_you and not model.seats[1].is_you
    other = hud_model.build(state, NAMES, 1, "", "")
    assert [c.card for c in other.hand] == list(ex.hands[1]) != [c.card for c in model.hand]


def test_before_the_first_city_the_hud_shows_the_tour_and_who_has_chosen_a_side():
    state = api.new_tour(api.TourConfig(3, ("philadelphia", "new_york:short"), start_seat=0))
    state = api.apply(state, ChooseSide(1, "B"))
    model = hud_model.build(state, NAMES, 0, "Your turn", "")
    assert model.city == "World Tour" and model.goal == "Your tour: Philadelphia, New York"
    assert [s.side for s in model.seats] == ["?", "B", "?"] and not model.hand
    assert [s.active for s in model.seats] == [True, False, True]
    legal = api.legal_actions(state, 0)
    assert [hud_model.option_text(a, legal, NAMES, 0) for a in legal] == ["side A: flat", "side B: with a raised rim"]
    assert "base" in hud_model.decision_hint(legal)


@pytest.fixture
def hud(showbase):
    from scenes.table.hud import Hud

    clicked: list = []
    h = Hud(showbase, on_option=lambda i: clicked.append(("option", i)), on_chip=lambda c: clicked.append(("chip", c)),
            on_place=lambda: clicked.append(("place",)), on_reaim=lambda: clicked.append(("reaim",)))
    h.clicked = clicked
    yield h
    h.destroy()


def _press(button) -> None:
    button["command"](*button["extraArgs"])


def test_hud_draws_city_seats_hand_and_options(showbase, hud):
    from scenes.table.hud import HudInput

    state = _philadelphia_pass()
    legal = api.legal_actions(state, 0)
    model = hud_model.build(state, NAMES, 0, "Your turn: keep one card, pass the others", "Hard bot placed ...")
    options = tuple(hud_model.action_text(a, NAMES, 0) for a in legal)
    render_frames(showbase)
    empty = frame_array(showbase)
    hud.show(HudInput(model, options))
    render_frames(showbase)
    frame = frame_array(showbase)
    texts = hud.texts()
    assert texts["city"] == "Philadelphia (1/1)"
    assert texts["seats"] == NAMES
    assert texts["hand"] == list(api.current(state).hands[0])
    assert texts["options"] == list(options)[:8] and len(options) == 6
    # Drawn: the top-left (city), top-right (seats) and bottom (hand) all changed.
    h, w = frame.shape[:2]
    for region in ((slice(0, h // 6), slice(0, w // 4)), (slice(0, h // 3), slice(3 * w // 4, w)),
                   (slice(5 * h // 6, h), slice(w // 4, 3 * w // 4))):
        assert np.abs(frame[region].astype(int) - empty[region].astype(int)).sum(axis=2).astype(bool).sum() > 400
    _press(hud.option_buttons[2])
    _press(hud.chip_buttons[texts["hand"][1]])
    assert hud.clicked == [("option", 2), ("chip", texts["hand"][1])]


def test_hud_place_buttons_and_redraw_only_on_change(showbase, hud):
    from scenes.table.hud import HudInput

    model = hud_model.build(_philadelphia_pass(), NAMES, 0, "Your turn: place blue ring", "")
    shown = HudInput(model, placing=True)
    hud.show(shown)
    first = hud.place_button
    hud.show(HudInput(model, placing=True))          # equal input: the same widgets stay
    assert hud.place_button is first
    _press(hud.place_button)
    _press(hud.reaim_button)
    assert hud.clicked == [("place",), ("reaim",)]
    hud.show(HudInput(model))
    assert hud.place_button is None and first.is_empty()
