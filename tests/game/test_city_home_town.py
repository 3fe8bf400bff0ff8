"""Home Town: offer 2 of 4, the next player keeps 1, both place; touch fans; 5+ fallen ends the
round; -1 fan per fallen piece (floor 0); tallest 5/3/1 with friendly ties."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import exhibition as exh
from game.actions import Choose, Offer
from game.cities.home_town import CITY, matches
from rules_helpers import place, start, with_heights

TOP = ("blue-ring", "green-ball", "grey-cone", "orange-arch", "blue-wedge", "green-axle",
       "grey-ring", "orange-ball", "blue-cone", "green-arch", "grey-wedge", "orange-axle")


def test_setup_deals_four_and_the_start_player_offers() -> None:
    ex = start("home_town", 3, start_seat=1, top=TOP)
    assert ex.hands[0] == ("blue-ring", "orange-arch", "grey-ring", "green-arch")
    assert all(len(h) == 4 for h in ex.hands) and len(ex.deck) == 48
    assert exh.to_act(ex) == (1,) and ex.phase == "offer"
    assert len(exh.legal_actions(ex, 1)) == 6   # 2 of 4


def test_offer_keep_place_and_refill() -> None:
    ex = start("home_town", 3, start_seat=0, top=TOP)
    ex = exh.apply(ex, Offer(0, ("blue-ring", "orange-arch")))
    assert ex.table[1] == ("blue-ring", "orange-arch") and exh.to_act(ex) == (1,)
    assert {a.card for a in exh.legal_actions(ex, 1)} == {"blue-ring", "orange-arch"}
    ex = exh.apply(ex, Choose(1, "orange-arch"))
    assert ex.pending[1] == ("orange-arch",) and ex.pending[0] == ("blue-ring",)
    assert exh.to_act(ex) == (0,)   # the offering player places first, then the receiver
    ex = place(ex, 0, "blue-ring")
    assert exh.to_act(ex) == (1,)
    ex = place(ex, 1, "orange-arch")
    assert len(ex.hands[0]) == 4 and len(ex.hands[1]) == 4 and len(ex.deck) == 46
    assert exh.to_act(ex) == (1,) and ex.phase == "offer"


@pytest.mark.parametrize("active,touching,fans", [
    ("blue-ring", ("blue-ball",), 1),                       # same colour
    ("blue-ring", ("grey-ring",), 1),                       # same shape
    ("blue-ring", ("green-cone",), 0),                      # neither
    ("blue-ring", ("blue-ball", "grey-ring", "green-cone"), 2),
])
def test_touch_fans(active: str, touching: tuple[str, ...], fans: int) -> None:
    ex = start("home_town", 2, top=TOP)
    ex = replace(ex, phase="place", turn=0, pending=((active,), ()))
    ex = ex.with_structure(0, pieces=touching)
    ex = place(ex, 0, active, touching=touching)
    assert ex.fans[0] == fans and ex.fan_supply == 180 - fans
    assert matches("blue-ring", "blue-ball") and not matches("blue-ring", "green-ball")


def _play_turn(ex, fall_for: int | None = None):
    seat = ex.turn
    ex = exh.apply(ex, exh.legal_actions(ex, seat)[0])
    receiver = exh.to_act(ex)[0]
    ex = exh.apply(ex, exh.legal_actions(ex, receiver)[0])
    while exh.to_act(ex) and ex.phase == "place":
        s = exh.to_act(ex)[0]
        piece = ex.pending[s][0]
        if s == fall_for:
            ex = place(ex, s, piece, fallen=((piece, ex.builds_on[s]),) + tuple(
                (p, ex.builds_on[s]) for p in ex.structure_of(s).pieces[:1]))
        else:
            ex = place(ex, s, piece)
    return ex


def test_five_fallen_ends_when_the_round_is_complete() -> None:
    ex = start("home_town", 3, start_seat=1, top=TOP)
    ex = replace(ex, fallen=((), ("a",) * 4, ()))   # seat 1 already has 4 fallen pieces
    ex = _play_turn(ex)                                # seat 1 offers to 2; nothing falls
    ex = _play_turn(ex, fall_for=2)                    # seat 2's turn; seat 2 drops its piece
    assert ex.turn == 0
    ex = replace(ex, fallen=((), ("a",) * 5, ex.fallen[2]))   # now seat 1 reaches 5 during seat 2's turn...
    ex = _play_turn(ex)                                # seat 0 = the seat before the start player: round ends
    assert ex.is_over and "5+ fallen" in ex.end_reason


def test_round_continues_after_five_fallen_until_everyone_had_the_same_turns() -> None:
    ex = start("home_town", 3, start_seat=0, top=TOP)
    ex = replace(ex, fallen=(("a",) * 5, (), ()))
    ex = _play_turn(ex)            # seat 0 (start)
    assert not ex.is_over
    ex = _play_turn(ex)            # seat 1
    assert not ex.is_over
    ex = _play_turn(ex)            # seat 2: round complete
    assert ex.is_over


@pytest.mark.parametrize("fans,fallen,heights,expected", [
    ((3, 0, 6), (5, 2, 1), (80.0, 120.0, 40.0), (3, 5, 6)),      # 3-3+3, 0-0+5, 6-1+1
    ((2, 2, 2), (0, 0, 0), (100.0, 100.5, 50.0), (7, 7, 3)),     # friendly tie within 1 mm: 5,5,1
    ((0, 4, 1), (3, 1, 9), (10.0, 20.0, 30.0), (1, 6, 5)),       # floored at 0 Home Town fans
    ((0, 0, 0, 0), (0, 0, 0, 0), (10.0, 20.0, 30.0, 40.0), (0, 1, 3, 5)),
])
def test_end_awards(fans, fallen, heights, expected) -> None:
    ex = start("home_town", len(fans), top=TOP)
    ex = with_heights(ex, dict(enumerate(heights)))
    ex = replace(ex, fans=fans, fan_supply=180 - sum(fans), fallen=tuple(("x",) * k for k in fallen))
    ex = CITY.finish(ex, "test")
    assert ex.fans == expected
    assert ex.fan_supply + sum(ex.fans) == 180


def test_all_cards_played_ends_it() -> None:
    ex = start("home_town", 2, top=TOP)
    ex = replace(ex, deck=(), unused=ex.deck, hands=(("blue-ring",), ("green-ball",)))
    ex = CITY._begin_turn(ex, 0)
    assert ex.is_over and ex.end_reason == "all cards played"
