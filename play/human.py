"""The human seat at the desktop: you make card decisions and place your pieces.

An assist offers aims: the normal bot's planner's plan is your first aim, the next candidates
are the "Re-aim" choices, and an aim is let go with a hard bot's steady hand. Or you take the
piece in hand with the mouse (play/hand.py) and let go of it exactly where you put it.
"""
from __future__ import annotations

import collections
import math
from dataclasses import dataclass
from typing import Sequence

from game import api
from game.actions import Action, Place
from game.mechanics.shots import Shoot
from physics.errors import IntersectingPoseError
from physics.catalogue import stable_poses
from physics.planner import hand_place
from physics.shots import ShotAim
from physics.spots import RELEASE_GAP_M, Pose
from physics.snapshot import Snapshot
from physics.world import World
from play.controllers import DIFFICULTY_PARAMS, BotController, BotIntent, HandIntent

HUMAN = "human"
ASSIST_LEVEL = "normal"       # who aims your pieces (and answers for you on autopilot)
HAND_LEVEL = "hard"           # how steady the hand that lets go of them is
MAX_AIMS = 6                  # the plan's choice, then up to 5 other candidates for Re-aim
AIMS_APART_M = 0.02           # Re-aim offers a spot at least this far from every aim before ...
AIMS_TURNED_DEG = 20.0        # ... or the piece turned at least this much
SET_ASIDE_M = 0.12            # a piece set aside is put down on the table this far from its base's centre


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str                 # "human" or a bot difficulty


def default_seats(players: int = 3, bots: Sequence[str] | None = None,
                  humans: Sequence[str] | None = None) -> list[SeatSpec]:
    """People first, then bots. `humans` names the people at the desktop (default: just "You";
    two or more play hot-seat); `bots` names one difficulty per remaining seat (default: normal,
    hard, hard, ...). With the default people, as many bots as players means nobody is human
    (watch mode)."""
    people = [name.strip() for name in humans] if humans is not None else None
    if people is not None:
        if not people or any(not name for name in people) or len(set(people)) != len(people):
            raise ValueError(f"--humans {','.join(people)!r}: give each person a different name")
        if len(people) > players:
            raise ValueError(f"--humans names {len(people)} people for {players} players")
    wanted = players - (len(people) if people is not None else 1)
    levels = list(bots) if bots else (["normal"] + ["hard"] * max(0, wanted - 1))[:wanted]
    if people is None and len(levels) == players:
        people = []                                        # watch mode
    elif len(levels) != wanted:
        raise ValueError(f"--bots names {len(levels)} bots for {players} players "
                         f"(give {wanted}{', or ' + str(players) + ' to watch' if people is None else ''})")
    seats = [SeatSpec(name, HUMAN) for name in (people if people is not None else ["You"])]
    counts = collections.Counter(levels)
    seen: collections.Counter[str] = collections.Counter()
    for level in levels:
        seen[level] += 1
        name = f"{level.capitalize()} bot" + (f" {seen[level]}" if counts[level] > 1 else "")
        seats.append(SeatSpec(name, level))
    return seats


@dataclass(frozen=True)
class Aim:
    """The assist's proposals for one placement: the planner's choice first."""
    place: Place
    poses: tuple[Pose, ...]


