"""The replay file: plain JSON lines (gzip-compressed when the name ends in .gz).

    line 1      header: format, version, game version, seed, tour config, seats
    then        one entry per applied action, in order:
                {"action": "<text form>"}                                  chance, cards, choices
                {"action": "place ...", "trajectory": [...], "digest": "..."}  a placement: the held
                    piece's targets (the input to re-simulate) and the settled world's digest
                {"keyframe": {...}}                                        settled poses after a
                    placement (a physics snapshot as plain data), for playback on any machine

Since version 2 every line ends with `"h": "<16 hex>"`, a short sha256 of the line's own text
and the previous line's `h`: a flipped digit anywhere is found as damage at its line. It guards
against accidents, not against an editor who recomputes the chain; `verify` re-simulates for that.

Never pickle, never eval: everything is parsed as JSON and checked, and a damaged or foreign
file raises `ReplayFormatError` with one line saying what is wrong and where. What is read is
bounded (line length, unpacked size, line count) while it streams, so a bomb is refused early.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Protocol

from game.actions import Action, Place
from game.errors import MalformedActionError
from game.mechanics.shots import Shoot
from game.tour import MAX_SEATS, MIN_SEATS, TourConfig, new_tour

REPLAY_FORMAT = "junkart-replay"
REPLAY_VERSION = 2
READABLE_VERSIONS = (1, 2)       # version 1: the same lines without the integrity chain
HAND_KEY_MAX_TICKS = 480 * 600   # physics.hand_path.MAX_KEY_TICKS (game/ does not import physics)

# Far above any real game (a two-city tour is ~150 KB, a live hand's path of ten minutes ~4 MB),
# and low enough that a bomb is refused in a second or two and a few MB.
MAX_LINE_BYTES = 8 << 20
MAX_UNPACKED_BYTES = 128 << 20
MAX_LINES = 200_000
MAX_BLANK_LINES = 1_000
MAX_VALUES = 4_000_000           # JSON values in the whole file (a two-city tour has ~40,000)
MAX_POSES = 100_000              # targets of one trajectory, keys of one hand path
MAX_NUMBER = 1e9                 # no coordinate, height or time in a replay comes near this
MAX_PLACEMENT_S = 24 * 3600.0    # a person's placement time: their input, but a sane one
MAX_NAME = 64
_CHAIN_SEED = "junkart-replay-chain"
_CHAIN_TAIL = re.compile(r',?"h":"([0-9a-f]{16})"\}$')
_HEX64 = re.compile(r"[0-9a-f]{64}")


class ReplayFormatError(ValueError):
    """A replay file that cannot be read: damaged, truncated, foreign or from a newer version."""


class ReplayWriteError(ValueError):
    """A replay that cannot be written where asked (one line: which file and why)."""


@dataclass(frozen=True)
class ReplayEntry:
    action: Action | None = None
    trajectory: tuple = ()
    digest: str = ""
    keyframe: dict[str, Any] | None = None
    hand: tuple = ()            # a live hand's path: (ticks, (position, quaternion)) keys
    line: int = 0               # where it is in the file (1 = the header)
    shot: tuple[float, ...] = ()  # a Nashville shot's aim: (spot_deg, direction_deg, power)


@dataclass(frozen=True)
class Replay:
    header: dict[str, Any]
    entries: tuple[ReplayEntry, ...] = field(default=())
    notice: str = ""            # one line worth telling the user (an old format), or ""

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(e.action for e in self.entries if e.action is not None)


def chain_hash(previous: str, text: str) -> str:
    """The integrity hash of a line whose JSON text (without its "h") is `text`."""
    return hashlib.sha256(f"{previous}\n{text}".encode("utf-8")).hexdigest()[:16]


def encode_lines(records: list[dict[str, Any]]) -> list[str]:
    """Records as the lines of a current-version file, chained (each line ends with "\\n")."""
    chain = _Chain()
    return [chain.line(record) for record in records]


class _Chain:
    def __init__(self) -> None:
        self.previous = _CHAIN_SEED

    def line(self, record: dict[str, Any]) -> str:
        data = {k: v for k, v in record.items() if k != "h"}
        text = json.dumps(data, separators=(",", ":"), sort_keys=True, allow_nan=False)
        self.previous = chain_hash(self.previous, text)
        return text[:-1] + ("," if data else "") + f'"h":"{self.previous}"}}\n'


class Output(Protocol):
    """Where a writer's bytes go: `file` is a binary stream; `close()` makes the file whole
    (e.g. renames a finished temporary file into place); `abandon()` leaves no file behind."""
    path: Path
    file: IO[bytes]

    def close(self, complete: bool = True) -> None: ...

    def abandon(self) -> None: ...


class _PlainOutput:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: IO[bytes] = open(path, "wb")

    def close(self, complete: bool = True) -> None:
        self.file.close()

    def abandon(self) -> None:
        self.file.close()
        self.path.unlink(missing_ok=True)


class ReplayWriter:
    """Appends entries as they happen (and flushes), so a crashed game leaves a usable file.
    `output` decides where the bytes go (play.safe_files gives one that never overwrites a file
    before the new one is whole); without it the file at `path` is written directly."""

    def __init__(self, path: str | Path, header: dict[str, Any], output: Output | None = None) -> None:
        self.path = Path(path)
        try:
            self._output: Output = output if output is not None else _PlainOutput(self.path)
        except OSError as error:
            raise ReplayWriteError(f"cannot write the replay {self.path}: {error.strerror or error}") from None
        self._gzip = gzip.GzipFile(fileobj=self._output.file, mode="wb") if self.path.suffix == ".gz" else None
        self._chain = _Chain()
        self._closed = False
        self._write({"format": REPLAY_FORMAT, "version": REPLAY_VERSION, **header})

    def _write(self, data: dict[str, Any]) -> None:
        try:
            raw = self._chain.line(data).encode("utf-8")
        except ValueError as error:   # NaN or Infinity: never written, so never read back
            raise ReplayWriteError(f"{self.path}: refusing to record a non-finite number ({error})") from None
        try:
            if self._gzip is not None:
                self._gzip.write(raw)
                self._gzip.flush()        # a sync flush: what is written so far reads back
            else:
                self._output.file.write(raw)
            self._output.file.flush()
        except OSError as error:
            raise ReplayWriteError(f"cannot write the replay {self.path}: {error.strerror or error}") from None

    def action(self, action: Action, trajectory: tuple = (), digest: str = "", hand: tuple = (),
               shot: tuple[float, ...] = ()) -> None:
        entry: dict[str, Any] = {"action": action.to_text()}
        if trajectory:
            entry["trajectory"] = [[list(pos), list(quat)] for pos, quat in trajectory]
        if hand:
            entry["hand"] = [[ticks, list(pos), list(quat)] for ticks, (pos, quat) in hand]
        if shot:
            entry["shot"] = [float(v) for v in shot]
        if trajectory or hand or shot:
            entry["digest"] = digest
        self._write(entry)

    def keyframe(self, snapshot: dict[str, Any]) -> None:
        self._write({"keyframe": snapshot})

    def close(self, complete: bool = True) -> None:
        """Finish the file. With `complete=False` (the game stopped on an error) a file that was
        to replace another is dropped and the old one kept; a new file keeps what it recorded."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._gzip is not None:
                self._gzip.close()
            self._output.close(complete)
        except OSError as error:
            raise ReplayWriteError(f"cannot finish the replay {self.path}: {error.strerror or error}") from None

    def abandon(self) -> None:
        """Stop without leaving a file (a game that could not start)."""
        if not self._closed:
            self._closed = True
            self._output.abandon()

    def __enter__(self) -> "ReplayWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_replay(path: str | Path) -> Replay:
    path = Path(path)
    try:
        if not path.is_file():
            raise ReplayFormatError(f"{path}: no such replay file")
        with open(path, "rb") as raw:
            lines = list(_lines(_chunks(raw, path.suffix == ".gz"), path))
    except (OSError, EOFError, zlib.error) as error:
        raise ReplayFormatError(f"{path}: not a readable replay ({_reason(error)})") from None
    if not lines:
        raise ReplayFormatError(f"{path}: empty file, not a replay")
    number, header, _ = lines[0]
    if header.get("format") != REPLAY_FORMAT:
        raise ReplayFormatError(f"{path}: not a Junk Art replay (line 1 has no '{REPLAY_FORMAT}' header)")
    version = header.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:17] + "..."
        raise ReplayFormatError(f"{path}: replay version {shown} is not supported "
                                f"(this game reads versions {', '.join(map(str, READABLE_VERSIONS))})")
    notice = ""
    if version == REPLAY_VERSION:
        _check_chain(lines, path)
    else:
        if any(h is not None for _, _, h in lines):
            raise ReplayFormatError(f"{path}: a version-{version} replay with integrity hashes: damaged header")
        notice = (f"{path.name}: a version-{version} replay (no integrity hashes): damage is found only "
                  "where it changes the game")
    entries = tuple(_entry(data, number, path) for number, data, _ in lines[1:])
    return Replay(header, entries, notice)


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _check_chain(lines: list[tuple[int, dict[str, Any], str | None]], path: Path) -> None:
    previous = _CHAIN_SEED
    for number, data, text in lines:
        if text is None:
            raise ReplayFormatError(f"{path}:{number}: damaged line (no integrity hash)")
        expected = chain_hash(previous, text)
        if data.get("h") != expected:
            raise ReplayFormatError(f"{path}:{number}: damaged line (its integrity hash does not match: "
                                    "changed, moved or a line before it removed)")
        previous = expected


