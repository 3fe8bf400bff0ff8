"""The rules' error types. All subclass ValueError so the CLI prints them as one line (exit 2)."""
from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the pure rules raise on bad input."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow in this state."""


class MalformedActionError(RulesError):
    """Text or JSON that is not an action at all (unknown verb, bad field, bad outcome)."""


class UnsupportedPlayerCountError(RulesError):
    """A city (or tour) asked for with a player count it does not support."""


class UnknownCityError(RulesError):
    """A city name that is not in the registry; the message suggests the nearest name."""