class HumanSeat:
    """A seat played through the window: answers are queued by the scene before the match asks."""
    is_bot = False

    def __init__(self, name: str, seed: str) -> None:
        self.name = name
        self.assist = BotController(ASSIST_LEVEL, f"{seed}:assist", name=name)
        self.answers: collections.deque[Action] = collections.deque()
        self.placement_answer: tuple[Place, HandIntent] | None = None
        self.shot_answers: collections.deque[ShotAim] = collections.deque()

    def choose(self, observation: api.State, legal: list[Action]) -> Action:
        if not self.answers:
            raise RuntimeError(f"{self.name} has not decided yet")
        action = self.answers.popleft()
        if action not in legal:
            raise RuntimeError(f"{action.to_text()} is not legal now")
        return action

    def placement(self, snapshot: Snapshot, options: list[Place], city: str,
                  pieces_on: dict[int, tuple[str, ...]], attempt: int = 0) -> tuple[Place, HandIntent]:
        if self.placement_answer is None:
            raise RuntimeError(f"{self.name} has not placed yet")
        answer, self.placement_answer = self.placement_answer, None
        if answer[0].prototype() not in [o.prototype() for o in options]:
            raise RuntimeError(f"{answer[0].to_text()} is not one of the placements due")
        return answer

    def shot_aim(self, snapshot: Snapshot, shoot: Shoot, spots: tuple[float, ...], observation: api.State) -> ShotAim:
        """A Nashville shot: the flick you aimed in the window (play/desktop_shot.py)."""
        if not self.shot_answers:
            raise RuntimeError(f"{self.name} has not aimed the shot yet")
        return self.shot_answers.popleft()

    def aim(self, snapshot: Snapshot, options: list[Place], city: str, pieces_on: dict[int, tuple[str, ...]]) -> Aim:
        """The assist plans like a normal bot, then lists other good spots for Re-aim."""
        place, intent = self.assist.placement(snapshot, options, city, pieces_on)
        assert isinstance(intent, BotIntent)
        poses = [intent.aim]
        for release in intent.plan.alternatives:    # the other spots its search ranked: no second pre-filter
            if len(poses) >= MAX_AIMS:
                break
            if all(visibly_apart(release, p) for p in poses):
                poses.append(release)
        return Aim(place, tuple(poses))

    def release(self, snapshot: Snapshot, place: Place, aim: Pose, elapsed_s: float, by_hand: bool = False) -> None:
        """Queue the placement. An assisted aim is let go by a hand as steady as a hard bot's
        (you chose to drop it there; the assist should not shake more than a careful player);
        one you moved `by_hand` (play/hand.py) exactly where you put it, as high as you held it."""
        hand = DIFFICULTY_PARAMS[HAND_LEVEL]
        with World.from_snapshot(snapshot) as world:
            if by_hand and _starts_clear(world, place, aim):
                release = aim    # as high as you held it (the wheel): it may drop from there
            else:                # the assist's aim, or rays that missed a narrow support: lowered exactly
                noise_mm, noise_deg = (0.0, 0.0) if by_hand else (hand.noise_mm, hand.noise_deg)
                release, _ = hand_place(world, place.structure, place.piece, aim, place.seat,
                                        noise_mm, noise_deg, self.assist.rng)
        self.placement_answer = (place, HandIntent((release,), elapsed_s))

    def release_live(self, place: Place, hand: tuple, elapsed_s: float) -> None:
        """Queue a placement made live (play/live_hand.py): the match repeats its hand path."""
        self.placement_answer = (place, HandIntent((), elapsed_s, hand=hand))

    def set_aside(self, snapshot: Snapshot, place: Place, elapsed_s: float) -> None:
        """Queue setting a piece you dropped aside rather than placing it again (the rulebook
        says you *may* pick it up again): it is put down on the table beside your base, and the
        match counts it as fallen, as it does a third drop in a row."""
        base = snapshot.layout.bases[place.structure]
        away = math.hypot(base.x, base.y)
        ux, uy = (base.x / away, base.y / away) if away > 1e-9 else (1.0, 0.0)   # away from the table's centre
        x, y = base.x + ux * SET_ASIDE_M, base.y + uy * SET_ASIDE_M
        quat = stable_poses(place.piece)[0].orientation
        with World.from_snapshot(snapshot) as world:
            z = world.resting_z(place.piece, x, y, quat) + RELEASE_GAP_M
        self.placement_answer = (place, HandIntent((((x, y, z), quat),), elapsed_s, retry_if_dropped=False))


def _starts_clear(world: World, place: Place, pose: Pose) -> bool:
    """Whether the piece put at `pose` is clear of everything (checked without simulating:
    the match lets it go for real)."""
    try:
        world.add(place.piece, place.structure, *pose)
    except IntersectingPoseError:
        return False
    return True


def visibly_apart(a: Pose, b: Pose) -> bool:
    """Two aims a player can tell apart: 2 cm apart over the table, or turned by 20 degrees."""
    if math.dist(a[0][:2], b[0][:2]) >= AIMS_APART_M:
        return True
    dot = min(1.0, abs(sum(x * y for x, y in zip(a[1], b[1]))))
    return math.degrees(2.0 * math.acos(dot)) >= AIMS_TURNED_DEG
