"""The replay file: plain JSON lines (gzip-compressed when the name ends in .gz).

    line 1      header: format, version, game version, seed, tour config, seats
    then        one entry per applied action, in order:
                {"action": "<text form>"}                                  chance, cards, choices
                {"action": "place ...", "trajectory": [...], "digest": "..."}  a placement: the held
                    piece's targets (the input to re-simulate) and the settled world's digest
                {"keyframe": {...}}                                        settled poses after a
                    placement (a physics snapshot as plain data), for playback on any machine

Never pickle, never eval: everything is parsed as JSON and checked, and a damaged or foreign
file raises `ReplayFormatError` with one line saying what is wrong and where.
"""
from __future__ import annotations

import gzip
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator

from game.actions import Action
from game.errors import MalformedActionError
from game.tour import TourConfig, new_tour

REPLAY_FORMAT = "junkart-replay"
REPLAY_VERSION = 1
HAND_KEY_MAX_TICKS = 480 * 600   # physics.hand_path.MAX_KEY_TICKS (game/ does not import physics)


class ReplayFormatError(ValueError):
    """A replay file that cannot be read: damaged, truncated, foreign or from a newer version."""


@dataclass(frozen=True)
class ReplayEntry:
    action: Action | None = None
    trajectory: tuple = ()
    digest: str = ""
    keyframe: dict[str, Any] | None = None
    hand: tuple = ()            # a live hand's path: (ticks, (position, quaternion)) keys


@dataclass(frozen=True)
class Replay:
    header: dict[str, Any]
    entries: tuple[ReplayEntry, ...] = field(default=())

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(e.action for e in self.entries if e.action is not None)


