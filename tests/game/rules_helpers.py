"""Shared helpers for table-driven rules tests (imported as `rules_helpers`)."""
from __future__ import annotations

from dataclasses import replace

from game import exhibition as exh
from game.actions import Action, Place, Shuffle
from game.cards import JUNK_CARD_IDS
from game.cities import get_city
from game.outcomes import FallenPiece, PlacementOutcome
from game.state import Exhibition


def start(city: str, num_seats: int, start_seat: int = 0, top: tuple[str, ...] = ()) -> Exhibition:
    """A shuffled exhibition whose deck starts with `top` (then the remaining cards in id order)."""
    ex = get_city(city).new_exhibition(num_seats, start_seat)
    rest = tuple(c for c in JUNK_CARD_IDS if c not in top)
    return exh.apply(ex, Shuffle(tuple(top) + rest))


def outcome(ex: Exhibition, fallen: tuple[tuple[str, int], ...] = (), touching: tuple[str, ...] = (),
            heights: dict[int, float] | None = None, elapsed: float = 5.0,
            only_active_fell: bool = False) -> PlacementOutcome:
    hs = [s.height_mm for s in ex.structures]
    for index, h in (heights or {}).items():
        hs[index] = h
    return PlacementOutcome(fallen=tuple(FallenPiece(p, s) for p, s in fallen), only_active_fell=only_active_fell,
                            touching=tuple(touching), heights_mm=tuple(hs), elapsed_s=elapsed)


def place(ex: Exhibition, seat: int, piece: str, structure: int | None = None, **kw: object) -> Exhibition:
    """Apply a checked placement of `piece` by `seat` with an outcome built by `outcome(**kw)`."""
    target = ex.builds_on[seat] if structure is None else structure
    return exh.apply(ex, Place(seat, piece, target, outcome(ex, **kw)))  # type: ignore[arg-type]


def place_all(ex: Exhibition, **kw: object) -> Exhibition:
    """Let every seat to act place its pending pieces with a quiet outcome (nothing falls)."""
    while exh.to_act(ex) and not ex.is_over:
        seat = exh.to_act(ex)[0]
        legal = exh.legal_actions(ex, seat)
        places = [a for a in legal if isinstance(a, Place)]
        if not places:
            break
        p = places[0]
        ex = exh.apply(ex, p.with_outcome(outcome(ex, **kw)))  # type: ignore[arg-type]
    return ex


def act(ex: Exhibition, *actions: Action) -> Exhibition:
    for a in actions:
        ex = exh.apply(ex, a)
    return ex


def with_heights(ex: Exhibition, heights: dict[int, float]) -> Exhibition:
    structures = list(ex.structures)
    for i, h in heights.items():
        structures[i] = replace(structures[i], height_mm=h)
    return replace(ex, structures=tuple(structures))
