"""The City base class: the hooks every city fills in, and the defaults most cities share.

A city is a subclass with a few class attributes (name, fallen_policy, hand sizes...) and the
hooks `setup`, `to_act`, `legal`, `apply` and `awards`. The engine (`game.exhibition`) checks
turn order and legality before calling `apply`, handles the opening shuffle, and pays the awards
when a hook calls `self.finish(ex, reason)`.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, ClassVar

from game.actions import Action, Place, Shuffle
from game.cards import JUNK_CARD_IDS, CityCard, city_card
from game.errors import IllegalActionError, UnknownCityError, UnsupportedPlayerCountError
from game.mechanics import awards as awards_mod
from game.mechanics.placement import legal_places, resolve_place
from game.mechanics.seats import order_from
from game.state import Exhibition, Structure


class City:
    name: ClassVar[str] = ""                 # canonical registry name ("home_town")
    display_name: ClassVar[str] = ""         # "Home Town"
    fallen_policy: ClassVar[str] = "keep"    # see game.mechanics.placement
    variants: ClassVar[dict[str, dict[str, Any]]] = {}   # e.g. New York's "short" / "long" games
    common_bases: ClassVar[int] = 0          # 0: one base per seat; k: k shared bases
    own_deck_visible: ClassVar[bool] = False # Tokyo: you look through your own deck
    simultaneous: ClassVar[bool] = False     # direction of play on the City card

    # ---- facts ------------------------------------------------------------------------------
    @property
    def card(self) -> CityCard:
        return city_card(self.name)

    def check_players(self, num_seats: int) -> None:
        c = self.card
        if not c.supports(num_seats):
            raise UnsupportedPlayerCountError(
                f"{c.display_name} supports {c.min_players}-{c.max_players} players, not {num_seats}")

    # ---- creation ---------------------------------------------------------------------------
    def variant_options(self, variant: str) -> dict[str, Any]:
        """Keyword options of `new_exhibition` for a named variant ("" is the standard game)."""
        if not variant:
            return {}
        if variant not in self.variants:
            known = ", ".join(self.variants) or "none"
            raise UnknownCityError(f"{self.display_name} has no variant {variant!r} (variants: {known})")
        return dict(self.variants[variant])

    def new_exhibition(self, num_seats: int, start_seat: int, fan_supply: int = 180,
                       sitting_out: tuple[bool, ...] | None = None) -> Exhibition:
        """The exhibition before its opening shuffle (a chance action)."""
        self.check_players(num_seats - sum(sitting_out or ()))
        n = num_seats
        if self.common_bases:
            structures = tuple(Structure(None) for _ in range(self.common_bases))
            builds_on = tuple(0 for _ in range(n))
        else:
            structures = tuple(Structure(s) for s in range(n))
            builds_on = tuple(range(n))
        empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(n))
        direction = -1 if self.card.direction == "counterclockwise" else 1
        return Exhibition(city=self.name, num_seats=n, start_seat=start_seat, direction=direction,
                          phase="shuffle", deck=JUNK_CARD_IDS, hands=empty, decks=empty, table=empty,
                          hidden=empty, structures=structures, builds_on=builds_on, pending=empty,
                          fallen=empty, eliminated=tuple(False for _ in range(n)),
                          sitting_out=tuple(sitting_out or (False,) * n), fans=tuple(0 for _ in range(n)),
                          fan_supply=fan_supply)

    # ---- chance -----------------------------------------------------------------------------
    def is_chance(self, ex: Exhibition) -> bool:
        return ex.phase == "shuffle"

    def sample_chance(self, ex: Exhibition, rng: random.Random) -> Action:
        if ex.phase == "shuffle":
            cards = list(ex.deck)
            rng.shuffle(cards)
            return Shuffle(tuple(cards))
        raise IllegalActionError(f"{self.display_name}: no chance action is due in phase {ex.phase!r}")

    def apply_chance(self, ex: Exhibition, action: Action) -> Exhibition:
        if ex.phase == "shuffle" and isinstance(action, Shuffle):
            if sorted(action.cards) != sorted(ex.deck):
                raise IllegalActionError("shuffle must be a permutation of the deck")
            return self.setup(replace(ex, deck=action.cards))
        raise IllegalActionError(f"{self.display_name}: {action.to_text()} is not due now")

    # ---- hooks cities override --------------------------------------------------------------
    def setup(self, ex: Exhibition) -> Exhibition:
        """Called once the deck is shuffled: deal, set phase and turn."""
        raise NotImplementedError

    def to_act(self, ex: Exhibition) -> tuple[int, ...]:
        raise NotImplementedError

    def legal(self, ex: Exhibition, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, ex: Exhibition, action: Action) -> Exhibition:
        """Apply an action already checked legal (a Place carries its outcome)."""
        raise NotImplementedError

    def awards(self, ex: Exhibition) -> tuple[int, ...]:
        """Fans each seat wins (negative = returns) when the exhibition ends."""
        raise NotImplementedError

    def random_physics(self, ex: Exhibition, action: Action, rng: random.Random) -> Action | None:
        """For playouts and demos without a simulator: complete a prototype of a city-specific
        action that needs a physics outcome (e.g. a shot) with a random one. None = not such an
        action (Place prototypes are completed by game.sim.random_outcome)."""
        return None

    def observe_vars(self, ex: Exhibition, seat: int) -> Exhibition:
        """Hide city-held secrets in vars from `seat` (default: nothing secret in vars)."""
        return ex

    # ---- helpers ------------------------------------------------------------------------------
    def finish(self, ex: Exhibition, reason: str) -> Exhibition:
        """End the exhibition now: pay this city's awards and set phase "over"."""
        ex = replace(ex, phase="over", turn=-1, end_reason=reason)
        return awards_mod.pay(ex, self.awards(ex))

    def place(self, ex: Exhibition, place: Place) -> Exhibition:
        """Resolve a placement with this city's fallen-piece policy."""
        return resolve_place(ex, place, self.fallen_policy)

    def legal_places(self, ex: Exhibition, seat: int) -> list[Action]:
        return list(legal_places(ex, seat))

    def seats_still_choosing(self, ex: Exhibition) -> tuple[int, ...]:
        """A simultaneous hidden choice: every playing seat that has not put its card down yet."""
        return tuple(s for s in ex.playing() if not ex.hidden[s])

    def first_pending_seat(self, ex: Exhibition, first: int | None = None) -> tuple[int, ...]:
        """One seat at a time for 'simultaneous' placement: the first seat, from `first` (default
        the start player) in the direction of play, that still has pieces to place."""
        start = ex.start_seat if first is None else first
        for s in order_from(ex, start):
            if ex.pending[s]:
                return (s,)
        return ()
