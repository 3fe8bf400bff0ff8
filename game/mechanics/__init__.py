"""Shared mechanics cities are built from: seats and direction, dealing and drawing, placement
resolution, elimination, end conditions and award tables. Each function takes and returns an
`Exhibition` (never mutates)."""
