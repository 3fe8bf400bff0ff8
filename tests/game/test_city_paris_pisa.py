"""Paris (one common base, play a card to the next player, 3 fallen eliminates and ends it) and
Pisa (two common bases, players-1 face-up cards, 2 fallen eliminates and ends it)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import exhibition as exh
from game.actions import Choose, Place, PlayCard
from game.cities.paris import CITY as PARIS
from game.cities.pisa import CITY as PISA
from rules_helpers import place, start

TOP = ("blue-ring", "green-ball", "grey-cone", "orange-arch", "blue-wedge", "green-axle",
       "grey-ring", "orange-ball", "blue-cone", "green-arch", "grey-wedge", "orange-axle")


# ---- Paris ------------------------------------------------------------------------------------

def test_paris_setup_one_common_base() -> None:
    ex = start("paris", 4, start_seat=2, top=TOP)
    assert len(ex.structures) == 1 and ex.structures[0].owner is None
    assert ex.builds_on == (0, 0, 0, 0)
    assert all(len(h) == 3 for h in ex.hands)
    assert exh.to_act(ex) == (2,) and ex.phase == "play"
    assert all(isinstance(a, PlayCard) and a.to == 3 for a in exh.legal_actions(ex, 2))


def test_paris_play_place_then_the_receiver_plays() -> None:
    ex = start("paris", 3, start_seat=0, top=TOP)
    card = ex.hands[0][0]
    ex = exh.apply(ex, PlayCard(0, card, 1))
    assert ex.pending[1] == (card,) and len(ex.hands[0]) == 3   # drew back to 3
    assert exh.to_act(ex) == (1,)
    assert exh.legal_actions(ex, 1) == [Place(1, card, 0)]
    ex = place(ex, 1, card)
    assert ex.structures[0].pieces == (card,)
    assert exh.to_act(ex) == (1,) and ex.phase == "play"


@pytest.mark.parametrize("fallen_before,falls,eliminated,over", [
    (0, 2, False, False),
    (1, 1, False, False),
    (2, 1, True, True),
    (0, 3, True, True),
])
def test_paris_elimination_at_three(fallen_before: int, falls: int, eliminated: bool, over: bool) -> None:
    ex = start("paris", 3, top=TOP)
    ex = replace(ex, fallen=((), ("x",) * fallen_before, ()))
    ex = exh.apply(ex, PlayCard(0, ex.hands[0][0], 1))
    piece = ex.pending[1][0]
    standing = ("blue-ball", "grey-axle", "green-wedge")
    ex = ex.with_structure(0, pieces=standing)
    lost = ((piece, 0),) + tuple((p, 0) for p in standing[:falls - 1])
    ex = place(ex, 1, piece, fallen=lost)
    assert ex.eliminated[1] is eliminated and ex.is_over is over
    assert len(ex.fallen[1]) == fallen_before + falls   # the placer keeps what it knocked down
    if over:
        assert ex.fans == (3, 0, 3)


def test_paris_all_cards_played_survivors_three() -> None:
    ex = start("paris", 2, top=TOP)
    ex = replace(ex, deck=(), unused=ex.deck, hands=((), ()), fallen=(("x",), ()))
    ex = PARIS._to_play(ex, 0)
    assert ex.is_over and ex.fans == (3, 3)


# ---- Pisa -------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_pisa_setup(seats: int) -> None:
    ex = start("pisa", seats, top=TOP)
    assert len(ex.faceup) == seats - 1 and ex.faceup == TOP[:seats - 1]
    assert len(ex.structures) == 2 and all(s.owner is None for s in ex.structures)
    assert all(h == () for h in ex.hands)


def test_pisa_turn_either_base_and_row_refill() -> None:
    ex = start("pisa", 3, start_seat=1, top=TOP)
    assert exh.to_act(ex) == (1,)
    assert [a.card for a in exh.legal_actions(ex, 1)] == list(TOP[:2])
    ex = exh.apply(ex, Choose(1, TOP[1]))
    assert set(exh.legal_actions(ex, 1)) == {Place(1, TOP[1], 0), Place(1, TOP[1], 1)}
    ex = place(ex, 1, TOP[1], structure=1)
    assert ex.structures[1].pieces == (TOP[1],) and ex.faceup == (TOP[0],)
    assert exh.to_act(ex) == (2,)
    ex = exh.apply(ex, Choose(2, TOP[0]))
    ex = place(ex, 2, TOP[0], structure=0)
    assert ex.faceup == TOP[2:4]   # row dealt again; play continues with the next player
    assert exh.to_act(ex) == (0,) and ex.round == 2


def test_pisa_falls_from_both_bases_are_kept_by_the_placer_and_two_eliminate() -> None:
    ex = start("pisa", 3, top=TOP)
    ex = ex.with_structure(0, pieces=("blue-ball",)).with_structure(1, pieces=("grey-axle",))
    ex = exh.apply(ex, Choose(0, TOP[0]))
    ex = place(ex, 0, TOP[0], structure=0, fallen=(("blue-ball", 0), ("grey-axle", 1)))
    assert ex.fallen[0] == ("blue-ball", "grey-axle") and ex.eliminated[0]
    assert ex.is_over and ex.fans == (0, 3, 3)


def test_pisa_one_fallen_continues() -> None:
    ex = start("pisa", 3, top=TOP)
    ex = ex.with_structure(0, pieces=("blue-ball",))
    ex = exh.apply(ex, Choose(0, TOP[0]))
    ex = place(ex, 0, TOP[0], structure=0, fallen=(("blue-ball", 0),))
    assert not ex.is_over and exh.to_act(ex) == (1,)


def test_pisa_all_cards_played() -> None:
    ex = start("pisa", 2, top=TOP)
    ex = replace(ex, deck=(), unused=ex.deck)
    ex = exh.apply(ex, Choose(0, ex.faceup[0]))
    ex = place(ex, 0, ex.pending[0][0])
    assert ex.is_over and ex.end_reason == "all cards played" and ex.fans == (3, 3)
    assert PISA.awards(ex) == (3, 3)
