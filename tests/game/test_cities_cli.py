"""`junkart cities [--json]` prints the City cards."""
from __future__ import annotations

import json

from play.cli import main


def test_cities_json(capsys) -> None:
    assert main(["cities", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data) == 12
    paris = next(c for c in data if c["name"] == "paris")
    assert paris["min_players"] == 2 and paris["max_players"] == 6 and paris["common_bases"] == 1


def test_cities_table(capsys) -> None:
    assert main(["cities"]) == 0
    out = capsys.readouterr().out
    assert "Montréal" in out and "2-4" in out and "Players" in out
