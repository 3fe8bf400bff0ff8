"""Fuzzing real replays: every mutant of a recorded game (truncated, bytes flipped, lines
deleted, duplicated or reordered, numbers and types changed, NaN and Infinity, deep nesting,
huge strings and numbers, gzip damage, bombs, foreign JSON) is a clean one-line error, a
"differs", or a verified game that really is the recorded one (a person's own time aside: it is
their input, and seats' names are labels). Never a traceback, a hang or an unbounded allocation. Seeded; the default run
takes well under a minute, `-m soak` runs ten times as many."""
from __future__ import annotations

import collections
import gzip
import json
import random
import re
import time
import zlib
from pathlib import Path

import pytest

from game import api
from game.actions import Place
from game.replay import ReplayFormatError, chain_hash, read_replay
from physics.hand_path import quantised
from play.controllers import BotController, HandIntent
from play.human import SeatSpec
from play.match import Match
from play.replays import replay_writer, verify
from scenes.table.replay_viewer import replay_frames

PLACEMENTS = 4
READ_LIMIT_S = 5.0          # any one read must end quickly, however it ends


class HandBot:
    """A person's seat played by a bot's aim through a live hand's path (so the corpus holds
    `hand` entries and a person's times)."""
    is_bot = False

    def __init__(self, seed: str) -> None:
        self.bot = BotController("normal", seed)
        self.name = "Hand"

    def choose(self, observation, legal):
        return self.bot.choose(observation, legal)

    def placement(self, snapshot, options, city, pieces_on, attempt=0):
        place, intent = self.bot.placement(snapshot, options, city, pieces_on, attempt)
        (x, y, z), quat = intent.aim
        start = quantised(((x + 0.02, y, z + 0.05), quat))
        hand = ((0, start), (90, quantised(intent.aim)), (30, quantised(intent.aim)))
        return place, HandIntent((), 3.25, hand=hand)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / "monaco.jsonl"
    config = api.TourConfig(2, ("monaco",))
    seats = [HandBot("fuzz:0"), BotController("easy", "fuzz:1")]
    specs = [SeatSpec("Ann", "human"), SeatSpec("Easy bot", "easy")]
    with replay_writer(path, 4, config, specs) as recorder:
        match = Match(config, seats, 4, recorder=recorder)
        while len(match.log.placements) < PLACEMENTS:
            match.step()
    assert any("hand" in line for line in path.read_text().splitlines())
    return path


def _chained(texts: list[str]) -> bytes:
    """JSON texts (objects, without "h") chained as a writer would: a deliberate edit."""
    out, previous = [], "junkart-replay-chain"
    for text in texts:
        previous = chain_hash(previous, text)
        out.append(text[:-1] + ("," if text != "{}" else "") + f'"h":"{previous}"}}\n')
    return "".join(out).encode()


def _texts(lines: list[bytes]) -> list[str]:
    return [json.dumps({k: v for k, v in json.loads(line).items() if k != "h"}, sort_keys=True,
                       separators=(",", ":")) for line in lines]


