"""Keep pybullet's "pybullet build time: ..." banner out of our standard output.

The C extension prints it with C stdio when a client connects; it sits in C's stdout buffer
and comes out at exit, in the middle of (or after) `junkart sim --json`'s one JSON line. So a
connection is made with file descriptor 1 pointed at /dev/null and C's buffer flushed there.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator

import pybullet as pb


@contextmanager
def _stdout_silenced() -> Iterator[None]:
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no usable stdout: nothing to protect
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        yield
        _flush_c_stdio()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


def _flush_c_stdio() -> None:
    try:
        import ctypes
        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError):
        pass


def connect_direct() -> int:
    """A new PyBullet DIRECT client, without the banner on our stdout."""
    with _stdout_silenced():
        return pb.connect(pb.DIRECT)
