"""World Tour: the list of cities, start players, fans banked between cities, the winner.

Config: an explicit list of cities, `random:N` (N City cards dealt at random among those that
support the player count, Nashville set aside unless asked for), or `first` (the recommended
first tour Philadelphia -> Monaco -> Paris). The first city's start player is chosen or drawn
(a chance action); later cities start with the fewest fans, ties going to the next seat
clockwise from the previous start player.

Bases: before the first city each player chooses the side their base shows for the whole tour
(`ChooseSide`, all at once, like the rulebook's setup): "A" flat or "B" with a raised rim. A
config may fix the sides instead (`base_sides`); the cities' common bases are side A.

Winner: most fans; tie -> most fans won in the last city; still tied -> shared victory, or,
with `faceoff=True`, a final Monaco face-off between the tied seats (its fans decide only the
winner; a tie there is shared).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Any

from game.actions import Action, ChooseSide, DealCities, DrawStartPlayer, Shuffle
from game.cards import FAN_SUPPLY_TOTAL, JUNK_CARD_IDS
from game.cities import canonical_name, get_city, registry, split_variant
from game.errors import IllegalActionError, UnsupportedPlayerCountError
from game.state import Exhibition, exhibition_from_json, exhibition_to_json

FIRST_TOUR: tuple[str, ...] = ("philadelphia", "monaco", "paris")
MIN_SEATS, MAX_SEATS = 2, 6
BASE_SIDES = ("A", "B")     # A flat, B with a raised rim (physics.layout.FACES)


@dataclass(frozen=True)
class TourConfig:
    num_seats: int
    cities: tuple[str, ...] = FIRST_TOUR      # explicit list, used when random_cities == 0
    random_cities: int = 0                    # deal this many City cards at random instead
    include_nashville: bool = False           # random deals: Nashville only when asked for
    start_seat: int | None = None             # first city's start player; None = drawn
    faceoff: bool = False                     # final Monaco face-off between tied players
    base_sides: tuple[str, ...] | None = None # one side per seat; None = the players choose

    @classmethod
    def parse(cls, spec: str, num_seats: int, **options: Any) -> "TourConfig":
        """'first', 'random:3', or a comma list of city names ('philadelphia,monaco,paris')."""
        spec = spec.strip()
        if spec in ("", "first"):
            return cls(num_seats, FIRST_TOUR, **options)
        if spec.startswith("random:"):
            try:
                count = int(spec.split(":", 1)[1])
            except ValueError:
                raise ValueError(f"bad tour {spec!r}; expected random:<number of cities>") from None
            if count < 1:
                raise ValueError("a random tour needs at least 1 city")
            return cls(num_seats, (), random_cities=count, **options)
        names = tuple(canonical_name(part) for part in spec.split(",") if part.strip())
        return cls(num_seats, names, **options)

    def to_json(self) -> dict[str, Any]:
        return {f.name: (list(value) if isinstance(value, tuple) else value)
                for f in fields(self) for value in [getattr(self, f.name)]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TourConfig":
        values = dict(data)
        values["cities"] = tuple(values.get("cities", ()))
        # Files from before the players chose: every base showed side A.
        sides = values.get("base_sides", ["A"] * int(values.get("num_seats", 0)))
        values["base_sides"] = None if sides is None else tuple(sides)
        return cls(**values)


@dataclass(frozen=True)
class State:
    """A World Tour in progress. `exhibition` is the current (or just finished) city."""
    config: TourConfig
    cities: tuple[str, ...] = ()
    index: int = 0                              # current city (len(cities) during the face-off)
    start_seat: int = -1                        # current city's start player (-1: not drawn yet)
    banked: tuple[int, ...] = ()                # fans from finished cities, per seat
    results: tuple[tuple[int, ...], ...] = ()   # fans won in each finished city, per seat
    phase: str = "cities"                       # cities | start | sides | play | faceoff | over
    exhibition: Exhibition | None = None
    base_sides: tuple[str, ...] = ()            # per seat: "A", "B", or "" while still to choose
    faceoff_seats: tuple[int, ...] = ()
    faceoff_fans: tuple[int, ...] = ()


@dataclass(frozen=True)
class TourOutcome:
    final: bool
    fans: tuple[int, ...]                  # total fans per seat
    by_city: tuple[tuple[int, ...], ...]   # fans won in each city, per seat
    winners: tuple[int, ...]               # seats sharing the victory (empty until final)
    decided_by: str                        # "fans" | "last city" | "face-off" | "shared"


def check_config(config: TourConfig) -> None:
    if not MIN_SEATS <= config.num_seats <= MAX_SEATS:
        raise UnsupportedPlayerCountError(
            f"Junk Art supports {MIN_SEATS}-{MAX_SEATS} players, not {config.num_seats}")
    if config.random_cities:
        eligible = eligible_cities(config)
        if len(eligible) < config.random_cities:
            raise UnsupportedPlayerCountError(
                f"only {len(eligible)} cities support {config.num_seats} players "
                f"({', '.join(eligible)}); cannot deal {config.random_cities}")
    else:
        if not config.cities:
            raise ValueError("a World Tour needs at least one city")
        for name in config.cities:
            get_city(name).check_players(config.num_seats)
    if config.start_seat is not None and not 0 <= config.start_seat < config.num_seats:
        raise ValueError(f"start seat {config.start_seat} is not a seat (0-{config.num_seats - 1})")
    sides = config.base_sides
    if sides is not None and (len(sides) != config.num_seats or any(side not in BASE_SIDES for side in sides)):
        raise ValueError(f"base sides {','.join(map(str, sides)) or '-'}: give A or B for each of the "
                         f"{config.num_seats} seats")


def eligible_cities(config: TourConfig) -> tuple[str, ...]:
    return tuple(name for name, city in registry().items()
                 if city.card.supports(config.num_seats)
                 and (config.include_nashville or name != "nashville"))


def new_tour(config: TourConfig) -> State:
    check_config(config)
    zeros = tuple(0 for _ in range(config.num_seats))
    state = State(config=config, banked=zeros, base_sides=config.base_sides or ("",) * config.num_seats)
    if config.random_cities:
        return state
    return _after_cities(state, config.cities)


def _after_cities(state: State, cities: tuple[str, ...]) -> State:
    state = replace(state, cities=cities, phase="start")
    if state.config.start_seat is None:
        return state
    return _begin(state, state.config.start_seat)


def _begin(state: State, start_seat: int) -> State:
    """The first city opens once every base shows the side its player chose."""
    if all(state.base_sides):
        return _open_city(state, 0, start_seat)
    return replace(state, start_seat=start_seat, phase="sides")


def sides_to_choose(state: State) -> tuple[int, ...]:
    """The seats still choosing their base's side (all at once, in any order)."""
    return tuple(s for s, side in enumerate(state.base_sides) if not side) if state.phase == "sides" else ()


