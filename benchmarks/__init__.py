"""Benchmarks: figures, never pass/fail (`junkart bench <name>`, see play/commands/bench.py)."""
from __future__ import annotations

import json
import sys
from typing import Callable


def print_figures(run: Callable[..., dict]) -> None:
    """`python -m benchmarks.bench_<name> [--quick]`: the bench's figures as one JSON line."""
    print(json.dumps(run(quick="--quick" in sys.argv), sort_keys=True))
