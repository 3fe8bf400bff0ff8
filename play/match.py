"""The match loop: a World Tour played through the real physics.

The composition root of a game: a rules state (`game.api`), one physics world per exhibition
(`physics.World`, rebuilt from the settled snapshot at the start of every placement — the only
bit-identical timeline, DESIGN.md), and one controller per seat. Chance actions come from the
tour's own seeded generator; bots draw from their own, so a tour is reproducible from its seed.

A placement: the rules offer `Place` prototypes; the seat's controller says how it puts the
piece down; the loop performs it in the canonical world and turns the physics report into a
`PlacementOutcome` for the rules (fallen pieces with owners, touches, heights, elapsed time).

A Nashville shot is the same: the controller chooses a `Shoot` prototype and then its aim
(`controller.shot_aim`, a `physics.shots.ShotAim`); the loop flicks the disc on the settled table
with every seat's cowboy at its spot (each seat's spot is where it last shot from, else the
default) and turns the `ShotReport` into the rules' `ShotOutcome`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Protocol, Sequence

from game import api
from game.bots import chooses_places
from game.actions import Action, Place
from game.mechanics.shots import Shoot, ShotOutcome, is_cactus
from game.outcomes import FallenPiece, PlacementOutcome
from game.replay import ReplayWriter
from game.state import Exhibition
from physics.hand_path import placement_input
from physics.layout import TableLayout
from physics.motion import MotionRecorder
from physics.planner import hand_place
from physics.cowboys import opening_spots, spots_after_shot
from physics.shots import ShotAim, ShotMotionRecorder, ShotReport, simulate_shot
from physics.snapshot import Snapshot
from physics.world import BASE_PREFIX, World
from play.controllers import BotController, BotIntent, Controller, HandIntent
from play.shot_bots import assist_aim
from play.timing import bot_placement_time

# A piece dropped this many times in a row is no longer "picked up again": it counts as fallen.
# (The rulebook's free re-place assumes a player who eventually manages; a bot or a player who
# keeps dropping the same piece must not stall the table forever.)
MAX_FREE_REPLACES = 3


@dataclass(frozen=True)
class PlacementRecord:
    """One physical placement as it went into the rules (a replay entry)."""
    action: Place                       # with its outcome
    trajectory: tuple                   # held-piece targets (the last is the release pose)
    snapshot_digest: str                # the world after the placement settled
    hand: tuple = ()                    # or a live hand's path (physics/hand_path.py)


@dataclass(frozen=True)
class ShotRecord:
    """One Nashville shot as it went into the rules (a replay entry): its aim and the table after."""
    action: Shoot                       # with its outcome
    aim: ShotAim
    snapshot_digest: str


@dataclass(frozen=True)
class CityResult:
    city: str
    fans: tuple[int, ...]
    heights_mm: tuple[float, ...]       # per seat: the structure it built on at the end
    fallen: tuple[int, ...]
    eliminated: tuple[bool, ...]
    end_reason: str
    placements: int
    shooting: dict | None = None        # Nashville, per seat: loot, cactuses, shots, hits

    def to_json(self) -> dict:
        data = {"city": self.city, "fans": list(self.fans), "heights_mm": [round(h, 1) for h in self.heights_mm],
                "fallen": list(self.fallen), "eliminated": list(self.eliminated), "end_reason": self.end_reason,
                "placements": self.placements}
        if self.shooting is not None:
            data["shooting"] = self.shooting
        return data


@dataclass(frozen=True)
class PlacementRequest:
    """What a step asks a seat's controller to place: the arguments of `controller.placement`."""
    seat: int
    snapshot: Snapshot
    options: tuple[Place, ...]
    city: str
    pieces_on: dict[int, tuple[str, ...]]    # per structure, its pieces in the rules' order
    attempt: int                             # this piece's lone drops in a row (each a free re-place)


