"""Flick 'em Up shots as rules data (Nashville): the shot outcome, the shooting actions and who
may shoot whom. The shot itself is physics (a disc flicked from the shooter's cowboy); its
result enters the rules as a `ShotOutcome` inside a `Shoot` action, like a placement's
`PlacementOutcome` inside a `Place`.

Piece ids of the cactus pieces are the ids of their cards: "cactus-1".."cactus-3" (the card
cactus-k places cactus piece k), so physics, rules and replays name them alike.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from game.actions import Action, register
from game.cards import CACTUS_CARDS, colour_of_card, is_junk_card, number_of
from game.errors import IllegalActionError, MalformedActionError
from game.outcomes import FallenPiece
from game.state import Exhibition

CACTUS_PIECES: tuple[str, ...] = CACTUS_CARDS


def is_cactus(piece: str) -> bool:
    return piece in CACTUS_PIECES


@dataclass(frozen=True)
class ShotOutcome:
    """What one flicked disc did once everything settled.

    fallen: pieces that fell to the table, with the structure each fell from (anything that
        fell counts, ricochets included).
    cowboys_hit: seats whose cowboy was knocked over.
    disc_hits: what the disc itself touched, in order, for replays and the HUD: piece ids,
        "cowboy:<seat>", "base:<structure>", "table-edge".
    ricochets: bounces off something before the disc's last hit (ricochets count in Nashville).
    heights_mm: every structure's height after the shot, indexed like the state's structures.
    wobbled: pieces that fell during the shot from a structure nothing the disc moved touched:
        they fell "without being shot" and leave the game, looted by nobody.
    """
    fallen: tuple[FallenPiece, ...] = ()
    cowboys_hit: tuple[int, ...] = ()
    disc_hits: tuple[str, ...] = ()
    ricochets: int = 0
    heights_mm: tuple[float, ...] = ()
    wobbled: tuple[FallenPiece, ...] = ()

    def fallen_from(self, structure: int) -> tuple[str, ...]:
        return tuple(f.piece for f in self.fallen if f.structure == structure)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"fallen": [[f.piece, f.structure] for f in self.fallen],
                                "cowboys_hit": list(self.cowboys_hit), "disc_hits": list(self.disc_hits),
                                "ricochets": int(self.ricochets), "heights_mm": [float(h) for h in self.heights_mm]}
        if self.wobbled:     # left out when empty: older shots' text forms stay as they were
            data["wobbled"] = [[f.piece, f.structure] for f in self.wobbled]
        return data

    @classmethod
    def from_json(cls, data: Any) -> "ShotOutcome":
        """From a dict, its JSON text, or the frozen (key, value) pairs actions store."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise MalformedActionError(f"shot outcome is not JSON: {error}") from None
        try:
            if isinstance(data, tuple):
                data = dict(data)
            if not isinstance(data, dict):
                raise TypeError("expected an object")
            return cls(fallen=tuple(FallenPiece(str(p), int(s)) for p, s in data.get("fallen", ())),
                       cowboys_hit=tuple(int(c) for c in data.get("cowboys_hit", ())),
                       disc_hits=tuple(str(h) for h in data.get("disc_hits", ())),
                       ricochets=int(data.get("ricochets", 0)),
                       heights_mm=tuple(float(h) for h in data.get("heights_mm", ())),
                       wobbled=tuple(FallenPiece(str(p), int(s)) for p, s in data.get("wobbled", ())))
        except (AttributeError, TypeError, ValueError) as error:
            raise MalformedActionError(f"bad shot outcome {data!r}: {error}") from None


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


@register
@dataclass(frozen=True)
class Shoot(Action):
    """Take one shot at `target`'s structure or cowboy. legal_actions gives prototypes with
    outcome None; the match loop flicks the disc and applies `shoot.with_outcome(ShotOutcome)`.
    Text: `shoot <seat> <target> <outcome JSON or null>`.

    The outcome is left out of equality so the engine can match a shot with its outcome against
    the legal prototype (as it does for `Place`); `same_shot` compares it too."""
    VERB: ClassVar[str] = "shoot"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("target", "int"), ("outcome", "json"))
    seat: int
    target: int
    outcome: ShotOutcome | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # Action.from_text / from_json hand the outcome over as frozen JSON.
        if self.outcome is not None and not isinstance(self.outcome, ShotOutcome):
            object.__setattr__(self, "outcome", ShotOutcome.from_json(self.outcome))

    def with_outcome(self, outcome: ShotOutcome) -> "Shoot":
        return replace(self, outcome=outcome)

    def prototype(self) -> "Shoot":
        return replace(self, outcome=None)

    def same_shot(self, other: object) -> bool:
        return isinstance(other, Shoot) and self == other and self.outcome == other.outcome

    def to_text(self) -> str:
        body = "null" if self.outcome is None else _compact(self.outcome.to_json())
        return f"{self.VERB} {int(self.seat)} {int(self.target)} {body}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.VERB, "seat": self.seat, "target": self.target,
                "outcome": None if self.outcome is None else self.outcome.to_json()}


