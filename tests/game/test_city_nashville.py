"""Nashville: initial 3-piece structures, cactus cards in the deck as written, draw to 2 / play 1,
shots for colour (1) or number (2) matches and Cactus cards (1), loot and steals, accidental
hits, end after the round in which the third cactus shows, tallest + cactus + loot awards."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game import api
from game import exhibition as exh
from game.actions import Action, Cut, Shuffle
from game.bots import nashville as nashville_bot
from game.cards import CACTUS_CARDS
from game.cities.nashville import CITY
from game.errors import IllegalActionError, MalformedActionError
from game.mechanics.dealing import remove_card
from game.mechanics.shots import Holster, Shoot, ShotOutcome, Steal, shots_earned
from game.outcomes import FallenPiece
from game.sim import play_random
from game.state import Exhibition
from rules_helpers import place, start

C1, C2, C3 = CACTUS_CARDS


@pytest.mark.parametrize("played,top,shots", [
    ("blue-ring", "green-wedge", 2),      # both 11
    ("blue-ring", "blue-ball", 1),        # both blue
    ("blue-ring", "green-ball", 0),
    ("green-ball", C2, 1),                # a cactus on a pile counts as green
    ("blue-ring", C2, 0),
    (C1, "grey-cone", 1),                 # a Cactus card: one shot at anyone
    (C1, None, 1),
    ("blue-ring", None, 0),
])
def test_shots_earned(played: str, top: str | None, shots: int) -> None:
    assert shots_earned(played, top) == shots


def _build(ex: Exhibition) -> Exhibition:
    """Every seat builds with the first 3 cards of its hand, nothing falls."""
    while ex.phase == "build":
        seat = exh.to_act(ex)[0]
        card = ex.hands[seat][0]
        ex = place(ex, seat, card, heights={seat: 10.0 * (len(ex.structures[seat].pieces) + 1)})
    return ex


def _ready(seats: int, start_seat: int = 0, a_size: int | None = None,
           cactus_order: tuple[int, ...] | None = None) -> Exhibition:
    """Built, cut and shuffled with the two cactuses at the bottom of part A; first turn begun."""
    ex = _build(start("nashville", seats, start_seat))
    assert ex.phase == "cut" and exh.is_chance(ex)
    a = len(ex.deck) // 2 if a_size is None else a_size
    ex = exh.apply(ex, Cut((a, len(ex.deck) - a)))
    part_a = tuple(ex.var("cards_a"))
    return exh.apply(ex, Shuffle(part_a + (C1, C2)))


def _rig(ex: Exhibition, hands: dict[int, tuple[str, ...]] = {}, tops: dict[int, str] = {}) -> Exhibition:
    """Put chosen cards in hands / on top of discard piles (taking them out of the deck)."""
    for seat, hand in hands.items():
        deck = ex.deck + ex.hands[seat]
        for card in hand:
            deck = remove_card(deck, card)
        ex = replace(ex.with_seat("hands", seat, hand), deck=deck)
    for seat, card in tops.items():
        ex = replace(ex.with_seat("table", seat, ex.table[seat] + (card,)), deck=remove_card(ex.deck, card))
    return ex


def _shot(ex: Exhibition, seat: int, target: int, fallen: tuple[tuple[str, int], ...] = (),
          cowboys: tuple[int, ...] = ()) -> Exhibition:
    heights = tuple(s.height_mm for s in ex.structures)
    result = ShotOutcome(fallen=tuple(FallenPiece(p, s) for p, s in fallen), cowboys_hit=cowboys,
                         disc_hits=("table-edge",), heights_mm=heights)
    return exh.apply(ex, Shoot(seat, target).with_outcome(result))


def test_setup_builds_three_pieces_each_then_cuts_with_the_cactus_cards() -> None:
    ex = start("nashville", 2, start_seat=1)
    assert [len(h) for h in ex.hands] == [4, 4] and ex.phase == "build"
    assert exh.to_act(ex) == (1,) and len(exh.legal_actions(ex, 1)) == 4
    ex = _build(ex)
    assert [len(t) for t in ex.table] == [3, 3] and [len(h) for h in ex.hands] == [1, 1]
    assert ex.table[0][-1] == ex.structures[0].pieces[-1]         # top card = last placed piece
    assert len(ex.deck) == 52
    ex = exh.apply(ex, Cut((25, 27)))
    with pytest.raises(IllegalActionError, match="Cactus"):
        exh.apply(ex, Shuffle(tuple(ex.var("cards_a"))))
    part_a, part_b = tuple(ex.var("cards_a")), ex.deck
    ex = exh.apply(ex, Shuffle((C2,) + part_a + (C1,)))
    # part A (+2 cactuses) drawn from; the third Cactus card lies face up on part B
    assert ex.deck[26] == C3 and ex.deck[27:] == part_b and ex.var("cactus_depth") == 26
    assert ex.phase == "play" and exh.to_act(ex) == (1,) and C2 in ex.hands[1] and len(ex.hands[1]) == 2


@pytest.mark.parametrize("sizes", [(0, 52), (26, 25), (10, 20, 22)])
def test_bad_cuts(sizes: tuple[int, ...]) -> None:
    ex = _build(start("nashville", 2))
    with pytest.raises(IllegalActionError, match="cut"):
        exh.apply(ex, Cut(sizes))


def test_no_match_no_shot_and_the_next_player_draws() -> None:
    ex = _rig(_ready(3), hands={0: ("blue-ring", "green-ball")}, tops={1: "grey-cone", 2: "orange-arch"})
    ex = place(ex, 0, "blue-ring")
    assert ex.table[0][-1] == "blue-ring" and exh.to_act(ex) == (1,) and ex.phase == "play"
    assert len(ex.hands[1]) == 2


def test_number_match_gives_two_shots_at_one_target_and_the_take_is_placed_or_looted() -> None:
    ex = _rig(_ready(3), hands={0: ("blue-ring", "green-ball")}, tops={1: "green-wedge", 2: "blue-ball"})
    ex = place(ex, 0, "blue-ring")
    assert ex.phase == "shoot" and exh.to_act(ex) == (0,)
    assert exh.legal_actions(ex, 0) == [Shoot(0, 1), Shoot(0, 2), Holster(0)]
    with pytest.raises(IllegalActionError, match="outcome"):
        exh.apply(ex, Shoot(0, 1))
    victim = ex.structures[1].pieces
    ex = _shot(ex, 0, 1, fallen=((victim[2], 1), (victim[1], 1)))
    assert exh.legal_actions(ex, 0) == [Shoot(0, 1), Holster(0)]      # the same target only
    ex = _shot(ex, 0, 1, cowboys=(1,))                                  # their loot is empty: no steal
    assert ex.phase == "haul" and ex.var("haul") == (victim[2], victim[1])
    assert {a.piece for a in exh.legal_actions(ex, 0)} == {victim[1], victim[2]}
    ex = place(ex, 0, victim[1])
    assert ex.structures[0].pieces[-1] == victim[1]
    assert ex.var("loot")[0] == (victim[2],) and ex.structures[1].pieces == victim[:1]
    assert ex.phase == "play" and ex.turn == 1


def test_holster_gives_up_the_rest() -> None:
    ex = _rig(_ready(2), hands={0: ("blue-ring", "green-ball")}, tops={1: "green-wedge"})
    ex = place(ex, 0, "blue-ring")
    ex = _shot(ex, 0, 1)
    ex = exh.apply(ex, Holster(0))
    assert ex.turn == 1 and ex.phase == "play"


def test_a_single_shot_off_piece_must_be_placed() -> None:
    ex = _rig(_ready(2), hands={0: ("blue-ring", "green-ball")}, tops={1: "blue-ball"})
    ex = place(ex, 0, "blue-ring")
    top = ex.structures[1].pieces[-1]
    ex = _shot(ex, 0, 1, fallen=((top, 1),))
    assert ex.phase == "haul" and [a.piece for a in exh.legal_actions(ex, 0)] == [top]
    ex = place(ex, 0, top, only_active_fell=True)          # dropped: place it again
    assert ex.pending[0] == (top,)
    ex = place(ex, 0, top, fallen=((ex.structures[0].pieces[0], 0),))   # unshot fall: out of the game
    assert ex.var("loot") == ((), ()) and ex.var("removed")[-1] not in ex.structures[0].pieces
    assert ex.turn == 1


def test_hitting_the_target_cowboy_steals_from_their_loot() -> None:
    ex = _rig(_ready(3), hands={0: ("blue-ring", "green-ball")}, tops={2: "blue-ball"})
    ex = ex.set_vars(loot=((), ("grey-axle",), ("grey-ball", "orange-cone")))
    ex = place(ex, 0, "blue-ring")
    ex = _shot(ex, 0, 2, cowboys=(2, 1))      # seat 1's cowboy too: an accident, no steal
    assert ex.phase == "steal" and exh.legal_actions(ex, 0) == [Steal(0, 2, "grey-ball"),
                                                                Steal(0, 2, "orange-cone")]
    ex = exh.apply(ex, Steal(0, 2, "orange-cone"))
    assert ex.var("loot") == (("orange-cone",), ("grey-axle",), ("grey-ball",))
    assert ex.turn == 1


def test_accidental_hits_loot_the_owner_and_cactuses_go_back() -> None:
    ex = _rig(_ready(3), hands={0: ("blue-ring", "green-ball")}, tops={1: "blue-ball"})
    ex = ex.with_structure(2, pieces=ex.structures[2].pieces + (C3,))
    mine, theirs = ex.structures[0].pieces[0], ex.structures[2].pieces[0]
    ex = place(ex, 0, "blue-ring")
    ex = _shot(ex, 0, 1, fallen=((theirs, 2), (C3, 2), (mine, 0)))   # a ricochet, then my own
    assert ex.var("loot") == ((mine,), (), (theirs,))
    assert ex.phase == "replace" and exh.to_act(ex) == (2,)
    assert [a.piece for a in exh.legal_actions(ex, 2)] == [C3]
    ex = place(ex, 2, C3)
    assert ex.structures[2].pieces[-1] == C3 and ex.turn == 1


def test_a_wobble_during_a_shot_leaves_the_game_looted_by_nobody() -> None:
    ex = _rig(_ready(3), hands={0: ("blue-ring", "green-ball")}, tops={1: "blue-ball"})
    target, bystander = ex.structures[1].pieces[-1], ex.structures[2].pieces[-1]
    ex = place(ex, 0, "blue-ring")
    heights = tuple(s.height_mm for s in ex.structures)
    outcome = ShotOutcome(fallen=(FallenPiece(target, 1),), wobbled=(FallenPiece(bystander, 2),),
                          disc_hits=(target,), heights_mm=heights)
    shot = Shoot(0, 1).with_outcome(outcome)
    assert Action.from_text(shot.to_text()).same_shot(shot)
    ex = exh.apply(ex, shot)
    assert bystander not in ex.structures[2].pieces and bystander in ex.var("removed")
    assert all(bystander not in loot for loot in ex.var("loot")) and ex.var("haul") == (target,)


def test_cactus_card_places_a_cactus_shoots_anyone_and_counts_as_green() -> None:
    ex = _rig(_ready(3), hands={0: (C1, "grey-cone")}, tops={1: "grey-ring", 2: "orange-arch"})
    ex = place(ex, 0, C1)
    assert ex.structures[0].pieces[-1] == C1 and ex.table[0][-1] == C1
    assert exh.legal_actions(ex, 0) == [Shoot(0, 1), Shoot(0, 2), Holster(0)]
    ex = _shot(ex, 0, 2)
    assert ex.turn == 1
    ex = _rig(ex, hands={1: ("green-ball", "grey-wedge")})
    ex = place(ex, 1, "green-ball")
    assert exh.legal_actions(ex, 1) == [Shoot(1, 0), Holster(1)]     # green on the cactus


def _quiet_turn(ex: Exhibition) -> Exhibition:
    seat = ex.turn
    ex = place(ex, seat, ex.hands[seat][0])
    while not ex.is_over and ex.turn == seat:
        ex = exh.apply(ex, Holster(seat))
    return ex


def test_the_round_completes_after_the_third_cactus_shows() -> None:
    ex = _ready(4, start_seat=1, a_size=1)      # part A: 1 card + 2 cactuses
    assert ex.var("cactus_depth") == 2
    ex = _quiet_turn(ex)                          # seat 1
    ex = _quiet_turn(ex)                          # seat 2 draws the last card of part A
    assert ex.var("end_triggered") and ex.var("cactus_depth") == 0 and ex.turn == 3
    ex = _quiet_turn(ex)
    assert ex.turn == 0 and C3 in ex.hands[0]    # later draws take the face-up cactus
    ex = _quiet_turn(ex)
    assert ex.is_over and "third Cactus" in ex.end_reason


def _ended(heights: tuple[float, ...], cacti: tuple[int, ...], loot: tuple[int, ...]) -> Exhibition:
    ex = _ready(len(heights))
    spare = ["grey-ball", "grey-cone", "grey-ring", "orange-ball", "orange-cone", "orange-ring",
             "green-ball", "green-cone", "green-ring"]
    for s, h in enumerate(heights):
        pieces = ex.structures[s].pieces + CACTUS_CARDS[sum(cacti[:s]):sum(cacti[:s + 1])]
        ex = ex.with_structure(s, pieces=pieces, height_mm=h)
    ex = ex.set_vars(loot=tuple(tuple(spare.pop() for _ in range(k)) for k in loot))
    return ex


@pytest.mark.parametrize("heights,cacti,loot,fans", [
    ((300.0, 200.0, 100.0, 50.0), (0, 0, 0, 0), (0, 0, 0, 0), (5, 3, 1, 0)),
    ((300.0, 200.0, 100.0, 50.0), (1, 0, 0, 2), (0, 0, 0, 0), (6, 3, 1, 2)),
    ((300.0, 299.5, 100.0, 50.0), (0, 0, 0, 0), (3, 1, 2, 0), (10, 6, 4, 0)),
    ((100.0, 100.0), (0, 1), (2, 2), (10, 11)),
    ((100.0, 50.0, 20.0), (0, 0, 0), (1, 1, 1), (10, 8, 6)),
    ((100.0, 50.0, 20.0), (3, 0, 0), (0, 4, 0), (8, 8, 1)),
])
def test_awards(heights: tuple[float, ...], cacti: tuple[int, ...], loot: tuple[int, ...],
                fans: tuple[int, ...]) -> None:
    assert CITY.awards(_ended(heights, cacti, loot)) == fans


def test_a_cactus_in_loot_counts_as_loot_but_earns_no_bonus() -> None:
    ex = _ended((100.0, 50.0), (0, 0), (0, 0)).set_vars(loot=((C1,), ()))
    assert CITY.awards(ex) == (5 + 5, 3)


def test_shoot_round_trips_with_its_outcome() -> None:
    shot = Shoot(1, 2).with_outcome(ShotOutcome(fallen=(FallenPiece("blue-ring", 2), FallenPiece(C1, 0)),
                                                cowboys_hit=(2,), disc_hits=("cowboy:2", "blue-ring"),
                                                ricochets=1, heights_mm=(10.0, 0.0, 55.5)))
    for again in (Action.from_text(shot.to_text()), Action.from_json(json.loads(json.dumps(shot.to_json())))):
        assert isinstance(again, Shoot) and again.same_shot(shot)
    assert Action.from_text("shoot 1 2 null") == Shoot(1, 2) and Shoot(1, 2).outcome is None
    assert shot.to_text().startswith('shoot 1 2 {"cowboys_hit":[2]')
    with pytest.raises(MalformedActionError):
        Action.from_text('shoot 1 2 {"fallen": 3}')


def test_shot_outcomes_are_checked() -> None:
    ex = _rig(_ready(2), hands={0: ("blue-ring", "green-ball")}, tops={1: "blue-ball"})
    ex = place(ex, 0, "blue-ring")
    with pytest.raises(MalformedActionError, match="not standing"):
        _shot(ex, 0, 1, fallen=(("grey-wedge", 1),))
    with pytest.raises(MalformedActionError, match="heights"):
        exh.apply(ex, Shoot(0, 1).with_outcome(ShotOutcome()))
    with pytest.raises(IllegalActionError, match="not legal"):
        _shot(ex, 0, 0)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_playouts_shoot_and_keep_every_piece_somewhere(seats: int) -> None:
    verbs: set[str] = set()
    for seed in range(8):
        config = api.TourConfig(num_seats=seats, cities=("nashville",), start_seat=seed % seats)
        final, log = play_random(config, random.Random(seed))
        ex = final.exhibition
        assert ex is not None and ex.is_over and "Cactus" in ex.end_reason
        verbs |= {a.VERB for a in log}
        # every piece is in one place only: on a structure, in someone's loot, or out of the game
        pieces = [p for s in ex.structures for p in s.pieces] + [p for k in ex.var("loot") for p in k] \
            + list(ex.var("removed"))
        assert len(pieces) == len(set(pieces))
        if seed == 0:   # Shoot equality leaves the outcome out: compare the shots themselves too
            _again, log2 = play_random(config, random.Random(seed))
            assert all(a.same_shot(b) for a, b in zip(log, log2) if isinstance(a, Shoot))
    assert {"shoot", "holster", "place", "cut", "shuffle"} <= verbs


def test_observation_hides_hands_deck_and_the_cut_part() -> None:
    ex = _build(start("nashville", 3))
    ex = exh.apply(ex, Cut((20, len(ex.deck) - 20)))
    seen = exh.observe(ex, 1)
    assert set(seen.var("cards_a")) == {"?"} and len(seen.var("cards_a")) == 20
    assert set(seen.deck) == {"?"} and set(seen.hands[0]) == {"?"} and seen.hands[1] == ex.hands[1]
    assert seen.table == ex.table   # discard piles are face up


# ---- the bot ------------------------------------------------------------------------------------

def _seen(ex: Exhibition, seat: int = 0) -> api.State:
    state = api.new_tour(api.TourConfig(ex.num_seats, ("nashville",), start_seat=0, base_sides=("A",) * ex.num_seats))
    return api.observe(replace(state, exhibition=ex), seat)


def test_bot_plays_the_card_with_the_most_shots() -> None:
    ex = _rig(_ready(3), hands={0: ("grey-short_plank", "blue-ring")}, tops={1: "green-wedge", 2: "grey-ball"})
    # grey-short_plank: colour match with seat 2 (1 shot); blue-ring: number 11 with seat 1 (2 shots)
    choice = nashville_bot.choose(_seen(ex), exh.legal_actions(ex, 0), random.Random(0))
    assert choice.piece == "blue-ring"


def test_bot_shoots_the_rival_with_the_most_at_stake_and_steals() -> None:
    ex = _rig(_ready(3), hands={0: (C1, "grey-cone")})
    ex = ex.with_structure(1, height_mm=50.0).with_structure(2, height_mm=40.0)
    ex = ex.set_vars(loot=((), (), ("orange-ring",)))             # 4 cm + 5 cm of loot beats 5 cm
    ex = place(ex, 0, C1)
    assert nashville_bot.choose(_seen(ex), exh.legal_actions(ex, 0), random.Random(0)) == Shoot(0, 2)
    ex = _shot(ex, 0, 2, cowboys=(2,))
    assert nashville_bot.choose(_seen(ex), exh.legal_actions(ex, 0), random.Random(0)) == \
        Steal(0, 2, "orange-ring")


def test_bot_places_a_cactus_from_its_take() -> None:
    ex = _rig(_ready(2), hands={0: ("blue-ring", "green-ball")}, tops={1: "green-wedge"})
    ex = ex.with_structure(1, pieces=ex.structures[1].pieces + (C2,))
    ex = place(ex, 0, "blue-ring")
    ex = _shot(ex, 0, 1, fallen=((C2, 1), (ex.structures[1].pieces[0], 1)))
    ex = exh.apply(ex, Holster(0))
    assert ex.phase == "haul"
    assert nashville_bot.choose(_seen(ex), exh.legal_actions(ex, 0), random.Random(0)).piece == C2


def test_bot_plays_whole_legal_games() -> None:
    def bot(state, seat, legal, rng):
        action = nashville_bot.choose(api.observe(state, seat), legal, rng)
        assert action in legal and not isinstance(action, Holster)   # it always shoots
        return action

    for seats, seed in ((2, 0), (3, 1), (4, 2)):
        config = api.TourConfig(seats, ("nashville",), start_seat=seed % seats, base_sides=("A",) * seats)
        state, _ = play_random(config, random.Random(seed), policy=bot)
        assert api.outcome(state).final
