"""`junkart bench live`: its replay-size figure records a real game through the window code."""
from __future__ import annotations

import json
import subprocess
import sys


def test_the_replay_size_figure_records_live_hand_keys_in_a_real_replay():
    # Half a minute of hand in 10-second placements: the same code path as the 10-minute figure,
    # in its own process (it opens its own window; Panda3D allows one per process).
    done = subprocess.run([sys.executable, "-c", "import json; from benchmarks.bench_live import replay_size; "
                           "print(json.dumps(replay_size(hand_minutes=0.5, seconds_per_placement=10.0)))"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["replay_live_placements"] + figures["replay_assisted_instead"] >= 3
    assert figures["replay_live_placements"] >= 1
    # A key a frame while the hand moves (two thirds of 600 frames a placement); held still, one
    # longer key.
    assert figures["replay_hand_keys"] >= 300 * figures["replay_live_placements"]
    assert 0 < figures["replay_gzip_kb"] < figures["replay_kb"]


def test_replay_size_is_asked_of_bench_live_only():
    done = subprocess.run([sys.executable, "-m", "play.cli", "bench", "physics", "--replay-size"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "junkart: error: --replay-size goes with 'bench live' only"
