"""Pop Art scoring: the rulebook example, every pattern (table-driven), goals, ties and solo ranks."""
from __future__ import annotations

import json

import pytest

from game.assets import assets_path
from game.popart.cards import Face, load_catalogue
from game.popart.goals import is_goal_met
from game.popart.patterns import PATTERNS, condition_text, evaluate
from game.popart.scoring import LABELS, ScoreSheet, score_display, solo_rank, winners

COLOURS = {"m": "magenta", "o": "orange", "y": "yellow", "g": "green", "c": "cyan", "v": "violet"}
KINDS = {"P": "Portrait", "S": "Still Life"}


def grid(text: str) -> dict[tuple[int, int], Face]:
    """Rows separated by '/', cells by spaces: 'yP' = yellow Portrait, '..' = empty."""
    out = {}
    for r, row in enumerate(text.split("/")):
        for c, code in enumerate(row.split()):
            if code != "..":
                out[(r, c)] = Face(COLOURS[code[0]], KINDS[code[1]])
    return out


def example():
    data = json.loads(assets_path("cards", "popart", "example.json").read_text(encoding="utf-8"))
    cells = {divmod(LABELS.index(p["label"]), 3): (p["fg"], p["bg"]) for p in data["prints"]}
    return cells, [Face(**f) for f in data["left"]], data


def test_rulebook_example_scores_32_with_the_rulebook_breakdown():
    cells, left, _ = example()
    sheet = score_display(cells, left)
    assert sheet.total == 32
    assert {p.label: p.points for p in sheet.prints} == {
        "A": 4, "B": 0, "C": 8, "D": 0, "E": 8, "F": 4, "G": 1, "H": 3, "I": 4}


def test_rulebook_example_prints_and_explanations_match_the_rulebook():
    cells, left, _ = example()
    prints = {p.label: p for p in score_display(cells, left).prints}
    assert [(prints[x].colour, prints[x].kind) for x in LABELS] == [
        ("cyan", "Portrait"), ("magenta", "Still Life"), ("yellow", "Still Life"),
        ("violet", "Portrait"), ("green", "Portrait"), ("yellow", "Portrait"),
        ("violet", "Still Life"), ("yellow", "Portrait"), ("orange", "Still Life")]
    assert (prints["B"].illustration, prints["C"].illustration, prints["G"].illustration,
            prints["I"].illustration) == ("Car", "Guitar", "Soup Can", "Van")
    assert prints["A"].condition == "Score 2 Pop per set of 2 Portraits."
    assert prints["A"].explanation == "You have 5 Portraits (A, D, E, F, H). You score 4 Pop."
    assert prints["B"].explanation.startswith("You have 1 magenta (B). Your neighbor has 1 magenta.")
    assert prints["C"].explanation == "You have 2 yellow in this column (C, F). You score 8 Pop."
    assert prints["D"].explanation == "E is not a Still Life. You don't score."
    assert prints["E"].condition == "Score 4 Pop per yellow immediately left, up, right, or down."
    assert prints["G"].explanation == "You have 1 Still Life in the area (B). You score 1 Pop."
    assert prints["H"].explanation == "You have 1 violet in the area (G). You score 3 Pop."
    assert prints["I"].explanation == "You have 2 Still Lifes in the row (G, I). You score 4 Pop."


def test_example_scores_the_same_wherever_the_display_was_started():
    cells, left, _ = example()
    shifted = {(r - 2, c + 5): cards for (r, c), cards in cells.items()}
    assert score_display(shifted, left).total == 32


def test_example_b_scores_against_a_neighbour_with_no_magenta():
    cells, _, _ = example()
    left = [Face("yellow", "Portrait")] * 9
    sheet = score_display(cells, left)
    assert {p.label: p.points for p in sheet.prints}["B"] == 6 and sheet.total == 38


FULL = "cP mS yS / vP gP yP / vS yP oS"   # the rulebook example's faces

# (pattern, subject, value, cell, grid, area, expected points)
PATTERN_CASES = [
    ("per_set_of_2", "Portrait", 2, (0, 0), FULL, None, 4),
    ("per_set_of_2", "yellow", 3, (0, 0), FULL, None, 3),
    ("per_set_of_2", "green", 2, (0, 0), FULL, None, 0),
    ("per_set_of_3", "Portrait", 4, (0, 0), FULL, None, 4),
    ("per_set_of_3", "yellow", 5, (0, 0), FULL, None, 5),
    ("per_set_of_3", "violet", 5, (0, 0), FULL, None, 0),
    ("per_in_column", "yellow", 4, (0, 2), FULL, None, 8),
    ("per_in_column", "Portrait", 2, (1, 1), FULL, None, 4),
    ("per_in_column", "cyan", 3, (0, 1), FULL, None, 0),
    ("per_in_row", "Still Life", 2, (2, 2), FULL, None, 4),
    ("per_in_row", "yellow", 3, (1, 0), FULL, None, 3),
    ("per_in_row", "violet", 2, (0, 0), FULL, None, 0),
    ("if_right", "Still Life", 4, (1, 0), FULL, None, 0),
    ("if_right", "magenta", 4, (0, 0), FULL, None, 4),
    ("if_right", "yellow", 4, (0, 2), FULL, None, 0),       # nothing to the right of column 3
    ("if_above", "Portrait", 5, (1, 0), FULL, None, 5),
    ("if_above", "Portrait", 5, (0, 0), FULL, None, 0),     # nothing above the top row
    ("if_above", "violet", 4, (2, 0), FULL, None, 4),
    ("per_adjacent", "yellow", 4, (1, 1), FULL, None, 8),
    ("per_adjacent", "violet", 2, (1, 1), FULL, None, 2),
    ("per_adjacent", "cyan", 3, (2, 2), FULL, None, 0),
    ("per_diagonal", "violet", 3, (1, 1), FULL, None, 3),
    ("per_diagonal", "Still Life", 2, (1, 1), FULL, None, 6),
    ("per_diagonal", "yellow", 2, (0, 0), FULL, None, 0),
    ("if_no_adjacent", "cyan", 4, (1, 2), FULL, None, 4),
    ("if_no_adjacent", "yellow", 4, (1, 1), FULL, None, 0),
    ("if_no_adjacent", "cyan", 3, (1, 0), FULL, None, 0),   # A is cyan, above D
    ("per_in_area", "Still Life", 1, (2, 0), FULL, "edges", 1),
    ("per_in_area", "violet", 3, (2, 1), FULL, "anti-diagonal", 3),
    ("per_in_area", "Still Life", 2, (0, 0), FULL, "corners", 6),
    ("per_in_area", "Portrait", 2, (0, 0), FULL, "diagonal", 4),
    ("per_in_area", "yellow", 1, (0, 0), FULL, "plus", 2),
    ("per_in_area", "violet", 2, (0, 0), FULL, "cross", 2),
    ("in_every_row", "yellow", 6, (0, 0), FULL, None, 6),
    ("in_every_row", "Portrait", 5, (0, 0), FULL, None, 5),
    ("in_every_row", "violet", 5, (0, 0), FULL, None, 0),
    ("in_every_row", "yellow", 5, (0, 0), "yP yS .. / .. .. .. / .. .. ..", None, 0),  # partial display
]