def side_choices(state: State, seat: int) -> list[Action]:
    return [ChooseSide(seat, side) for side in BASE_SIDES] if seat in sides_to_choose(state) else []


def base_side(state: State, seat: int) -> str:
    """The side `seat`'s base shows ("A" until its player has chosen)."""
    return (state.base_sides[seat] or "A") if seat < len(state.base_sides) else "A"


def _choose_side(state: State, action: Action) -> State:
    waiting = sides_to_choose(state)
    if not isinstance(action, ChooseSide):
        raise IllegalActionError(f"{action.to_text()}: every player chooses the side of their base first "
                                 f"(waiting for seats {', '.join(map(str, waiting))})")
    if action.seat not in waiting:
        raise IllegalActionError(f"{action.to_text()}: seat {action.seat} is not choosing a side "
                                 f"(waiting for seats {', '.join(map(str, waiting))})")
    if action.side not in BASE_SIDES:
        raise IllegalActionError(f"{action.to_text()}: a base has sides {' and '.join(BASE_SIDES)}")
    sides = tuple(action.side if s == action.seat else side for s, side in enumerate(state.base_sides))
    state = replace(state, base_sides=sides)
    return _open_city(state, 0, state.start_seat) if all(sides) else state


def _open_city(state: State, index: int, start_seat: int) -> State:
    name, variant = split_variant(state.cities[index])
    city = get_city(name)
    supply = FAN_SUPPLY_TOTAL - sum(state.banked)
    ex = city.new_exhibition(state.config.num_seats, start_seat, supply, **city.variant_options(variant))
    return replace(state, index=index, start_seat=start_seat, phase="play", exhibition=ex)


