"""Pop Art rules: setup, simultaneous rounds, passing left, drawing, solo, errors, text and JSON forms."""
from __future__ import annotations

import json
import random

import pytest

from game.popart import (Config, Deal, Hand, IllegalActionError, MalformedActionError, MalformedStateError,
                         Play, State, all_cards, apply, is_terminal, legal_actions, legal_cells, load_catalogue,
                         new_game, observe, outcome, parse_action, random_deal, replay, seats_to_choose, start)
from game.popart.state import Placed

ALL_IDS = sorted(list(load_catalogue().foregrounds) + list(load_catalogue().backgrounds))


def first_play(state: State, seat: int) -> Play:
    return legal_actions(state, seat)[0]


def play_round(state: State, choose=first_play) -> State:
    for seat in seats_to_choose(state):
        state = apply(state, choose(state, seat))
    return state


def test_setup_deals_three_plus_three_and_no_goals_in_a_first_game():
    state = start(Config(4), random.Random(7))
    assert state.round == 1 and state.goals == ()
    assert all(len(h.foregrounds) == 3 and len(h.backgrounds) == 3 for h in state.hands)
    assert len(state.fg_deck) == 96 - 12 and len(state.bg_deck) == 96 - 12
    assert all(d == () for d in state.displays)


def test_goal_cards_are_drawn_when_asked_for():
    state = start(Config(3, goals=2), random.Random(1))
    assert len(state.goals) == 2 and len(set(state.goals)) == 2
    assert set(state.goals) <= set(load_catalogue().goals)


def test_deal_order_comes_from_the_rng():
    a, b = random_deal(Config(2), random.Random(5)), random_deal(Config(2), random.Random(5))
    assert a == b and a != random_deal(Config(2), random.Random(6))


@pytest.mark.parametrize("display, count, contains, excludes", [
    ((), 1, [(0, 0)], [(0, 1)]),
    ((Placed(0, 0, "F01", "B01"),), 24, [(-2, -2), (2, 2), (0, 1)], [(0, 0), (3, 0)]),
    ((Placed(0, 0, "F01", "B01"), Placed(0, 2, "F02", "B02")), 13, [(0, 1), (-2, 1), (2, 0)], [(0, 3), (0, -1)]),
    (tuple(Placed(r, c, f"F{r}{c}", "B") for r in range(3) for c in range(3) if (r, c) != (1, 1)), 1, [(1, 1)], []),
])
def test_legal_cells_stay_within_three_by_three(display, count, contains, excludes):
    cells = legal_cells(display)
    assert len(cells) == count
    assert all(c in cells for c in contains) and not any(c in cells for c in excludes)


def test_choices_are_hidden_until_everyone_has_chosen():
    state = start(Config(3), random.Random(2))
    play = first_play(state, 0)
    after = apply(state, play)
    assert after.displays == state.displays and after.pending[0] == play
    seen = observe(after, 1)
    assert seen.chosen == (True, False, False) and seen.my_choice is None
    assert play.fg not in repr(seen) and play.bg not in repr(seen)
    with pytest.raises(IllegalActionError, match="already chosen"):
        apply(after, play)


def test_observe_hides_other_hands_and_the_decks():
    state = start(Config(3), random.Random(2))
    seen = observe(state, 1)
    assert seen.hand == state.hands[1]
    text = repr(seen)
    for other in (0, 2):
        assert not any(card in text for card in state.hands[other].foregrounds + state.hands[other].backgrounds)
    assert not any(card in text for card in state.fg_deck[:5])
    assert seen.hand_sizes == (6, 6, 6) and seen.deck_sizes == (87, 87)


def test_pass_left_then_draw_one_plus_one():
    state = start(Config(3), random.Random(3))
    plays = [first_play(state, seat) for seat in range(3)]
    after = play_round(state)
    for seat, play in enumerate(plays):
        left = (seat + 1) % 3
        leftover = state.hands[seat].without(play.fg, play.bg)
        assert after.hands[left].foregrounds[:2] == leftover.foregrounds
        assert after.hands[left].backgrounds[:2] == leftover.backgrounds
        assert after.passed[seat] == leftover
        assert after.displays[seat] == (Placed(play.row, play.col, play.fg, play.bg),)
    # draws come off the top of the decks in seat order
    assert [h.foregrounds[2] for h in after.hands] == list(state.fg_deck[:3])
    assert [h.backgrounds[2] for h in after.hands] == list(state.bg_deck[:3])
    assert after.round == 2
    # what I passed and what I received are in my observation, nobody else's piles
    seen = observe(after, 1)
    assert seen.passed_by_me == after.passed[1] and seen.received == after.passed[0]


def test_two_players_pass_to_each_other():
    state = start(Config(2), random.Random(4))
    plays = [first_play(state, s) for s in range(2)]
    after = play_round(state)
    assert set(after.hands[1].foregrounds[:2]) == set(state.hands[0].foregrounds) - {plays[0].fg}
    assert set(after.hands[0].foregrounds[:2]) == set(state.hands[1].foregrounds) - {plays[1].fg}


def test_solo_discards_the_rest_and_draws_three_plus_three():
    state = start(Config(1), random.Random(9))
    play = first_play(state, 0)
    after = play_round(state)
    assert after.hands[0] == Hand(state.fg_deck[:3], state.bg_deck[:3])
    assert sorted(after.discard) == sorted(set(state.hands[0].foregrounds + state.hands[0].backgrounds)
                                           - {play.fg, play.bg})