def _open_text(path: Path, mode: str) -> IO[str]:
    if path.suffix == ".gz":
        return gzip.open(path, "wt" if mode == "w" else "rt", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


class ReplayWriter:
    """Appends entries as they happen (and flushes), so a crashed game leaves a usable file."""

    def __init__(self, path: str | Path, header: dict[str, Any]) -> None:
        self.path = Path(path)
        self._file = _open_text(self.path, "w")
        self._write({"format": REPLAY_FORMAT, "version": REPLAY_VERSION, **header})

    def _write(self, data: dict[str, Any]) -> None:
        self._file.write(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        self._file.flush()

    def action(self, action: Action, trajectory: tuple = (), digest: str = "", hand: tuple = ()) -> None:
        entry: dict[str, Any] = {"action": action.to_text()}
        if trajectory:
            entry["trajectory"] = [[list(pos), list(quat)] for pos, quat in trajectory]
        if hand:
            entry["hand"] = [[ticks, list(pos), list(quat)] for ticks, (pos, quat) in hand]
        if trajectory or hand:
            entry["digest"] = digest
        self._write(entry)

    def keyframe(self, snapshot: dict[str, Any]) -> None:
        self._write({"keyframe": snapshot})

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> "ReplayWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_replay(path: str | Path) -> Replay:
    path = Path(path)
    if not path.is_file():
        raise ReplayFormatError(f"{path}: no such replay file")
    try:
        with _open_text(path, "r") as handle:
            lines = list(_lines(handle, path))
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise ReplayFormatError(f"{path}: not a readable replay ({error})") from None
    if not lines:
        raise ReplayFormatError(f"{path}: empty file, not a replay")
    header = lines[0][1]
    if header.get("format") != REPLAY_FORMAT:
        raise ReplayFormatError(f"{path}: not a Junk Art replay (line 1 has no '{REPLAY_FORMAT}' header)")
    if header.get("version") != REPLAY_VERSION:
        raise ReplayFormatError(f"{path}: replay version {header.get('version')!r} is not supported "
                                f"(this game reads version {REPLAY_VERSION})")
    entries = tuple(_entry(data, number, path) for number, data in lines[1:])
    return Replay(header, entries)


def _lines(handle: IO[str], path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The file's JSON lines. A game that crashed leaves its file cut off: a gzip stream without
    its end, or a last line half written. What was written before is kept, as a short replay."""
    numbered = enumerate(handle, start=1)
    while True:
        try:
            number, line = next(numbered)
        except (StopIteration, EOFError):
            return
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            if not line.endswith("\n"):
                return      # the last line, cut off while it was written
            raise ReplayFormatError(f"{path}:{number}: damaged line ({error.msg})") from None
        if not isinstance(data, dict):
            raise ReplayFormatError(f"{path}:{number}: expected a JSON object")
        yield number, data


def _entry(data: dict[str, Any], number: int, path: Path) -> ReplayEntry:
    if "keyframe" in data:
        if not isinstance(data["keyframe"], dict):
            raise ReplayFormatError(f"{path}:{number}: a keyframe must be an object")
        return ReplayEntry(keyframe=data["keyframe"])
    if not isinstance(data.get("action"), str):
        raise ReplayFormatError(f"{path}:{number}: neither an action nor a keyframe")
    try:
        action = Action.from_text(data["action"])
    except MalformedActionError as error:
        raise ReplayFormatError(f"{path}:{number}: {error}") from None
    trajectory = data.get("trajectory", [])
    try:
        poses = tuple((tuple(float(v) for v in pos), tuple(float(v) for v in quat)) for pos, quat in trajectory)
    except (TypeError, ValueError):
        raise ReplayFormatError(f"{path}:{number}: bad trajectory") from None
    if any(len(pos) != 3 or len(quat) != 4 for pos, quat in poses):
        raise ReplayFormatError(f"{path}:{number}: bad trajectory")
    return ReplayEntry(action=action, trajectory=poses, digest=str(data.get("digest", "")),
                       hand=_hand(data.get("hand", []), number, path))


def _hand(keys: Any, number: int, path: Path) -> tuple:
    """A live hand's path: [[ticks, [x, y, z], [qx, qy, qz, qw]], ...], the first with 0 ticks."""
    bad = ReplayFormatError(f"{path}:{number}: bad hand path")
    if not isinstance(keys, list):
        raise bad
    out = []
    for i, key in enumerate(keys):
        if not (isinstance(key, list) and len(key) == 3 and isinstance(key[0], int) and not isinstance(key[0], bool)
                and isinstance(key[1], list) and len(key[1]) == 3 and isinstance(key[2], list) and len(key[2]) == 4):
            raise bad
        ticks = key[0]
        if (i == 0) != (ticks == 0) or not 0 <= ticks <= HAND_KEY_MAX_TICKS:
            raise bad
        try:
            values = [float(v) for v in key[1] + key[2]]
        except (TypeError, ValueError, OverflowError):
            raise bad from None
        if not all(math.isfinite(v) for v in values) or any(isinstance(v, bool) for v in key[1] + key[2]):
            raise bad
        out.append((ticks, (tuple(values[:3]), tuple(values[3:]))))
    return tuple(out)


def tour_of(replay: Replay) -> tuple[TourConfig, int]:
    """The recorded tour's config and seed, checked (a damaged header is a ReplayFormatError)."""
    header = replay.header
    try:
        config = TourConfig.from_json(header["tour"])
        new_tour(config)   # checks it
        seed = header["seed"]
        if not isinstance(seed, int):
            raise TypeError("the seed is not a whole number")
    except (KeyError, TypeError, ValueError) as error:
        raise ReplayFormatError(f"the replay's header does not describe a tour ({error})") from None
    return config, seed


def seat_names(replay: Replay) -> list[str]:
    """The names the header gives the seats ("Seat 1", ... where it gives none)."""
    config, _ = tour_of(replay)
    seats = replay.header.get("seats")
    named = [str(seat.get("name", "")) if isinstance(seat, dict) else "" for seat in seats] if isinstance(seats, list) else []
    return [(named[k] if k < len(named) and named[k] else f"Seat {k + 1}") for k in range(config.num_seats)]
