"""Flick 'em Up shots (Nashville): a disc flicked from a cowboy, run until everything rests.

A shot is an aim (`ShotAim`: where the shooter's cowboy stands around its base, which way the
disc is flicked, how hard) played on a settled table (a `Snapshot`) with every seat's cowboy at
its spot. The world is rebuilt from the snapshot (the canonical timeline, as for placements),
the cowboys and the disc are added in a fixed order, the disc gets its launch velocity and the
world runs until everything rests. Same snapshot + same spots + same aim = the same bits.

Physics design, decided by measurement (scratch runs on this machine, 2 seats, 50 cm apart):
- A disc sliding flat on the table can only ever touch the bases (3 cm high, static) and the
  cowboys' feet: the structures stand on top of the bases, out of its reach. Flat flicks of
  0.5 g, 2.5 g/cm3 and 8 g/cm3 discs at 2-5 m/s at a 4-piece structure knocked nothing down in
  45 of 45 shots; a 5 g cowboy hit on its foot slid instead of tipping. So the flick LIFTS the
  disc: it leaves the table at LOFT_DEG and flies in an arc, and the power decides the height
  at which it reaches a structure 40 cm away (at 20 degrees: 4.5 cm at 3 m/s, 9 cm at 4 m/s),
  like a flicked coin that skips up. It then lands and slides (and ricochets) as a disc does.
- The wooden disc of Flick 'em Up (Ø1.6 x 0.4 cm, 0.47 g) against our full-size wooden junk
  (20-55 g) moved nothing: over speeds 2-6 m/s with a 20 degree lift, a cone, a cylinder and a
  flower pot standing on a plank were knocked off by none of the 17 speeds at 0.6 g/cm3, by 7,
  1 and 3 at 2.5 g/cm3, and by 10, 7 and 7 at 8 g/cm3 (a ball rolled off at any density, an
  upright pin never fell). 30 degrees narrowed every window (3, 2, 3 speeds at 8 g/cm3). So our
  bullet is a weighted disc of DISC_MASS_KG (a steel-cored disc of the same size): it knocks
  off the pieces it strikes as a wooden disc knocks over Flick 'em Up's light cowboys and
  stacks, and it tips a 5 g cowboy it hits above the foot.
- Rest: a shot ends when everything rests by `DriftRestTracker` (a struck tower that only
  rocks in place rests), and the disc, once back down on the table and too low to reach a
  structure, is spent unless a cowboy is in its way (`Shot._check_landed`). Together they took
  `bench shots`' median flick from 0.83 to 0.73 s simulated, with the same pieces down.
- Speeds: POWER 0..1 maps to MIN_SPEED..MAX_SPEED m/s, what a finger gives a small disc.
  The disc slides with a pair friction of DISC_FRICTION (lacquered disc on the wooden table)
  and bounces with DISC_RESTITUTION off wood (hard and light: a lively ricochet), no spin.

What a shot reports (`ShotReport`): the pieces that fell and from which structure (touched the
table, left it, or no longer rest on their base), told apart into shot falls and WOBBLES (falls
from a structure nothing the disc set moving ever touched), the cowboys tipped over, what the
disc touched in order ("base:<k>", piece ids, "cowboy:<seat>", "table-edge"), ricochets, and
the heights after. Fallen pieces leave the world, as after a placement. Cowboys are not part of
the snapshot: they stand at their seats' spots (each seat's last shot, else facing the middle)
at the start of every shot, as "they stand up again at the end of your turn".
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

import pybullet as pb

from physics import bodies
from physics.catalogue import extent, piece_spec
from physics.layout import BASE_HALF_M, TableLayout
from physics.motion import Motion, MotionRecorder
from physics.placement import OFF_TABLE_DROP_M, _supported
from physics.rest import DriftRestTracker
from physics.settings import GRAVITY, SCALE, SETTLE_CHECK_EVERY, TIME_STEP, TOUCH_DISTANCE_M, WOOD_FRICTION, WOOD_RESTITUTION
from physics.snapshot import Snapshot, Vec3
from physics.waking import SleepingPieces, overlap, padded_box
from physics.world import World

DISC_MASS_KG = 0.006          # a weighted disc: see the module docstring for why not 0.47 g
DISC_RADIUS_M = 0.008
DISC_HALF_THICKNESS_M = 0.002
LOFT_DEG = 20.0               # the flick lifts the disc off the table at this angle
MIN_SPEED_M_S = 1.5
MAX_SPEED_M_S = 6.0
DISC_FRICTION = 0.3           # pair coefficient disc / wood
DISC_RESTITUTION = 0.5        # pair coefficient disc / wood
DEFAULT_SPOT_TURN_DEG = 60.0
COWBOY_GAP_M = 0.03           # "at about 3 cm from your base" (edge of the base to the cowboy's foot)
COWBOY_FOOT_RADIUS_M = 0.012
COWBOY_STEP_M = 0.005         # a cowboy that would stand inside an overhanging piece steps back by this
TIPPED_COS = math.cos(math.radians(45.0))   # a cowboy leaning more than 45 degrees has fallen
SHOT_TIMEOUT_S = 5.0
SHOT_SOLVER_ITERATIONS = None
SPENT_M_S = 0.05              # a disc slower than this on the table has stopped
LANDED_NEAR_M = 0.05          # a disc back on the table is spent unless a cowboy is this near,
LANDED_REACH_S = 0.3          # or ahead of it (within LANDED_AHEAD_DEG of its way) and reached in
LANDED_AHEAD_DEG = 60.0       # this long at its speed (+ LANDED_NEAR_M): `Shot._check_landed`
LANDED_BELOW_BASE_M = 0.003   # ... and only once it cannot rise to within this of the bases' tops
WAKE_M = 0.02                 # a piece wakes when something moving comes this close to its box
WAKE_MOVE_M = 0.0005          # a woken piece that moved this far wakes its neighbours in turn
RESTING_PAD_M = 0.002         # boxes this close count as resting on each other when waking
WAKE_CHECK_EVERY = 2          # ticks between wake checks for everything but the disc (every tick)
CONTACT_CHECK_EVERY = 4       # ticks between looks at who touches whom (1/120 s)
DISC_ID_PREFIX = "bullet-"
COWBOY_ID_PREFIX = "cowboy-"
COWBOY_ID_OWNER = "cowboy:"   # a cowboy's contact owner name: "cowboy:<seat>"


@dataclass(frozen=True)
class ShotAim:
    """One flick. spot_deg: where the shooter's cowboy stands around its base (the direction
    from the base's centre, degrees, world frame); direction_deg: the way the disc is flicked
    (degrees, world frame, 0 = +x); power: 0..1 of the flick's speed range."""
    spot_deg: float
    direction_deg: float
    power: float

    def __post_init__(self) -> None:
        values = (self.spot_deg, self.direction_deg, self.power)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values):
            raise ValueError(f"a shot's aim must be three finite numbers, not {values!r}")
        if not 0.0 <= self.power <= 1.0:
            raise ValueError(f"a shot's power is 0..1, not {self.power!r}")

    @property
    def speed_m_s(self) -> float:
        return MIN_SPEED_M_S + self.power * (MAX_SPEED_M_S - MIN_SPEED_M_S)

    def to_json(self) -> list[float]:
        return [float(self.spot_deg), float(self.direction_deg), float(self.power)]

    @classmethod
    def from_json(cls, data: object) -> "ShotAim":
        if not isinstance(data, (list, tuple)) or len(data) != 3:
            raise ValueError(f"a shot's aim is [spot_deg, direction_deg, power], not {data!r}")
        return cls(*data)   # type: ignore[arg-type]

    def to_text(self) -> str:
        return f"spot {self.spot_deg!r} direction {self.direction_deg!r} power {self.power!r}"


