"""Philadelphia: keep 1, give 1 to each neighbour (2 players: 2 to the other), eliminated at 2
fallen, last standing 5, else 3 each."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import exhibition as exh
from game.actions import Give, Place
from game.errors import IllegalActionError
from rules_helpers import outcome, place, start

A, B, C, D, E, F, G, H, I = ("blue-ring", "green-ball", "grey-cone", "orange-arch", "blue-wedge",
                             "green-axle", "grey-ring", "orange-ball", "blue-cone")


def test_setup_deals_three_each_and_everyone_passes_at_once() -> None:
    ex = start("philadelphia", 3, top=(A, B, C, D, E, F, G, H, I))
    # dealt one card at a time round the table
    assert ex.hands == ((A, D, G), (B, E, H), (C, F, I))
    assert len(ex.deck) == 51 and ex.phase == "pass"
    assert exh.to_act(ex) == (0, 1, 2)


@pytest.mark.parametrize("seats,expected_options,recipients", [
    (2, 3, (0, 1, 1)),            # keep one, both others to the other player
    (3, 6, (0, 1, 2)),            # keep, next (clockwise), previous
    (4, 6, (0, 1, 3)),
    (6, 6, (0, 1, 5)),
])
def test_give_options(seats: int, expected_options: int, recipients: tuple[int, ...]) -> None:
    ex = start("philadelphia", seats)
    legal = exh.legal_actions(ex, 0)
    assert len(legal) == expected_options
    assert all(isinstance(a, Give) and a.to == recipients for a in legal)


def test_pass_resolves_when_all_gave_and_pieces_are_placed_from_the_start_player() -> None:
    ex = start("philadelphia", 3, start_seat=1, top=(A, B, C, D, E, F, G, H, I))
    ex = exh.apply(ex, Give(0, (A, D, G), (0, 1, 2)))
    assert ex.phase == "pass" and exh.to_act(ex) == (1, 2)
    assert ex.hidden[0] == (A, D, G) and ex.hands[0] == ()
    ex = exh.apply(ex, Give(2, (C, F, I), (2, 0, 1)))
    ex = exh.apply(ex, Give(1, (B, E, H), (1, 2, 0)))
    assert ex.phase == "place"
    assert sorted(ex.pending[0]) == sorted((A, F, H))
    assert sorted(ex.pending[1]) == sorted((B, D, I))
    assert sorted(ex.pending[2]) == sorted((C, E, G))
    assert exh.to_act(ex) == (1,)   # start player places first, one seat at a time
    assert {a.piece for a in exh.legal_actions(ex, 1)} == {B, D, I}


def _to_place_phase(seats: int, start_seat: int = 0):
    ex = start("philadelphia", seats, start_seat=start_seat)
    for s in range(seats):
        ex = exh.apply(ex, exh.legal_actions(ex, s)[0])
    return ex


def test_placement_needs_outcome_and_turn() -> None:
    ex = _to_place_phase(3)
    piece = ex.pending[0][0]
    with pytest.raises(IllegalActionError, match="outcome"):
        exh.apply(ex, Place(0, piece, 0))
    with pytest.raises(IllegalActionError, match="may not act"):
        exh.apply(ex, Place(1, ex.pending[1][0], 1, outcome(ex)))
    with pytest.raises(IllegalActionError, match="not legal"):
        exh.apply(ex, Place(0, piece, 1, outcome(ex)))


def test_dropping_only_the_active_piece_is_a_free_replace() -> None:
    ex = _to_place_phase(3)
    piece = ex.pending[0][0]
    ex2 = place(ex, 0, piece, only_active_fell=True)
    assert piece in ex2.pending[0] and ex2.fallen[0] == () and ex2.structures[0].pieces == ()


def _place_round(ex, fall_plan: dict[int, int]):
    """Place every pending piece; seat s drops its placed piece `fall_plan[s]` times."""
    falls = dict(fall_plan)
    while ex.phase == "place":
        seat = exh.to_act(ex)[0]
        piece = ex.pending[seat][0]
        if falls.get(seat, 0) > 0:
            falls[seat] -= 1
            ex = place(ex, seat, piece, fallen=((piece, ex.builds_on[seat]), (ex.structure_of(seat).pieces[0], ex.builds_on[seat]))
                       if ex.structure_of(seat).pieces else ((piece, ex.builds_on[seat]),))
        else:
            ex = place(ex, seat, piece)
    return ex


def test_elimination_at_two_fallen_and_last_standing_wins_five() -> None:
    ex = _to_place_phase(2)
    # seat 0 places its first piece fine, then its second knocks itself and the first down
    p0 = ex.pending[0]
    ex = place(ex, 0, p0[0])
    ex = place(ex, 0, p0[1], fallen=((p0[1], 0), (p0[0], 0)))
    assert ex.eliminated[0] and ex.pending[0] == ()
    assert len(ex.fallen[0]) == 2
    assert not ex.is_over   # seat 1 still places this round (simultaneous at the table)
    while not ex.is_over:
        ex = place(ex, 1, ex.pending[1][0])
    assert ex.fans == (0, 5) and ex.end_reason == "last artist standing"


def test_one_fallen_piece_is_not_elimination() -> None:
    ex = _to_place_phase(3)
    p0 = ex.pending[0]
    ex = place(ex, 0, p0[0])
    ex = place(ex, 0, p0[1], fallen=((p0[0], 0),))
    assert ex.fallen[0] == (p0[0],) and not ex.eliminated[0]


def test_eliminated_together_in_one_round_share_three() -> None:
    ex = _to_place_phase(3)
    # seat 2 is eliminated first ... then in a later round 0 and 1 both go out in the same round
    def knock(ex, seat):
        piece = ex.pending[seat][0]
        on = ex.structure_of(seat).pieces
        fallen = ((piece, seat),) + (((on[0], seat),) if on else ())
        return place(ex, seat, piece, fallen=fallen)
    ex = place(ex, 0, ex.pending[0][0])
    ex = place(ex, 0, ex.pending[0][0])
    ex = place(ex, 0, ex.pending[0][0])
    ex = place(ex, 1, ex.pending[1][0])
    ex = place(ex, 1, ex.pending[1][0])
    ex = place(ex, 1, ex.pending[1][0])
    ex = place(ex, 2, ex.pending[2][0])
    ex = knock(ex, 2)
    assert ex.eliminated == (False, False, True) and ex.phase == "pass"   # next round dealt
    assert ex.hands[2] == () and len(ex.hands[0]) == 3
    for s in (0, 1):
        ex = exh.apply(ex, exh.legal_actions(ex, s)[0])
    assert len(ex.pending[0]) == 3  # two players left: 1 kept + 2 given by the other
    ex = knock(ex, 0)
    assert ex.eliminated[0] and not ex.is_over
    ex = knock(ex, 1)
    assert ex.eliminated[1] and ex.is_over
    assert ex.fans == (3, 3, 0)
    assert ex.end_reason == "the remaining players were eliminated together"


def test_too_few_cards_ends_with_three_each_for_survivors() -> None:
    ex = _to_place_phase(3)
    # leave only 5 cards: not enough to deal 3 to each of the 2 survivors
    ex = replace(ex, deck=ex.deck[:5], unused=ex.deck[5:])
    p = ex.pending
    ex = place(ex, 0, p[0][0])
    ex = place(ex, 0, p[0][1], fallen=((p[0][1], 0), (p[0][0], 0)))   # seat 0 out
    ex = _place_round(ex, {})
    assert ex.is_over and ex.end_reason == "not enough cards for each player"
    assert ex.fans == (0, 3, 3)


def test_who_keeps_fallen_pieces() -> None:
    """The placer keeps what falls from the structure it placed on; a piece that drops from
    another seat's own structure fell by itself and its owner keeps it (universal rules)."""
    ex = _to_place_phase(3)
    ex = ex.with_structure(0, pieces=("blue-ball",)).with_structure(2, pieces=("grey-axle",))
    piece = ex.pending[0][0]
    ex = place(ex, 0, piece, fallen=(("blue-ball", 0), ("grey-axle", 2)))
    assert ex.fallen[0] == ("blue-ball",) and ex.fallen[2] == ("grey-axle",)
    assert ex.structures[0].pieces == (piece,) and ex.structures[2].pieces == ()