def placement_options(legal: Sequence[Action], city: str) -> list[Place] | None:
    """The `Place` prototypes a seat's controller puts down itself (`placement`), or None when
    the step is a decision: other actions are on offer too, or the city makes choosing which
    piece a card decision (`chooses_places`: the controller's `choose` picks it)."""
    places = [a for a in legal if isinstance(a, Place)]
    if places and len(places) == len(legal) and not (len(places) > 1 and chooses_places(city)):
        return places
    return None


def placement_step(state: api.State) -> tuple[int, list[Place], Exhibition] | None:
    """The seat, its `Place` options and the exhibition when `state`'s next step is a plain
    placement (`placement_options`); None for a chance step, a decision, a shot or the end."""
    if api.is_terminal(state) or api.is_chance(state):
        return None
    ex, seats = api.current(state), api.to_act(state)
    if ex is None or not seats:
        return None
    options = placement_options(api.legal_actions(state, seats[0]), ex.city)
    return None if options is None else (seats[0], options, ex)


def placement_request(seat: int, options: Sequence[Place], ex: Exhibition, snapshot: Snapshot,
                      drops: dict[tuple[int, str], int]) -> PlacementRequest:
    """What placing one of `options` on `snapshot` asks of `seat`'s controller, given the lone
    drops in a row so far (`drops`, per seat and piece)."""
    pieces_on = {k: s.pieces for k, s in enumerate(ex.structures)}
    attempt = max(drops.get((seat, o.piece), 0) for o in options)
    return PlacementRequest(seat, snapshot, tuple(options), ex.city, pieces_on, attempt)


class PlansAhead(Protocol):
    """What a match tells a planner-ahead (play/lookahead.py)."""

    def before(self, seat: int, options: Sequence[Place], ex: Exhibition) -> None: ...
    def settle(self, seat: int) -> None: ...
    def close(self) -> None: ...


@dataclass
class MatchLog:
    actions: list[Action] = field(default_factory=list)
    placements: list[PlacementRecord] = field(default_factory=list)
    shots: list[ShotRecord] = field(default_factory=list)
    cities: list[CityResult] = field(default_factory=list)


def layout_for(ex: Exhibition, sides: Sequence[str]) -> TableLayout:
    """The table for an exhibition: one base per seat, each the side up its player chose, or the
    city's common bases (side A: the rulebook has nobody choose for them)."""
    from game.cities import get_city
    common = get_city(ex.city).common_bases
    if common:
        return TableLayout.common(common, ex.num_seats)
    return TableLayout.for_seats(ex.num_seats, sides)