def test_solo_compares_with_the_rival_and_goals_must_be_met():
    state = start(Config(1, goals=2), random.Random(11))
    while not is_terminal(state):
        state = play_round(state)
    result = outcome(state)
    assert result.solo_rank is not None
    assert result.solo_lost == (not all(g.met for g in result.sheets[0].goals))
    assert result.winners == (() if result.solo_lost else (0,))
    seen = observe(state, 0)
    assert seen.rival == load_catalogue().rival


def test_the_game_ends_after_nine_rounds_without_a_last_pass():
    state = start(Config(2), random.Random(12))
    for _ in range(9):
        assert not is_terminal(state)
        state = play_round(state)
    assert is_terminal(state) and state.round == 10
    assert all(len(d) == 9 for d in state.displays)
    assert all(h.size == 4 for h in state.hands)   # the last leftovers stay in hand
    assert legal_actions(state, 0) == []
    with pytest.raises(IllegalActionError, match="over"):
        apply(state, Play(0, "F01", "B01", 0, 0))


@pytest.mark.parametrize("make, error, message", [
    (lambda s: Play(0, "F96", s.hands[0].backgrounds[0], 0, 0), IllegalActionError, "not a Foreground"),
    (lambda s: Play(0, s.hands[0].foregrounds[0], "B96", 0, 0), IllegalActionError, "not a Background"),
    (lambda s: Play(0, s.hands[0].foregrounds[0], s.hands[0].backgrounds[0], 0, 1), IllegalActionError, "taken or outside"),
    (lambda s: Play(5, "F01", "B01", 0, 0), IllegalActionError, "no seat"),
    (lambda s: Deal((), (), ()), IllegalActionError, "already dealt"),
    (lambda s: "play 0 F01", MalformedActionError, "not a Pop Art action"),
])
def test_illegal_and_malformed_actions_raise_distinct_errors(make, error, message):
    state = start(Config(2), random.Random(0))
    state = state.with_(hands=(Hand(tuple(f for f in state.hands[0].foregrounds if f != "F96"),
                                    tuple(b for b in state.hands[0].backgrounds if b != "B96")),) + state.hands[1:])
    with pytest.raises(error, match=message):
        apply(state, make(state))
    assert issubclass(error, ValueError)


def test_bad_deals_and_play_before_the_deal_are_rejected():
    fresh = new_game(Config(2))
    with pytest.raises(IllegalActionError, match="deal"):
        apply(fresh, Play(0, "F01", "B01", 0, 0))
    deal = random_deal(Config(2), random.Random(1))
    with pytest.raises(MalformedActionError, match="every Foreground"):
        apply(fresh, Deal(deal.fg_order[1:], deal.bg_order))
    with pytest.raises(MalformedActionError, match="goal card"):
        apply(fresh, Deal(deal.fg_order, deal.bg_order, ("G1",)))


@pytest.mark.parametrize("text", ["", "play", "play x F01+B01 @0,0", "play 0 F01-B01 @0,0", "deal fg=F01", "pass 0"])
def test_malformed_text(text):
    with pytest.raises(MalformedActionError):
        parse_action(text)


def test_every_legal_action_round_trips_through_text():
    state = start(Config(3, goals=1), random.Random(21))
    deal = random_deal(Config(3, goals=1), random.Random(21))
    assert parse_action(deal.to_text()) == deal
    for _ in range(4):
        for seat in seats_to_choose(state):
            for action in legal_actions(state, seat):
                assert parse_action(action.to_text()) == action
        state = play_round(state, lambda s, seat: legal_actions(s, seat)[-1])


def test_state_round_trips_through_json_mid_round():
    state = start(Config(3, goals=2), random.Random(8))
    state = play_round(state)
    state = apply(state, first_play(state, 1))      # one hidden choice pending
    text = json.dumps(state.to_json())
    assert State.from_json(json.loads(text)) == state


@pytest.mark.parametrize("data", [{}, {"config": {"players": 9, "goals": 0}}, "nope"])
def test_malformed_state_json(data):
    with pytest.raises(MalformedStateError):
        State.from_json(data if isinstance(data, dict) else {"config": data})


@pytest.mark.parametrize("players, goals", [(0, 0), (7, 0), (2, 3)])
def test_bad_configs(players, goals):
    with pytest.raises(ValueError):
        Config(players, goals)


@pytest.mark.parametrize("seed", range(40))
def test_seeded_random_playouts_end_with_full_displays_and_conserve_cards(seed):
    rng = random.Random(seed)
    config = Config(rng.randint(1, 6), rng.randint(0, 2))
    deal = random_deal(config, rng)
    state = apply(new_game(config), deal)
    log = [deal]
    while not is_terminal(state):
        assert sorted(all_cards(state)) == ALL_IDS       # all 192 cards accounted for, none twice
        seat = rng.choice(seats_to_choose(state))
        action = rng.choice(legal_actions(state, seat))
        state = apply(state, action)
        log.append(action)
    assert sorted(all_cards(state)) == ALL_IDS
    assert len(log) == 1 + 9 * config.players
    for display in state.displays:
        rows = {p.row for p in display}
        cols = {p.col for p in display}
        assert len(display) == 9 and len(rows) == 3 and len(cols) == 3
    assert replay(config, log) == state
    result = outcome(state)
    assert len(result.scores) == config.players and all(s >= 0 for s in result.scores)
