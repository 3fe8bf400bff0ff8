"""Indianapolis (the slowest placer of each round does not place) and Monaco (a time trial to
the 10th piece; fallen pieces re-placed first): turn flow, end and the piece-count awards."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import exhibition as exh
from game.cities.indianapolis import CITY as INDY
from game.cities.monaco import CITY as MONACO
from game.state import Structure
from rules_helpers import place, start

PIECES = ("blue-ring", "green-ball", "grey-cone", "orange-arch", "blue-wedge", "green-axle",
          "grey-ring", "orange-ball", "blue-cone", "green-arch", "grey-wedge", "orange-axle")


def _round(ex, times: dict[int, float], heights: dict[int, float] | None = None):
    """Every seat places its flipped piece with the given time (and new height)."""
    while ex.phase == "place" and not ex.is_over and exh.to_act(ex):
        seat = exh.to_act(ex)[0]
        round_before = ex.round
        h = dict(heights or {})
        ex = place(ex, seat, ex.pending[seat][0], elapsed=times[seat],
                   heights={ex.builds_on[seat]: h.get(seat, ex.structure_of(seat).height_mm + 10)})
        if ex.round != round_before:
            break
    return ex


# ---- Indianapolis -----------------------------------------------------------------------------

def test_indy_setup_and_flip() -> None:
    ex = start("indianapolis", 3)
    assert all(len(d) == 9 for d in ex.decks) and all(len(p) == 1 for p in ex.pending)
    assert len(ex.unused) == 30 and ex.round == 1 and exh.to_act(ex) == (0,)


@pytest.mark.parametrize("times,undone", [
    ({0: 5.0, 1: 9.0, 2: 7.0}, 1),
    ({0: 12.0, 1: 9.0, 2: 7.0}, 0),
    ({0: 9.0, 1: 9.05, 2: 3.0}, -1),     # in doubt: everybody placed
    ({0: 4.0, 1: 4.0, 2: 4.0}, -1),
])
def test_indy_slowest_does_not_place(times: dict[int, float], undone: int) -> None:
    ex = start("indianapolis", 3)
    ex = _round(ex, times)
    assert ex.round == 2 and ex.var("slowest") == undone
    for s in range(3):
        assert len(ex.structures[s].pieces) == (0 if s == undone else 1)
        assert ex.structures[s].height_mm == (0.0 if s == undone else 10.0)


def test_indy_undo_restores_falls_and_drops_add_time() -> None:
    ex = start("indianapolis", 2)
    ex = _round(ex, {0: 5.0, 1: 6.0})          # seat 1 undone, seat 0 has 1 piece
    first = ex.structures[0].pieces[0]
    piece = ex.pending[0][0]
    ex = place(ex, 0, piece, only_active_fell=True, elapsed=4.0)   # dropped: re-place, time adds up
    ex = place(ex, 0, piece, elapsed=3.0, fallen=((first, 0),))   # knocks its first piece off
    assert ex.fallen[0] == ()                                      # no effect: back to the supply
    ex = place(ex, 1, ex.pending[1][0], elapsed=6.5)
    # seat 0 took 7.0 s > 6.5 s: its placement is undone, the fallen piece is standing again
    assert ex.var("slowest") == 0 and ex.structures[0].pieces == (first,)


def test_indy_ends_when_all_cards_are_played() -> None:
    ex = start("indianapolis", 2)
    for r in range(10):
        ex = _round(ex, {0: 5.0, 1: 6.0 if r % 2 else 4.0})
    assert ex.is_over and ex.end_reason == "all cards played"
    assert [len(s.pieces) for s in ex.structures] == [5, 5]


@pytest.mark.parametrize("counts,heights,expected", [
    ((10, 8, 6, 4), (100.0, 200.0, 50.0, 10.0), (5, 4, 1, 0)),
    ((9, 7, 5, 3), (100.0, 100.0, 50.0, 10.0), (4, 4, 1, 0)),      # tied tallest both +1
    ((6, 10), (10.0, 20.0), (1, 6)),
    ((4, 4), (10.0, 10.5), (1, 1)),
])
def test_piece_count_awards(counts, heights, expected) -> None:
    for city in (INDY, MONACO):
        ex = start(city.name, len(counts))
        structures = tuple(Structure(s, PIECES[:counts[s]] if counts[s] <= 12 else (), heights[s])
                           for s in range(len(counts)))
        ex = replace(ex, structures=structures)
        assert city.awards(ex) == expected


# ---- Monaco -----------------------------------------------------------------------------------

def test_monaco_race_order_by_clock() -> None:
    ex = start("monaco", 3)
    assert all(len(p) == 1 for p in ex.pending) and exh.to_act(ex) == (0,)
    ex = place(ex, 0, ex.pending[0][0], elapsed=5.0)
    assert exh.to_act(ex) == (1,)     # clocks 5, 0, 0: the first of the equal lowest
    ex = place(ex, 1, ex.pending[1][0], elapsed=2.0)
    assert exh.to_act(ex) == (2,)     # 5, 2, 0
    ex = place(ex, 2, ex.pending[2][0], elapsed=3.0)
    assert exh.to_act(ex) == (1,)     # 5, 2, 3
    ex = place(ex, 1, ex.pending[1][0], elapsed=2.0)
    assert exh.to_act(ex) == (2,)     # 5, 4, 3
    assert ex.var("clock") == (5.0, 4.0, 3.0)


def test_monaco_fallen_pieces_are_replaced_before_the_next_card() -> None:
    ex = start("monaco", 2)
    first = ex.pending[0][0]
    ex = place(ex, 0, first, elapsed=1.0)
    ex = place(ex, 1, ex.pending[1][0], elapsed=50.0)   # seat 1 is slow: seat 0 goes on
    second = ex.pending[0][0]
    ex = place(ex, 0, second, elapsed=1.0, fallen=((first, 0),))
    assert ex.pending[0] == (first,) and ex.fallen[0] == ()
    deck_before = ex.decks[0]
    ex = place(ex, 0, first, elapsed=1.0)
    assert ex.decks[0] == deck_before[1:] and ex.structures[0].pieces == (second, first)


def test_monaco_ends_at_the_fastest_finish_and_counts_structures_at_that_time() -> None:
    ex = start("monaco", 2)
    # seat 0 places every 1 s, seat 1 every 1.5 s: seat 0 finishes at 10 s
    while not ex.is_over:
        seat = exh.to_act(ex)[0]
        ex = place(ex, seat, ex.pending[seat][0], elapsed=1.0 if seat == 0 else 1.5,
                   heights={seat: ex.structure_of(seat).height_mm + 10})
    assert ex.var("finish") == 10.0
    assert len(ex.structures[0].pieces) == 10
    # seat 1 placed at 1.5, 3, ..., 9 (6 pieces) before 10 s; its 7th ends at 10.5: not counted
    assert len(ex.structures[1].pieces) == 6 and ex.structures[1].height_mm == 60.0
    assert ex.fans == (6, 1)


def test_monaco_slower_starter_can_still_finish_first() -> None:
    ex = start("monaco", 2)
    while not ex.is_over:
        seat = exh.to_act(ex)[0]
        ex = place(ex, seat, ex.pending[seat][0], elapsed=2.0 if seat == 0 else 1.9)
    assert ex.var("finish") == pytest.approx(19.0)
    assert [len(s.pieces) for s in ex.structures] == [9, 10]


def test_monaco_faceoff_sits_out_other_seats() -> None:
    from game.actions import Shuffle
    from game.cards import JUNK_CARD_IDS
    ex = MONACO.new_exhibition(4, 1, sitting_out=(True, False, True, False))
    ex = exh.apply(ex, Shuffle(JUNK_CARD_IDS))
    assert ex.playing() == (1, 3) and ex.decks[0] == () and len(ex.decks[3]) == 9
    assert exh.to_act(ex) == (1,)