def _numbers(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _numbers(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _numbers(v, (*path, i))
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield path


def _values(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _values(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _values(v, (*path, i))


def _set(data, path, new):
    if not path:
        return new
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return data


SENTINEL = "\x00SENTINEL\x00"


def _edit_raw(rng, lines, replacement_text: str) -> bytes:
    """One value somewhere replaced by raw JSON text (which json.dumps cannot make), chained."""
    texts = _texts(lines)
    k = rng.randrange(len(texts))
    data = json.loads(texts[k])
    paths = [p for p in _values(data) if p]
    _set(data, rng.choice(paths), SENTINEL)
    texts[k] = json.dumps(data, sort_keys=True, separators=(",", ":")).replace(json.dumps(SENTINEL), replacement_text)
    return _chained(texts)


def _action_time(rng, lines, new: str) -> bytes:
    """A placement's recorded time changed (inside the action's text form), chained."""
    texts = _texts(lines)
    k = rng.choice([k for k, t in enumerate(texts) if '"action":"place ' in t])
    data = json.loads(texts[k])
    data["action"] = re.sub(r'"elapsed_s":[^,}]*', f'"elapsed_s":{new}', data["action"])
    texts[k] = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return _chained(texts)


def mutate(rng: random.Random, original: bytes):
    lines = original.splitlines(keepends=True)
    kind = rng.choice(KINDS)
    if kind == "truncate":
        return kind, original[: rng.randrange(len(original))], False
    if kind == "flip byte":
        data = bytearray(original)
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return kind, bytes(data), False
    if kind == "delete line":
        del lines[rng.randrange(len(lines))]
        return kind, b"".join(lines), False
    if kind == "duplicate line":
        k = rng.randrange(len(lines))
        lines.insert(k, lines[k])
        return kind, b"".join(lines), False
    if kind == "swap lines":
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
        return kind, b"".join(lines), False
    if kind in ("chained delete", "chained duplicate", "chained swap"):
        texts = _texts(lines)
        k = rng.randrange(1, len(texts))
        if kind == "chained delete":
            del texts[k]
        elif kind == "chained duplicate":
            texts.insert(k, texts[k])
        else:
            j = rng.randrange(1, len(texts))
            texts[k], texts[j] = texts[j], texts[k]
        return kind, _chained(texts), False
    if kind == "number change":
        texts = _texts(lines)
        k = rng.randrange(len(texts))
        data = json.loads(texts[k])
        paths = list(_numbers(data))
        if not paths:
            return kind, _chained(texts), False
        path = rng.choice(paths)
        value = data
        for key in path:
            value = value[key]
        new = rng.choice([value + 1, value - 1, value * 10, -value, value + 0.5, value + 1e-9, 0])
        texts[k] = json.dumps(_set(data, path, new), sort_keys=True, separators=(",", ":"))
        return kind, _chained(texts), False
    if kind == "type change":
        return kind, _edit_raw(rng, lines, rng.choice(['{}', '[]', '"x"', 'true', 'null', '[[1]]', '"0"'])), False
    if kind == "nan infinity":
        return kind, _edit_raw(rng, lines, rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "1e-320"])), False
    if kind == "time edit":
        return kind, _action_time(rng, lines, rng.choice(["NaN", "Infinity", "-1.0", "1e308", "1e-320", "9.5", "0.75", "1e999"])), False
    if kind == "deep nesting":
        n = rng.choice([100, 1000, 5000, 100_000])
        return kind, _edit_raw(rng, lines, "[" * n + "]" * n), False
    if kind == "huge number":
        return kind, _edit_raw(rng, lines, rng.choice(["9" * rng.randrange(300, 5000), "1" + "0" * 400 + ".5",
                                                       "1e308", "-" + "7" * 800])), False
    if kind == "huge string":
        return kind, _edit_raw(rng, lines, json.dumps("x" * rng.choice([10_000, 1_000_000, 9_000_000]))), False
    if kind == "header edit":
        texts = _texts(lines)
        header = json.loads(texts[0])
        field, value = rng.choice([
            (("seats", 1, "difficulty"), "hard"), (("seats", 0, "kind"), "bot"), (("tour", "faceoff"), {}),
            (("tour", "include_nashville"), "x"), (("tour", "random_cities"), {}), (("seed",), True),
            (("tour", "num_seats"), 10 ** 9), (("tour", "num_seats"), 3), (("seed",), 5),
            (("tour", "cities"), ["paris"]), (("seats",), []), (("version",), "2"), (("tour", "start_seat"), 7)])
        texts[0] = json.dumps(_set(header, field, value), sort_keys=True, separators=(",", ":"))
        return kind, _chained(texts), False
    if kind == "foreign json":
        return kind, rng.choice([b"[]\n", b'"junkart-replay"\n', b'{"format":"other","version":2}\n',
                                 b'{"format":"junkart-replay"}\n', b"\xef\xbb\xbf{}\n", b"null\n" * 3,
                                 json.dumps({"format": "junkart-replay", "version": 2, "h": "0" * 16}).encode() + b"\n"]), False
    if kind == "gzip damage":
        packed = bytearray(gzip.compress(original))
        if rng.random() < 0.5:
            packed[rng.randrange(len(packed))] ^= 1 << rng.randrange(8)
        else:
            packed = packed[: rng.randrange(len(packed))]
        return kind, bytes(packed), True
    raise AssertionError(kind)


KINDS = ("truncate", "flip byte", "delete line", "duplicate line", "swap lines", "chained delete",
         "chained duplicate", "chained swap", "number change", "type change", "nan infinity", "time edit",
         "deep nesting", "huge number", "huge string", "header edit", "foreign json", "gzip damage")


def _content(replay) -> tuple:
    """What a verified mutant must share with the original: every entry, a person's time aside."""
    out = []
    for e in replay.entries:
        action = e.action
        if isinstance(action, Place) and action.outcome is not None and action.seat == 0:
            action = action.with_outcome(action.outcome.__class__(**{**action.outcome.__dict__, "elapsed_s": 0.0}))
        out.append((action.to_text() if action else None, e.trajectory, e.hand, e.digest,
                    json.dumps(e.keyframe, sort_keys=True) if e.keyframe is not None else None))
    return tuple(out)


def _header(replay) -> dict:
    """The header as the game depends on it: seats' names and the game version are labels, which
    no re-simulation can check (a renamed seat is the same game)."""
    header = {k: v for k, v in replay.header.items() if k not in ("h", "game_version")}
    if isinstance(header.get("seats"), list):
        header["seats"] = [{k: v for k, v in seat.items() if k != "name"} if isinstance(seat, dict) else seat
                           for seat in header["seats"]]
    return header


def run_fuzz(corpus: Path, tmp_path: Path, seed: int, count: int) -> collections.Counter:
    original_bytes = corpus.read_bytes()
    original = read_replay(corpus)
    base, base_header = _content(original), _header(original)
    rng = random.Random(seed)
    counts: collections.Counter = collections.Counter()
    for n in range(count):
        kind, data, packed = mutate(rng, original_bytes)
        path = tmp_path / (f"m{n}.jsonl.gz" if packed else f"m{n}.jsonl")
        path.write_bytes(data)
        started = time.monotonic()
        try:
            replay = read_replay(path)
        except ReplayFormatError as error:
            assert "\n" not in str(error), (kind, str(error))
            counts["refused"] += 1
            counts[f"refused: {kind}"] += 1
            continue
        finally:
            assert time.monotonic() - started < READ_LIMIT_S, kind
            path.unlink()
        try:
            replay_frames(replay)       # what `replay watch` shows: no physics, still no traceback
        except ReplayFormatError as error:
            assert "\n" not in str(error), (kind, str(error))
            counts["watch refused"] += 1
        try:
            verdict = verify(replay)
        except ReplayFormatError as error:
            assert "\n" not in str(error), (kind, str(error))
            counts["refused"] += 1
            counts[f"refused: {kind}"] += 1
            continue
        if not verdict.ok:
            assert "\n" not in verdict.problem
            counts["differs"] += 1
            counts[f"differs: {kind}"] += 1
            continue
        content = _content(replay)
        assert _header(replay) == base_header and content == base[: len(content)], \
            f"{kind}: verified, but it is not the recorded game"
        counts["verified identical"] += 1
        counts[f"verified identical: {kind}"] += 1
    return counts


def _report(counts: collections.Counter, total: int) -> None:
    print(f"\nreplay fuzz: {total} mutants: " + ", ".join(
        f"{counts[k]} {k}" for k in ("refused", "differs", "verified identical")))
    for key in sorted(k for k in counts if ":" in k):
        print(f"  {key}: {counts[key]}")


def test_fuzzed_replays_are_refused_found_or_really_the_same(corpus, tmp_path):
    counts = run_fuzz(corpus, tmp_path, seed=27, count=1200)
    _report(counts, 1200)
    assert counts["refused"] + counts["differs"] + counts["verified identical"] == 1200
    assert counts["refused"] and counts["differs"] and counts["verified identical"]


@pytest.mark.soak
def test_fuzzed_replays_soak(corpus, tmp_path):
    counts = run_fuzz(corpus, tmp_path, seed=2727, count=3600)
    _report(counts, 3600)
    assert counts["refused"] + counts["differs"] + counts["verified identical"] == 3600


def _bomb(path: Path, block: bytes, total: int) -> None:
    """`total` bytes of `block` repeated, as concatenated gzip members: ~1 MB on disk."""
    member = gzip.compress(block * ((64 << 20) // len(block)), compresslevel=9)
    with open(path, "wb") as out:
        for _ in range(total // (64 << 20)):
            out.write(member)


@pytest.mark.parametrize("block", [b"\n", b"x", b'{"keyframe":{}}\n', b'{"keyframe":{"p":[' + b"0.5," * 200_000 + b'0]}}\n'],
                         ids=["newlines", "no newline", "short lines", "long lines of numbers"])
def test_a_gzip_bomb_is_refused_within_a_second_or_two_and_a_few_mb(tmp_path, block):
    import resource
    import subprocess
    import sys

    path = tmp_path / "bomb.jsonl.gz"
    _bomb(path, block, 1 << 30)
    assert path.stat().st_size < 4 << 20
    code = ("import resource, sys, time; from game.replay import read_replay, ReplayFormatError\n"
            "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; t = time.monotonic()\n"
            "try:\n    read_replay(sys.argv[1])\nexcept ReplayFormatError as e:\n    print(e)\n"
            "print(time.monotonic() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    message, figures = done.stdout.splitlines()
    seconds, grown_kb = (float(v) for v in figures.split())
    assert "not a replay" in message
    assert seconds < 10 and grown_kb < 64 * 1024, (seconds, grown_kb)