@dataclass(frozen=True)
class ShotReport:
    shooter: int
    aim: ShotAim
    fallen: tuple[tuple[str, int], ...]       # shot down: (piece id, structure it stood on)
    wobbled: tuple[tuple[str, int], ...]      # fell from a structure nothing the disc moved touched
    cowboys_hit: tuple[int, ...]              # seats whose cowboy was tipped over (or left the table)
    disc_hits: tuple[str, ...]                # in order: "base:<k>", piece ids, "cowboy:<seat>", "table-edge"
    ricochets: int                            # things the disc bounced off before its last hit
    heights_mm: tuple[float, ...]             # per structure, fallen pieces removed
    settled: bool
    simulated_s: float
    snapshot: Snapshot                        # the table after the shot (fallen pieces gone)
    cowboy_position: Vec3                     # where the shooter's cowboy stood

    @property
    def knocked_down(self) -> int:
        return len(self.fallen)


def default_spot_deg(layout: TableLayout, seat: int) -> float:
    """A cowboy nobody has moved stands DEFAULT_SPOT_TURN_DEG round from the side of its base
    that faces the middle of the table (out of the straight line between two bases)."""
    base = layout.bases[seat]
    if abs(base.x) < 1e-9 and abs(base.y) < 1e-9:
        return 90.0
    return math.degrees(math.atan2(-base.y, -base.x)) + DEFAULT_SPOT_TURN_DEG


def default_spots(layout: TableLayout) -> tuple[float, ...]:
    return tuple(default_spot_deg(layout, s) for s in range(layout.n_structures))


