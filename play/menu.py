"""What the start menu lets you choose, as plain data: the tour, the number of players and who
sits in each other seat. `MenuChoices.game()` turns a choice into what `junkart play` would
build from its options, or one line saying why that table cannot be played.

Every choice steps through a short cycle (the menu's arrows), so no combination needs typing.
Each new game from the menu draws a fresh seed: the same table twice is a new deal, and its
replay keeps the seed for anyone who wants it again.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game import api
from game.cards import city_card
from game.cities import city_names
from game.tour import FIRST_TOUR, MAX_SEATS, MIN_SEATS, check_config
from play.controllers import DIFFICULTIES
from play.human import HUMAN, SeatSpec, default_seats

# Nashville is offered on its own (the rulebook: "recommended to play it individually") and, once
# players know it, inside a random tour: RANDOM_WITH_NASHVILLE deals it with the other cities;
# plain random tours never deal it.
RANDOM_WITH_NASHVILLE = "random:3+nashville"
TOURS: tuple[str, ...] = ("first", "random:3", RANDOM_WITH_NASHVILLE, *city_names())
SEAT_KINDS: tuple[str, ...] = (*DIFFICULTIES, HUMAN)
DEFAULT_BOTS = ("normal", "hard")


@dataclass(frozen=True)
class MenuChoices:
    tour: str = "first"
    players: int = 3
    others: tuple[str, ...] = DEFAULT_BOTS      # seats 2..players: a bot difficulty or "human"

    def step(self, field: str, by: int) -> "MenuChoices":
        """The next (by=1) or previous (by=-1) value of `field`: "tour", "players" or "seat:<k>"
        (k counts from 1: the seat after yours)."""
        if field == "tour":
            return replace(self, tour=_cycle(TOURS, self.tour, by))
        if field == "players":
            players = MIN_SEATS + (self.players - MIN_SEATS + by) % (MAX_SEATS - MIN_SEATS + 1)
            others = (self.others + ("hard",) * MAX_SEATS)[: players - 1]
            return replace(self, players=players, others=others)
        if field.startswith("seat:"):
            k = int(field.split(":", 1)[1]) - 1
            if not 0 <= k < len(self.others):
                raise ValueError(f"no seat {k + 1} at a table of {self.players}")
            others = list(self.others)
            others[k] = _cycle(SEAT_KINDS, others[k], by)
            return replace(self, others=tuple(others))
        raise ValueError(f"unknown menu choice {field!r}")

    def seats(self) -> list[SeatSpec]:
        """You first; with other people at the desktop, everyone is named by seat (hot-seat)."""
        people = 1 + sum(kind == HUMAN for kind in self.others)
        bots = [kind for kind in self.others if kind != HUMAN]
        humans = None if people == 1 else [f"Player {k + 1}" for k in range(people)]
        return default_seats(self.players, bots or None, humans) if bots or humans else default_seats(self.players)

    def config(self) -> api.TourConfig:
        """The tour to play; ValueError (one line) when it cannot be played at this table."""
        if self.tour == RANDOM_WITH_NASHVILLE:
            config = api.TourConfig.parse("random:3", self.players, include_nashville=True)
        else:
            config = api.TourConfig.parse(self.tour, self.players)
        check_config(config)
        return config

    def problem(self) -> str:
        """Why the Play button is off, or "" when this table can be played."""
        try:
            self.config()
        except ValueError as error:
            return str(error)
        return ""

    def game(self, rng: random.Random | None = None) -> tuple[api.TourConfig, list[SeatSpec], int]:
        """(tour, seats, a fresh seed) for a new game."""
        return self.config(), self.seats(), fresh_seed(rng)

    # --- what the menu's rows say ---------------------------------------------------------------

    def tour_text(self) -> str:
        if self.tour == "first":
            return "First tour: " + ", ".join(city_card(c).display_name for c in FIRST_TOUR)
        if self.tour == RANDOM_WITH_NASHVILLE:
            return "3 random cities, Nashville included"
        if self.tour.startswith("random:"):
            return f"{self.tour.split(':', 1)[1]} random cities"
        return city_card(self.tour).display_name + " only"

    def tour_cities(self) -> tuple[str, ...]:
        """The cities of the tour shown, in order (none yet for a random tour)."""
        if self.tour.startswith("random:"):
            return ()
        return FIRST_TOUR if self.tour == "first" else (self.tour,)

    def tour_goals(self) -> tuple[str, ...]:
        """One line per city of the tour: its name and what wins there."""
        if self.tour.startswith("random:"):
            return ("The cities are dealt at random when the tour starts.",)
        return tuple(f"{city_card(c).display_name}: {city_card(c).goal}" for c in self.tour_cities())

    def seat_text(self, k: int) -> str:
        kind = self.others[k - 1]
        return "a person (hot-seat)" if kind == HUMAN else f"{kind.capitalize()} bot"


def fresh_seed(rng: random.Random | None = None) -> int:
    """A new deal's seed (the system's randomness unless `rng` is given)."""
    return (rng or random.SystemRandom()).randrange(1, 1_000_000)


def _cycle(values: tuple[str, ...], current: str, by: int) -> str:
    index = values.index(current) if current in values else -by
    return values[(index + by) % len(values)]
