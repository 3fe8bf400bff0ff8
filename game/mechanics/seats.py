"""Seat order and direction of play. Seats are numbered clockwise."""
from __future__ import annotations

from game.state import Exhibition


def step(ex: Exhibition, seat: int, steps: int = 1) -> int:
    """The seat `steps` places away in the direction of play (ignores eliminations)."""
    return (seat + ex.direction * steps) % ex.num_seats


def next_playing(ex: Exhibition, seat: int, direction: int | None = None) -> int:
    """The next seat after `seat` in the direction of play that is still playing (may be `seat`
    itself when it is the only one left)."""
    d = ex.direction if direction is None else direction
    playing = set(ex.playing())
    for k in range(1, ex.num_seats + 1):
        candidate = (seat + d * k) % ex.num_seats
        if candidate in playing:
            return candidate
    return seat


def previous_playing(ex: Exhibition, seat: int) -> int:
    return next_playing(ex, seat, -ex.direction)


def order_from(ex: Exhibition, first: int, only_playing: bool = True) -> tuple[int, ...]:
    """All seats starting at `first` in the direction of play."""
    seats = tuple((first + ex.direction * k) % ex.num_seats for k in range(ex.num_seats))
    if only_playing:
        playing = set(ex.playing())
        seats = tuple(s for s in seats if s in playing)
    return seats