def cowboy_spot_position(layout: TableLayout, seat: int, spot_deg: float, extra_m: float = 0.0) -> tuple[float, float]:
    """The cowboy's nominal (x, y): COWBOY_GAP_M beyond its base's square edge in direction spot_deg."""
    base = layout.bases[seat]
    a = math.radians(spot_deg)
    local = a - base.yaw              # the ray in the base's own frame meets its square edge at:
    edge = BASE_HALF_M / max(abs(math.cos(local)), abs(math.sin(local)))
    r = edge + COWBOY_GAP_M + COWBOY_FOOT_RADIUS_M + extra_m
    return base.x + r * math.cos(a), base.y + r * math.sin(a)


def disc_start(cowboy_xy: tuple[float, float], direction_deg: float) -> Vec3:
    """The disc lies against the cowboy's foot on the side it is flicked to."""
    a = math.radians(direction_deg)
    r = COWBOY_FOOT_RADIUS_M + DISC_RADIUS_M + 0.002
    return (cowboy_xy[0] + r * math.cos(a), cowboy_xy[1] + r * math.sin(a), DISC_HALF_THICKNESS_M + 0.0002)


def launch_velocity(aim: ShotAim) -> Vec3:
    a, lift = math.radians(aim.direction_deg), math.radians(LOFT_DEG)
    v = aim.speed_m_s
    return (v * math.cos(lift) * math.cos(a), v * math.cos(lift) * math.sin(a), v * math.sin(lift))


def owner_mass_kg(owner: str) -> float:
    """What a body of a shot weighs by its contact owner: the disc, a cowboy ("cowboy:<seat>")
    or a piece."""
    if owner == "disc":
        return DISC_MASS_KG
    if owner.startswith("cowboy:"):
        return piece_spec(f"{COWBOY_ID_PREFIX}{int(owner.split(':')[1]) + 1}").mass_kg
    return piece_spec(owner).mass_kg


def power_for(distance_m: float, height_m: float) -> float | None:
    """The power whose arc passes through a point `distance_m` away and `height_m` above the
    disc's start, or None when no flick reaches it."""
    lift = math.radians(LOFT_DEG)
    rise = distance_m * math.tan(lift) - height_m
    if distance_m <= 0.0 or rise <= 1e-4:
        return None
    speed = math.sqrt(GRAVITY * distance_m * distance_m / (2.0 * math.cos(lift) ** 2 * rise))
    power = (speed - MIN_SPEED_M_S) / (MAX_SPEED_M_S - MIN_SPEED_M_S)
    return power if 0.0 <= power <= 1.0 else None


def aim_at(layout: TableLayout, shooter: int, spot_deg: float, point: Sequence[float]) -> ShotAim | None:
    """The flick from `spot_deg` whose arc passes through `point` (x, y, z metres), or None when
    it is out of reach. (Bots' candidates, and a window's "aim here".)"""
    x0, y0 = cowboy_spot_position(layout, shooter, spot_deg)
    tx, ty, tz = (float(v) for v in point)
    direction = math.degrees(math.atan2(ty - y0, tx - x0))
    sx, sy, sz = disc_start((x0, y0), direction)
    power = power_for(math.hypot(tx - sx, ty - sy), tz - sz)
    if power is None:
        return None
    return ShotAim(round(spot_deg % 360.0, 3), round(direction % 360.0, 3), round(power, 4))


class ShotMotionRecorder(MotionRecorder):
    """The motion of a shot for the window: the pieces as for a placement, plus the disc and the
    cowboys (by their catalogue ids "bullet-<seat+1>", "cowboy-<seat+1>")."""

    def __init__(self) -> None:
        super().__init__()
        self.extra: dict[str, int] = {}
        self.names: dict[str, str] = {}     # the shot's owner names ("disc", "cowboy:<k>") -> catalogue ids

    def finish(self, world: World, tick: int, piece_id: str, structure: int, seat: int,
               removed: tuple[str, ...]) -> Motion:
        # Sounds look up what met by catalogue id: the disc and the cowboys are named as pieces.
        self.contacts = [replace(e, a=self.names.get(e.a, e.a), b=self.names.get(e.b, e.b)) for e in self.contacts]
        return super().finish(world, tick, piece_id, structure, seat, removed)

    def _sample_more(self, world: World, moved: dict, velocity: dict) -> None:
        c = world._client
        for name, body in self.extra.items():
            pos, quat = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            pose = ((pos[0] / SCALE, pos[1] / SCALE, pos[2] / SCALE), tuple(quat))
            if self._last.get(name) != pose:
                moved[name] = pose
                self._last[name] = pose  # type: ignore[assignment]
            owner = world.owner_of_body(body)
            if owner is not None:      # the disc's and cowboys' hits are heard like pieces'
                linear, _ = pb.getBaseVelocity(body, physicsClientId=c)
                velocity[owner] = (linear[0] / SCALE, linear[1] / SCALE, linear[2] / SCALE)

    def mass_kg(self, owner: str) -> float:
        return owner_mass_kg(owner)


