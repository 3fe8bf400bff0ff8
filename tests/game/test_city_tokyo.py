"""Tokyo: decks of 10, choose a card to put on top, pass the deck, place the top card; fallen
pieces leave without effect; tallest 5/3/1."""
from __future__ import annotations


import pytest

from game import exhibition as exh
from game.actions import Choose
from game.cards import HIDDEN
from game.cities.tokyo import CITY
from rules_helpers import place, place_all, start, with_heights


def test_setup_decks_of_ten_rest_unused() -> None:
    ex = start("tokyo", 4)
    assert all(len(d) == 10 for d in ex.decks) and len(ex.unused) == 20 and ex.deck == ()
    assert exh.to_act(ex) == (0, 1, 2, 3)
    assert len(exh.legal_actions(ex, 2)) == 10


def test_observe_shows_your_own_deck_only() -> None:
    ex = start("tokyo", 3)
    seen = exh.observe(ex, 1)
    assert seen.decks[1] == ex.decks[1]
    assert seen.decks[0] == (HIDDEN,) * 10 and seen.unused == (HIDDEN,) * 30


def test_chosen_card_is_what_the_next_player_places() -> None:
    ex = start("tokyo", 3)
    picks = {s: ex.decks[s][4] for s in range(3)}
    for s in (2, 0, 1):   # any order
        ex = exh.apply(ex, Choose(s, picks[s]))
    assert ex.phase == "place"
    assert ex.pending == ((picks[2],), (picks[0],), (picks[1],))
    assert all(len(d) == 9 for d in ex.decks)
    assert picks[0] not in ex.decks[1] and set(ex.decks[1]) < set(start("tokyo", 3).decks[0])


def test_fallen_pieces_leave_without_effect() -> None:
    ex = start("tokyo", 2)
    for s in range(2):
        ex = exh.apply(ex, exh.legal_actions(ex, s)[0])
    piece = ex.pending[0][0]
    ex = ex.with_structure(0, pieces=("blue-ball",))
    ex = place(ex, 0, piece, fallen=(("blue-ball", 0),))
    assert ex.fallen[0] == () and ex.structures[0].pieces == (piece,)


def test_ends_after_ten_rounds() -> None:
    ex = start("tokyo", 2)
    for _ in range(10):
        for s in range(2):
            ex = exh.apply(ex, exh.legal_actions(ex, s)[0])
        ex = place_all(ex)
    assert ex.is_over and ex.end_reason == "all cards played"
    assert all(len(s.pieces) == 10 for s in ex.structures)


@pytest.mark.parametrize("heights,expected", [
    ((10.0, 30.0, 20.0), (1, 5, 3)),
    ((30.0, 30.0, 20.0), (5, 5, 1)),
    ((30.0, 29.2, 28.5), (5, 5, 3)),    # within 1 mm of the next taller one
    ((5.0, 5.0, 5.0, 5.0), (5, 5, 5, 5)),
    ((50.0, 40.0), (5, 3)),
    ((10.0, 20.0, 30.0, 40.0, 50.0, 60.0), (0, 0, 0, 1, 3, 5)),
])
def test_tallest_awards(heights, expected) -> None:
    ex = start("tokyo", len(heights))
    ex = with_heights(ex, dict(enumerate(heights)))
    assert CITY.finish(ex, "test").fans == expected
