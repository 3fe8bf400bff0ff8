"""A recorded tour played again through the real physics: to check it (`junkart replay verify`)
or to go on with it (`--resume`).

The replay file holds the tour's config, its seed and every applied action; each placement also
holds the held piece's path (its last pose is the release) and the digest of the settled table.
`verify` rebuilds the tour in a real `Match` whose seats answer from the file: card decisions as
recorded, placements by releasing the piece where it was released. The match draws its own
chance actions from the seed and runs every placement through the physics itself, so what it
checks is the promise of DESIGN.md: the same seed and the same actions give the same game, bit
for bit (every shuffle, every outcome, every settled table) on one machine.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Sequence

from game import api
from game.actions import Action, Place
from game.errors import IllegalActionError
from game.replay import Replay, ReplayEntry, ReplayFormatError, ReplayWriter, tour_of
from physics.errors import PhysicsInputError
from physics.snapshot import Snapshot
from play.controllers import DIFFICULTIES, Controller, HandIntent
from play.human import HUMAN, SeatSpec
from play.match import Match


@dataclass(frozen=True)
class Verdict:
    ok: bool                 # every action checked matched the file
    actions: int             # actions checked
    placements: int          # of them, placements re-simulated
    cities: int              # cities played to their end
    finished: bool           # the file reaches the end of the tour
    problem: str = ""        # the first difference, in one line

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "actions": self.actions, "placements": self.placements, "cities": self.cities,
                "finished": self.finished, "problem": self.problem}


class _Script:
    """The file's actions in order; the match asks for them one at a time."""

    def __init__(self, entries: tuple[ReplayEntry, ...]) -> None:
        self.entries = [e for e in entries if e.action is not None]
        self.index = 0

    def current(self) -> ReplayEntry:
        return self.entries[self.index]


class ReplaySeat:
    """A seat that does what the file says it did. Placements are replayed from the recorded
    release (the path a human's hand took, or a bot's noisy release), never re-planned."""
    is_bot = False

    def __init__(self, name: str, script: _Script) -> None:
        self.name = name
        self.script = script

    def choose(self, observation: api.State, legal: list[Action]) -> Action:
        action = self.script.current().action
        assert action is not None
        # A piece chosen as a card (New York) goes back to the match as a prototype, so that the
        # match places it through the physics rather than taking the recorded outcome on trust.
        return action.prototype() if isinstance(action, Place) else action

    def placement(self, snapshot: Snapshot, options: list[Place], city: str,
                  pieces_on: dict[int, tuple[str, ...]], attempt: int = 0) -> tuple[Place, HandIntent]:
        entry = self.script.current()
        place = entry.action
        if not isinstance(place, Place) or place.outcome is None or not (entry.trajectory or entry.hand):
            raise _Mismatch(f"the file has {_text(place)} where the game needs a placement with its path")
        return place.prototype(), HandIntent(entry.trajectory, place.outcome.elapsed_s,
                                             retry_if_dropped=not place.set_aside, hand=entry.hand)


class _Mismatch(Exception):
    pass


def verify(replay: Replay) -> Verdict:
    """Play the file's tour again and compare; the first difference ends the check."""
    return _play_script(*_replaying(replay))


def resume(replay: Replay, controllers: Sequence[Controller], recorder: ReplayWriter | None = None) -> Match:
    """The file's tour rebuilt through the physics up to where the file stops (checked as
    `verify` does), handed over to `controllers` to go on. With `recorder`, the new file holds
    the old game first, written again action for action, then what follows."""
    match, script = _replaying(replay, recorder)
    if len(controllers) != len(match.controllers):
        raise ValueError(f"the replay's tour has {len(match.controllers)} seats, not {len(controllers)}")
    verdict = _play_script(match, script)
    if not verdict.ok:
        raise ReplayFormatError(f"cannot resume: the replay differs at {verdict.problem}")
    if verdict.finished:
        raise ReplayFormatError("the replay's tour is over: there is nothing to resume")
    match.controllers = list(controllers)
    return match


def _replaying(replay: Replay, recorder: ReplayWriter | None = None) -> tuple[Match, _Script]:
    """A match of the file's tour whose seats answer from the file."""
    config, seed = tour_of(replay)
    script = _Script(replay.entries)
    seats = [ReplaySeat(f"seat {s + 1}", script) for s in range(config.num_seats)]
    return Match(config, seats, seed, recorder=recorder), script


