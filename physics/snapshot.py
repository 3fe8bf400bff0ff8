"""Pose snapshots: the canonical state a world is rebuilt from, with a stable hash.

Rebuilding a world from the same snapshot twice and running the same inputs is bit-identical,
whereas PyBullet's saveState/restoreState is not once compound shapes exist (engine-notes 3.1).
So a snapshot is the timeline's state: layout + placed pieces with exact float poses.
"""
from __future__ import annotations

import hashlib
import json
import math
import struct
from dataclasses import dataclass
from typing import Any, Sequence

from physics.errors import InvalidPoseError, SnapshotFormatError
from physics.layout import TableLayout

SNAPSHOT_VERSION = 1

Vec3 = tuple[float, float, float]
Quat = tuple[float, float, float, float]


def check_pose(position: Sequence[float], orientation: Sequence[float], what: str = "pose") -> tuple[Vec3, Quat]:
    """Validated (position m, unit quaternion xyzw); InvalidPoseError for NaN, inf, bad lengths."""
    try:
        pos = tuple(float(v) for v in position)
        quat = tuple(float(v) for v in orientation)
    except (TypeError, ValueError):
        raise InvalidPoseError(f"{what}: position and orientation must be numbers") from None
    if len(pos) != 3 or len(quat) != 4:
        raise InvalidPoseError(f"{what}: need a position (x, y, z) and a quaternion (x, y, z, w)")
    if not all(math.isfinite(v) for v in pos + quat):
        raise InvalidPoseError(f"{what}: NaN or infinite value in {pos + quat}")
    norm = math.sqrt(sum(v * v for v in quat))
    if not 0.5 < norm < 2.0:
        raise InvalidPoseError(f"{what}: quaternion {quat} is not a rotation (norm {norm:.3g})")
    if abs(norm - 1.0) > 1e-12:
        quat = tuple(v / norm for v in quat)
    return pos, quat  # type: ignore[return-value]


@dataclass(frozen=True)
class PlacedPiece:
    piece_id: str
    structure: int
    position: Vec3      # metres, centre of mass
    orientation: Quat   # (x, y, z, w)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.piece_id, "structure": self.structure, "position": list(self.position), "orientation": list(self.orientation)}


@dataclass(frozen=True)
class Snapshot:
    layout: TableLayout
    pieces: tuple[PlacedPiece, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"version": SNAPSHOT_VERSION, "layout": self.layout.to_dict(), "pieces": [p.to_dict() for p in self.pieces]}

    def to_json(self) -> str:
        # Python writes floats with repr(), which round-trips exactly.
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> "Snapshot":
        if not isinstance(data, dict) or data.get("version") != SNAPSHOT_VERSION:
            raise SnapshotFormatError(f"not a version-{SNAPSHOT_VERSION} physics snapshot")
        try:
            layout = TableLayout.from_dict(data["layout"])
            pieces = []
            for item in data["pieces"]:
                structure = item["structure"]
                if not isinstance(structure, int) or isinstance(structure, bool):
                    raise SnapshotFormatError(f"structure of {item.get('id')!r} must be an integer")
                layout.check_structure(structure)
                pos, quat = check_pose(item["position"], item["orientation"], f"piece {item.get('id')!r}")
                pieces.append(PlacedPiece(str(item["id"]), structure, pos, quat))
        except (KeyError, TypeError) as error:
            raise SnapshotFormatError(f"malformed physics snapshot: missing or bad field {error}") from None
        except ValueError as error:
            raise SnapshotFormatError(f"malformed physics snapshot: {error}") from None
        ids = [p.piece_id for p in pieces]
        if len(set(ids)) != len(ids):
            raise SnapshotFormatError("malformed physics snapshot: a piece appears twice")
        return cls(layout, tuple(pieces))

    @classmethod
    def from_json(cls, text: str) -> "Snapshot":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SnapshotFormatError(f"physics snapshot is not JSON: {error}") from None
        return cls.from_dict(data)

    def digest(self) -> str:
        """sha256 over the exact float bits of the layout and every piece pose (hex)."""
        h = hashlib.sha256()
        h.update(f"junkart-physics-snapshot-v{SNAPSHOT_VERSION}".encode())
        h.update(struct.pack("<i?", self.layout.n_seats, self.layout.shared))
        for base in self.layout.bases:
            h.update(struct.pack("<ddd", base.x, base.y, base.yaw) + base.face.encode())
        for angle in self.layout.seat_angles:
            h.update(struct.pack("<d", angle))
        for piece in self.pieces:
            name = piece.piece_id.encode()
            h.update(struct.pack("<i", len(name)) + name + struct.pack("<i", piece.structure))
            h.update(struct.pack("<7d", *piece.position, *piece.orientation))
        return h.hexdigest()

    def pieces_on(self, structure: int) -> tuple[str, ...]:
        return tuple(p.piece_id for p in self.pieces if p.structure == structure)

    def only(self, structures: frozenset[int]) -> "Snapshot":
        """The same table with only the pieces of `structures` (in their order): what a placement
        that can reach only those structures depends on."""
        return Snapshot(self.layout, tuple(p for p in self.pieces if p.structure in structures))
