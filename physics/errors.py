"""Errors for bad physics input. All subclass ValueError, so the CLI prints them as one line."""
from __future__ import annotations


class PhysicsInputError(ValueError):
    """Base class: a request the physics world refuses."""


class UnknownPieceError(PhysicsInputError):
    """A piece id that is not one of the 60 junk pieces or a Nashville extra."""


class InvalidPoseError(PhysicsInputError):
    """A pose with NaN/inf, the wrong length or a zero quaternion."""


class IntersectingPoseError(PhysicsInputError):
    """A release (or spawn) pose that overlaps an existing piece, a base or the table."""


class PieceStateError(PhysicsInputError):
    """A piece that is already in the world, or not in it when it should be."""


class UnknownStructureError(PhysicsInputError):
    """A structure index outside the table layout."""


class SnapshotFormatError(PhysicsInputError):
    """A snapshot document that is not one this version can read."""