@pytest.mark.parametrize("pattern, subject, value, cell, faces, area, expected", PATTERN_CASES)
def test_pattern(pattern, subject, value, cell, faces, area, expected):
    assert evaluate(pattern, subject, value, cell, grid(faces), None, area).points == expected


def test_the_table_covers_every_pattern():
    assert {case[0] for case in PATTERN_CASES} | {"more_than_left"} == set(PATTERNS)


@pytest.mark.parametrize("mine, theirs, expected", [
    ("mP mS yP", "mP yS yP", 6),      # 2 magenta > 1
    ("mP yS yP", "mP yS yP", 0),      # equal is not more
    ("mP yS yP", "..", 6),            # an empty neighbour display has none
    ("yP yS yP", "..", 0),            # 0 is not more than 0
    ("mP yS yP", "mP mS mP", 0),
])
def test_more_than_left_neighbour(mine, theirs, expected):
    left = list(grid(theirs).values())
    assert evaluate("more_than_left", "magenta", 6, (0, 0), grid(mine), left).points == expected


def test_condition_text_uses_articles_and_plurals():
    assert condition_text("if_right", "orange", 4) == "Score 4 Pop if an orange is immediately to the right."
    assert condition_text("per_set_of_2", "Still Life", 2) == "Score 2 Pop per set of 2 Still Lifes."
    assert "(corners)" in condition_text("per_in_area", "cyan", 2, "corners")


# goal kind, faces, met?
GOAL_CASES = [
    ("all_colours", "mP oS yS / gP cP vP / vS yP oS", True),
    ("all_colours", FULL, True),
    ("all_colours", "cP cS yS / gP cP vP / vS yP oS", False),       # no magenta
    ("five_portraits", FULL, True),
    ("five_still_lifes", FULL, False),
    ("five_still_lifes", "mS oS yS / gS cS vP / vP yP oP", True),
    ("blended_corners", "oP mS gS / gP cP vP / vS yP oS", True),
    ("blended_corners", FULL, False),
    ("mono_line", "yP mS yS / yP gP yP / yS yP oS", True),          # first column all yellow
    ("mono_line", "cP cS cS / gP gP yP / vS yP oS", True),          # top row all cyan
    ("mono_line", FULL, False),
    ("primary_plus", "oP mS oS / yP cP mP / vS yP oS", True),
    ("primary_plus", FULL, False),
]


@pytest.mark.parametrize("kind, faces, met", GOAL_CASES)
def test_goal(kind, faces, met):
    assert is_goal_met(kind, grid(faces)) is met


def test_goal_cards_add_their_pop_when_met():
    cells, left, _ = example()
    cat = load_catalogue()
    by_kind = {g.kind: g.id for g in cat.goals.values()}
    sheet = score_display(cells, left, goals=[by_kind["five_portraits"], by_kind["five_still_lifes"]])
    assert [(g.met, g.points) for g in sheet.goals] == [(True, 4), (False, 0)]
    assert sheet.total == 36 and not sheet.goals_met


def _sheet(total: int, colours: int) -> ScoreSheet:
    return ScoreSheet((), (), total, colours)


@pytest.mark.parametrize("sheets, expected", [
    ([(40, 4), (35, 6)], (0,)),                 # most Pop wins
    ([(40, 4), (40, 5)], (1,)),                 # tie on Pop: more colours wins
    ([(40, 5), (40, 5), (30, 6)], (0, 1)),      # still tied: a tie (play again)
    ([(20, 3), (41, 2), (41, 2), (41, 3)], (3,)),
])
def test_winners_and_tie_breaks(sheets, expected):
    assert winners([_sheet(t, c) for t, c in sheets]) == expected


@pytest.mark.parametrize("score, rank", [
    (0, "Forgettable"), (34, "Forgettable"), (35, "15 Minutes of Fame"), (44, "15 Minutes of Fame"),
    (45, "Popular"), (54, "Popular"), (55, "Iconic"), (64, "Iconic"), (65, "Designers' Top Score"),
    (80, "Designers' Top Score"),
])
def test_solo_rank_bands(score, rank):
    assert solo_rank(score) == rank
