"""A recorded tour played again through the real physics: to check it (`junkart replay verify`)
or to go on with it (`--resume`).

The replay file holds the tour's config, its seed and every applied action; each placement also
holds the held piece's path (its last pose is the release) and the digest of the settled table.
`verify` rebuilds the tour in a real `Match` whose seats answer from the file: card decisions as
recorded, placements by releasing the piece where it was released, bots' times drawn again from
the seed (a person's time is their input). Each keyframe must be the table the match records. The match draws its own
chance actions from the seed and runs every placement through the physics itself, so what it
checks is the promise of DESIGN.md: the same seed and the same actions give the same game, bit
for bit (every shuffle, every outcome, every settled table) on one machine.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Sequence

from game import api
from game.actions import Action, Place
from game.errors import IllegalActionError
from game.mechanics.shots import Shoot
from game.replay import Replay, ReplayEntry, ReplayFormatError, ReplayWriter, tour_of
from physics.errors import PhysicsInputError
from physics.shots import ShotAim
from physics.snapshot import Snapshot
from play.controllers import DIFFICULTIES, Controller, HandIntent
from play.human import HUMAN, SeatSpec
from play.match import Match
from play.timing import bot_placement_time
from play.safe_files import SafeOutput, UnsafePathError, regular_files


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
        # The keyframe written after each action (a placement's settled table), and the first
        # keyframe that is where no placement puts one: (action index, line).
        self.keyframes: list[ReplayEntry | None] = [None] * len(self.entries)
        self.stray: tuple[int, int] | None = None
        self.tee: _Tee = _Tee(None)
        self.match: Match | None = None
        self.ends_after_action = bool(entries) and entries[-1].action is not None
        k = -1
        for entry in entries:
            if entry.action is not None:
                k += 1
            elif k < 0 or self.keyframes[k] is not None:
                self.stray = self.stray or (max(k, 0), entry.line)
            else:
                self.keyframes[k] = entry

    def current(self) -> ReplayEntry:
        return self.entries[self.index]


class ReplaySeat:
    """A seat that does what the file says it did. Placements are replayed from the recorded
    release (the path a human's hand took, or a bot's noisy release), never re-planned."""
    is_bot = False

    def __init__(self, name: str, script: _Script, level: str = "", seat: int | None = None) -> None:
        self.name = name
        self.script = script
        self.seat = seat         # the seat it plays: the file's action must be this seat's
        self.level = level       # a bot's difficulty: its times are drawn again, not read

    def choose(self, observation: api.State, legal: list[Action]) -> Action:
        action = self.script.current().action
        assert action is not None
        self._check_actor(action)
        # A piece chosen as a card (New York) goes back to the match as a prototype, so that the
        # match places it through the physics rather than taking the recorded outcome on trust;
        # so does a shot (its aim is asked for next, and the disc flicked again).
        return action.prototype() if isinstance(action, (Place, Shoot)) else action

    def shot_aim(self, snapshot: Snapshot, shoot: Shoot, spots: tuple[float, ...], observation: api.State) -> ShotAim:
        entry = self.script.current()
        if not isinstance(entry.action, Shoot) or not entry.shot:
            raise _Mismatch(f"the file has {_text(entry.action)} where the game needs a shot with its aim")
        try:
            return ShotAim.from_json(list(entry.shot))
        except ValueError as error:
            raise _Mismatch(f"the shot's aim: {error}") from None

    def placement(self, snapshot: Snapshot, options: list[Place], city: str,
                  pieces_on: dict[int, tuple[str, ...]], attempt: int = 0) -> tuple[Place, HandIntent]:
        entry = self.script.current()
        place = entry.action
        if not isinstance(place, Place) or place.outcome is None or not (entry.trajectory or entry.hand):
            raise _Mismatch(f"the file has {_text(place)} where the game needs a placement with its path")
        self._check_actor(place)
        elapsed = place.outcome.elapsed_s
        match = self.script.match
        if self.level and match is not None:
            elapsed = bot_placement_time(self.level, place.piece, match.drops_in_a_row(place.seat, place.piece),
                                         match.seed, place.seat, len(match.log.placements))
        return place.prototype(), HandIntent(entry.trajectory, elapsed,
                                             retry_if_dropped=not place.set_aside, hand=entry.hand)


    def _check_actor(self, action: Action) -> None:
        # Simultaneous choices reach the same state in any order, but the game asks in its own
        # order: a file that has another seat act here was not recorded by this game.
        if self.seat is not None and action.actor is not None and action.actor != self.seat:
            raise _Mismatch(f"the file has seat {action.actor} act where the game asks seat {self.seat}")


class _Mismatch(Exception):
    pass


def verify(replay: Replay) -> Verdict:
    """Play the file's tour again and compare; the first difference ends the check."""
    return _naming_the_build(replay, _play_script(*_replaying(replay)))


def _naming_the_build(replay: Replay, verdict: Verdict) -> Verdict:
    """A table that settles differently in another build is not damage: say which build
    recorded the file when it is not this one (a physics setting changes every timeline)."""
    recorded, running = replay.header.get("game_version") or "", _game_version()   # a str if there (game/replay.py)
    if verdict.ok or recorded in ("", running):
        return verdict
    return replace(verdict, problem=f"{verdict.problem} (recorded by junkart3d {recorded}, this is {running}: "
                                    f"its physics can settle a table differently)")