class Match:
    """Runs one World Tour. `step()` advances by one action; `run()` to the end."""

    def __init__(self, config: api.TourConfig, controllers: Sequence[Controller], seed: int,
                 on_event: Callable[[str, object], None] | None = None,
                 recorder: ReplayWriter | None = None) -> None:
        if len(controllers) != config.num_seats:
            raise ValueError(f"{config.num_seats} seats need {config.num_seats} controllers, got {len(controllers)}")
        self.state = api.new_tour(config)
        self.controllers = list(controllers)
        self.seed = seed
        self.chance_rng = random.Random(f"junkart-chance:{seed}")
        self.log = MatchLog()
        self.snapshot: Snapshot | None = None
        self._exhibition_key: tuple[int, str] | None = None
        self._drops: dict[tuple[int, str], int] = {}
        self._history: list[Snapshot] = []     # settled tables of this exhibition, oldest first
        self._placements_in_city = 0
        self._shots_in_city: list[ShotRecord] = []
        self.cowboy_spots: tuple[float, ...] = ()   # Nashville: where each seat's cowboy stands (degrees)
        self.on_event = on_event or (lambda kind, data: None)
        self.recorder = recorder
        # A window that shows placements as they happen asks for their motion ("motion" events,
        # before "place"); headless runs leave it off and pay nothing for it.
        self.record_motion = False
        # Headless runs may plan the next bot seat's placement alongside this one's
        # (play/lookahead.py `Lookahead`): told before a seat plans and before a seat is asked.
        self.lookahead: PlansAhead | None = None

    # --- driving -------------------------------------------------------------------------------

    def run(self) -> api.TourOutcome:
        try:
            while not api.is_terminal(self.state):
                self.step()
        finally:
            if self.lookahead is not None:
                self.lookahead.close()
        return api.outcome(self.state)

    def step(self) -> Action:
        state = self.state
        if api.is_chance(state):
            return self._apply(api.sample_chance(state, self.chance_rng))
        seat = api.to_act(state)[0]
        if self.lookahead is not None:
            self.lookahead.settle(seat)
        legal = api.legal_actions(state, seat)
        controller = self.controllers[seat]
        ex = api.current(state)
        if ex is None:   # before the first city: the players choose their bases' sides
            action = self._apply(controller.choose(api.observe(state, seat), legal))
            self.on_event("side", action)
            return action
        self._sync_world(ex)
        places = placement_options(legal, ex.city)
        if places is not None:
            return self._apply(self._place(seat, places, ex))
        shoots = [a for a in legal if isinstance(a, Shoot)]
        choose_shot = getattr(controller, "choose_shot", None)
        if shoots and choose_shot is not None:
            # A bot picks its target by simulating shots at each: it needs the table for that.
            shoot, aim = choose_shot(self.snapshot, shoots, self.cowboy_spots, api.observe(state, seat))
            return self._apply(self._shoot(seat, shoot, aim))
        action = controller.choose(api.observe(state, seat), legal)
        if isinstance(action, Place) and action.outcome is None:
            action = self._place(seat, [action], ex)
        elif isinstance(action, Shoot) and action.outcome is None:
            action = self._shoot(seat, action)
        return self._apply(action)

    def next_placement(self) -> PlacementRequest | None:
        """What the next `step` will ask its seat's controller to place, when that step is a plain
        placement (not a chance step, a card decision, a choice of piece by `choose` or a shot);
        else None. Only reads: nothing is built, no generator is drawn from. None too while the
        exhibition's table is not built yet (its first step builds it), as that step follows a
        shuffle or a deal at once: there is no motion on screen to think behind."""
        state = self.state
        step = placement_step(state)
        if step is None or self.snapshot is None or self._exhibition_key != (state.index, state.phase):
            return None
        seat, options, ex = step
        return placement_request(seat, options, ex, self.snapshot, self._drops)

    @property
    def drops(self) -> dict[tuple[int, str], int]:
        """Lone drops in a row so far, per seat and piece (a copy)."""
        return dict(self._drops)

    def drops_in_a_row(self, seat: int, piece: str) -> int:
        """How many times in a row `seat` dropped `piece` alone (each time it may be placed again)."""
        return self._drops.get((seat, piece), 0)

    def table(self) -> Snapshot:
        """The settled table of the exhibition being played, built first if the city just opened
        (a scene aiming a piece before the match's next step needs it)."""
        ex = api.current(self.state)
        assert ex is not None
        self._sync_world(ex)
        assert self.snapshot is not None
        return self.snapshot

    # --- internals -----------------------------------------------------------------------------

    def _apply(self, action: Action) -> Action:
        before = self.state
        self.state = api.apply(before, action)
        self.log.actions.append(action)
        if self.recorder is not None:
            record = self.log.placements[-1] if self.log.placements else None
            shot = self.log.shots[-1] if self.log.shots else None
            if record is not None and record.action is action:
                self.recorder.action(action, record.trajectory, record.snapshot_digest, hand=record.hand)
                assert self.snapshot is not None
                self.recorder.keyframe(self.snapshot.to_dict())
            elif shot is not None and shot.action is action:
                self.recorder.action(action, digest=shot.snapshot_digest, shot=tuple(shot.aim.to_json()))
                assert self.snapshot is not None
                self.recorder.keyframe(self.snapshot.to_dict())
            else:
                self.recorder.action(action)
        ex = api.current(self.state)
        if self.snapshot is not None and ex is not None and self._exhibition_key == (
                self.state.index, self.state.phase if self.state.phase != "over" else self._exhibition_key[1]):
            self._reconcile(ex)
        if len(self.state.results) > len(before.results) or (
                self.state.phase == "over" and before.phase == "faceoff"):
            self._close_city()
        return action

    def _sync_world(self, ex: Exhibition) -> None:
        key = (self.state.index, self.state.phase)
        if key != self._exhibition_key:
            self._exhibition_key = key
            sides = [api.base_side(self.state, s) for s in range(ex.num_seats)]
            with World(layout_for(ex, sides)) as world:
                self.snapshot = world.snapshot()
            self._history = [self.snapshot]
            self._placements_in_city = 0
            self._shots_in_city = []
            self.cowboy_spots = opening_spots(self.snapshot.layout)
            self.on_event("city", ex.city)

    def _place(self, seat: int, options: list[Place], ex: Exhibition) -> Place:
        assert self.snapshot is not None
        controller = self.controllers[seat]
        request = placement_request(seat, options, ex, self.snapshot, self._drops)
        if self.lookahead is not None:
            self.lookahead.before(seat, options, ex)
        place, intent = controller.placement(request.snapshot, list(request.options), request.city, request.pieces_on,
                                             request.attempt)
        drops = self._drops.get((seat, place.piece), 0)
        motion = MotionRecorder() if self.record_motion else None
        with World.from_snapshot(self.snapshot) as world:
            if isinstance(intent, BotIntent):
                assert isinstance(controller, BotController)
                release, report = hand_place(world, place.structure, place.piece, intent.aim, seat,
                                             intent.noise_mm, intent.noise_deg, controller.rng, motion=motion)
                trajectory: tuple = (release,)
                elapsed = bot_placement_time(controller.difficulty, place.piece, drops, self.seed, seat,
                                             len(self.log.placements))
            else:
                assert isinstance(intent, HandIntent)
                trajectory = intent.trajectory
                if intent.hand:
                    release, path = placement_input(intent.hand)
                    report = world.place(place.structure, place.piece, release, seat, trajectory=list(path), motion=motion)
                else:
                    report = world.place(place.structure, place.piece, trajectory[-1], seat, trajectory=list(trajectory),
                                         motion=motion)
                elapsed = intent.elapsed_s
            self.snapshot = world.snapshot()
        if motion is not None and motion.motion is not None:
            self.on_event("motion", motion.motion)
        fallen = tuple(FallenPiece(pid, k) for pid, k in report.fallen)
        only_active = report.only_active_fell
        if only_active:
            drops += 1
            if drops >= MAX_FREE_REPLACES or not intent.retry_if_dropped:   # set aside: a fallen piece
                fallen, only_active, drops = (FallenPiece(place.piece, place.structure),), False, 0
        else:
            drops = 0
        self._drops[(seat, place.piece)] = drops
        outcome = PlacementOutcome(
            fallen=fallen,
            only_active_fell=only_active,
            touching=tuple(t for t in report.touching if not t.startswith(BASE_PREFIX)),
            heights_mm=tuple(round(h, 3) for h in report.heights_mm),
            elapsed_s=elapsed,
        )
        done = place.with_outcome(outcome)
        hand = intent.hand if isinstance(intent, HandIntent) else ()
        self.log.placements.append(PlacementRecord(done, trajectory, self.snapshot.digest(), hand))
        self._placements_in_city += 1
        self.on_event("place", done)
        return done

    def _shoot(self, seat: int, shoot: Shoot, aim: ShotAim | None = None) -> Shoot:
        """Flick the disc as the seat's controller aims it (or as `aim` says, when the
        controller chose it with the target); the outcome goes to the rules."""
        assert self.snapshot is not None
        controller = self.controllers[seat]
        ask = getattr(controller, "shot_aim", None)
        observation = api.observe(self.state, seat)
        if aim is None and ask is not None:
            aim = ask(self.snapshot, shoot, self.cowboy_spots, observation)
        elif aim is None:    # a seat with no way to aim (an old scene): the assist aims for it
            aim = assist_aim(self.snapshot, shoot, self.cowboy_spots, observation, self.seed, len(self.log.shots))
        motion = ShotMotionRecorder() if self.record_motion else None
        report = simulate_shot(self.snapshot, seat, aim, self.cowboy_spots, motion=motion)
        self.snapshot = report.snapshot
        self.cowboy_spots = spots_after_shot(self.cowboy_spots, seat, aim.spot_deg)
        if motion is not None and motion.motion is not None:
            self.on_event("motion", motion.motion)
        done = shoot.with_outcome(shot_outcome(report))
        record = ShotRecord(done, aim, self.snapshot.digest())
        self.log.shots.append(record)
        self._shots_in_city.append(record)
        self.on_event("shot", (done, report))
        return done

    def _reconcile(self, ex: Exhibition) -> None:
        """Make the physical structures agree with the rules after the rules undid something.

        Indianapolis returns the slowest seat's whole placement (its piece and any falls it
        caused): the rules' structure then lists the pieces it had before, and the world goes
        back to the most recent settled poses in which that structure held exactly those pieces.
        """
        assert self.snapshot is not None
        for k, structure in enumerate(ex.structures):
            wanted = set(structure.pieces)
            if wanted == set(self.snapshot.pieces_on(k)):
                continue
            earlier = next((snap for snap in reversed(self._history) if set(snap.pieces_on(k)) == wanted), None)
            if earlier is None:
                raise RuntimeError(f"{ex.city}: the rules' structure {k} {sorted(wanted)} matches no settled "
                                   f"state of the table")
            kept = tuple(p for p in self.snapshot.pieces if p.structure != k)
            restored = tuple(p for p in earlier.pieces if p.structure == k)
            self.snapshot = Snapshot(self.snapshot.layout, kept + restored)
            self.on_event("restore", k)
        if not self._history or self._history[-1] is not self.snapshot:
            self._history.append(self.snapshot)

    def _close_city(self) -> None:
        ex = api.current(self.state)
        assert ex is not None
        heights = tuple(ex.structures[ex.builds_on[s]].height_mm if ex.builds_on else 0.0 for s in range(ex.num_seats))
        result = CityResult(
            city=ex.city, fans=tuple(ex.fans), heights_mm=heights,
            fallen=tuple(len(f) for f in ex.fallen), eliminated=tuple(ex.eliminated),
            end_reason=ex.end_reason, placements=self._placements_in_city,
            shooting=shooting_summary(ex, self._shots_in_city) if ex.city == "nashville" else None,
        )
        self.log.cities.append(result)
        self.on_event("city_done", result)