def _chunks(raw: IO[bytes], packed: bool) -> Iterator[bytes]:
    """The file's bytes, unpacked a bounded piece at a time (a bomb never unpacks at once). A
    gzip stream cut off (a game killed while writing) ends where its data ends."""
    if not packed:
        while chunk := raw.read(1 << 20):
            yield chunk
        return
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    leftover = b""
    while True:
        data = inflate.unconsumed_tail or leftover or raw.read(1 << 16)
        leftover = b""
        if not data:
            return
        out = inflate.decompress(data, 1 << 20)
        if out:
            yield out
        if inflate.eof:      # gzip members may follow each other; zero padding may end a file
            leftover = inflate.unused_data.lstrip(b"\0")
            if not leftover:
                leftover = raw.read(1 << 16).lstrip(b"\0")
                if not leftover:
                    return
            inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)


def _lines(stream: Iterator[bytes], path: Path) -> Iterator[tuple[int, dict[str, Any], str | None]]:
    """The file's JSON lines with their chained text. A game that crashed leaves its file cut
    off: a gzip stream without its end, or a last line half written. What was written before is
    kept, as a short replay. Bounded while it streams: see MAX_*."""
    total, blank, count, number = 0, 0, 0, 0
    values = [0]
    pending = b""
    ended = False
    while not ended:
        chunk = next(stream, b"")
        ended = not chunk
        total += len(chunk)
        if total > MAX_UNPACKED_BYTES:
            raise ReplayFormatError(f"{path}: more than {MAX_UNPACKED_BYTES >> 20} MB unpacked, not a replay")
        pending += chunk
        parts = pending.split(b"\n")
        pending = parts.pop()
        if len(pending) > MAX_LINE_BYTES:
            raise ReplayFormatError(f"{path}:{number + len(parts) + 1}: a line longer than "
                                    f"{MAX_LINE_BYTES >> 20} MB, not a replay")
        for raw in parts:
            number += 1
            if not raw.strip():
                blank += 1
                if blank > MAX_BLANK_LINES:
                    raise ReplayFormatError(f"{path}:{number}: more than {MAX_BLANK_LINES} blank lines, not a replay")
                continue
            if len(raw) > MAX_LINE_BYTES:
                raise ReplayFormatError(f"{path}:{number}: a line longer than {MAX_LINE_BYTES >> 20} MB, "
                                        "not a replay")
            count += 1
            if count > MAX_LINES:
                raise ReplayFormatError(f"{path}:{number}: more than {MAX_LINES} lines, not a replay")
            yield number, *_parse_line(raw, number, path, values, cut_off=False)
    if pending.strip():
        number += 1
        parsed = _parse_line(pending, number, path, values, cut_off=True)
        if parsed is not None:
            yield number, *parsed


