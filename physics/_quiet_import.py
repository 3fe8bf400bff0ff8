"""Keep pybullet's "pybullet build time: ..." banner out of our standard output.

The C extension prints it with C stdio when it loads; it sits in C's stdout buffer and comes
out at exit, in the middle of (or after) `junkart sim --json`'s one JSON line. So the import
(and each connection, to be safe) happens with file descriptors 1 and 2 pointed at /dev/null
and C's buffers flushed there.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def _stdout_silenced() -> Iterator[None]:
    """File descriptors 1 and 2 point at /dev/null inside; C's buffers are flushed there."""
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        saved = [os.dup(1), os.dup(2)]
    except OSError:  # no usable stdout/stderr: nothing to protect
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        yield
        _flush_c_stdio()
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, devnull):
            os.close(fd)


def _flush_c_stdio() -> None:
    try:
        import ctypes
        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError):
        pass


with _stdout_silenced():   # the banner is printed (into C's buffer) when the module loads
    import pybullet as pb


def connect_direct() -> int:
    """A new PyBullet DIRECT client, without the banner on our stdout."""
    with _stdout_silenced():
        return pb.connect(pb.DIRECT)