def next_start_seat(banked: tuple[int, ...], previous: int, seats: tuple[int, ...] | None = None) -> int:
    """Fewest fans; ties go to the next seat clockwise from the previous start player."""
    n = len(banked)
    seats = tuple(range(n)) if seats is None else seats
    fewest = min(banked[s] for s in seats)
    for k in range(1, n + 1):
        seat = (previous + k) % n
        if seat in seats and banked[seat] == fewest:
            return seat
    raise AssertionError("no seat found")


# ---- chance -----------------------------------------------------------------------------------

def is_chance(state: State) -> bool:
    from game import exhibition as exh
    if state.phase == "cities":
        return True
    if state.phase == "start":
        return True
    ex = state.exhibition
    if state.phase in ("play", "faceoff") and ex is not None:
        return ex.is_over or exh.is_chance(ex)
    return False


def sample_chance(state: State, rng: random.Random) -> Action:
    from game import exhibition as exh
    if state.phase == "cities":
        return DealCities(tuple(rng.sample(eligible_cities(state.config), state.config.random_cities)))
    if state.phase == "start":
        return DrawStartPlayer(rng.randrange(state.config.num_seats))
    ex = state.exhibition
    if ex is not None and ex.is_over:
        cards = list(JUNK_CARD_IDS)   # the next city starts from a full, freshly shuffled deck
        rng.shuffle(cards)
        return Shuffle(tuple(cards))
    if ex is not None and exh.is_chance(ex):
        return exh.sample_chance(ex, rng)
    raise IllegalActionError("no chance action is due")


# ---- transitions --------------------------------------------------------------------------------

def apply(state: State, action: Action) -> State:
    from game import exhibition as exh
    if state.phase == "over":
        raise IllegalActionError("the World Tour is over")
    if state.phase == "cities":
        if not isinstance(action, DealCities):
            raise IllegalActionError(f"{action.to_text()}: the City cards must be dealt first")
        eligible = eligible_cities(state.config)
        if (len(action.cities) != state.config.random_cities or len(set(action.cities)) != len(action.cities)
                or any(c not in eligible for c in action.cities)):
            raise IllegalActionError(f"{action.to_text()}: deal {state.config.random_cities} different "
                                     f"cities from {', '.join(eligible)}")
        return _after_cities(state, action.cities)
    if state.phase == "start":
        if not isinstance(action, DrawStartPlayer) or not 0 <= action.seat < state.config.num_seats:
            raise IllegalActionError(f"{action.to_text()}: the first start player must be drawn first")
        return _begin(state, action.seat)
    if state.phase == "sides":
        return _choose_side(state, action)
    ex = state.exhibition
    assert ex is not None
    if ex.is_over:
        if not isinstance(action, Shuffle):
            raise IllegalActionError(f"{action.to_text()}: the next city's deck must be shuffled first")
        state = _next_city(state)
        ex = state.exhibition
        assert ex is not None
    ex = exh.apply(ex, action)
    state = replace(state, exhibition=ex)
    if ex.is_over:
        state = _close_city(state)
    return state


