"""Physics results as data. The rules never simulate: a placement or a shot is done physically
(scene or bot planner) and its outcome enters the rules inside an action.

All values are frozen and round-trip through JSON (`to_json` / `from_json`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game.errors import MalformedActionError


@dataclass(frozen=True)
class FallenPiece:
    piece: str
    structure: int   # index of the structure it fell from


@dataclass(frozen=True)
class PlacementOutcome:
    """What happened when a seat released its active piece and the world settled.

    fallen: pieces that touched the table, with the structure each fell from (may include the
        active piece itself when it fell together with others).
    only_active_fell: the active piece alone dropped right after release -> free re-place
        ("Dropping the active piece"); `fallen` is then empty.
    touching: piece ids the active piece touches at rest (Home Town fans, New York chains).
    heights_mm: every structure's height (tape measure: highest point of its pieces above the
        table) after settling, indexed like the state's structures.
    elapsed_s: the seat's placement time (speed cities).
    """
    fallen: tuple[FallenPiece, ...] = ()
    only_active_fell: bool = False
    touching: tuple[str, ...] = ()
    heights_mm: tuple[float, ...] = ()
    elapsed_s: float = 0.0

    def fallen_from(self, structure: int) -> tuple[str, ...]:
        return tuple(f.piece for f in self.fallen if f.structure == structure)

    def to_json(self) -> dict[str, Any]:
        return {"fallen": [[f.piece, f.structure] for f in self.fallen],
                "only_active_fell": self.only_active_fell,
                "touching": list(self.touching),
                "heights_mm": [float(h) for h in self.heights_mm],
                "elapsed_s": float(self.elapsed_s)}

    @classmethod
    def from_json(cls, data: Any) -> "PlacementOutcome":
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as error:
                raise MalformedActionError(f"placement outcome is not JSON: {error}") from None
        try:
            return cls(fallen=tuple(FallenPiece(str(p), int(s)) for p, s in data.get("fallen", [])),
                       only_active_fell=bool(data.get("only_active_fell", False)),
                       touching=tuple(str(t) for t in data.get("touching", [])),
                       heights_mm=tuple(float(h) for h in data.get("heights_mm", [])),
                       elapsed_s=float(data.get("elapsed_s", 0.0)))
        except (AttributeError, TypeError, ValueError) as error:
            raise MalformedActionError(f"bad placement outcome {data!r}: {error}") from None
