"""Card data: the shipped JSON is current with its generator, and the card facts hold."""
from __future__ import annotations

import json
from collections import Counter

from game import card_data
from game.cards import (CACTUS_CARDS, FAN_SUPPLY_TOTAL, JUNK_CARD_IDS, STAR, card, card_strength,
                        city_cards, colour_of_card, colour_strength, junk_cards)
from game.pieces import COLOURS, PIECE_IDS, SHAPES


def test_shipped_json_is_current() -> None:
    for path, text in card_data.expected_files().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run python -m game.card_data"


def test_sixty_cards_one_per_piece() -> None:
    assert len(junk_cards()) == 60 and JUNK_CARD_IDS == PIECE_IDS
    assert all(card(c).piece == c for c in JUNK_CARD_IDS)


def test_each_colour_holds_each_number_once_and_number_is_not_the_shape_index() -> None:
    for colour in COLOURS:
        numbers = sorted(c.number for c in junk_cards() if c.colour == colour)
        assert numbers == list(range(1, 16))
    for c in junk_cards():
        assert c.number != SHAPES.index(c.shape) + 1
    # "same number" and "same shape" differ: a number appears on 4 different shapes
    by_number = Counter((c.number, c.shape) for c in junk_cards())
    assert max(by_number.values()) < 4


def test_colour_strength_and_specials() -> None:
    assert [colour_strength(c) for c in ("blue", "green", "orange", "grey")] == [3, 2, 1, 0]
    a = next(c for c in junk_cards() if c.colour == "grey" and c.number == 15)
    b = next(c for c in junk_cards() if c.colour == "blue" and c.number == 14)
    d = next(c for c in junk_cards() if c.colour == "blue" and c.number == 15)
    assert card_strength(a.id) > card_strength(b.id) and card_strength(d.id) > card_strength(a.id)
    assert colour_of_card(CACTUS_CARDS[0]) == "green" and STAR == "star"
    assert FAN_SUPPLY_TOTAL == 180


def test_city_cards() -> None:
    cards = {c.name: c for c in city_cards()}
    assert len(cards) == 12
    assert (cards["gujarat"].min_players, cards["gujarat"].max_players) == (2, 4)
    assert (cards["amsterdam"].min_players, cards["amsterdam"].max_players) == (3, 6)
    assert cards["paris"].common_bases == 1 and cards["pisa"].common_bases == 2
    assert cards["montreal"].display_name == "Montréal"
    assert {c.direction for c in cards.values()} == {"clockwise", "simultaneous"}
    for c in cards.values():
        assert c.goal and c.end_condition and c.fan_awards and c.setup
        json.dumps(c.to_json())