class Shot:
    """One shot in progress, tick by tick (a window plays it live: `run_ticks` each frame), or
    whole (`simulate_shot`). The world it is given is rebuilt from `snapshot` and becomes the
    table after the shot."""

    def __init__(self, world: World, snapshot: Snapshot, shooter: int, aim: ShotAim, spots: Sequence[float],
                 motion: ShotMotionRecorder | None = None, timeout_s: float = SHOT_TIMEOUT_S) -> None:
        layout = snapshot.layout
        if layout.shared:
            raise ValueError("shots need one base per seat (the Nashville table)")
        if not isinstance(shooter, int) or not 0 <= shooter < layout.n_structures:
            raise ValueError(f"shooter must be a seat 0..{layout.n_structures - 1}, not {shooter!r}")
        if len(spots) != layout.n_structures:
            raise ValueError(f"need one cowboy spot per seat ({layout.n_structures}), got {len(spots)}")
        self.world, self.shooter, self.aim = world, shooter, aim
        # Every structure starts static (an untouched structure at rest does not move, so this is
        # exact) and wakes when the disc or something it set moving comes within WAKE_M of it:
        # a 4-seat table of 8-piece structures stepped at 2.5 ms a tick all dynamic.
        world.layout = snapshot.layout
        world._rebuild(snapshot.pieces, ())
        c = world._client
        if SHOT_SOLVER_ITERATIONS is not None:
            pb.setPhysicsEngineParameter(numSolverIterations=SHOT_SOLVER_ITERATIONS, physicsClientId=c)
        self.sleepers = SleepingPieces(world, world.piece_ids(), WAKE_M, WAKE_MOVE_M, RESTING_PAD_M)
        self.cowboys: list[int] = []
        self.cowboy_xy: list[tuple[float, float]] = []
        for seat, spot in enumerate(spots):
            spot = aim.spot_deg if seat == shooter else float(spot)
            body, xy = self._stand_cowboy(seat, spot)
            self.cowboys.append(body)
            self.cowboy_xy.append(xy)
        # The cowboys sleep too (static where they stand) until something moving comes near:
        # four figures standing on the table cost 0.07 ms of a tick's 0.09 with nothing awake.
        self.cowboys_asleep: dict[int, tuple[float, ...]] = {}
        for seat, body in enumerate(self.cowboys):
            pb.changeDynamics(body, -1, mass=0.0, physicsClientId=c)
            lo, hi = pb.getAABB(body, physicsClientId=c)
            self.cowboys_asleep[seat] = (*lo, *hi)
        self.disc = self._add_disc(disc_start(self.cowboy_xy[shooter], aim.direction_deg))
        vx, vy, vz = launch_velocity(aim)
        pb.resetBaseVelocity(self.disc, [vx * SCALE, vy * SCALE, vz * SCALE], [0.0, 0.0, 0.0], physicsClientId=c)
        self.motion = motion
        if motion is not None:
            motion.extra = {f"{COWBOY_ID_PREFIX}{s + 1}": b for s, b in enumerate(self.cowboys)}
            motion.extra[f"{DISC_ID_PREFIX}{shooter + 1}"] = self.disc
            motion.names = {"disc": f"{DISC_ID_PREFIX}{shooter + 1}",
                            **{f"cowboy:{s}": f"{COWBOY_ID_PREFIX}{s + 1}" for s in range(len(self.cowboys))}}
            motion.sample(world, 0, force=True)
        self.half = layout.table_half_size_m * SCALE
        self.ticks = 0
        self.limit = int(round(timeout_s / TIME_STEP))
        self.hits: list[str] = []
        self._disc_touching: set[str] = set()
        self.disturbed: set[str] = {"disc"}
        self.touched_table: set[str] = set()
        self.off_table: set[str] = set()
        self.disc_gone = False
        self.disc_flew = False     # the disc has left the table (it starts lying on it)
        self.disc_low = False      # ... and was too low to reach a structure at the last look
        self.tracker = DriftRestTracker()
        self._island_trackers: dict[str, DriftRestTracker] = {}    # `_sleep_still`: per structure or cowboy
        self.settled: bool | None = None

    # --- setting up -------------------------------------------------------------------------------

    def _stand_cowboy(self, seat: int, spot_deg: float) -> tuple[int, tuple[float, float]]:
        w = self.world
        spec = piece_spec(f"{COWBOY_ID_PREFIX}{seat + 1}")
        z = -spec_bottom(spec.piece_id) + 0.0002
        for step in range(40):
            x, y = cowboy_spot_position(w.layout, seat, spot_deg, step * COWBOY_STEP_M)
            body = bodies.create_piece(w._client, w._shapes, spec, (x, y, z), (0.0, 0.0, 0.0, 1.0), False)
            w._body_owner[body] = f"cowboy:{seat}"
            depth, _ = w.penetration_m(body)
            if depth <= 0.0:
                return body, (x, y)
            del w._body_owner[body]
            pb.removeBody(body, physicsClientId=w._client)
        raise ValueError(f"no room for seat {seat}'s cowboy around its base")

    def _add_disc(self, start: Vec3) -> int:
        w = self.world
        spec = piece_spec(f"{DISC_ID_PREFIX}{self.shooter + 1}")
        body = bodies.create_piece(w._client, w._shapes, spec, start, (0.0, 0.0, 0.0, 1.0), False)
        scale = DISC_MASS_KG / spec.mass_kg
        pb.changeDynamics(body, -1, mass=DISC_MASS_KG,
                          localInertiaDiagonal=[i * scale * SCALE * SCALE for i in spec.inertia_kg_m2],
                          lateralFriction=DISC_FRICTION / math.sqrt(WOOD_FRICTION),
                          restitution=DISC_RESTITUTION / math.sqrt(WOOD_RESTITUTION), linearDamping=0.0,
                          angularDamping=0.0, physicsClientId=w._client)
        w._body_owner[body] = "disc"
        return body

    # --- running ------------------------------------------------------------------------------------

    def _moving_sample(self) -> dict:
        w = self.world
        sample = w.motion_sample(p for p in w.dynamic_piece_ids() if p not in self.touched_table and p not in self.off_table)
        c = w._client
        for seat, body in enumerate(self.cowboys):
            if f"cowboy:{seat}" not in self.off_table:
                sample[f"cowboy:{seat}"] = pb.getBasePositionAndOrientation(body, physicsClientId=c)
        if not self.disc_gone:
            sample["disc"] = pb.getBasePositionAndOrientation(self.disc, physicsClientId=c)
        return sample

    def run_ticks(self, ticks: int) -> bool:
        """Run up to `ticks` more ticks; True once everything rests (or the timeout hit)."""
        if self.settled is not None:
            return True
        w = self.world
        for _ in range(ticks):
            if self.ticks >= self.limit:
                self.settled = False
                return True
            if self.sleepers or self.cowboys_asleep:
                self._wake_near(self._movers() if self.ticks % WAKE_CHECK_EVERY == 0 else
                                [] if self.disc_gone else [self.disc])
            w.step(1)
            self.ticks += 1
            if not self.disc_gone:
                self._disc_contacts()
            if self.ticks % CONTACT_CHECK_EVERY == 0:
                self._look()
                self._check_landed()
            if self.motion is not None:
                self.motion.sample(w, self.ticks)
            if self.ticks % SETTLE_CHECK_EVERY == 0:
                self._check_edges()
                self._check_spent()
                sample = self._moving_sample()
                if self.tracker.observe(sample):
                    self.settled = True
                    return True
                self._sleep_still(sample)
        return False

    def _sleep_still(self, sample: dict) -> None:
        """What woke and has been at rest again for SETTLE_HOLD_S, with nothing moving near it,
        sleeps again: a structure (all its woken pieces together, as Bullet puts a resting
        island to sleep) or a cowboy. A structure grazed by the disc, or one beside a shot
        cowboy, then stops costing a tick's stepping while the one that was hit settles."""
        w = self.world
        groups: dict[str, list[str]] = {}
        for name in sample:
            if name == "disc" or (name.startswith(COWBOY_ID_OWNER) and int(name[len(COWBOY_ID_OWNER):]) in self.cowboys_asleep):
                continue
            key = name if name.startswith(COWBOY_ID_OWNER) else f"structure:{w.structure_of(name)}"
            groups.setdefault(key, []).append(name)
        for key, names in groups.items():
            tracker = self._island_trackers.setdefault(key, DriftRestTracker())
            if not tracker.observe({name: sample[name] for name in names}):
                continue
            members = [self._body_of(name) for name in names]
            if self._mover_near(members):
                continue
            del self._island_trackers[key]
            for name, body in zip(names, members):
                self._sleep(name, body)

    def _body_of(self, name: str) -> int:
        if name.startswith(COWBOY_ID_OWNER):
            return self.cowboys[int(name[len(COWBOY_ID_OWNER):])]
        return self.world._bodies[name]

    def _mover_near(self, members: list[int]) -> bool:
        """Whether anything moving but `members` is within WAKE_M of one of them."""
        c = self.world._client
        pad = WAKE_M * SCALE
        boxes = []
        for body in members:
            lo, hi = pb.getAABB(body, physicsClientId=c)
            boxes.append((lo[0] - pad, lo[1] - pad, lo[2] - pad, hi[0] + pad, hi[1] + pad, hi[2] + pad))
        for mover in self._movers():
            if mover in members:
                continue
            lo, hi = pb.getAABB(mover, physicsClientId=c)
            if any(overlap(lo, hi, box) for box in boxes):
                return True
        return False

    def _sleep(self, name: str, body: int) -> None:
        if not name.startswith(COWBOY_ID_OWNER):
            self.sleepers.sleep(name)
            return
        c = self.world._client
        pb.resetBaseVelocity(body, [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], physicsClientId=c)
        pb.changeDynamics(body, -1, mass=0.0, physicsClientId=c)
        lo, hi = pb.getAABB(body, physicsClientId=c)
        self.cowboys_asleep[int(name[len(COWBOY_ID_OWNER):])] = (*lo, *hi)

    def _movers(self) -> list[int]:
        """The disc, disturbed cowboys and woken pieces that have moved since they woke."""
        movers = [] if self.disc_gone else [self.disc]
        movers += [b for s, b in enumerate(self.cowboys) if f"cowboy:{s}" in self.disturbed]
        return movers + self.sleepers.moving()

    def _wake_near(self, movers: list[int]) -> None:
        """Pieces and cowboys start static; one wakes (becomes dynamic, at rest where it is)
        when a mover's box comes within WAKE_M of its own (physics/waking.py). An untouched
        piece at rest does not move, so this changes nothing but the cost: a 4-seat table of
        8-piece structures stepped at 1.6 ms a tick with one structure dynamic, and far less
        with only the pieces near the disc."""
        self.sleepers.wake_near(movers)
        if self.cowboys_asleep:
            c = self.world._client
            pad = WAKE_M * SCALE
            for body in movers:
                lo, hi = padded_box(c, body, pad)
                for seat, box in list(self.cowboys_asleep.items()):
                    if overlap(lo, hi, box):
                        self._wake_cowboy(seat)

    def _wake_cowboy(self, seat: int) -> None:
        del self.cowboys_asleep[seat]
        spec = piece_spec(f"{COWBOY_ID_PREFIX}{seat + 1}")
        pb.changeDynamics(self.cowboys[seat], -1, mass=spec.mass_kg,
                          localInertiaDiagonal=[i * SCALE * SCALE for i in spec.inertia_kg_m2],
                          physicsClientId=self.world._client)

    @property
    def asleep(self) -> dict[str, tuple[float, ...]]:
        return self.sleepers.asleep

    @property
    def woke_at(self) -> dict[str, tuple[float, ...]]:
        return self.sleepers.woke_at

    def _disc_contacts(self) -> None:
        """Every tick: what the disc touches now (a new touch is a hit; the touched is disturbed).
        A disc at 5 m/s crosses 1 cm a tick, so a touch can last a single tick."""
        w = self.world
        touching: set[str] = set()
        for point in pb.getContactPoints(bodyA=self.disc, physicsClientId=w._client):
            if point[8] <= TOUCH_DISTANCE_M * SCALE:
                other = w.owner_of_body(point[2])
                if other is not None and other != "table":
                    touching.add(other)
        for other in sorted(touching - self._disc_touching):
            if not self.hits or self.hits[-1] != other:    # sliding along one thing is one hit
                self.hits.append(other)
            self.disturbed.add(other)
        self._disc_touching = touching

    def _look(self) -> None:
        """Who the disturbed bodies set moving, and what met the table."""
        w = self.world
        touch = TOUCH_DISTANCE_M * SCALE
        # A manifold holds up to four points per pair of bodies: look each pair up once.
        bodies = {(point[1], point[2]) for point in pb.getContactPoints(physicsClientId=w._client) if point[8] <= touch}
        pairs = []
        for body_a, body_b in sorted(bodies):
            a, b = w.owner_of_body(body_a), w.owner_of_body(body_b)
            if a is not None and b is not None and a != b:
                pairs.append((a, b))
        # Spreading: anything touching a disturbed body is disturbed (bases and the table pass
        # nothing on: they are static, so a piece resting on a base is not shaken by a hit on it).
        grew = True
        while grew:
            grew = False
            for a, b in pairs:
                if "table" in (a, b) or a.startswith("base:") or b.startswith("base:"):
                    continue
                if (a in self.disturbed) != (b in self.disturbed):
                    self.disturbed.update((a, b))
                    grew = True
        for a, b in pairs:
            if "table" in (a, b):
                other = b if a == "table" else a
                if other != "disc" and not other.startswith("cowboy:") and not other.startswith("base:"):
                    self.touched_table.add(other)

    def _check_edges(self) -> None:
        w = self.world
        c = w._client
        things = [(pid, w._bodies[pid]) for pid in w.dynamic_piece_ids()]
        things += [(f"cowboy:{s}", b) for s, b in enumerate(self.cowboys)]
        if not self.disc_gone:
            things.append(("disc", self.disc))
        for name, body in things:
            if name in self.off_table:
                continue
            (x, y, z), _ = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            if z < -OFF_TABLE_DROP_M * SCALE or abs(x) > self.half or abs(y) > self.half:
                pb.resetBaseVelocity(body, [0, 0, 0], [0, 0, 0], physicsClientId=c)
                pb.changeDynamics(body, -1, mass=0.0, physicsClientId=c)
                if name == "disc":
                    self.disc_gone = True
                    self.hits.append("table-edge")
                else:
                    self.off_table.add(name)

    def _check_landed(self) -> None:
        """A disc back down on the table after its flight is spent once it can no longer reach a
        structure, unless a standing cowboy lies near or ahead of it within reach. It can no
        longer reach a structure once, at two looks in a row, its top is below the bases' and
        it does not rise fast enough to hop over them: the structures stand on 3 cm bases, a
        static base passes nothing on, and a disc sliding, rolling or hopping lower than that
        meets their sides. What it can still do is tip a cowboy, or leave the table, which is
        harmless. (One of `bench shots`' flicks lands on its rim, bounces 4 cm high and tips a
        cowboy 22 cm on: a look in the bounce sees it rise too fast.) Sliding at 0.3 pair
        friction, rolling on its rim or hopping like a spun coin, a landed disc held a third of
        those shots open after everything else rested."""
        if self.disc_gone:
            return
        c = self.world._client
        (x, y, z), _ = pb.getBasePositionAndOrientation(self.disc, physicsClientId=c)
        if not self.disc_flew:
            self.disc_flew = z > DISC_RADIUS_M * SCALE
            return
        (vx, vy, vz), _ = pb.getBaseVelocity(self.disc, physicsClientId=c)
        rise = max(vz, 0.0) ** 2 / (2.0 * GRAVITY * SCALE)
        low = z + DISC_RADIUS_M * SCALE + rise < (bodies.BASE_HEIGHT_M - LANDED_BELOW_BASE_M) * SCALE
        was_low, self.disc_low = self.disc_low, low
        if not (low and was_low):
            return
        speed = math.hypot(vx, vy)
        near, ahead = LANDED_NEAR_M * SCALE, math.cos(math.radians(LANDED_AHEAD_DEG))
        for seat, body in enumerate(self.cowboys):
            if f"cowboy:{seat}" in self.off_table:
                continue
            (cx, cy, _), _ = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            dx, dy = cx - x, cy - y
            d = math.hypot(dx, dy)
            if d < near or (d < speed * LANDED_REACH_S + near and dx * vx + dy * vy > ahead * d * speed):
                return
        self._stop_disc()

    def _stop_disc(self) -> None:
        c = self.world._client
        pb.resetBaseVelocity(self.disc, [0, 0, 0], [0, 0, 0], physicsClientId=c)
        pb.changeDynamics(self.disc, -1, mass=0.0, physicsClientId=c)
        self.disc_gone = True

    def _check_spent(self) -> None:
        """A disc crawling on the table can knock nothing down any more: it stops there (a flat
        disc on a frictionless pivot would otherwise spin for seconds and hold the shot open)."""
        if self.disc_gone:
            return
        c = self.world._client
        (vx, vy, vz), _ = pb.getBaseVelocity(self.disc, physicsClientId=c)
        (_, _, z), _ = pb.getBasePositionAndOrientation(self.disc, physicsClientId=c)
        if math.sqrt(vx * vx + vy * vy + vz * vz) < SPENT_M_S * SCALE and z < DISC_RADIUS_M * 1.5 * SCALE:
            self._stop_disc()

    # --- the outcome -------------------------------------------------------------------------------

    def report(self) -> ShotReport:
        if self.settled is None:
            raise ValueError("the shot is still running")
        w = self.world
        c = w._client
        fallen = set(self.touched_table) | {p for p in self.off_table if not p.startswith("cowboy:")}
        extra = {"disc"} | {f"cowboy:{s}" for s in range(len(self.cowboys))}
        supported = _supported(w, fallen | extra)
        fallen |= {pid for pid in w.dynamic_piece_ids() if pid not in supported}
        tipped = []
        for seat, body in enumerate(self.cowboys):
            _, quat = pb.getBasePositionAndOrientation(body, physicsClientId=c)
            up_z = 1.0 - 2.0 * (quat[0] ** 2 + quat[1] ** 2)     # world z of the cowboy's own up axis
            if f"cowboy:{seat}" in self.off_table or up_z < TIPPED_COS:
                tipped.append(seat)
        order = {pid: i for i, pid in enumerate(w.piece_ids())}
        in_order = sorted(fallen, key=order.__getitem__)
        # A structure was shot when the disc, or something it set moving, touched one of its
        # pieces (a static base passes nothing on); what fell from any other structure wobbled.
        hit_structures = {w.structure_of(p) for p in self.disturbed if p in order}
        shot = tuple((p, w.structure_of(p)) for p in in_order if w.structure_of(p) in hit_structures or p in self.disturbed)
        wobbled = tuple((p, w.structure_of(p)) for p in in_order if (p, w.structure_of(p)) not in shot)
        hits = tuple(self.hits)     # "base:<k>", piece ids, "cowboy:<seat>", "table-edge"
        bounces = sum(1 for h in hits if h != "table-edge")
        ricochets = max(0, bounces - 1)
        cowboy_xy = self.cowboy_xy[self.shooter]
        # Cowboys and the disc are not part of the table the match goes on from.
        for body in (*self.cowboys, self.disc):
            w._body_owner.pop(body, None)
            pb.removeBody(body, physicsClientId=c)
        if self.motion is not None:
            self.motion.extra = {}
        w.remove(in_order)
        snapshot = w.snapshot()
        return ShotReport(
            shooter=self.shooter, aim=self.aim, fallen=shot, wobbled=wobbled, cowboys_hit=tuple(tipped),
            disc_hits=hits, ricochets=ricochets, heights_mm=w.heights_mm(), settled=bool(self.settled),
            simulated_s=self.ticks * TIME_STEP, snapshot=snapshot,
            cowboy_position=(cowboy_xy[0], cowboy_xy[1], 0.0),
        )