def resume(replay: Replay, controllers: Sequence[Controller], recorder: ReplayWriter | None = None) -> Match:
    """The file's tour rebuilt through the physics up to where the file stops (checked as
    `verify` does), handed over to `controllers` to go on. With `recorder`, the new file holds
    the old game first, written again action for action, then what follows."""
    match, script = _replaying(replay, recorder)
    if len(controllers) != len(match.controllers):
        raise ValueError(f"the replay's tour has {len(match.controllers)} seats, not {len(controllers)}")
    verdict = _naming_the_build(replay, _play_script(match, script))
    if not verdict.ok:
        raise ReplayFormatError(f"cannot resume: the replay differs at {verdict.problem}")
    if verdict.finished:
        raise ReplayFormatError("the replay's tour is over: there is nothing to resume")
    match.controllers = list(controllers)
    return match


def _replaying(replay: Replay, recorder: ReplayWriter | None = None) -> tuple[Match, _Script]:
    """A match of the file's tour whose seats answer from the file."""
    config, seed = tour_of(replay)
    levels = [""] * config.num_seats
    if replay.header.get("seats") is not None and replay.header.get("version") != 1:
        # Who played is checked as --resume would use it; bots' times are re-derived (version 1
        # drew them from the bot's own generator, which a replay cannot repeat).
        levels = ["" if spec.kind == HUMAN else spec.kind for spec in seats_of(replay)]
    script = _Script(replay.entries)
    seats = [ReplaySeat(f"seat {s + 1}", script, levels[s], s) for s in range(config.num_seats)]
    script.tee = _Tee(recorder)
    script.match = Match(config, seats, seed, recorder=script.tee)  # type: ignore[arg-type]
    return script.match, script


class _Tee:
    """The match's recorder while it replays: remembers the keyframe the match writes (the table
    as it stands when the placement is recorded) and passes everything on to `recorder`."""

    def __init__(self, recorder: ReplayWriter | None) -> None:
        self.recorder = recorder
        self.keyframe_json: str | None = None

    def action(self, *args: Any, **kwargs: Any) -> None:
        self.keyframe_json = None
        if self.recorder is not None:
            self.recorder.action(*args, **kwargs)

    def keyframe(self, snapshot: dict[str, Any]) -> None:
        self.keyframe_json = _canonical(snapshot)
        if self.recorder is not None:
            self.recorder.keyframe(snapshot)


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
        except ValueError as error:      # a release the physics cannot make (off the structure, say)
            return _verdict(match, index, placements, f"{where}: the game cannot do it ({_clip(str(error))})")
        if applied.to_text() != _text(entry.action):
            return _verdict(match, index, placements, f"{where}: the game did {applied.to_text()[:120]}")
        keyframe = script.keyframes[index]
        if isinstance(applied, (Place, Shoot)):
            placements += isinstance(applied, Place)
            digest = (match.log.placements[-1] if isinstance(applied, Place) else match.log.shots[-1]).snapshot_digest
            if digest != entry.digest:
                return _verdict(match, index, placements, f"{where}: the settled table differs from the recorded one")
            if keyframe is None:
                if not (script.ends_after_action and index == len(script.entries) - 1):   # cut off before it
                    return _verdict(match, index, placements, f"{where}: the keyframe after it is missing")
            elif _canonical(keyframe.keyframe) != script.tee.keyframe_json:
                return _verdict(match, index, placements,
                                f"{where}: the keyframe on line {keyframe.line} differs from the re-simulated table")
        elif keyframe is not None:
            return _verdict(match, index, placements, f"{where}: a keyframe on line {keyframe.line} follows no placement")
    if script.stray is not None:
        index, line = script.stray
        return _verdict(match, len(script.entries), placements, f"line {line}: a keyframe where no placement puts one")
    return _verdict(match, len(script.entries), placements, "")


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _clip(text: str) -> str:
    text = text.splitlines()[0] if text else ""
    return text if len(text) <= 160 else text[:157] + "..."


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
    header = {"game_version": _game_version(), "seed": seed, "tour": config.to_json(), "seats": entries}
    return ReplayWriter(path, header, output=SafeOutput(path, "replay"))


def replays_dir() -> Path:
    """Where the desktop game keeps its replays: $JUNKART_DATA_DIR/replays, else the XDG data
    directory (~/.local/share/junkart3d/replays)."""
    root = os.environ.get("JUNKART_DATA_DIR") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share"), "junkart3d")
    return Path(root) / "replays"


def _recorded_games() -> list[Path]:
    """The replays folder's regular files, newest first (a symlink there, dangling or leading
    out, is skipped; so is a file gone since the folder was listed)."""
    found = []
    for path in regular_files(replays_dir(), "*.jsonl*"):
        try:
            found.append((path.stat(follow_symlinks=False).st_mtime, path.name, path))
        except OSError:
            continue
    return [path for _, _, path in sorted(found, reverse=True)]


def replay_path(name: str) -> Path:
    """A replay named on the command line: a path, or "last" for the newest game in `replays_dir()`."""
    if name != "last":
        return Path(name)
    found = _recorded_games()
    if not found:
        raise ReplayFormatError(f"no recorded game in {replays_dir()} yet")
    return found[0]


def watch_path(name: str) -> Path:
    """A replay to watch: a path, or "last" for the newest game with a placement to watch (a
    game quit while choosing sides has none, and is passed over)."""
    if name != "last":
        return Path(name)
    from game.actions import Place
    from game.replay import read_replay

    found = _recorded_games()
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
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UnsafePathError(f"{folder}: cannot make the replays folder ({error.strerror or error})") from None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-seed{seed}.jsonl.gz"
    k = 2
    while os.path.lexists(path):      # a dangling link there is a name taken, too
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