def _parse_line(raw: bytes, number: int, path: Path, values: list[int], cut_off: bool) -> Any:
    try:
        line = raw.decode("utf-8")
        data = json.loads(line)
    except RecursionError:
        raise ReplayFormatError(f"{path}:{number}: damaged line (nested too deeply)") from None
    except ValueError as error:   # JSONDecodeError, UnicodeDecodeError, an integer of 4300+ digits
        if cut_off:
            return None           # the last line, cut off while it was written
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "not UTF-8 JSON" \
            if isinstance(error, UnicodeDecodeError) else "a number too long"
        if number == 1:
            raise ReplayFormatError(f"{path}: not a Junk Art replay (line 1: {reason})") from None
        raise ReplayFormatError(f"{path}:{number}: damaged line ({reason})") from None
    if not isinstance(data, dict):
        raise ReplayFormatError(f"{path}:{number}: expected a JSON object")
    values[0] += _check_values(data, number, path)
    if values[0] > MAX_VALUES:
        raise ReplayFormatError(f"{path}:{number}: more than {MAX_VALUES} values, not a replay")
    tail = _CHAIN_TAIL.search(line.rstrip("\r"))
    text = None
    if tail is not None and "h" in data:
        body = line.rstrip("\r")[:tail.start()]
        text = body + "}"
    return data, text