def shot_outcome(report: ShotReport) -> ShotOutcome:
    """The physics' report as the rules take it."""
    return ShotOutcome(
        fallen=tuple(FallenPiece(pid, k) for pid, k in report.fallen),
        cowboys_hit=report.cowboys_hit, disc_hits=report.disc_hits, ricochets=report.ricochets,
        heights_mm=tuple(round(h, 3) for h in report.heights_mm),
        wobbled=tuple(FallenPiece(pid, k) for pid, k in report.wobbled),
    )


def shooting_summary(ex: Exhibition, shots: Sequence[ShotRecord]) -> dict:
    """Per seat at the end of Nashville: loot, cactuses standing in its structure, shots taken,
    shots that knocked down at least one piece of their target's structure, cowboys tipped."""
    seats = range(ex.num_seats)
    loot = ex.var("loot")
    taken = [0 for _ in seats]
    hits = [0 for _ in seats]
    cowboys = [0 for _ in seats]
    for record in shots:
        shoot, outcome = record.action, record.action.outcome
        assert outcome is not None
        taken[shoot.seat] += 1
        target = ex.builds_on[shoot.target]
        hits[shoot.seat] += any(f.structure == target for f in outcome.fallen)
        cowboys[shoot.seat] += shoot.target in outcome.cowboys_hit
    return {"loot": [len(loot[s]) for s in seats],
            "cactuses": [sum(1 for p in ex.structures[ex.builds_on[s]].pieces if is_cactus(p)) for s in seats],
            "shots": taken, "hits": hits, "cowboys_hit": cowboys}
