"""Resolving a placement outcome: where the active piece goes, who keeps fallen pieces, the free
re-place, heights. Cities choose a fallen-piece policy:

  "keep"    universal rule: whoever caused the fall keeps the fallen pieces. The placing seat
            caused every fall from the structure it placed on and from common bases; a piece
            that drops from ANOTHER seat's own structure (bases stand >= 50 cm apart, so the
            placer cannot have touched it) fell by itself and its owner keeps it.
  "remove"  fallen pieces leave the game without effect (Tokyo, New York, Indianapolis)
  "replace" the structure's owner must re-place them before continuing (Monaco)
"""
from __future__ import annotations

from dataclasses import replace

from game.actions import Place
from game.errors import IllegalActionError, MalformedActionError
from game.state import Exhibition

FALLEN_POLICIES = ("keep", "remove", "replace")


def legal_places(ex: Exhibition, seat: int, structures: tuple[int, ...] | None = None) -> list[Place]:
    """Place prototypes for every pending piece of `seat` (any order) on its structure(s)."""
    targets = (ex.builds_on[seat],) if structures is None else structures
    seen: list[Place] = []
    for piece in dict.fromkeys(ex.pending[seat]):
        for target in targets:
            seen.append(Place(seat, piece, target))
    return seen


def validate_outcome(ex: Exhibition, place: Place) -> None:
    outcome = place.outcome
    if outcome is None:
        raise IllegalActionError(f"{place.to_text()}: a placement needs its physics outcome "
                                 "(use place.with_outcome(PlacementOutcome(...)))")
    if len(outcome.heights_mm) != len(ex.structures):
        raise MalformedActionError(f"placement outcome has {len(outcome.heights_mm)} heights; "
                                   f"this exhibition has {len(ex.structures)} structures")
    if outcome.only_active_fell and outcome.fallen:
        raise MalformedActionError("only_active_fell outcome must not list other fallen pieces")
    if outcome.elapsed_s < 0:
        raise MalformedActionError("elapsed_s must not be negative")
    for f in outcome.fallen:
        if not 0 <= f.structure < len(ex.structures):
            raise MalformedActionError(f"fallen piece {f.piece} from unknown structure {f.structure}")
        on = ex.structures[f.structure].pieces + ((place.piece,) if f.structure == place.structure else ())
        if f.piece not in on:
            raise MalformedActionError(f"fallen piece {f.piece} was not on structure {f.structure}")
    if len({f.piece for f in outcome.fallen}) != len(outcome.fallen):
        raise MalformedActionError("a fallen piece is listed twice")


def resolve_place(ex: Exhibition, place: Place, policy: str = "keep") -> Exhibition:
    """Apply a validated placement to structures, pending pieces and fallen piles.

    Returns the new exhibition; the fallen pieces this placement produced are stored in
    vars["last_fallen"] (piece ids) so city hooks can count them.
    """
    validate_outcome(ex, place)
    outcome = place.outcome
    assert outcome is not None
    heights = outcome.heights_mm
    structures = tuple(replace(s, height_mm=float(h)) for s, h in zip(ex.structures, heights))
    ex = replace(ex, structures=structures)
    if outcome.only_active_fell:
        # "Dropping the active piece": it stays the active piece and is simply placed again.
        return ex.set_vars(last_fallen=(), last_touching=())
    pending = list(ex.pending[place.seat])
    pending.remove(place.piece)
    ex = ex.with_seat("pending", place.seat, tuple(pending))
    target = ex.structures[place.structure]
    ex = ex.with_structure(place.structure, pieces=target.pieces + (place.piece,))
    fallen_ids: list[str] = []
    for f in outcome.fallen:
        s = ex.structures[f.structure]
        ex = ex.with_structure(f.structure, pieces=tuple(p for p in s.pieces if p != f.piece))
        fallen_ids.append(f.piece)
        if policy == "keep":
            keeper = place.seat if (f.structure == place.structure or s.owner is None) else s.owner
            ex = ex.with_seat("fallen", keeper, ex.fallen[keeper] + (f.piece,))
        elif policy == "replace":
            owner = s.owner if s.owner is not None else place.seat
            ex = ex.with_seat("pending", owner, ex.pending[owner] + (f.piece,))
        elif policy != "remove":
            raise ValueError(f"unknown fallen policy {policy!r}")
    standing = {p for s in ex.structures for p in s.pieces}
    touching = tuple(t for t in outcome.touching if t in standing and t != place.piece)
    return ex.set_vars(last_fallen=tuple(fallen_ids), last_touching=touching)


def piece_count(ex: Exhibition, structure: int) -> int:
    return len(ex.structures[structure].pieces)
