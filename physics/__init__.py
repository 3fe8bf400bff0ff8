"""Physics outcomes for Junk Art 3D: one PyBullet DIRECT client per world. Knows nothing of cities.

Units: positions in metres (table top at z = 0, table centre at the origin), quaternions
(x, y, z, w) like PyBullet, heights in millimetres. A piece's pose is the pose of its *piece
frame*: origin at its centre of mass, axes along its principal axes; the meshes in
`assets/meshes/` are written in that frame, so a renderer applies the pose to the visual mesh
as is. (Internally the client is x10, in decimetres, at dt = 1/480 s: see `physics.settings`.)

Layout and snapshots
    TableLayout.for_seats(n, faces=None)      one base per seat; structure k = seat k's base,
                                              neighbouring bases 50 cm apart
    TableLayout.common(n_bases, n_seats)      Paris (1) / Pisa (2) shared bases in the middle
    layout.bases[k].face                      "A" (flat) or "B" (raised rim) per structure
    Snapshot(layout, pieces)                  frozen; pieces = PlacedPiece(piece_id, structure,
                                              position m, orientation xyzw); to_json()/from_json(),
                                              digest() = sha256 over exact float bits

World (context manager; close() empties its client and keeps it for the next world: physics/clients.py)
    World(layout) / World.from_snapshot(snap) / world.snapshot()
    world.place(structure, piece_id, release_pose, seat, trajectory=None, settle_timeout_s=10.0)
        -> PlacementReport(fallen=((piece_id, structure), ...), active_fell, only_active_fell,
                           touching=(piece ids / "base:<k>"), settled, heights_mm, caused_by=seat,
                           simulated_s, active_pose; .nothing_fell: no fall and no drop)
        release_pose = ((x, y, z), (qx, qy, qz, qw)). trajectory = the held piece's recorded
        targets: it appears at trajectory[0], is pulled toward each later pose and then
        release_pose, one per physics tick (1/480 s), and is let go. () = let go at release_pose
        at once (a bot's drop); None = a default carry lowering it 2 cm onto release_pose, then
        0.05 s still. Every placement starts from a rebuild of world.snapshot() (the canonical
        timeline: same snapshot + same inputs = bit-identical result). Structures the piece
        cannot reach (bases >= 50 cm away) stay static; reachable ones stay static too until
        the held piece comes within 1 cm of one of their pieces (exact: untouched pieces at rest
        do not move). Fallen pieces are removed from the world after the report; on a free
        re-place (only the active piece fell) `fallen` is () and the piece is out of the world.
        Errors (all ValueError): UnknownPieceError, InvalidPoseError (NaN, bad quaternion),
        IntersectingPoseError (release pose inside a piece, base or the table), PieceStateError,
        UnknownStructureError.
    world.begin_placement(structure, piece_id, seat, start_pose) -> Placement   interactive form:
        placement.move(target_pose) once per tick, placement.pose (to draw it),
        placement.release(settle_timeout_s) -> PlacementReport,
        placement.replay_input() -> (release_pose, trajectory) for world.place on a replay
    world.load(snapshot)                      replace the state in the same client (bot rollouts:
                                              load + place per trial)
    world.height_mm(k) / world.heights_mm()   tape measure: highest hull vertex of structure k
                                              (base included, so an empty base is 30 mm)
    world.pieces_on(k), world.pose(piece_id), world.remove(piece_ids), world.piece_ids()
    world.add(piece_id, structure, position, orientation)   put a piece without simulating
    world.run(seconds) / world.settle(timeout_s) -> SettleResult(settled, simulated_s)
    world.ray_down(x, y) -> RayHit(point, what, normal) | None   what = piece id, "base:<k>", "table"
    world.ray(start, end) -> RayHit | None   the first hit along any segment (picking with the mouse)
    world.resting_z(piece_id, x, y, orientation) -> COM height where the piece, lowered straight
                                              down, first touches what is below (exact)
    world.contacts_of(piece_id, max_distance_m)

Catalogue and planner helpers
    piece_spec(piece_id) -> PieceSpec(mass_kg, inertia_kg_m2, friction, restitution, rolling_friction, shape, colour)
    catalogue()                               all 60 pieces + Nashville extras ("cactus-1".."3",
                                              "cowboy-1".."6", "bullet-1".."6")
    stable_poses(piece_id) -> (StablePose(orientation, probability, com_height_m), ...) cached
    resting_ways(piece_id) -> the distinct ways it rests (stable poses that differ by a turn
                                              about the vertical merged), likeliest first
    extent(piece_id, orientation) -> (min xyz, max xyz) relative to the COM, metres
    bottom_offset(piece_id, orientation)      COM height above the piece's lowest point
    reference.release_above(world, piece_id, x, y, orientation) -> release pose just above support
    reference.TOWERS / reference.build_tower(world, structure, layers)

Nashville shots (physics/shots.py)
    ShotAim(spot_deg, direction_deg, power 0..1)   where the cowboy stands around its base, the
                                              flick's direction (world degrees), its strength
    simulate_shot(snapshot, shooter, aim, spots, motion=None) -> ShotReport(fallen, wobbled,
        cowboys_hit, disc_hits, ricochets, heights_mm, settled, snapshot after, cowboy_position)
    Shot(world, snapshot, shooter, aim, spots, motion): the incremental form (run_ticks(n) per
        frame until it says done, then report())
    preview_path(snapshot, shooter, aim, spots) -> disc positions up to its first contact
    aim_at(layout, shooter, spot_deg, point) -> the aim whose arc passes through point (or None)
    default_spots(layout), cowboy_spot_position(layout, seat, spot_deg)

Assets: `python -m physics.build_assets` writes assets/meshes/<shape>_visual.obj and
<shape>_collision.obj (one `o` group per exact convex part) for the 15 shapes, base, cactus,
cowboy and bullet.
"""
from __future__ import annotations

import physics._quiet_import  # noqa: F401  (first: loads pybullet without its stdout banner)

from physics.catalogue import (
    ALL_PIECE_IDS, EXTRA_PIECE_IDS, PieceSpec, StablePose, bottom_offset, catalogue, extent, piece_spec, resting_ways,
    stable_poses,
)
from physics.errors import (
    IntersectingPoseError, InvalidPoseError, PhysicsInputError, PieceStateError, SnapshotFormatError,
    UnknownPieceError, UnknownStructureError,
)
from physics.layout import BasePlacement, TableLayout
from physics.placement import Placement, PlacementReport
from physics.snapshot import PlacedPiece, Snapshot
from physics.world import RayHit, SettleResult, World

__all__ = [
    "ALL_PIECE_IDS", "EXTRA_PIECE_IDS", "BasePlacement", "IntersectingPoseError", "InvalidPoseError",
    "PhysicsInputError", "PieceSpec", "PieceStateError", "PlacedPiece", "Placement", "PlacementReport", "RayHit",
    "SettleResult", "Snapshot", "SnapshotFormatError", "StablePose", "TableLayout", "UnknownPieceError",
    "UnknownStructureError", "World", "bottom_offset", "catalogue", "extent", "piece_spec", "resting_ways",
    "stable_poses",
]
