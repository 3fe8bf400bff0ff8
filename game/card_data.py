"""Generator of the shipped card data (`assets/cards/junk_cards.json`, `assets/cards/cities.json`).

The JSON files are the source the game loads; this module is how they were made, and
`tests/game/test_card_data.py` checks the files are current. Run `python -m game.card_data` to
rewrite them after changing a table here.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.assets import assets_path
from game.pieces import COLOURS, SHAPES

# Colour strength for Amsterdam ties, strongest first (rulebook/DESIGN.md).
COLOUR_STRENGTH: tuple[str, ...] = ("blue", "green", "orange", "grey")

# Each colour numbers its 15 cards 1..15 once; a per-colour rotation keeps number != shape index
# (shape #k never carries number k) and makes "same number" pick different shapes per colour.
_NUMBER_SHIFT = {"orange": 3, "blue": 7, "green": 11, "grey": 5}


def card_number(colour: str, shape_index: int) -> int:
    return (shape_index + _NUMBER_SHIFT[colour]) % 15 + 1


def junk_cards_data() -> dict[str, Any]:
    cards = [
        {"id": f"{colour}-{shape}", "piece": f"{colour}-{shape}", "colour": colour, "shape": shape,
         "number": card_number(colour, i)}
        for colour in COLOURS for i, shape in enumerate(SHAPES)
    ]
    return {
        "format": 1,
        "colour_strength": list(COLOUR_STRENGTH),
        "junk_cards": cards,
        "special": [
            {"id": "star", "kind": "star", "text": "Special Star card (the cops in New York)"},
            {"id": "cactus-1", "kind": "cactus", "text": "Cactus card (Nashville); counts as green on a discard pile"},
            {"id": "cactus-2", "kind": "cactus", "text": "Cactus card (Nashville); counts as green on a discard pile"},
            {"id": "cactus-3", "kind": "cactus", "text": "Cactus card (Nashville); counts as green on a discard pile"},
            {"id": "start", "kind": "start", "text": "Start player / direction of play card"},
        ],
        "fan_tokens": {"5": 30, "1": 30},
    }


def _city(name: str, display: str, players: tuple[int, int], goal: str, end: str, end_icon: str,
          direction: str, setup: str, fans: list[str], common_bases: int = 0,
          requires: str = "") -> dict[str, Any]:
    return {"name": name, "display_name": display, "min_players": players[0], "max_players": players[1],
            "goal": goal, "end_condition": end, "end_icon": end_icon, "direction": direction,
            "setup": setup, "fan_awards": fans, "common_bases": common_bases, "requires": requires}


def cities_data() -> list[dict[str, Any]]:
    tallest_531 = ["1st tallest structure: 5", "2nd tallest structure: 3", "3rd tallest structure: 1"]
    count_awards = ["10 pieces: 5", "7-9 pieces: 3", "5-6 pieces: 1", "tallest structure: +1"]
    return [
        _city("home_town", "Home Town", (2, 6), "Most fans - bonus for tallest structures",
              "After a player has 5+ fallen pieces (round completes)", "fallen:5", "clockwise",
              "Hand of 4 cards each; rest face down",
              ["+1 per touched piece of the same colour or shape", "-1 per fallen piece (not below 0)"]
              + tallest_531),
        _city("amsterdam", "Amsterdam", (3, 6), "Tallest structure", "A player has been eliminated (2+ fallen)",
              "fallen:2", "simultaneous", "Hand of 3 cards each; rest face down",
              ["tallest structure: 3", "every other player not eliminated: 2"]),
        _city("gujarat", "Gujarat", (2, 4), "Tallest structure", "A player has 2+ fallen pieces",
              "fallen:2", "simultaneous", "Each player takes all 15 pieces of one colour; deck face down",
              tallest_531),
        _city("indianapolis", "Indianapolis", (2, 6), "Most placed pieces - bonus for tallest structure",
              "All cards played", "all_cards", "simultaneous", "Deck of 10 face-down cards each; rest unused",
              count_awards),
        _city("monaco", "Monaco", (2, 6), "Most placed pieces - bonus for tallest structures",
              "One player has placed all their pieces", "last_piece", "simultaneous",
              "Deck of 10 face-down cards each; rest unused", count_awards),
        _city("montreal", "Montréal", (2, 6), "Be the last artist standing", "Last artist standing",
              "last_standing", "clockwise", "Hand of 3 cards each; rest face down",
              ["last artist standing: 5", "tied survivors (eliminated together or cards out): 3 each"]),
        _city("new_york", "New York", (2, 6), "Tallest structure", "When the Star card is revealed", "star",
              "clockwise", "Deck cut in 3, Star card on top of the bottom part; 3 face-up cards", tallest_531),
        _city("paris", "Paris", (2, 6), "Not be eliminated", "A player has 3+ fallen pieces", "fallen:3",
              "clockwise", "One common base; hand of 3 cards each; rest face down",
              ["every player not eliminated: 3"], common_bases=1),
        _city("philadelphia", "Philadelphia", (2, 6), "Be the last artist standing", "Last artist standing",
              "last_standing", "simultaneous", "Hand of 3 cards each, dealt again every round",
              ["last artist standing: 5", "tied survivors (eliminated together or cards out): 3 each"]),
        _city("pisa", "Pisa", (2, 6), "Not be eliminated", "A player has 2+ fallen pieces", "fallen:2",
              "clockwise", "Two common bases; players - 1 face-up cards; rest face down",
              ["every player not eliminated: 3"], common_bases=2),
        _city("tokyo", "Tokyo", (2, 6), "Tallest structure", "All cards played", "all_cards", "simultaneous",
              "Deck of 10 cards each (you see your own); rest unused", tallest_531),
        _city("nashville", "Nashville", (2, 4), "Tallest structure - bonus for loot",
              "After the third Cactus card is revealed (round completes)", "cactus", "clockwise",
              "Bases 50 cm apart; hand of 4, build 3; deck cut in 2 with the cactus cards",
              tallest_531 + ["+1 per cactus in your structure", "1st most loot: 5", "2nd most loot: 3",
                             "3rd most loot: 1"], requires="Flick 'em Up"),
    ]


def _dump(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def expected_files() -> dict[Path, str]:
    return {assets_path("cards", "junk_cards.json"): _dump(junk_cards_data()),
            assets_path("cards", "cities.json"): _dump(cities_data())}


def main() -> None:
    for path, text in expected_files().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
