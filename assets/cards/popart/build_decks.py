"""Builds the Pop Art deck files in this folder: `python -m assets.cards.popart.build_decks`.

The real card list is not public, so this script *is* the deck design; the JSON it writes is
what the game loads, and a test checks the committed JSON matches this script. Balance was
tuned by running the hard bot's solo games (`junkart bench popart --json`).

Design:
- Foregrounds: 3 colours x (16 Portraits + 16 Still Lifes). Each illustration appears once per
  colour, and every (colour, type, subject) combination appears exactly twice, so no colour is
  better at any subject.
- Backgrounds: 12 patterns (the rulebook's 8 plus 4 of ours), colours dealt round-robin (32 each);
  values are lower where a pattern counts many cells or where its subject is common.
- The rulebook's example display (A-I) is built from real cards, pinned below.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PRIMARIES = ("magenta", "yellow", "cyan")
SUBJECTS = ("magenta", "orange", "yellow", "green", "cyan", "violet", "Portrait", "Still Life")

PORTRAITS = (
    "Movie Star", "Astronaut", "Rock Singer", "Film Director", "Pin-up", "Cowboy", "Comic Hero",
    "Crying Girl", "Boxer", "Surfer", "Twist Dancer", "Beehive Lady", "Beat Poet", "Mod Girl",
    "TV Host", "Pilot",
)
STILL_LIFES = (
    "Soup Can", "Car", "Guitar", "Van", "Banana", "Lipstick", "Telephone", "Hamburger",
    "Cola Bottle", "Sneaker", "Jukebox", "Typewriter", "Ice Cream", "Flower", "Dollar Bill", "Hot Dog",
)

# (colour, illustration) -> subject, for the rulebook example's named pictures.
PINNED_SUBJECTS = {
    ("magenta", "Car"): "magenta",
    ("yellow", "Guitar"): "yellow",
    ("cyan", "Soup Can"): "Still Life",
    ("magenta", "Van"): "Still Life",
}

# pattern -> list of (value, area) per card; colours are dealt round-robin over the whole list.
BACKGROUND_SPECS: dict[str, list[tuple[int, str | None]]] = {
    "per_set_of_2": [(2, None)] * 8 + [(3, None)] * 2,
    "more_than_left": [(6, None)] * 4 + [(5, None)] * 4,
    "per_in_column": [(4, None)] * 1 + [(3, None)] * 4 + [(2, None)] * 5,
    "per_in_row": [(2, None)] * 6 + [(3, None)] * 3 + [(4, None)] * 1,
    "if_right": [(4, None)] * 4 + [(5, None)] * 3,
    "if_above": [(4, None)] * 4 + [(5, None)] * 3,
    "per_adjacent": [(4, None)] * 1 + [(3, None)] * 2 + [(2, None)] * 5,
    "if_no_adjacent": [(4, None)] * 5 + [(3, None)] * 3,
    "per_in_area": [(1, "edges"), (2, "edges"), (3, "anti-diagonal"), (2, "anti-diagonal"),
                    (3, "diagonal"), (2, "diagonal"), (2, "corners"), (1, "corners"),
                    (1, "plus"), (2, "plus"), (2, "cross"), (1, "cross")],
    "per_set_of_3": [(3, None)] * 2 + [(4, None)] * 3 + [(5, None)] * 1,
    "per_diagonal": [(2, None)] * 3 + [(3, None)] * 3,
    "in_every_row": [(5, None)] * 2 + [(6, None)] * 2,
}

GOALS = (
    ("G1", "all_colours", 6, "All 6 colors (magenta, orange, yellow, green, cyan, violet)"),
    ("G2", "five_portraits", 4, "At least 5 Portraits"),
    ("G3", "five_still_lifes", 4, "At least 5 Still Lifes"),
    ("G4", "blended_corners", 5, "Orange, green or violet in all 4 corners"),
    ("G5", "mono_line", 6, "A full row or column of one color"),
    ("G6", "primary_plus", 5, "Magenta, yellow or cyan in the center and its 4 neighbors"),
)

# The solo rival display, "the rulebook cover", row by row.
RIVAL = (
    ("orange", "Portrait"), ("magenta", "Still Life"), ("green", "Portrait"),
    ("violet", "Still Life"), ("yellow", "Portrait"), ("orange", "Still Life"),
    ("cyan", "Portrait"), ("green", "Still Life"), ("violet", "Portrait"),
)

# The rulebook's example display: label -> (fg colour, type, illustration or None, subject,
# bg colour, pattern, value, area). The left neighbour has exactly 1 magenta.
EXAMPLE = (
    ("A", "cyan", "Portrait", None, "Portrait", "cyan", "per_set_of_2", 2, None),
    ("B", "magenta", "Still Life", "Car", "magenta", "magenta", "more_than_left", 6, None),
    ("C", "yellow", "Still Life", "Guitar", "yellow", "yellow", "per_in_column", 4, None),
    ("D", "cyan", "Portrait", None, "Still Life", "magenta", "if_right", 4, None),
    ("E", "yellow", "Portrait", None, "yellow", "cyan", "per_adjacent", 4, None),
    ("F", "yellow", "Portrait", None, "cyan", "yellow", "if_no_adjacent", 4, None),
    ("G", "cyan", "Still Life", "Soup Can", "Still Life", "magenta", "per_in_area", 1, "edges"),
    ("H", "yellow", "Portrait", None, "violet", "yellow", "per_in_area", 3, "anti-diagonal"),
    ("I", "magenta", "Still Life", "Van", "Still Life", "yellow", "per_in_row", 2, None),
)
EXAMPLE_LEFT = (
    ("magenta", "Portrait"), ("yellow", "Still Life"), ("green", "Portrait"),
    ("cyan", "Still Life"), ("orange", "Portrait"), ("violet", "Portrait"),
    ("green", "Still Life"), ("yellow", "Portrait"), ("cyan", "Still Life"),
)


def build_foregrounds() -> list[dict]:
    cards = []
    for c_index, colour in enumerate(PRIMARIES):
        for t_index, (kind, names) in enumerate((("Portrait", PORTRAITS), ("Still Life", STILL_LIFES))):
            # Each subject twice per (colour, type); the rotation varies which picture gets which.
            shift = 3 * c_index + 5 * t_index
            subjects = [SUBJECTS[(i + shift) % len(SUBJECTS)] for i in range(len(names))]
            for name_index, name in enumerate(names):
                wanted = PINNED_SUBJECTS.get((colour, name))
                if wanted and subjects[name_index] != wanted:
                    # swap with a card not itself pinned, keeping every subject at two cards
                    other = next(j for j, s in enumerate(subjects)
                                 if s == wanted and (colour, names[j]) not in PINNED_SUBJECTS)
                    subjects[name_index], subjects[other] = subjects[other], subjects[name_index]
            for name, subject in zip(names, subjects):
                cards.append({"colour": colour, "kind": kind, "illustration": name, "subject": subject})
    for number, card in enumerate(cards, start=1):
        card["id"] = f"F{number:02d}"
    return [dict(sorted(card.items())) for card in cards]


def build_backgrounds() -> list[dict]:
    cards = []
    for pattern, specs in BACKGROUND_SPECS.items():
        for value, area in specs:
            card = {"pattern": pattern, "value": value}
            if area is not None:
                card["area"] = area
            cards.append(card)
    for number, card in enumerate(cards, start=1):
        card["colour"] = PRIMARIES[(number - 1) % 3]
        card["id"] = f"B{number:02d}"
    _pin_example_colours(cards)
    return [dict(sorted(card.items())) for card in cards]


def _pin_example_colours(cards: list[dict]) -> None:
    """Give the example's backgrounds their colours by swapping colours within a pattern
    (so every colour keeps 32 cards and each pattern keeps its colour spread)."""
    pinned: set[str] = set()
    for *_, colour, pattern, value, area in EXAMPLE:
        candidates = [c for c in cards if c["id"] not in pinned and c["pattern"] == pattern
                      and c["value"] == value and c.get("area") == area]
        card = next((c for c in candidates if c["colour"] == colour), candidates[0])
        if card["colour"] != colour:
            partner = next(c for c in cards if c["id"] not in pinned and c["pattern"] == pattern
                           and c["colour"] == colour)
            card["colour"], partner["colour"] = partner["colour"], card["colour"]
        pinned.add(card["id"])


def build_example(foregrounds: list[dict], backgrounds: list[dict]) -> dict:
    used: set[str] = set()
    prints = []
    for label, fg_colour, kind, name, subject, bg_colour, pattern, value, area in EXAMPLE:
        fg = next(c for c in foregrounds if c["id"] not in used and c["colour"] == fg_colour
                  and c["kind"] == kind and c["subject"] == subject and name in (None, c["illustration"]))
        bg = next(c for c in backgrounds if c["id"] not in used and c["colour"] == bg_colour
                  and c["pattern"] == pattern and c["value"] == value and c.get("area") == area)
        used |= {fg["id"], bg["id"]}
        prints.append({"label": label, "fg": fg["id"], "bg": bg["id"]})
    return {"prints": prints, "left": [{"colour": c, "kind": k} for c, k in EXAMPLE_LEFT], "total": 32,
            "breakdown": {"A": 4, "B": 0, "C": 8, "D": 0, "E": 8, "F": 4, "G": 1, "H": 3, "I": 4}}


def build_all() -> dict[str, str]:
    """File name -> exact text, so a test can compare with the committed files."""
    foregrounds, backgrounds = build_foregrounds(), build_backgrounds()
    data = {
        "foregrounds.json": foregrounds,
        "backgrounds.json": backgrounds,
        "goals.json": [{"id": i, "kind": k, "value": v, "text": t} for i, k, v, t in GOALS],
        "rival.json": [{"colour": c, "kind": k} for c, k in RIVAL],
        "example.json": build_example(foregrounds, backgrounds),
    }
    return {name: json.dumps(value, indent=1) + "\n" for name, value in data.items()}


def main() -> int:
    for name, text in build_all().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"wrote {HERE / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
