"""The start menu's choices as plain data: cycles, seats, and tables that cannot be played."""
from __future__ import annotations

import random

import pytest

from game.tour import FIRST_TOUR, MAX_SEATS, MIN_SEATS
from play.human import HUMAN
from play.menu import RANDOM_WITH_NASHVILLE, TOURS, MenuChoices


def test_the_default_is_the_recommended_first_tour_against_a_normal_and_a_hard_bot():
    choices = MenuChoices()
    config, seats, seed = choices.game(random.Random(3))
    assert config.cities == FIRST_TOUR and config.num_seats == 3
    assert [(s.name, s.kind) for s in seats] == [("You", HUMAN), ("Normal bot", "normal"), ("Hard bot", "hard")]
    assert seed == random.Random(3).randrange(1, 1_000_000)
    assert choices.problem() == ""
    assert choices.tour_goals()[0] == "Philadelphia: Be the last artist standing"


def test_every_choice_cycles_both_ways():
    choices = MenuChoices()
    assert choices.step("tour", 1).tour == "random:3" and choices.step("tour", -1).tour == TOURS[-1]
    assert "nashville" in TOURS                          # on its own, and dealt only when asked for:
    assert MenuChoices(tour="random:3").config().include_nashville is False
    with_it = MenuChoices(tour=RANDOM_WITH_NASHVILLE)
    assert with_it.config().include_nashville and with_it.config().random_cities == 3
    assert "Nashville" in with_it.tour_text() and MenuChoices(tour="nashville").problem() == ""
    assert choices.step("players", -1).players == MIN_SEATS
    assert choices.step("players", -1).step("players", -1).players == MAX_SEATS
    assert choices.step("players", 1).others == ("normal", "hard", "hard")
    assert choices.step("players", -1).others == ("normal",)
    kinds = [choices.step("seat:1", by).others[0] for by in (1, -1)]
    assert kinds == ["hard", "easy"]
    with pytest.raises(ValueError, match="no seat 3"):
        choices.step("seat:3", 1)
    with pytest.raises(ValueError, match="unknown menu choice"):
        choices.step("colour", 1)


def test_people_at_the_desktop_play_hot_seat_named_by_seat():
    choices = MenuChoices(players=4, others=("easy", HUMAN, "easy"))
    seats = choices.seats()
    assert [(s.name, s.kind) for s in seats] == [("Player 1", HUMAN), ("Player 2", HUMAN),
                                                  ("Easy bot 1", "easy"), ("Easy bot 2", "easy")]
    assert MenuChoices(players=2, others=(HUMAN,)).seats()[1].name == "Player 2"
    assert choices.seat_text(2) == "a person (hot-seat)" and choices.seat_text(1) == "Easy bot"


def test_a_table_a_city_cannot_seat_says_why_in_one_line():
    choices = MenuChoices(tour="gujarat", players=5, others=("easy",) * 4)
    assert "5" in choices.problem() and "\n" not in choices.problem()
    with pytest.raises(ValueError):
        choices.game()
    assert MenuChoices(tour="amsterdam", players=2, others=("easy",)).problem()
    assert MenuChoices(tour="gujarat", players=4, others=("easy",) * 3).problem() == ""
    assert MenuChoices(tour="random:3").tour_goals() == ("The cities are dealt at random when the tour starts.",)