def _check_values(data: Any, number: int, path: Path) -> int:
    """Every number in a line is finite and of a sane size (the header's seed aside). Returns how
    many values the line holds."""
    stack = [data]
    count = 0
    while stack:
        value = stack.pop()
        count += 1
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                raise ReplayFormatError(f"{path}:{number}: damaged line (a number out of range: {value!r})")
        elif isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > (1 << 64) and number != 1:
                raise ReplayFormatError(f"{path}:{number}: damaged line (a whole number out of range)")
    return count


def _entry(data: dict[str, Any], number: int, path: Path) -> ReplayEntry:
    data = {k: v for k, v in data.items() if k != "h"}
    if "keyframe" in data:
        if not isinstance(data["keyframe"], dict) or len(data) != 1:
            raise ReplayFormatError(f"{path}:{number}: a keyframe must be an object (and alone on its line)")
        return ReplayEntry(keyframe=data["keyframe"], line=number)
    if not isinstance(data.get("action"), str):
        raise ReplayFormatError(f"{path}:{number}: neither an action nor a keyframe")
    unknown = set(data) - {"action", "trajectory", "hand", "digest", "shot"}
    if unknown:
        raise ReplayFormatError(f"{path}:{number}: unknown field {sorted(unknown)[0][:40]!r}")
    if len(data["action"]) > 100_000:
        raise ReplayFormatError(f"{path}:{number}: an action too long to be one")
    try:
        action = Action.from_text(data["action"])
    except (MalformedActionError, TypeError, ValueError, OverflowError) as error:
        reason = str(error) if len(str(error)) <= 160 else str(error)[:157] + "..."
        raise ReplayFormatError(f"{path}:{number}: {reason}") from None
    _check_action(action, number, path)
    poses = _trajectory(data.get("trajectory", []), number, path)
    hand = _hand(data.get("hand", []), number, path)
    digest = data.get("digest", "")
    if not isinstance(digest, str) or (digest and not _HEX64.fullmatch(digest)):
        raise ReplayFormatError(f"{path}:{number}: bad digest")
    if (poses or hand) and not isinstance(action, Place):
        raise ReplayFormatError(f"{path}:{number}: a path on an action that is not a placement")
    shot = _shot_aim(data.get("shot", []), action, number, path)
    return ReplayEntry(action=action, trajectory=poses, digest=digest, hand=hand, line=number, shot=shot)


