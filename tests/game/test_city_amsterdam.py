"""Amsterdam: simultaneous trick, highest number wins (colour strength breaks ties), the winner
hands one trick card to everyone, eliminated at 2 fallen (ends it), tallest still in 3, others
still in 2."""
from __future__ import annotations

import random
from dataclasses import replace
from math import factorial

import pytest

from game import api, bots
from game import exhibition as exh
from game.actions import Give, PlayCard
from game.bots import amsterdam as amsterdam_bot
from game.cards import HIDDEN
from game.cities.amsterdam import trick_winner
from game.errors import IllegalActionError, UnsupportedPlayerCountError
from game.sim import complete
from game.state import Exhibition
from rules_helpers import place, start, with_heights

# number in brackets: blue-axle 15, grey-cylinder 15, orange-bowling_pin 15, green-ring 15,
# blue-ring 11, green-ball 5, grey-cone 1, orange-arch 1, blue-ball 1
TOP = ("blue-axle", "green-ball", "grey-cone", "blue-ring", "orange-arch", "blue-ball",
       "grey-cylinder", "green-ring", "orange-bowling_pin")


def test_setup_deals_three_cards_and_everyone_plays_at_once() -> None:
    ex = start("amsterdam", 3, top=TOP)
    assert ex.hands == (("blue-axle", "blue-ring", "grey-cylinder"),
                        ("green-ball", "orange-arch", "green-ring"),
                        ("grey-cone", "blue-ball", "orange-bowling_pin"))
    assert len(ex.deck) == 51 and ex.phase == "trick"
    assert exh.to_act(ex) == (0, 1, 2)
    assert exh.legal_actions(ex, 1) == [PlayCard(1, c, 1) for c in ex.hands[1]]


@pytest.mark.parametrize("seats", [2, 7])
def test_unsupported_player_counts(seats: int) -> None:
    with pytest.raises(UnsupportedPlayerCountError, match="3-6"):
        start("amsterdam", seats)


@pytest.mark.parametrize("cards,winner", [
    ({0: "blue-ring", 1: "green-ball", 2: "grey-cone"}, 0),                 # 11 > 5 > 1
    ({0: "grey-cone", 1: "orange-arch", 2: "blue-ball"}, 2),                # all 1: blue strongest
    ({0: "grey-cylinder", 1: "orange-bowling_pin"}, 1),                     # 15: orange > grey
    ({0: "orange-bowling_pin", 1: "green-ring"}, 1),                        # 15: green > orange
    ({0: "green-ring", 1: "blue-axle", 2: "grey-cylinder"}, 1),             # 15: blue > green
    ({0: "grey-cylinder", 1: "blue-ring"}, 0),                              # number before colour
])
def test_trick_winner(cards: dict[int, str], winner: int) -> None:
    assert trick_winner(cards) == winner


def _trick(ex: Exhibition, cards: dict[int, str]) -> Exhibition:
    for seat, card in cards.items():
        ex = exh.apply(ex, PlayCard(seat, card, seat))
    return ex


def test_trick_is_hidden_until_all_played_then_the_winner_gives() -> None:
    ex = start("amsterdam", 3, top=TOP)
    ex = exh.apply(ex, PlayCard(0, "blue-ring", 0))
    assert exh.to_act(ex) == (1, 2)
    assert exh.observe(ex, 1).hidden[0] == (HIDDEN,)
    with pytest.raises(IllegalActionError):
        exh.apply(ex, PlayCard(0, "blue-axle", 0))
    ex = _trick(ex, {1: "green-ring", 2: "orange-bowling_pin"})
    # green-ring (15) beats orange-bowling_pin (15, weaker colour) and blue-ring (11)
    assert ex.phase == "give" and exh.to_act(ex) == (1,)
    assert ex.table == (("blue-ring",), ("green-ring",), ("orange-bowling_pin",))
    legal = exh.legal_actions(ex, 1)
    assert len(legal) == factorial(3) and all(a.to == (1, 2, 0) for a in legal)
    ex = exh.apply(ex, Give(1, ("blue-ring", "orange-bowling_pin", "green-ring"), (1, 2, 0)))
    assert ex.pending == (("green-ring",), ("blue-ring",), ("orange-bowling_pin",))
    assert ex.phase == "place" and exh.to_act(ex) == (0,)
    assert set(ex.discard) == {"blue-ring", "green-ring", "orange-bowling_pin"}


def _round(ex: Exhibition, falls: dict[int, int] | None = None, heights: dict[int, float] | None = None
           ) -> Exhibition:
    """Play a whole round: everyone plays their first card, the winner keeps the trick order,
    each seat places; seat s knocks down `falls[s]` of its own pieces."""
    falls = falls or {}
    ex = _trick(ex, {s: ex.hands[s][0] for s in ex.playing()})
    ex = exh.apply(ex, exh.legal_actions(ex, ex.turn)[0])
    while ex.phase == "place":
        seat = exh.to_act(ex)[0]
        piece = ex.pending[seat][0]
        on = ex.structures[seat].pieces + (piece,)
        fallen = tuple((p, seat) for p in on[:falls.get(seat, 0)])
        ex = place(ex, seat, piece, fallen=fallen, heights={seat: (heights or {}).get(seat, 10.0 * len(on))})
    return ex


