"""New York: deck cut with the Star card on top of the bottom part (short/long variants), 3
face-up cards, keep placing while the placed piece touches one of its colour or shape, the Star
card ends it at once, tallest 5/3/1."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game import api
from game import exhibition as exh
from game.actions import Cut, Place, Shuffle
from game.bots import new_york as new_york_bot
from game.cards import JUNK_CARD_IDS, STAR
from game.cities.new_york import CITY, continues_chain
from game.errors import IllegalActionError
from game.sim import play_random
from game.state import Exhibition
from rules_helpers import place, with_heights

TOP = ("blue-ring", "green-ball", "grey-cone", "orange-arch", "blue-wedge", "green-axle")


def _start(seats: int, sizes: tuple[int, ...] = (20, 20, 20), parts: int = 3, start_seat: int = 0,
           top: tuple[str, ...] = TOP) -> Exhibition:
    ex = CITY.new_exhibition(seats, start_seat, parts=parts)
    rest = tuple(c for c in JUNK_CARD_IDS if c not in top)
    ex = exh.apply(ex, Shuffle(top + rest))
    assert ex.phase == "cut" and exh.is_chance(ex)
    return exh.apply(ex, Cut(sizes))


@pytest.mark.parametrize("parts,sizes,star_at", [
    (3, (20, 20, 20), 40),
    (3, (18, 21, 21), 39),
    (2, (30, 30), 30),
    (4, (15, 15, 15, 15), 45),
])
def test_cut_puts_the_star_on_top_of_the_last_part(parts: int, sizes: tuple[int, ...], star_at: int) -> None:
    ex = _start(2, sizes, parts)
    assert ex.faceup == TOP[:3]
    assert ex.deck.index(STAR) == star_at - 3 and len(ex.deck) == 58
    assert ex.phase == "turn" and exh.to_act(ex) == (0,)


@pytest.mark.parametrize("parts,sizes", [(3, (30, 30)), (3, (0, 30, 30)), (3, (20, 20, 21)), (2, (20, 20, 20))])
def test_bad_cuts_are_refused(parts: int, sizes: tuple[int, ...]) -> None:
    ex = CITY.new_exhibition(3, 0, parts=parts)
    ex = exh.apply(ex, Shuffle(JUNK_CARD_IDS))
    with pytest.raises(IllegalActionError, match="cut"):
        exh.apply(ex, Cut(sizes))


def test_sampled_cuts_are_roughly_equal() -> None:
    rng = random.Random(7)
    for parts in (2, 3, 4):
        ex = exh.apply(CITY.new_exhibition(3, 0, parts=parts), Shuffle(JUNK_CARD_IDS))
        for _ in range(20):
            cut = exh.sample_chance(ex, rng)
            assert isinstance(cut, Cut) and len(cut.sizes) == parts and sum(cut.sizes) == 60
            assert all(abs(s - 60 // parts) <= 2 * parts for s in cut.sizes)
    with pytest.raises(ValueError, match="parts"):
        CITY.new_exhibition(3, 0, parts=5)


@pytest.mark.parametrize("piece,touching,more", [
    ("blue-ring", ("blue-ball",), True),               # same colour
    ("blue-ring", ("grey-ring",), True),               # same shape
    ("blue-ring", ("grey-ball", "green-cone"), False),
    ("blue-ring", (), False),
    ("blue-ring", ("blue-ring",), False),              # itself does not count
    ("blue-ring", ("cactus-1",), False),               # not a junk piece
])
def test_chain_rule(piece: str, touching: tuple[str, ...], more: bool) -> None:
    assert continues_chain(piece, touching) is more


def test_a_chain_keeps_the_turn_until_no_match_then_the_row_refills() -> None:
    ex = _start(3, top=("blue-ring", "blue-ball", "grey-cone", "orange-arch", "blue-wedge", "green-axle"))
    assert {a.piece for a in exh.legal_actions(ex, 0)} == set(ex.faceup)
    ex = place(ex, 0, "grey-cone")
    assert exh.to_act(ex) == (1,) and ex.faceup == ("blue-ring", "blue-ball", "orange-arch")
    ex = place(ex, 1, "blue-ring")
    assert exh.to_act(ex) == (2,)           # nothing to touch yet
    ex = place(ex, 2, "blue-ball")
    ex = place(ex, 0, "blue-wedge", touching=("grey-cone",))     # grey-cone: no match
    assert exh.to_act(ex) == (1,)
    ex = place(ex, 1, "orange-arch", touching=("blue-ring",))    # different colour and shape
    assert exh.to_act(ex) == (2,)
    assert ex.faceup == ("green-axle", "orange-long_plank", "orange-holed_plank")


def test_placing_all_three_face_up_cards_ends_the_turn() -> None:
    ex = _start(2, top=("blue-ring", "orange-ball", "grey-cone", "blue-ball", "orange-cone", "grey-ring",
                        "green-ring"))
    ex = place(ex, 0, "blue-ring")
    ex = place(ex, 1, "orange-ball")
    ex = place(ex, 0, "grey-cone")
    ex = place(ex, 1, "blue-ball")
    assert ex.faceup == ("orange-cone", "grey-ring", "green-ring")
    ex = place(ex, 0, "grey-ring", touching=("grey-cone",))
    ex = place(ex, 0, "orange-cone", touching=("grey-cone",))      # same shape
    assert exh.to_act(ex) == (0,) and ex.faceup == ("green-ring",)
    ex = place(ex, 0, "green-ring", touching=("grey-ring",))       # chain, but the row is empty
    assert exh.to_act(ex) == (1,) and len(ex.faceup) == 3


def test_dropped_active_piece_is_placed_again_and_a_fallen_one_stops_the_chain() -> None:
    ex = _start(2, top=("blue-ring", "blue-ball", "grey-cone", "blue-cone"))
    ex = place(ex, 0, "blue-ring")
    ex = place(ex, 1, "grey-cone")
    ex = place(ex, 0, "blue-ball", only_active_fell=True)
    assert ex.pending[0] == ("blue-ball",) and "blue-ball" not in ex.faceup
    assert [a.piece for a in exh.legal_actions(ex, 0)] == ["blue-ball"]
    ex = place(ex, 0, "blue-ball", touching=("blue-ring",), fallen=(("blue-ring", 0), ("blue-ball", 0)))
    assert exh.to_act(ex) == (1,) and ex.structures[0].pieces == ()   # removed: no fallen pile
    assert ex.fallen == ((), ())


def test_the_star_ends_it_at_once_tallest_531() -> None:
    ex = _start(3, sizes=(1, 1, 58), top=("blue-ring", "green-ball", "grey-cone", "orange-arch"))
    # the top parts hold 2 cards, so the Star is the 3rd card: the opening row reveals it
    assert ex.is_over and ex.end_reason.startswith("the Star card")
    ex = _start(3, sizes=(1, 2, 57), top=("blue-ring", "green-ball", "grey-cone", "orange-arch"))
    assert ex.faceup == ("blue-ring", "green-ball", "grey-cone") and ex.deck[0] == STAR
    ex = with_heights(ex, {0: 100.0, 1: 100.4, 2: 60.0})
    ex = place(ex, 0, "blue-ring", heights={0: 100.0})
    assert ex.is_over and ex.faceup[-1] == STAR
    assert ex.fans == (5, 5, 1)


@pytest.mark.parametrize("heights,fans", [
    ({0: 10.0, 1: 20.0, 2: 30.0, 3: 40.0}, (0, 1, 3, 5)),
    ({0: 40.0, 1: 20.0, 2: 20.5, 3: 40.0}, (5, 1, 1, 5)),
    ({0: 40.0, 1: 20.0}, (5, 3)),
    ({0: 40.0, 1: 39.5, 2: 38.8, 3: 1.0, 4: 1.0, 5: 0.0}, (5, 5, 3, 0, 0, 0)),  # ties are not chained
])
def test_tallest_awards(heights: dict[int, float], fans: tuple[int, ...]) -> None:
    ex = _start(len(heights), sizes=(1, 2, 57))
    ex = with_heights(ex, heights)
    ex = place(ex, 0, ex.faceup[0], heights={0: heights[0]})   # the refill reveals the Star
    assert ex.is_over and ex.fans == fans


def test_placing_needs_an_outcome_and_a_face_up_card() -> None:
    ex = _start(2)
    with pytest.raises(IllegalActionError, match="outcome"):
        exh.apply(ex, Place(0, "blue-ring", 0))
    with pytest.raises(IllegalActionError, match="not legal"):
        place(ex, 0, "orange-ball")


# ---- the bot ------------------------------------------------------------------------------------

def _seen(ex: Exhibition, seat: int = 0) -> api.State:
    state = api.new_tour(api.TourConfig(ex.num_seats, ("new_york",), start_seat=0, base_sides=("A",) * ex.num_seats))
    return api.observe(replace(state, exhibition=ex), seat)


@pytest.mark.parametrize("mine,row,card", [
    (("blue-ring",), ("grey-cone", "blue-wedge", "orange-short_plank"), "blue-wedge"),     # colour chain
    (("blue-ring",), ("grey-cone", "grey-ring", "orange-short_plank"), "grey-ring"),       # shape chain
    ((), ("grey-cone", "green-ball", "orange-grooved_block"), "orange-grooved_block"),     # no chain: easy
    # both chain; only green-wedge makes orange-wedge chain after it (shape): worth more than ease
    (("green-ring", "grey-cone"), ("green-wedge", "grey-cylinder", "orange-wedge"), "green-wedge"),
])
def test_bot_takes_the_card_that_chains(mine: tuple[str, ...], row: tuple[str, ...], card: str) -> None:
    ex = _start(2)
    ex = replace(ex.with_structure(0, pieces=mine), faceup=row)
    legal = exh.legal_actions(ex, 0)
    assert new_york_bot.choose(_seen(ex), legal, random.Random(0)) == Place(0, card, 0)


def test_bot_plays_whole_legal_games() -> None:
    def bot(state, seat, legal, rng):
        action = new_york_bot.choose(api.observe(state, seat), legal, rng)
        assert action in legal
        return action

    for seed in range(3):
        state, _ = play_random(api.TourConfig(3, ("new_york",), start_seat=seed, base_sides=("A",) * 3), random.Random(seed), policy=bot)
        assert api.outcome(state).final