def _shot_aim(data: Any, action: Action, number: int, path: Path) -> tuple[float, ...]:
    """A shot's aim: three numbers (spot and direction in degrees, power 0..1), on a shot only."""
    if data == []:
        return ()
    if not isinstance(action, Shoot):
        raise ReplayFormatError(f"{path}:{number}: an aim on an action that is not a shot")
    if not isinstance(data, list) or len(data) != 3 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in data) or not 0.0 <= data[2] <= 1.0:
        raise ReplayFormatError(f"{path}:{number}: a shot's aim is [spot_deg, direction_deg, power 0..1]")
    return tuple(float(v) for v in data)


def _check_action(action: Action, number: int, path: Path) -> None:
    """What the text form lets through but no game records: a placement's time must be a time."""
    if not isinstance(action, Place) or action.outcome is None:
        return
    outcome = action.outcome
    t = outcome.elapsed_s
    if not (math.isfinite(t) and (t == 0.0 or 1e-6 <= t <= MAX_PLACEMENT_S)):
        raise ReplayFormatError(f"{path}:{number}: a placement time of {t!r} s is not a time a placement took "
                                f"(0 to {MAX_PLACEMENT_S:.0f} s)")
    if not all(math.isfinite(h) and 0.0 <= h <= MAX_NUMBER for h in outcome.heights_mm):
        raise ReplayFormatError(f"{path}:{number}: a placement with a height out of range")


def _trajectory(poses: Any, number: int, path: Path) -> tuple:
    bad = ReplayFormatError(f"{path}:{number}: bad trajectory")
    if not isinstance(poses, list) or len(poses) > MAX_POSES:
        raise bad
    out = []
    for pose in poses:
        if not (isinstance(pose, list) and len(pose) == 2 and isinstance(pose[0], list) and len(pose[0]) == 3
                and isinstance(pose[1], list) and len(pose[1]) == 4):
            raise bad
        values = _floats(pose[0] + pose[1])
        if values is None or not _is_unit(values[3:]):
            raise bad
        out.append((tuple(values[:3]), tuple(values[3:])))
    return tuple(out)


def _floats(values: list) -> list[float] | None:
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in values):
        return None
    try:
        out = [float(v) for v in values]
    except OverflowError:
        return None
    return out if all(math.isfinite(v) for v in out) else None


def _is_unit(quat: list[float]) -> bool:
    """A rotation: a quaternion of length 1 (the physics would scale any other to it, so two
    files would mean the same game)."""
    return abs(math.fsum(v * v for v in quat) - 1.0) <= 1e-5


def _hand(keys: Any, number: int, path: Path) -> tuple:
    """A live hand's path: [[ticks, [x, y, z], [qx, qy, qz, qw]], ...], the first with 0 ticks."""
    bad = ReplayFormatError(f"{path}:{number}: bad hand path")
    if not isinstance(keys, list) or len(keys) > MAX_POSES:
        raise bad
    out = []
    for i, key in enumerate(keys):
        if not (isinstance(key, list) and len(key) == 3 and isinstance(key[0], int) and not isinstance(key[0], bool)
                and isinstance(key[1], list) and len(key[1]) == 3 and isinstance(key[2], list) and len(key[2]) == 4):
            raise bad
        ticks = key[0]
        if (i == 0) != (ticks == 0) or not 0 <= ticks <= HAND_KEY_MAX_TICKS:
            raise bad
        values = _floats(key[1] + key[2])
        # A hand's targets are kept quantised (physics.hand_path.quantised): 0.01 mm, 1e-6.
        if values is None or not _is_unit(values[3:]) or any(v != round(v, 5) for v in values[:3]) \
                or any(v != round(v, 6) for v in values[3:]):
            raise bad
        out.append((ticks, (tuple(values[:3]), tuple(values[3:]))))
    return tuple(out)


