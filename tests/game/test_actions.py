"""Action text/JSON forms, malformed and illegal actions, observations."""
from __future__ import annotations

import json
import random

import pytest

from game import api, exhibition as exh
from game.actions import (Action, Choose, Cut, DealCities, DrawStartPlayer, Give, Offer, Place, PlayCard,
                          Shuffle)
from game.cards import HIDDEN
from game.errors import IllegalActionError, MalformedActionError
from game.outcomes import FallenPiece, PlacementOutcome
from rules_helpers import start

OUT = PlacementOutcome(fallen=(FallenPiece("blue-ring", 1),), touching=("grey-cone",),
                       heights_mm=(12.5, 0.0), elapsed_s=3.25)


@pytest.mark.parametrize("action,text", [
    (Place(2, "blue-ring", 1), "place 2 blue-ring @1"),
    (Offer(0, ("blue-ring", "grey-cone")), "offer 0 blue-ring,grey-cone"),
    (Choose(3, "green-ball"), "choose 3 green-ball"),
    (Give(1, ("a-x", "b-y", "c-z"), (1, 2, 0)), "give 1 a-x,b-y,c-z 1,2,0"),
    (PlayCard(0, "blue-ring", 1), "play 0 blue-ring 1"),
    (Shuffle(("blue-ring", "grey-cone")), "shuffle blue-ring,grey-cone"),
    (Cut((20, 20, 20)), "cut 20,20,20"),
    (Cut(()), "cut -"),
    (DealCities(("paris", "tokyo")), "cities paris,tokyo"),
    (DrawStartPlayer(2), "startplayer 2"),
])
def test_text_forms(action: Action, text: str) -> None:
    assert action.to_text() == text
    assert Action.from_text(text) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_place_with_outcome_round_trips() -> None:
    place = Place(2, "blue-ring", 1).with_outcome(OUT)
    text = place.to_text()
    assert text.startswith("place 2 blue-ring @1 {")
    assert Action.from_text(text) == place and place.prototype() == Place(2, "blue-ring", 1)
    assert PlacementOutcome.from_json(OUT.to_json()) == OUT


@pytest.mark.parametrize("text,message", [
    ("jump 1", "unknown action"),
    ("place x blue-ring @1", "bad 'seat'"),
    ("place 1 blue-ring 1", "expected @"),
    ("place 1 blue-ring", "missing field"),
    ("place 1 blue-ring @0 {not json", "not JSON"),
    ("choose 1 blue-ring extra", "trailing"),
])
def test_malformed_text(text: str, message: str) -> None:
    with pytest.raises(MalformedActionError, match=message):
        Action.from_text(text)


def test_malformed_json_and_outcome() -> None:
    with pytest.raises(MalformedActionError):
        Action.from_json({"type": "nope"})
    with pytest.raises(MalformedActionError, match="missing field"):
        Action.from_json({"type": "choose", "seat": 1})
    ex = start("tokyo", 2)
    for s in range(2):
        ex = exh.apply(ex, exh.legal_actions(ex, s)[0])
    piece = ex.pending[0][0]
    bad = [PlacementOutcome(heights_mm=(1.0,)),                                       # wrong count
           PlacementOutcome(fallen=(FallenPiece("grey-cone", 0),), heights_mm=(0.0, 0.0)),  # not on it
           PlacementOutcome(fallen=(FallenPiece(piece, 5),), heights_mm=(0.0, 0.0))]
    for outcome in bad:
        with pytest.raises(MalformedActionError):
            exh.apply(ex, Place(0, piece, 0, outcome))


def test_illegal_actions() -> None:
    state = api.new_tour(api.TourConfig(3, ("philadelphia",), start_seat=0, base_sides=("A",) * 3))
    with pytest.raises(IllegalActionError, match="chance"):
        api.apply(state, Choose(0, "blue-ring"))
    state = api.apply(state, api.sample_chance(state, random.Random(0)))
    with pytest.raises(IllegalActionError, match="not legal"):
        api.apply(state, Give(0, ("blue-ring",), (0,)))
    with pytest.raises(IllegalActionError, match="no chance action"):
        api.apply(state, Shuffle(()))
    assert issubclass(IllegalActionError, ValueError) and issubclass(MalformedActionError, ValueError)


def test_observe_hides_other_hands_and_face_down_cards() -> None:
    state = api.new_tour(api.TourConfig(3, ("philadelphia",), start_seat=0, base_sides=("A",) * 3))
    state = api.apply(state, api.sample_chance(state, random.Random(0)))
    ex = state.exhibition
    seen = api.observe(state, 1).exhibition
    assert seen.hands[1] == ex.hands[1]
    assert seen.hands[0] == (HIDDEN,) * 3 and seen.hands[2] == (HIDDEN,) * 3
    assert seen.deck == (HIDDEN,) * len(ex.deck)
    # a seat's hidden pass is seen by that seat only
    give = api.legal_actions(state, 0)[0]
    state = api.apply(state, give)
    assert api.observe(state, 0).exhibition.hidden[0] == give.cards
    assert api.observe(state, 1).exhibition.hidden[0] == (HIDDEN,) * 3
    # the observation's own legal actions match the real ones
    obs = api.observe(state, 1)
    assert api.legal_actions(obs, 1) == api.legal_actions(state, 1)
