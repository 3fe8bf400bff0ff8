"""A city's rules in plain language: setup, a turn, what ends it, who gets fans, what is special.

Goal, end, setup and fans come from the City card data (game/cards.py); how a turn goes and what
a fallen piece costs are said here, in our words after the rulebook. The same text serves
`junkart rules CITY` in a terminal and the F1 rules page at the table.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from game.cards import CityCard, city_card, city_cards
from game.cities import split_variant

TURN: dict[str, str] = {
    "home_town": "Offer 2 of your 4 cards to the next artist: they keep one and you get the other. You both place "
                 "your piece; each piece of the same colour or shape it touches earns its artist 1 fan. Draw back to 4.",
    "amsterdam": "Everyone plays a card face down, then all turn them up. The highest number wins the trick (a tie: "
                 "the stronger colour), and the winner hands one card of the trick to each artist to place.",
    "gujarat": "A card is turned up from the deck and every artist places that piece, in their own colour, on their "
               "own structure. When all have placed it, the next card is turned.",
    "indianapolis": "On \"Go!\" everyone turns their top card and places that piece as fast as they can. The slowest "
                    "artist of each turn puts their piece back unplaced.",
    "monaco": "On \"Go!\" everyone turns their top card and places the piece, then goes straight on with the next: "
              "no waiting for the others. Speed counts.",
    "montreal": "Play a card in front of the next artist; everyone places the piece played to them and refills to 3. "
                "After 3 such cards each, everyone moves on to the next structure: it is now yours.",
    "new_york": "Take one of the 3 face-up cards and place its piece. If it touches a piece of the same colour or "
                "shape, take another face-up card and place again. Then the face-up cards are refilled to 3.",
    "paris": "Play a card from your hand in front of the next artist, who places that piece on the one shared "
             "structure in the middle. Draw a card; the next artist goes on.",
    "philadelphia": "All at once: keep one card of your 3 and give one to each neighbour (with two players, both to "
                    "the other). Then everyone places the pieces they got, one at a time. Then deal 3 again.",
    "pisa": "Take one of the face-up cards (one fewer than there are artists) and place its piece on one of the two "
            "shared structures. When all are taken, new ones are dealt.",
    "tokyo": "All at once: put one card of your deck on top, face down, and pass the whole deck on. Turn the top "
             "card of the deck you got and place that piece.",
    "nashville": "Draw to 2 cards, play one on your discard pile and place its piece. A card matching another "
                 "artist's top card in colour (1 shot) or number (2 shots) lets you flick at their structure.",
}

FALLEN: dict[str, str] = {
    "home_town": "At 5 fallen pieces for anyone, the city ends after the round; each fallen piece costs you a fan won here.",
    "amsterdam": "2 fallen pieces and you are out.",
    "gujarat": "2 fallen pieces for anyone ends the city once the pieces in hand are placed.",
    "indianapolis": "Fallen pieces go back to the supply, with no other effect.",
    "monaco": "Fallen pieces must be put back on, one at a time, before you go on.",
    "montreal": "2 fallen pieces and you are out, with the structure you stand at.",
    "new_york": "Fallen pieces leave the game, with no other effect.",
    "paris": "3 fallen pieces and you are out, and the city ends.",
    "philadelphia": "2 fallen pieces at once and you are out. Drop just the piece you placed and you may place it again.",
    "pisa": "2 fallen pieces and you are out, and the city ends.",
    "tokyo": "Fallen pieces leave the game, with no other effect.",
    "nashville": "Pieces you shoot off are your loot (place one, keep the rest); pieces that fall by themselves leave the game.",
}

DIRECTION_WORDS = {"clockwise": "clockwise", "counterclockwise": "counter-clockwise",
                   "simultaneous": "everyone at once"}


@dataclass(frozen=True)
class RulesPage:
    city: str
    title: str
    sections: tuple[tuple[str, str], ...]     # (heading, plain text)

    def to_text(self, width: int = 78) -> str:
        lines = [self.title, "=" * len(self.title)]
        for heading, text in self.sections:
            lines += ["", f"{heading}:", *textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="  ")]
        return "\n".join(lines)


def rules_page(city: str) -> RulesPage:
    """The rules of `city` (a canonical name, or city:variant); ValueError (one line) if unknown."""
    name = split_variant(city.strip().lower().replace(" ", "_").replace("-", "_").replace("é", "e"))[0]
    try:
        card = city_card(name)
    except ValueError:
        known = ", ".join(c.name for c in city_cards())
        raise ValueError(f"no city named {city!r}; choose from {known}") from None
    return _page(card)


def _page(card: CityCard) -> RulesPage:
    setup = card.setup.rstrip(".") + "."
    special = [f"Turns: {DIRECTION_WORDS.get(card.direction, card.direction)}."]
    if card.common_bases:
        special.append("Nobody has a base of their own here: everyone builds on the shared one"
                       + ("s." if card.common_bases > 1 else "."))
    if card.requires:
        special.append(f"Needs {card.requires}.")
    sections = (
        ("Goal", card.goal.rstrip(".") + "."),
        ("Setup", setup),
        ("A turn", TURN.get(card.name, "See the rulebook.")),
        ("Fallen pieces", FALLEN.get(card.name, "See the rulebook.")),
        ("The city ends", card.end_condition.rstrip(".") + "."),
        ("Fans", "; ".join(card.fan_awards) + "."),
        ("Special here", " ".join(special)),
    )
    return RulesPage(card.name, f"{card.display_name} ({card.min_players}-{card.max_players} players)", sections)
