"""Montréal: play a card to the next player, all place, refill to 3; after 3 played cards each,
everyone moves to the next structure; 2+ pieces falling at once eliminate the player and the
structure; last standing 5, eliminated together or cards out 3 each."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game import api, bots
from game import exhibition as exh
from game.actions import PlayCard
from game.bots import montreal as montreal_bot
from game.cards import HIDDEN
from game.cities.montreal import next_live_structure
from game.errors import IllegalActionError
from game.sim import complete
from game.state import Exhibition
from rules_helpers import place, start

TOP = ("blue-ring", "green-ball", "grey-cone", "orange-arch", "blue-wedge", "green-axle",
       "grey-ring", "orange-ball", "blue-cone")


def test_setup_deals_three_and_each_plays_to_the_next_player() -> None:
    ex = start("montreal", 3, top=TOP)
    assert ex.hands == (("blue-ring", "orange-arch", "grey-ring"), ("green-ball", "blue-wedge", "orange-ball"),
                        ("grey-cone", "green-axle", "blue-cone"))
    assert ex.builds_on == (0, 1, 2) and ex.phase == "play"
    assert exh.to_act(ex) == (0, 1, 2)
    assert exh.legal_actions(ex, 2) == [PlayCard(2, c, 0) for c in ex.hands[2]]
    with pytest.raises(IllegalActionError):
        exh.apply(ex, PlayCard(2, "grey-cone", 1))


def test_played_cards_are_hidden_until_all_chose_then_placed_by_the_receiver() -> None:
    ex = start("montreal", 3, start_seat=2, top=TOP)
    ex = exh.apply(ex, PlayCard(0, "blue-ring", 1))
    assert exh.observe(ex, 2).hidden[0] == (HIDDEN,) and ex.table == ((), (), ())
    ex = exh.apply(ex, PlayCard(2, "grey-cone", 0))
    ex = exh.apply(ex, PlayCard(1, "green-ball", 2))
    assert ex.phase == "place" and ex.table == (("grey-cone",), ("blue-ring",), ("green-ball",))
    assert ex.pending == (("grey-cone",), ("blue-ring",), ("green-ball",))
    assert exh.to_act(ex) == (2,)


def _round(ex: Exhibition, falls: dict[int, int] | None = None) -> Exhibition:
    """Everyone plays their first card; seat s knocks `falls[s]` pieces off its structure at once."""
    falls = falls or {}
    for seat in ex.playing():
        ex = exh.apply(ex, exh.legal_actions(ex, seat)[0])
    while ex.phase == "place":
        seat = exh.to_act(ex)[0]
        piece = ex.pending[seat][0]
        k = ex.builds_on[seat]
        on = ex.structures[k].pieces + (piece,)
        fallen = tuple((p, k) for p in on[:falls.get(seat, 0)])
        ex = place(ex, seat, piece, fallen=fallen, heights={k: 10.0 * len(on)})
    return ex


@pytest.mark.parametrize("seats,direction,moved", [
    (3, 1, (1, 2, 0)),
    (4, 1, (1, 2, 3, 0)),
    (4, -1, (3, 0, 1, 2)),
    (2, 1, (1, 0)),
])
def test_after_three_cards_everyone_moves_on(seats: int, direction: int, moved: tuple[int, ...]) -> None:
    ex = replace(start("montreal", seats), direction=direction)
    ex = _round(_round(ex))
    assert ex.builds_on == tuple(range(seats)) and all(len(t) == 2 for t in ex.table)
    assert all(len(h) == 3 for h in ex.hands)
    ex = _round(ex)
    assert ex.builds_on == moved and ex.table == ((),) * seats
    assert len(ex.discard) == 3 * seats
    assert all(ex.structures[ex.builds_on[s]].owner == s for s in range(seats))
    assert all(len(s.pieces) == 3 for s in ex.structures)


def test_one_fallen_piece_has_no_effect_two_at_once_eliminate() -> None:
    ex = _round(start("montreal", 4))
    ex = _round(ex, falls={1: 1})
    assert not any(ex.eliminated) and len(ex.structures[1].pieces) == 1
    ex = _round(ex, falls={2: 2})
    assert ex.eliminated == (False, False, True, False) and ex.structures[2].eliminated
    assert not ex.is_over and ex.table[2] == ()
    # seat 1 now plays to seat 3; after the move, seats skip structure 2
    assert exh.legal_actions(ex, 1)[0].to == 3
    assert ex.builds_on == (1, 3, 2, 0)
    assert next_live_structure(ex, 1) == 3


def test_last_artist_standing_wins_five() -> None:
    ex = _round(start("montreal", 3))
    ex = _round(ex, falls={0: 2, 2: 2})
    assert ex.is_over and ex.end_reason == "last artist standing"
    assert ex.fans == (0, 5, 0)


def test_last_two_eliminated_together_tie_for_three() -> None:
    ex = _round(start("montreal", 3))
    ex = _round(ex, falls={0: 2})
    ex = _round(ex, falls={1: 2, 2: 3})
    assert ex.is_over and ex.fans == (0, 3, 3)


def test_cards_running_out_ends_with_survivors_tied() -> None:
    ex = start("montreal", 4)
    ex = replace(ex, unused=ex.deck[6:], deck=ex.deck[:6])   # 4 + 2 cards left to refill
    ex = _round(ex)
    ex = _round(ex, falls={3: 2})
    assert not ex.is_over   # hands 3, 3, 2 for the three left
    ex = _round(ex)
    assert not ex.is_over
    ex = _round(ex)
    assert ex.is_over and ex.end_reason == "all cards have been played"
    assert ex.fans == (3, 3, 3, 0)


# ---- the bot ------------------------------------------------------------------------------------

def _seen(ex: Exhibition, seat: int = 0) -> api.State:
    state = api.new_tour(api.TourConfig(ex.num_seats, ("montreal",), start_seat=0))
    return api.observe(replace(state, exhibition=ex), seat)


@pytest.mark.parametrize("already_played,pieces,card", [
    (0, 0, "green-ball"),            # far from moving: spite the next player
    (1, 6, "green-ball"),
    (2, 2, "green-ball"),            # about to move, but nothing there worth keeping
    (2, 5, "blue-grooved_block"),    # the next structure is about to be mine: protect it
])
def test_bot_spites_but_protects_what_it_will_inherit(already_played: int, pieces: int, card: str) -> None:
    ex = start("montreal", 3, top=("blue-grooved_block", "orange-ring", "grey-ring", "green-ball",
                                   "orange-axle", "grey-axle", "grey-wedge"))
    ex = ex.with_seat("table", 1, ("orange-arch", "grey-arch")[:already_played])
    ex = ex.with_structure(1, pieces=("orange-long_plank", "orange-holed_plank", "orange-short_plank",
                                      "orange-cylinder", "orange-wedge", "orange-l_bracket")[:pieces])
    legal = exh.legal_actions(ex, 0)
    assert montreal_bot.choose(_seen(ex), legal, random.Random(3)) == PlayCard(0, card, 1)


def test_bots_play_whole_legal_games() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = api.new_tour(api.TourConfig(4, ("montreal",), start_seat=seed))
        while not api.is_terminal(state):
            if api.is_chance(state):
                state = api.apply(state, api.sample_chance(state, rng))
                continue
            seat = api.to_act(state)[0]
            action = bots.choose(api.observe(state, seat), api.legal_actions(state, seat), rng, "hard")
            state = api.apply(state, complete(state, action, rng))
        assert api.outcome(state).final
