"""Where the bases sit on the table: one per seat, or shared bases (Paris: 1, Pisa: 2).

Positions are metres on the table top (z = 0), table centre at the origin. A structure index is
a base index. Seat bases are spread on a circle with neighbouring centres 50 cm apart (the
Nashville rule, and far enough that two structures cannot touch); with 4 seats that is the
rulebook's 50 cm square.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from physics.errors import UnknownStructureError
from physics.settings import TABLE_MARGIN_M

FACES = ("A", "B")
SEAT_SPACING_M = 0.5
COMMON_BASE_GAP_M = 0.02  # Pisa: "2 bases placed next to each other"
BASE_HALF_M = 0.05


@dataclass(frozen=True)
class BasePlacement:
    x: float
    y: float
    yaw: float        # radians about z
    face: str = "A"   # which face is up: "A" flat, "B" with the raised rim

    def __post_init__(self) -> None:
        if self.face not in FACES:
            raise ValueError(f"base face must be 'A' or 'B', not {self.face!r}")
        if not all(math.isfinite(v) for v in (self.x, self.y, self.yaw)):
            raise ValueError("base placement must be finite")


@dataclass(frozen=True)
class TableLayout:
    bases: tuple[BasePlacement, ...]
    n_seats: int
    shared: bool = False   # True when all seats build on shared bases (Paris, Pisa)
    seat_angles: tuple[float, ...] = field(default=())  # where each seat sits around the table (rad)

    def __post_init__(self) -> None:
        if not self.bases:
            raise ValueError("a table layout needs at least one base")
        if self.n_seats < 1:
            raise ValueError("a table layout needs at least one seat")
        if self.seat_angles and len(self.seat_angles) != self.n_seats:
            raise ValueError("seat_angles must have one entry per seat")

    @classmethod
    def for_seats(cls, n_seats: int, faces: Sequence[str] | None = None) -> "TableLayout":
        """One base per seat (structure k belongs to seat k), 50 cm between neighbouring bases."""
        if not 1 <= n_seats <= 6:
            raise ValueError(f"Junk Art seats 1 to 6 players, not {n_seats}")
        faces = tuple(faces) if faces is not None else ("A",) * n_seats
        if len(faces) != n_seats:
            raise ValueError(f"need one base face per seat ({n_seats}), got {len(faces)}")
        radius = 0.0 if n_seats == 1 else SEAT_SPACING_M / (2.0 * math.sin(math.pi / n_seats))
        angles = tuple(-math.pi / 2 + 2.0 * math.pi * k / n_seats for k in range(n_seats))
        bases = tuple(
            BasePlacement(round(radius * math.cos(a), 12), round(radius * math.sin(a), 12), a + math.pi / 2, face)
            for a, face in zip(angles, faces)
        )
        return cls(bases=bases, n_seats=n_seats, shared=False, seat_angles=angles)

    @classmethod
    def common(cls, n_bases: int, n_seats: int, faces: Sequence[str] | None = None) -> "TableLayout":
        """Shared bases in the middle of the table: 1 (Paris) or 2 side by side (Pisa)."""
        if n_bases not in (1, 2):
            raise ValueError(f"common bases come as 1 (Paris) or 2 (Pisa), not {n_bases}")
        if not 1 <= n_seats <= 6:
            raise ValueError(f"Junk Art seats 1 to 6 players, not {n_seats}")
        faces = tuple(faces) if faces is not None else ("A",) * n_bases
        if len(faces) != n_bases:
            raise ValueError(f"need one face per base ({n_bases}), got {len(faces)}")
        offset = BASE_HALF_M + COMMON_BASE_GAP_M / 2.0
        xs = (0.0,) if n_bases == 1 else (-offset, offset)
        bases = tuple(BasePlacement(x, 0.0, 0.0, face) for x, face in zip(xs, faces))
        angles = tuple(-math.pi / 2 + 2.0 * math.pi * k / n_seats for k in range(n_seats))
        return cls(bases=bases, n_seats=n_seats, shared=True, seat_angles=angles)

    @property
    def n_structures(self) -> int:
        return len(self.bases)

    @property
    def table_half_size_m(self) -> float:
        """Half the side of the square table top."""
        reach = max(max(abs(b.x), abs(b.y)) for b in self.bases)
        return reach + TABLE_MARGIN_M

    def check_structure(self, structure: int) -> None:
        if not isinstance(structure, int) or isinstance(structure, bool) or not 0 <= structure < len(self.bases):
            raise UnknownStructureError(f"structure must be 0..{len(self.bases) - 1}, not {structure!r}")

    def neighbours(self, structure: int, reach_m: float = 0.3) -> frozenset[int]:
        """Structures whose bases are within `reach_m` of this one (itself included).

        Pieces of structures farther away cannot be touched by a placement here, which is what
        lets a placement simulate only these structures and keep the rest static.
        """
        b = self.bases[structure]
        return frozenset(k for k, o in enumerate(self.bases) if math.hypot(o.x - b.x, o.y - b.y) <= reach_m)

    def seat_position(self, seat: int, radius_m: float | None = None) -> tuple[float, float]:
        """Where a seat's player sits (for cameras and cowboys), just off the table edge."""
        angle = self.seat_angles[seat] if self.seat_angles else -math.pi / 2
        r = self.table_half_size_m if radius_m is None else radius_m
        return (r * math.cos(angle), r * math.sin(angle))

    def to_dict(self) -> dict[str, Any]:
        return {
            "bases": [{"x": b.x, "y": b.y, "yaw": b.yaw, "face": b.face} for b in self.bases],
            "n_seats": self.n_seats,
            "common": self.shared,
            "seat_angles": list(self.seat_angles),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "TableLayout":
        try:
            bases = tuple(BasePlacement(float(b["x"]), float(b["y"]), float(b["yaw"]), str(b["face"])) for b in data["bases"])
            return cls(
                bases=bases,
                n_seats=int(data["n_seats"]),
                shared=bool(data.get("common", False)),
                seat_angles=tuple(float(a) for a in data.get("seat_angles", ())),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"malformed table layout: {error}") from None
