"""Pop Art deck data: counts, balance facts, blending, and the committed files match their generator."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from assets.cards.popart import build_decks
from game.assets import assets_path
from game.popart.cards import (PRINT_COLOURS, SUBJECTS, CardDataError, blend, catalogue_from_data,
                               load_catalogue)
from game.popart.patterns import AREAS, PATTERNS

RULEBOOK_PATTERNS = {"per_set_of_2", "more_than_left", "per_in_column", "if_right", "per_adjacent",
                     "if_no_adjacent", "per_in_area", "per_in_row"}


def test_committed_deck_files_match_the_generator():
    for name, text in build_decks.build_all().items():
        committed = assets_path("cards", "popart", name).read_text(encoding="utf-8")
        assert committed == text, f"{name} is stale: run python -m assets.cards.popart.build_decks"


def test_counts_96_96_6_and_a_nine_print_rival():
    cat = load_catalogue()
    assert len(cat.foregrounds) == 96 and len(cat.backgrounds) == 96 and len(cat.goals) == 6
    assert len(cat.rival) == 9
    assert Counter(f.colour for f in cat.foregrounds.values()) == {"magenta": 32, "yellow": 32, "cyan": 32}
    assert Counter(b.colour for b in cat.backgrounds.values()) == {"magenta": 32, "yellow": 32, "cyan": 32}


def test_every_colour_type_subject_combination_appears_twice():
    cat = load_catalogue()
    combos = Counter((f.colour, f.kind, f.subject) for f in cat.foregrounds.values())
    assert len(combos) == 3 * 2 * len(SUBJECTS) and set(combos.values()) == {2}
    assert all(f.illustration for f in cat.foregrounds.values())


def test_backgrounds_cover_every_rulebook_pattern_plus_our_own():
    cat = load_catalogue()
    used = {b.pattern for b in cat.backgrounds.values()}
    assert RULEBOOK_PATTERNS <= used
    assert len(used - RULEBOOK_PATTERNS) >= 3
    assert used == set(PATTERNS)
    assert {b.area for b in cat.backgrounds.values() if b.pattern == "per_in_area"} == set(AREAS)
    for pattern in used:  # every pattern comes in more than one colour
        assert len({b.colour for b in cat.backgrounds.values() if b.pattern == pattern}) >= 2


def test_goal_cards_include_all_six_colours_worth_six():
    goals = load_catalogue().goals.values()
    all_six = [g for g in goals if g.kind == "all_colours"]
    assert len(all_six) == 1 and all_six[0].value == 6 and all_six[0].text.startswith("All 6 colors")


@pytest.mark.parametrize("fg, bg, expected", [
    ("magenta", "magenta", "magenta"), ("yellow", "yellow", "yellow"), ("cyan", "cyan", "cyan"),
    ("magenta", "yellow", "orange"), ("yellow", "magenta", "orange"),
    ("yellow", "cyan", "green"), ("cyan", "yellow", "green"),
    ("cyan", "magenta", "violet"), ("magenta", "cyan", "violet"),
])
def test_blending(fg, bg, expected):
    assert blend(fg, bg) == expected
    assert expected in PRINT_COLOURS


def test_blending_rejects_unknown_colours():
    with pytest.raises(ValueError, match="unknown card colour"):
        blend("blue", "yellow")


def _raw(name: str):
    return json.loads(assets_path("cards", "popart", name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["fg"].pop(), "expected 96 foregrounds"),
    (lambda d: d["bg"][0].update(pattern="per_banana"), "unknown pattern"),
    (lambda d: d["bg"][0].update(value=0), "bad value"),
    (lambda d: d["fg"][1].update(id=d["fg"][0]["id"]), "duplicate foreground"),
    (lambda d: d["fg"][0].update(subject="blue"), "bad subject"),
    (lambda d: d["goals"][0].pop("kind"), "missing field"),
    (lambda d: d["rival"].pop(), "rival display needs 9"),
])
def test_malformed_data_gives_one_clear_error(mutate, message):
    data = {"fg": _raw("foregrounds.json"), "bg": _raw("backgrounds.json"),
            "goals": _raw("goals.json"), "rival": _raw("rival.json")}
    mutate(data)
    with pytest.raises(CardDataError, match=message):
        catalogue_from_data(data["fg"], data["bg"], data["goals"], data["rival"])