def spec_bottom(piece_id: str) -> float:
    """The lowest point of the piece below its centre of mass when upright (negative, m)."""
    return float(extent(piece_id)[0][2])


def simulate_shot(snapshot: Snapshot, shooter: int, aim: ShotAim, spots: Sequence[float] | None = None, *,
                  world: World | None = None, motion: ShotMotionRecorder | None = None,
                  timeout_s: float = SHOT_TIMEOUT_S) -> ShotReport:
    """The whole shot: flick, run until everything rests, report. `world`: a client to reuse
    (bot rollouts); `spots`: every seat's cowboy spot (the shooter's comes from the aim)."""
    spots = default_spots(snapshot.layout) if spots is None else tuple(spots)
    own = world is None
    w = World(snapshot.layout) if world is None else world
    try:
        shot = Shot(w, snapshot, shooter, aim, spots, motion, timeout_s)
        while not shot.run_ticks(1 << 30):
            pass
        report = shot.report()
        if motion is not None:
            motion.finish(w, shot.ticks, f"{DISC_ID_PREFIX}{shooter + 1}", shooter, shooter,
                          tuple(p for p, _ in report.fallen + report.wobbled))
        return report
    finally:
        if own:
            w.close()


def preview_path(snapshot: Snapshot, shooter: int, aim: ShotAim, spots: Sequence[float] | None = None,
                 max_s: float = 0.6, world: World | None = None) -> tuple[Vec3, ...]:
    """The disc's first flight as the window's trajectory preview: its positions (m) every
    1/60 s up to its first contact with anything but the table (where it stops)."""
    spots = default_spots(snapshot.layout) if spots is None else tuple(spots)
    own = world is None
    w = World(snapshot.layout) if world is None else world
    try:
        shot = Shot(w, snapshot, shooter, aim, spots, None, max_s)
        c = w._client
        path = [_pos(shot.disc, c)]
        while shot.ticks < shot.limit and not shot.hits:
            shot.run_ticks(CONTACT_CHECK_EVERY)
            if shot.ticks % 8 == 0 or shot.hits:
                path.append(_pos(shot.disc, c))
            if shot.disc_gone or shot.settled is not None:
                break
        return tuple(path)
    finally:
        if own:
            w.close()


def _pos(body: int, client: int) -> Vec3:
    (x, y, z), _ = pb.getBasePositionAndOrientation(body, physicsClientId=client)
    return (x / SCALE, y / SCALE, z / SCALE)


__all__ = ["ShotAim", "ShotReport", "Shot", "ShotMotionRecorder", "simulate_shot", "preview_path", "aim_at",
           "power_for", "default_spots", "default_spot_deg", "cowboy_spot_position", "launch_velocity"]
