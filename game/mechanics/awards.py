"""Award tables with friendly ties, elimination checks and paying fans from the supply.

Friendly ties: tied seats all get the higher award and the next seat takes the next rank, so
two tied tallest and one more get 5, 5, 1. Heights within HEIGHT_TIE_MM tie.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from game.state import Exhibition

HEIGHT_TIE_MM = 1.0
TALLEST_531: tuple[int, ...] = (5, 3, 1)


def ranked_awards(values: dict[int, float], table: Sequence[int], tie: float = 0.0) -> dict[int, int]:
    """Award table[rank] to each seat, rank = number of seats strictly better by more than `tie`.

    Seats beyond the table get 0.
    """
    out: dict[int, int] = {}
    for seat, value in values.items():
        rank = sum(1 for other in values.values() if other > value + tie)
        out[seat] = table[rank] if rank < len(table) else 0
    return out


def tallest_awards(ex: Exhibition, seats: Sequence[int] | None = None,
                   table: Sequence[int] = TALLEST_531) -> tuple[int, ...]:
    """Height ranking of each seat's structure (the one it builds on), friendly ties, 1 mm."""
    seats = ex.playing() if seats is None else tuple(seats)
    heights = {s: ex.structure_of(s).height_mm for s in seats}
    got = ranked_awards(heights, table, HEIGHT_TIE_MM)
    return tuple(got.get(s, 0) for s in ex.seats())


def is_tallest(ex: Exhibition, seat: int, seats: Sequence[int] | None = None) -> bool:
    return tallest_awards(ex, seats, (1,))[seat] == 1


def piece_count_award(count: int) -> int:
    """Indianapolis / Monaco: 10 pieces 5, 7-9 pieces 3, 5-6 pieces 1."""
    if count >= 10:
        return 5
    if count >= 7:
        return 3
    if count >= 5:
        return 1
    return 0


def newly_eliminated(ex: Exhibition, threshold: int) -> tuple[int, ...]:
    """Playing seats whose fallen pile reached `threshold`."""
    return tuple(s for s in ex.playing() if len(ex.fallen[s]) >= threshold)


def eliminate(ex: Exhibition, seats: Sequence[int]) -> Exhibition:
    """Mark seats eliminated; they stop placing (their pending pieces go back to the supply)."""
    for s in seats:
        ex = ex.with_seat("eliminated", s, True).with_seat("pending", s, ())
    return ex


def pay(ex: Exhibition, awards: Sequence[int]) -> Exhibition:
    """Give (or, for negative amounts, take back) fans; the supply is finite, so awards are
    paid seat by seat from the start player while it lasts."""
    fans = list(ex.fans)
    supply = ex.fan_supply
    order = [(ex.start_seat + k) % ex.num_seats for k in range(ex.num_seats)]
    for s in order:
        amount = int(awards[s])
        if amount < 0:
            amount = -min(-amount, fans[s])
        else:
            amount = min(amount, supply)
        fans[s] += amount
        supply -= amount
    return replace(ex, fans=tuple(fans), fan_supply=supply)
