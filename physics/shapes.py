"""The 15 junk shapes, the base and the Nashville extras, built analytically as convex parts.

Every shape is a tuple of convex parts (each an (n, 3) array of hull vertices, centimetres, in
a "design frame" that is easy to read: z up, the piece lying the way its dimensions are quoted
in DESIGN.md). Concave shapes are unions of exact convex pieces — wedge prisms for the ring,
radial quads around the holes and under the arch, frustum segments for lathe profiles — never a
V-HACD approximation, so the collision shape *is* the piece.

Parts never overlap (they tile the solid), so the mass properties of a shape are the plain sum
of those of its parts; `build_assets` relies on that.

Round things are regular polygons with their vertices on the nominal circle. The polygon
"phase" is chosen so that flat faces sit where other parts attach (holes, arms) and so that
lathe segments line up.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

Part = np.ndarray  # (n, 3) float64 hull vertices, cm

ROUND_SEGMENTS = 24   # cylinder, cone, ring-like outlines: smooth enough to roll, few enough to be cheap
LATHE_SEGMENTS = 16   # multi-part lathe shapes (pot, pin, dumbbell, axle): 16 keeps part hulls small


def box(x0: float, x1: float, y0: float, y1: float, z0: float, z1: float) -> Part:
    return np.array([[x, y, z] for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)], dtype=float)


def polygon(n: int, radius: float, phase: float = 0.0) -> np.ndarray:
    """(n, 2) regular polygon, vertices on the circle, first vertex at angle `phase`."""
    angles = phase + 2.0 * math.pi * np.arange(n) / n
    return np.column_stack([radius * np.cos(angles), radius * np.sin(angles)])


def prism(outline: np.ndarray, z0: float, z1: float) -> Part:
    """An (m, 2) convex outline extruded along z."""
    return np.vstack([np.column_stack([outline, np.full(len(outline), z)]) for z in (z0, z1)])


def frustum(n: int, r0: float, r1: float, z0: float, z1: float, phase: float = 0.0) -> Part:
    """A regular n-gon frustum (r1 == 0 gives a pyramid with a single apex)."""
    bottom = np.column_stack([polygon(n, r0, phase), np.full(n, z0)])
    top = np.array([[0.0, 0.0, z1]]) if r1 == 0.0 else np.column_stack([polygon(n, r1, phase), np.full(n, z1)])
    return np.vstack([bottom, top])


def lathe(profile: list[tuple[float, float]], n: int) -> tuple[Part, ...]:
    """A solid of revolution about z from (z, r) profile points, as few convex parts as exact.

    Consecutive steps stay in one part while the profile bulges outward (slope not increasing):
    the hull of those rings is then exactly the solid. At an inward kink (a neck) a new part starts.
    """
    runs: list[list[tuple[float, float]]] = [[profile[0], profile[1]]]
    for point in profile[2:]:
        (z0, r0), (z1, r1) = runs[-1][-2], runs[-1][-1]
        z2, r2 = point
        if (r2 - r1) / (z2 - z1) <= (r1 - r0) / (z1 - z0) + 1e-12:
            runs[-1].append(point)
        else:
            runs.append([runs[-1][-1], point])
    return tuple(
        np.vstack([np.column_stack([polygon(n, r), np.full(n, z)]) for z, r in run]) for run in runs
    )


def along_x(part: Part) -> Part:
    """Turn a z-axis part so its axis runs along x (for things that lie down: dumbbell, axle)."""
    return np.column_stack([part[:, 2], part[:, 1], -part[:, 0]])


def radial_quads(hole: np.ndarray, outer: np.ndarray) -> list[np.ndarray]:
    """Split (outer polygon minus hole polygon) into convex pieces between matching vertices.

    hole[i] and outer[i * k] lie on the same ray from the hole centre (outer has k times as many
    vertices). Each piece is bounded by one straight hole edge, two rays and an outer chain that
    bulges outward (or is straight: corners fall on rays), so each piece is convex.
    """
    m = len(hole)
    k = len(outer) // m
    pieces = []
    for i in range(m):
        chain = [outer[(i * k + j) % len(outer)] for j in range(k, -1, -1)]
        pieces.append(np.array([hole[i], hole[(i + 1) % m], *chain]))
    return pieces


def ray_to_rectangle(angle: float, half_x: float, half_y: float) -> tuple[float, float]:
    """Where a ray from the origin at `angle` leaves the rectangle [-hx, hx] x [-hy, hy]."""
    c, s = math.cos(angle), math.sin(angle)
    t = min(half_x / abs(c) if abs(c) > 1e-12 else math.inf, half_y / abs(s) if abs(s) > 1e-12 else math.inf)
    return (t * c, t * s)


# --- the 15 junk shapes (design frames, cm) ------------------------------------------------------

def long_plank() -> tuple[Part, ...]:
    return (box(-10, 10, -1.5, 1.5, 0, 1.5),)


def short_plank() -> tuple[Part, ...]:
    return (box(-4, 4, -1.5, 1.5, 0, 1.5),)


def holed_plank() -> tuple[Part, ...]:
    # 14 x 4 x 1.5 with three square 2 x 2 holes centred at x = -4, 0, 4: two side rails and four
    # cross bars, 6 parts. (Octagonal holes took 26 parts, and a compound's cost in Bullet grows
    # with its touching children: a tower with it stepped ~5x slower.)
    parts = [box(-7, 7, -2, -1, 0, 1.5), box(-7, 7, 1, 2, 0, 1.5)]
    for x0, x1 in ((-7, -5), (-3, -1), (1, 3), (5, 7)):
        parts.append(box(x0, x1, -1, 1, 0, 1.5))
    return tuple(parts)


def ring() -> tuple[Part, ...]:
    # Outer diameter 7 (24-gon), hole 3.5 (hexagon), 2 thick: 6 convex prisms, each with one
    # straight hole edge and four outer edges. (Bullet's cost grows with touching part pairs,
    # so round holes are few-sided: a ring on an arch had 30 contact points with 8 + 8 parts.)
    inner, outer = polygon(6, 1.75), polygon(24, 3.5)
    return tuple(prism(piece, 0.0, 2.0) for piece in radial_quads(inner, outer))


def flower_pot() -> tuple[Part, ...]:
    # Open cup: foot diameter 4, top 6, 6 high; 0.5 floor, 0.4 (horizontal) wall.
    n, height, floor, wall = 24, 6.0, 0.5, 0.4

    def radius(z: float) -> float:
        return 2.0 + z / height

    # The wall is 6 convex segments: outer 24-gon cone, inner hexagonal cone. Each segment's
    # faces are planar (cone facets and radial planes), so its hull is exact.
    parts = [frustum(n, radius(0.0), radius(floor), 0.0, floor)]
    for z_pieces in zip(*[
        radial_quads(polygon(6, radius(z) - wall), polygon(n, radius(z))) for z in (floor, height)
    ]):
        parts.append(np.vstack([np.column_stack([piece, np.full(len(piece), z)]) for piece, z in zip(z_pieces, (floor, height))]))
    return tuple(parts)


def dumbbell() -> tuple[Part, ...]:
    # 10 long along x: two discs of diameter 4 (1.6 thick) joined by a bar of diameter 1.5.
    n = 20
    return tuple(along_x(p) for p in (
        frustum(n, 2.0, 2.0, -5.0, -3.4),
        frustum(n, 0.75, 0.75, -3.4, 3.4),
        frustum(n, 2.0, 2.0, 3.4, 5.0),
    ))


def grooved_block() -> tuple[Part, ...]:
    # 8 (x) x 5 (y) x 4 (z) with a groove 2 wide and 1.5 deep along x on top: the axle's cradle.
    return (
        box(-4, 4, -2.5, 2.5, 0, 2.5),
        box(-4, 4, -2.5, -1.0, 2.5, 4.0),
        box(-4, 4, 1.0, 2.5, 2.5, 4.0),
    )


def axle() -> tuple[Part, ...]:
    # Diameter 2 x 10 along x; the 16-gon is 1.96 across flats, so it drops into the 2 cm groove.
    return (along_x(frustum(LATHE_SEGMENTS, 1.0, 1.0, -5.0, 5.0, math.pi / LATHE_SEGMENTS)),)


def ball() -> tuple[Part, ...]:
    # Drawn as this icosphere; it collides as an exact sphere of radius 2.5 (catalogue.SPHERE_RADIUS_M).
    import trimesh  # only the ball needs trimesh's icosphere; keep the module import light
    return (np.asarray(trimesh.creation.icosphere(subdivisions=2, radius=2.5).vertices, dtype=float),)


def cylinder() -> tuple[Part, ...]:
    return (frustum(ROUND_SEGMENTS, 2.0, 2.0, 0.0, 6.0),)


def cone() -> tuple[Part, ...]:
    return (frustum(ROUND_SEGMENTS, 2.5, 0.0, 0.0, 7.0),)


PIN_PROFILE = [  # (z, r): foot, belly, neck, head, flat crown; 10 high
    (0.0, 1.1), (0.6, 1.45), (1.6, 1.75), (3.0, 1.85), (4.4, 1.6), (5.6, 1.05),
    (6.6, 0.75), (7.4, 0.85), (8.3, 1.05), (9.2, 0.9), (9.8, 0.55), (10.0, 0.3),
]


def bowling_pin() -> tuple[Part, ...]:
    return lathe(PIN_PROFILE, LATHE_SEGMENTS)


def arch() -> tuple[Part, ...]:
    # 10 span (x), 5 high (z), 2 deep (y); a half-round (half 12-gon) opening of radius 3 leaves
    # 2 cm legs and a 2 cm crown. Six convex parts, each between two rays from the opening's
    # centre: one straight opening edge inside, the outer outline (with its corner) outside.
    angles = [k * math.pi / 6 for k in range(7)]
    corners = [(math.pi / 4, (5.0, 5.0)), (3 * math.pi / 4, (-5.0, 5.0))]
    parts = []
    for a0, a1 in zip(angles, angles[1:]):
        outline = [(3.0 * math.cos(a0), 3.0 * math.sin(a0)), (3.0 * math.cos(a1), 3.0 * math.sin(a1)),
                   ray_to_rectangle(a1, 5.0, 5.0)]
        outline += [xy for angle, xy in reversed(corners) if a0 < angle < a1]
        outline.append(ray_to_rectangle(a0, 5.0, 5.0))
        quad = np.array(outline)  # (x, z) outline
        parts.append(np.vstack([np.column_stack([quad[:, 0], np.full(len(quad), y), quad[:, 1]]) for y in (-1.0, 1.0)]))
    return tuple(parts)


def l_bracket() -> tuple[Part, ...]:
    # 8 x 6 outline, 2 thick, legs 2 wide.
    return (box(0, 8, 0, 2, 0, 2), box(0, 2, 2, 6, 0, 2))


def wedge() -> tuple[Part, ...]:
    # 8 long, 4 wide, 4 high: a right-triangle section (vertical face at x = 0) extruded along y.
    tri = [(0.0, 0.0), (8.0, 0.0), (0.0, 4.0)]
    return (np.array([[x, y, z] for x, z in tri for y in (-2.0, 2.0)]),)


# --- base and Nashville extras ------------------------------------------------------------------

BASE_SIZE_CM = (10.0, 10.0, 3.0)
BASE_RIM_CM = (0.6, 0.4)  # rim width, rim height (face B)


def base() -> tuple[Part, ...]:
    """10 x 10 x 3 board centred on the origin: face A (+z) flat, face B (-z) with a raised rim.

    Face B is used by turning the board over, so its rim then stands up around a recessed floor.
    """
    w, h = BASE_RIM_CM
    bottom = -1.5
    return (
        box(-5, 5, -5, 5, bottom + h, 1.5),
        box(-5, 5, -5, -5 + w, bottom, bottom + h),
        box(-5, 5, 5 - w, 5, bottom, bottom + h),
        box(-5, -5 + w, -5 + w, 5 - w, bottom, bottom + h),
        box(5 - w, 5, -5 + w, 5 - w, bottom, bottom + h),
    )


def cactus() -> tuple[Part, ...]:
    # Upright saguaro, 8 high: octagonal trunk with a tapered crown and two mirrored arms. The
    # trunk octagon has flat faces towards +-x, and the arms (0.8 square) fit inside those faces,
    # so no two parts overlap. Mirrored arms keep the design axes principal, so "upright" is the
    # identity orientation of the piece frame.
    octagon_phase = math.pi / 8
    r = 1.1
    apothem = r * math.cos(math.pi / 8)
    parts = [
        frustum(8, r, r, 0.0, 7.2, octagon_phase),
        frustum(8, r, 0.5, 7.2, 8.0, octagon_phase),
    ]
    for side, z_arm, top in ((1.0, 3.0, 5.8), (-1.0, 3.0, 5.8)):
        x0, x1 = sorted((side * apothem, side * (apothem + 1.4)))
        parts.append(box(x0, x1, -0.4, 0.4, z_arm, z_arm + 0.8))
        column = frustum(8, 0.45, 0.45, z_arm + 0.8, top, octagon_phase)
        column[:, 0] += side * (apothem + 1.0)
        parts.append(column)
    return tuple(parts)


def cowboy() -> tuple[Part, ...]:
    # A Flick 'em Up style figure about 5 high: disc foot, body, head, hat brim and crown.
    return (
        frustum(16, 1.2, 1.2, 0.0, 0.4),
        box(-0.8, 0.8, -0.5, 0.5, 0.4, 3.0),
        frustum(12, 0.6, 0.6, 3.0, 4.1),
        frustum(16, 1.0, 1.0, 4.1, 4.3),
        frustum(12, 0.6, 0.5, 4.3, 5.0),
    )


def bullet() -> tuple[Part, ...]:
    return (frustum(16, 0.8, 0.8, 0.0, 0.4),)


SHAPE_BUILDERS: dict[str, Callable[[], tuple[Part, ...]]] = {
    "long_plank": long_plank,
    "holed_plank": holed_plank,
    "short_plank": short_plank,
    "ring": ring,
    "flower_pot": flower_pot,
    "dumbbell": dumbbell,
    "grooved_block": grooved_block,
    "axle": axle,
    "ball": ball,
    "cylinder": cylinder,
    "cone": cone,
    "bowling_pin": bowling_pin,
    "arch": arch,
    "l_bracket": l_bracket,
    "wedge": wedge,
    "cactus": cactus,
    "cowboy": cowboy,
    "bullet": bullet,
}

# Shapes whose mesh frame is moved to the centre of mass and principal axes (everything that
# moves). The base is static, so it keeps its geometric frame (centre of the 10 x 10 x 3 box).
STATIC_BUILDERS: dict[str, Callable[[], tuple[Part, ...]]] = {"base": base}