def test_after_a_round_everyone_draws_one() -> None:
    ex = _round(start("amsterdam", 4))
    assert ex.phase == "trick" and ex.round == 2
    assert [len(h) for h in ex.hands] == [3, 3, 3, 3] and len(ex.deck) == 60 - 12 - 4
    assert all(len(s.pieces) == 1 for s in ex.structures)


def test_elimination_ends_after_the_round_is_placed() -> None:
    ex = _round(start("amsterdam", 3))
    ex = _round(ex, falls={0: 2}, heights={0: 5.0, 1: 80.0, 2: 40.0})
    assert ex.is_over and ex.eliminated == (True, False, False)
    assert all(len(s.pieces) == 2 for s in ex.structures[1:])   # the others still placed
    assert ex.fans == (0, 3, 2)


def test_the_tallest_eliminated_structure_does_not_score() -> None:
    ex = _round(start("amsterdam", 4))
    ex = _round(ex, falls={1: 2, 3: 2}, heights={0: 50.0, 1: 300.0, 2: 60.0, 3: 10.0})
    assert ex.eliminated == (False, True, False, True)
    assert ex.fans == (2, 0, 3, 0)


def test_one_fallen_piece_is_kept_but_does_not_eliminate() -> None:
    ex = _round(start("amsterdam", 3))
    ex = _round(ex, falls={2: 1})
    assert not ex.is_over and len(ex.fallen[2]) == 1 and not any(ex.eliminated)


@pytest.mark.parametrize("heights,fans", [
    ({0: 100.0, 1: 50.0, 2: 20.0}, (3, 2, 2)),
    ({0: 100.0, 1: 100.8, 2: 20.0}, (3, 3, 2)),     # within 1 mm: friendly tie
    ({0: 100.0, 1: 101.5, 2: 20.0}, (2, 3, 2)),
    ({0: 7.0, 1: 7.0, 2: 7.0}, (3, 3, 3)),
])
def test_awards_when_the_cards_run_out(heights: dict[int, float], fans: tuple[int, ...]) -> None:
    ex = start("amsterdam", 3)
    # last trick: the deck is empty and every hand holds its final card
    hands = tuple((h[0],) for h in ex.hands)
    ex = replace(ex, hands=hands, unused=ex.deck + tuple(c for h in ex.hands for c in h[1:]), deck=())
    ex = _round(with_heights(ex, heights), heights=heights)
    assert ex.is_over and ex.end_reason == "all cards have been played"
    assert ex.fans == fans


def test_a_full_game_without_falls_plays_every_card() -> None:
    ex = start("amsterdam", 5)
    rounds = 0
    while not ex.is_over:
        ex = _round(ex)
        rounds += 1
    assert rounds == 12 and ex.end_reason == "all cards have been played"
    assert len(ex.discard) == 60


# ---- the bot ------------------------------------------------------------------------------------

def _seen(ex: Exhibition, seat: int = 0) -> api.State:
    """The tour as `seat` sees it, with `ex` as the current exhibition."""
    state = api.new_tour(api.TourConfig(ex.num_seats, ("amsterdam",), start_seat=0))
    return api.observe(replace(state, exhibition=ex), seat)


@pytest.mark.parametrize("hand,card", [
    (("blue-axle", "green-ball", "grey-wedge"), "blue-axle"),          # the top card: sure to win
    (("grey-cone", "grey-bowling_pin", "blue-ball"), "blue-ball"),     # no chance: dump the ball
])
def test_bot_plays_to_win_or_dumps_its_most_awkward_card(hand: tuple[str, ...], card: str) -> None:
    ex = start("amsterdam", 3, top=(hand[0], "green-axle", "grey-arch", hand[1], "orange-ring",
                                    "blue-l_bracket", hand[2]))
    legal = exh.legal_actions(ex, 0)
    assert amsterdam_bot.choose(_seen(ex), legal, random.Random(1)) == PlayCard(0, card, 0)


def test_bot_winner_keeps_the_easy_card_and_spites_the_biggest_threat() -> None:
    ex = start("amsterdam", 3)
    trick = {0: "blue-grooved_block", 1: "green-ball", 2: "grey-wedge"}
    ex = replace(ex, table=tuple((trick[s],) for s in range(3)), phase="give", turn=0,
                 fallen=((), (), ("orange-cone",)))          # seat 2 is one fall from out
    ex = with_heights(ex, {0: 50.0, 1: 80.0, 2: 20.0})
    choice = amsterdam_bot.choose(_seen(ex), exh.legal_actions(ex, 0), random.Random(1))
    assert choice == Give(0, ("blue-grooved_block", "grey-wedge", "green-ball"), (0, 1, 2))


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_bots_play_whole_legal_games(difficulty: str) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        state = api.new_tour(api.TourConfig(4, ("amsterdam",), start_seat=seed))
        while not api.is_terminal(state):
            if api.is_chance(state):
                state = api.apply(state, api.sample_chance(state, rng))
                continue
            seat = api.to_act(state)[0]
            action = bots.choose(api.observe(state, seat), api.legal_actions(state, seat), rng, difficulty)
            state = api.apply(state, complete(state, action, rng))
        assert api.outcome(state).final
