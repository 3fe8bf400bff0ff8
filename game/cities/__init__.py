"""City registry: canonical names ("home_town") and display names ("Home Town") -> City objects.

To register a city, add its module name to CITY_MODULES; the module must define `CITY`, an
instance of a `game.cities.base.City` subclass. Modules not written yet are skipped.
"""
from __future__ import annotations

import difflib
import importlib
import unicodedata
from functools import lru_cache

from game.cities.base import City
from game.errors import UnknownCityError

CITY_MODULES: tuple[str, ...] = (
    "home_town", "amsterdam", "gujarat", "indianapolis", "monaco", "montreal",
    "new_york", "paris", "philadelphia", "pisa", "tokyo", "nashville",
)


def _fold(text: str) -> str:
    """'Montréal' / 'montreal' / 'New York' / 'new-york' all fold to one key."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in text.lower() if ch.isalnum())


@lru_cache(maxsize=1)
def registry() -> dict[str, City]:
    """Canonical name -> City, for every city module that exists, in rulebook order."""
    found: dict[str, City] = {}
    for module_name in CITY_MODULES:
        try:
            module = importlib.import_module(f"game.cities.{module_name}")
        except ModuleNotFoundError as error:
            if error.name == f"game.cities.{module_name}":
                continue
            raise
        city = module.CITY
        found[city.name] = city
    return found


def city_names() -> tuple[str, ...]:
    return tuple(registry())


def split_variant(name: str) -> tuple[str, str]:
    """("new_york", "short") from "new_york:short"; ("paris", "") from "paris"."""
    city, _, variant = name.partition(":")
    return city.strip(), variant.strip().lower()


def canonical_name(name: str) -> str:
    """The tour's name for a city and its variant, checked: "New York:short" -> "new_york:short"."""
    city = get_city(name)   # checks the variant too
    variant = split_variant(name)[1]
    return f"{city.name}:{variant}" if variant else city.name


def get_city(name: str) -> City:
    """Look a city up by canonical or display name (accents, case, spaces ignored); a variant
    suffix ("new_york:short") names the same city."""
    cities = registry()
    if name in cities:   # the fast path: states store canonical names
        return cities[name]
    if ":" in name:
        base, variant = split_variant(name)
        city = get_city(base)
        city.variant_options(variant)
        return city
    key = _fold(name)
    for city in cities.values():
        if key in (_fold(city.name), _fold(city.display_name)):
            return city
    folded = {_fold(c.name): c.display_name for c in cities.values()}
    folded.update({_fold(c.display_name): c.display_name for c in cities.values()})
    close = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.5)
    hint = f"; did you mean {folded[close[0]]!r}?" if close else ""
    raise UnknownCityError(f"unknown city {name!r}{hint} (cities: {', '.join(cities)})")