_TOUR_KEYS = {"num_seats", "cities", "random_cities", "include_nashville", "start_seat", "faceoff", "base_sides"}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_tour(tour: Any) -> None:
    """Every field of the header's tour, its type and range (TourConfig itself trusts its caller)."""
    if not isinstance(tour, dict):
        raise TypeError("'tour' is not an object")
    unknown = set(tour) - _TOUR_KEYS
    if unknown:
        raise ValueError(f"unknown tour field {sorted(unknown)[0][:40]!r}")
    seats = tour.get("num_seats")
    if not _is_int(seats) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"num_seats must be {MIN_SEATS} to {MAX_SEATS}")
    cities = tour.get("cities", [])
    if not isinstance(cities, list) or len(cities) > 64 or not all(isinstance(c, str) and len(c) <= MAX_NAME
                                                                    for c in cities):
        raise ValueError("cities must be a list of city names")
    count = tour.get("random_cities", 0)
    if not _is_int(count) or not 0 <= count <= 64:
        raise ValueError("random_cities must be a whole number from 0 to 64")
    for flag in ("include_nashville", "faceoff"):
        if not isinstance(tour.get(flag, False), bool):
            raise ValueError(f"{flag} must be true or false")
    start = tour.get("start_seat")
    if start is not None and (not _is_int(start) or not 0 <= start < seats):
        raise ValueError("start_seat must be a seat or null")
    sides = tour.get("base_sides", ["A"] * seats)
    if sides is not None and (not isinstance(sides, list) or len(sides) != seats
                              or not all(s in ("A", "B") for s in sides)):
        raise ValueError("base_sides must name side A or B for each seat")


def tour_of(replay: Replay) -> tuple[TourConfig, int]:
    """The recorded tour's config and seed, checked (a damaged header is a ReplayFormatError)."""
    header = replay.header
    try:
        _check_tour(header.get("tour"))
        config = TourConfig.from_json(header["tour"])
        new_tour(config)   # checks it
        seed = header["seed"]
        if not _is_int(seed) or abs(seed) >= 1 << 128:
            raise TypeError("the seed is not a whole number")
        game_version = header.get("game_version", "")
        if not isinstance(game_version, str) or len(game_version) > MAX_NAME:
            raise TypeError("game_version is not a version")
        _check_seats(header.get("seats"), config.num_seats)
    except (KeyError, TypeError, ValueError, OverflowError, RecursionError) as error:
        reason = str(error) if len(str(error)) <= 160 else str(error)[:157] + "..."
        raise ReplayFormatError(f"the replay's header does not describe a tour ({reason})") from None
    return config, seed


def _check_seats(seats: Any, num_seats: int) -> None:
    if seats is None:
        return
    if not isinstance(seats, list) or len(seats) != num_seats:
        raise ValueError(f"seats must list the {num_seats} seats")
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("name", ""), str) or len(seat.get("name", "")) > MAX_NAME:
            raise ValueError("a seat must be an object with a short name")
        kind = seat.get("kind")
        if kind == "human":
            if set(seat) - {"name", "kind"}:
                raise ValueError("a person's seat has only a name and a kind")
        elif kind == "bot":
            if not isinstance(seat.get("difficulty"), str) or set(seat) - {"name", "kind", "difficulty"}:
                raise ValueError("a bot's seat has a name, a kind and a difficulty")
        else:
            raise ValueError("a seat's kind is 'human' or 'bot'")


def seat_names(replay: Replay) -> list[str]:
    """The names the header gives the seats ("Seat 1", ... where it gives none)."""
    config, _ = tour_of(replay)
    seats = replay.header.get("seats")
    named = [str(seat.get("name", "")) if isinstance(seat, dict) else "" for seat in seats] if isinstance(seats, list) else []
    return [(named[k] if k < len(named) and named[k] else f"Seat {k + 1}") for k in range(config.num_seats)]
