"""Gujarat: each seat owns a colour; a flipped card names the shape everyone places; repeats are
discarded; ends after the round with a seat at 2 fallen, or when all 15 shapes are placed;
tallest 5/3/1 with friendly ties."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import exhibition as exh
from game.errors import IllegalActionError, UnsupportedPlayerCountError
from game.pieces import SHAPES
from game.state import Exhibition
from rules_helpers import place, start, with_heights


def test_setup_gives_each_seat_a_colour_and_flips_the_first_shape() -> None:
    ex = start("gujarat", 3, start_seat=1, top=("grey-ring",))
    assert ex.var("colours") == ("orange", "blue", "green")
    assert ex.faceup == ("grey-ring",) and ex.var("placed_shapes") == ("ring",)
    assert ex.pending == (("orange-ring",), ("blue-ring",), ("green-ring",))
    assert exh.to_act(ex) == (1,)          # seat by seat from the start player
    assert [a.piece for a in exh.legal_actions(ex, 1)] == ["blue-ring"]
    with pytest.raises(IllegalActionError):
        exh.apply(ex, exh.legal_actions(ex, 1)[0])   # no outcome


@pytest.mark.parametrize("seats", [1, 5, 6])
def test_unsupported_player_counts(seats: int) -> None:
    with pytest.raises(UnsupportedPlayerCountError, match="2-4"):
        start("gujarat", seats)


def _round(ex: Exhibition, falls: dict[int, int] | None = None, heights: dict[int, float] | None = None
           ) -> Exhibition:
    falls = falls or {}
    this_round = ex.round
    while ex.round == this_round and not ex.is_over:
        seat = exh.to_act(ex)[0]
        piece = ex.pending[seat][0]
        on = ex.structures[seat].pieces + (piece,)
        fallen = tuple((p, seat) for p in on[:falls.get(seat, 0)])
        h = (heights or {}).get(seat, 10.0 * len(on))
        ex = place(ex, seat, piece, fallen=fallen, heights={seat: h})
    return ex


def test_shapes_already_placed_are_discarded_and_the_next_is_flipped() -> None:
    ex = start("gujarat", 2, top=("blue-ring", "orange-ring", "grey-ring", "green-cone", "blue-cone",
                                   "grey-ball"))
    ex = _round(ex)
    assert ex.faceup == ("green-cone",)
    assert ex.discard == ("blue-ring", "orange-ring", "grey-ring")
    assert ex.pending == (("orange-cone",), ("blue-cone",))
    ex = _round(ex)
    assert ex.faceup == ("grey-ball",) and "blue-cone" in ex.discard
    assert ex.structures[0].pieces == ("orange-ring", "orange-cone")


def test_two_fallen_ends_after_everyone_placed() -> None:
    ex = start("gujarat", 3)
    ex = _round(ex)
    ex = _round(ex, falls={0: 2}, heights={0: 0.0, 1: 60.0, 2: 90.0})
    assert ex.is_over and "fallen" in ex.end_reason
    assert all(len(s.pieces) == 2 for s in ex.structures[1:])   # the round completed
    assert ex.fans == (1, 3, 5)   # nobody is eliminated: the fallen seat still ranks


def test_one_fallen_piece_each_does_not_end_it() -> None:
    ex = start("gujarat", 3)
    ex = _round(ex, falls={0: 1, 1: 1, 2: 1})
    assert not ex.is_over and [len(f) for f in ex.fallen] == [1, 1, 1]


def test_all_fifteen_shapes_end_it() -> None:
    ex = start("gujarat", 4)
    rounds = 0
    while not ex.is_over:
        ex = _round(ex)
        rounds += 1
    assert rounds == len(SHAPES) and ex.end_reason == "all pieces have been placed"
    assert sorted(ex.var("placed_shapes")) == sorted(SHAPES)
    assert all(len(s.pieces) == 15 for s in ex.structures)
    assert sorted(ex.structures[3].pieces) == sorted(f"grey-{s}" for s in SHAPES)


@pytest.mark.parametrize("heights,fans", [
    ({0: 100.0, 1: 80.0}, (5, 3)),
    ({0: 100.0, 1: 100.5}, (5, 5)),
    ({0: 100.0, 1: 100.5, 2: 50.0, 3: 20.0}, (5, 5, 1, 0)),
    ({0: 10.0, 1: 30.0, 2: 30.9, 3: 20.0}, (0, 5, 5, 1)),
    ({0: 10.0, 1: 30.0, 2: 20.0, 3: 20.0}, (0, 5, 3, 3)),
    ({0: 10.0, 1: 30.0, 2: 20.0}, (1, 5, 3)),
])
def test_tallest_awards(heights: dict[int, float], fans: tuple[int, ...]) -> None:
    ex = start("gujarat", len(heights))
    # the last seat already has 2 fallen pieces: the exhibition ends after this round
    ex = replace(ex, fallen=((),) * (len(heights) - 1) + (("grey-cone", "grey-ball"),))
    ex = _round(with_heights(ex, heights), heights=heights)
    assert ex.is_over
    assert ex.fans == fans