def _close_city(state: State) -> State:
    """Bank the finished exhibition's fans; decide whether the tour goes on."""
    ex = state.exhibition
    assert ex is not None
    if state.phase == "faceoff":
        return replace(state, faceoff_fans=ex.fans, phase="over")
    banked = tuple(b + f for b, f in zip(state.banked, ex.fans))
    state = replace(state, banked=banked, results=state.results + (ex.fans,))
    if state.index + 1 < len(state.cities):
        return state   # the next city opens with its shuffle (a chance action)
    tied = _tied_after_last_city(state)
    if len(tied) > 1 and state.config.faceoff:
        return replace(state, phase="faceoff", faceoff_seats=tied)
    return replace(state, phase="over")


def _next_city(state: State) -> State:
    if state.phase == "faceoff":
        seats = state.faceoff_seats
        start = next_start_seat(state.banked, state.start_seat, seats)
        city = get_city("monaco")
        n = state.config.num_seats
        ex = city.new_exhibition(n, start, FAN_SUPPLY_TOTAL - sum(state.banked),
                                 sitting_out=tuple(s not in seats for s in range(n)))
        return replace(state, index=len(state.cities), start_seat=start, exhibition=ex)
    start = next_start_seat(state.banked, state.start_seat)
    return _open_city(state, state.index + 1, start)


def _tied_after_last_city(state: State) -> tuple[int, ...]:
    top = max(state.banked)
    tied = tuple(s for s, f in enumerate(state.banked) if f == top)
    if len(tied) > 1 and state.results:
        last = state.results[-1]
        best = max(last[s] for s in tied)
        tied = tuple(s for s in tied if last[s] == best)
    return tied


def outcome(state: State) -> TourOutcome:
    final = state.phase == "over"
    ex = state.exhibition
    fans = state.banked
    if ex is not None and not ex.is_over and state.phase == "play":
        fans = tuple(b + f for b, f in zip(state.banked, ex.fans))
    if not final:
        return TourOutcome(False, fans, state.results, (), "")
    top = max(state.banked)
    by_fans = tuple(s for s, f in enumerate(state.banked) if f == top)
    if len(by_fans) == 1:
        return TourOutcome(True, fans, state.results, by_fans, "fans")
    tied = _tied_after_last_city(state)
    if len(tied) == 1:
        return TourOutcome(True, fans, state.results, tied, "last city")
    if state.faceoff_fans:
        best = max(state.faceoff_fans[s] for s in tied)
        winners = tuple(s for s in tied if state.faceoff_fans[s] == best)
        return TourOutcome(True, fans, state.results, winners, "face-off")
    return TourOutcome(True, fans, state.results, tied, "shared")


def state_to_json(state: State) -> dict[str, Any]:
    return {"config": state.config.to_json(), "cities": list(state.cities), "index": state.index,
            "start_seat": state.start_seat, "banked": list(state.banked),
            "results": [list(r) for r in state.results], "phase": state.phase,
            "exhibition": None if state.exhibition is None else exhibition_to_json(state.exhibition),
            "faceoff_seats": list(state.faceoff_seats), "faceoff_fans": list(state.faceoff_fans),
            "base_sides": list(state.base_sides)}


def state_from_json(data: dict[str, Any]) -> State:
    try:
        config = TourConfig.from_json(data["config"])
        sides = tuple(str(side) for side in data.get("base_sides", config.base_sides or ("A",) * config.num_seats))
        if len(sides) != config.num_seats or any(side not in ("", *BASE_SIDES) for side in sides):
            raise ValueError(f"bad base sides {list(sides)}")
        return State(config=config, cities=tuple(data["cities"]), base_sides=sides,
                     index=int(data["index"]), start_seat=int(data["start_seat"]),
                     banked=tuple(int(b) for b in data["banked"]),
                     results=tuple(tuple(int(v) for v in r) for r in data["results"]),
                     phase=str(data["phase"]),
                     exhibition=None if data["exhibition"] is None else exhibition_from_json(data["exhibition"]),
                     faceoff_seats=tuple(data["faceoff_seats"]), faceoff_fans=tuple(data["faceoff_fans"]))
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a Junk Art tour state: {error}") from None