def _play_script(match: Match, script: _Script) -> Verdict:
    placements = 0
    for index, entry in enumerate(script.entries):
        script.index = index
        where = f"action {index + 1} ({_short(entry.action)})"
        if api.is_terminal(match.state):
            return _verdict(match, index, placements, f"{where}: the tour was already over")
        try:
            applied = match.step()
        except (_Mismatch, IllegalActionError, PhysicsInputError) as error:   # e.g. a release inside a piece
            return _verdict(match, index, placements, f"{where}: {error}")
        if applied.to_text() != _text(entry.action):
            return _verdict(match, index, placements, f"{where}: the game did {applied.to_text()[:120]}")
        if isinstance(applied, Place):
            placements += 1
            if match.log.placements[-1].snapshot_digest != entry.digest:
                return _verdict(match, index, placements, f"{where}: the settled table differs from the recorded one")
    return _verdict(match, len(script.entries), placements, "")


def seats_of(replay: Replay) -> list[SeatSpec]:
    """Who played the recorded tour: people as "human", bots by their difficulty."""
    config, _ = tour_of(replay)
    seats = replay.header.get("seats")
    try:
        specs = [SeatSpec(str(seat["name"]), HUMAN if seat["kind"] == HUMAN else str(seat["difficulty"]))
                 for seat in seats]  # type: ignore[union-attr]
    except (KeyError, TypeError) as error:
        raise ReplayFormatError(f"the replay's header does not say who played ({error})") from None
    if len(specs) != config.num_seats or any(s.kind not in (HUMAN, *DIFFICULTIES) for s in specs):
        raise ReplayFormatError(f"the replay's header names seats {[s.kind for s in specs]} for "
                                f"{config.num_seats} seats")
    return specs


def replay_writer(path: str | Path, seed: int, config: api.TourConfig, seats: Sequence[SeatSpec]) -> ReplayWriter:
    """A new replay file for this tour: its header says who played (the inverse of `seats_of`),
    what tour, from which seed."""
    entries = [{"name": s.name, "kind": HUMAN} if s.kind == HUMAN else {"name": s.name, "kind": "bot", "difficulty": s.kind}
               for s in seats]
    return ReplayWriter(path, {"game_version": _game_version(), "seed": seed, "tour": config.to_json(), "seats": entries})


def replays_dir() -> Path:
    """Where the desktop game keeps its replays: $JUNKART_DATA_DIR/replays, else the XDG data
    directory (~/.local/share/junkart3d/replays)."""
    root = os.environ.get("JUNKART_DATA_DIR") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share"), "junkart3d")
    return Path(root) / "replays"


def replay_path(name: str) -> Path:
    """A replay named on the command line: a path, or "last" for the newest game in `replays_dir()`."""
    if name != "last":
        return Path(name)
    found = sorted(replays_dir().glob("*.jsonl*"), key=lambda p: (p.stat().st_mtime, p.name))
    if not found:
        raise ReplayFormatError(f"no recorded game in {replays_dir()} yet")
    return found[-1]


def watch_path(name: str) -> Path:
    """A replay to watch: a path, or "last" for the newest game with a placement to watch (a
    game quit while choosing sides has none, and is passed over)."""
    if name != "last":
        return Path(name)
    from game.actions import Place
    from game.replay import read_replay

    found = sorted(replays_dir().glob("*.jsonl*"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    for path in found:
        try:
            entries = read_replay(path).entries
        except ReplayFormatError:       # damaged: not the game to show
            continue
        placed = False
        for entry in entries:
            placed = placed or isinstance(entry.action, Place)
            if placed and entry.keyframe is not None:
                return path
    if not found:
        raise ReplayFormatError(f"no recorded game in {replays_dir()} yet")
    raise ReplayFormatError(f"no recorded game in {replays_dir()} has a placement to watch yet")


def new_replay_path(seed: int) -> Path:
    """A fresh file in `replays_dir()`, named by the time the game started and its seed."""
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-seed{seed}.jsonl.gz"
    k = 2
    while path.exists():
        path = folder / f"{stamp}-seed{seed}-{k}.jsonl.gz"
        k += 1
    return path


def _game_version() -> str:
    try:
        return version("junkart3d")
    except PackageNotFoundError:
        return "dev"


def _verdict(match: Match, checked: int, placements: int, problem: str) -> Verdict:
    return Verdict(ok=not problem, actions=checked, placements=placements, cities=len(match.log.cities),
                   finished=api.is_terminal(match.state) and not problem, problem=problem)


def _text(action: Action | None) -> str:
    return "nothing" if action is None else action.to_text()


def _short(action: Action | None) -> str:
    """An action as a difference names it: a placement without its outcome, a long deal cut."""
    if isinstance(action, Place):
        return action.prototype().to_text()
    text = _text(action)
    return text if len(text) <= 60 else text[:57] + "..."