@register
@dataclass(frozen=True)
class Holster(Action):
    """Take no (more) shots this turn."""
    VERB: ClassVar[str] = "holster"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"),)
    seat: int


@register
@dataclass(frozen=True)
class Steal(Action):
    """After knocking over `victim`'s cowboy: take `piece` from their loot into yours."""
    VERB: ClassVar[str] = "steal"
    FIELDS: ClassVar[tuple[tuple[str, str], ...]] = (("seat", "int"), ("victim", "int"), ("piece", "str"))
    seat: int
    victim: int
    piece: str


def shots_earned(played: str, target_top: str | None) -> int:
    """Shots a played card earns against a player whose discard pile shows `target_top`:
    a Cactus card 1 (at anyone), the same number 2, the same colour 1 (a Cactus card on top of
    a pile counts as green and has no number)."""
    if played in CACTUS_CARDS:
        return 1
    if target_top is None:
        return 0
    if is_junk_card(target_top) and number_of(target_top) == number_of(played):
        return 2
    if colour_of_card(target_top) == colour_of_card(played):
        return 1
    return 0


def validate_shot(ex: Exhibition, shoot: Shoot) -> ShotOutcome:
    """The shot's outcome, checked against the state (or a clear error)."""
    outcome = shoot.outcome
    if outcome is None:
        raise IllegalActionError(f"{shoot.to_text()}: a shot needs its physics outcome "
                                 "(use shoot.with_outcome(ShotOutcome(...)))")
    if len(outcome.heights_mm) != len(ex.structures):
        raise MalformedActionError(f"shot outcome has {len(outcome.heights_mm)} heights; "
                                   f"this exhibition has {len(ex.structures)} structures")
    for f in outcome.fallen + outcome.wobbled:
        if not 0 <= f.structure < len(ex.structures) or f.piece not in ex.structures[f.structure].pieces:
            raise MalformedActionError(f"shot knocked {f.piece} off structure {f.structure}, "
                                       "but it was not standing there")
    everything = outcome.fallen + outcome.wobbled
    if len({f.piece for f in everything}) != len(everything):
        raise MalformedActionError("a knocked-down piece is listed twice")
    if len(set(outcome.cowboys_hit)) != len(outcome.cowboys_hit) or any(
            not 0 <= c < ex.num_seats for c in outcome.cowboys_hit):
        raise MalformedActionError(f"bad cowboys_hit {outcome.cowboys_hit}")
    if outcome.ricochets < 0:
        raise MalformedActionError("ricochets must not be negative")
    return outcome


def random_shot_outcome(ex: Exhibition, shoot: Shoot, rng: random.Random) -> ShotOutcome:
    """A plausible shot result drawn from `rng` (random playouts, headless demos): mostly misses
    and knocked-off pieces of the target, sometimes its cowboy, sometimes a ricochet elsewhere."""
    heights = [s.height_mm for s in ex.structures]
    target_structure = ex.builds_on[shoot.target]
    roll = rng.random()
    fallen: list[FallenPiece] = []
    cowboys: list[int] = []
    hits: list[str] = []
    ricochets = 0
    if roll < 0.35:
        hits.append("table-edge")
    elif roll < 0.75:
        pieces = ex.structures[target_structure].pieces
        if pieces:
            lost = rng.sample(pieces, min(len(pieces), rng.choice((1, 1, 2, 3))))
            fallen.extend(FallenPiece(p, target_structure) for p in lost)
            hits.append(lost[0])
        else:
            hits.append(f"base:{target_structure}")
    elif roll < 0.88:
        cowboys.append(shoot.target)
        hits.append(f"cowboy:{shoot.target}")
    else:
        ricochets = 1
        other = rng.randrange(len(ex.structures))
        pieces = ex.structures[other].pieces
        if pieces:
            piece = rng.choice(pieces)
            fallen.append(FallenPiece(piece, other))
            hits.append(piece)
        bystander = rng.randrange(ex.num_seats)
        if bystander not in cowboys:
            cowboys.append(bystander)
            hits.append(f"cowboy:{bystander}")
    for f in fallen:
        heights[f.structure] = max(0.0, heights[f.structure] - round(rng.uniform(5.0, 30.0), 1))
    return ShotOutcome(fallen=tuple(fallen), cowboys_hit=tuple(cowboys), disc_hits=tuple(hits),
                       ricochets=ricochets, heights_mm=tuple(round(h, 1) for h in heights))


__all__ = ["CACTUS_PIECES", "ShotOutcome", "Shoot", "Holster", "Steal", "is_cactus", "shots_earned",
           "validate_shot", "random_shot_outcome"]
