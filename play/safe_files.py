"""Writing files so that nothing is lost or overwritten by accident, and reading the data folder
without leaving it.

A file that already exists is replaced only by a finished new one: the new bytes go to a hidden
file in the same folder, are flushed and fsynced, and only then renamed over the old file
(`os.replace`, atomic on one file system). A new file is written in place, line by line, so a
game killed midway still leaves what it recorded. Nothing is written through a symlink, onto a
directory or device, or where the user may not write: each is one `UnsafePathError` line.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import IO, Callable

from play.errors import UsageError

# Injected by tests that run as root, where every permission check passes.
access: Callable[[str, int], bool] = os.access


class UnsafePathError(UsageError):
    """A path the game refuses to write to (one line: which and why)."""


def check_output(path: str | Path, what: str = "file") -> Path:
    """`path` as a place to write a `what`: refused in one line if it is empty, a symlink
    (dangling or not), a directory or device, or in a folder (or onto a file) the user cannot
    write. Missing parent folders are created."""
    if str(path) == "":
        raise UnsafePathError(f"the {what} needs a file name")
    path = Path(path)
    if path.is_symlink():
        raise UnsafePathError(f"{path}: is a symbolic link; not writing the {what} through it")
    if path.exists():
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise UnsafePathError(f"{path}: is a directory, not a {what}")
        if not stat.S_ISREG(mode):
            raise UnsafePathError(f"{path}: is not a regular file; not writing the {what} there")
        if not access(str(path), os.W_OK):
            raise UnsafePathError(f"{path}: the file is not writable")
    parent = path.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UnsafePathError(f"{parent}: cannot make the folder for the {what} ({error.strerror or error})") from None
    if not parent.is_dir():
        raise UnsafePathError(f"{parent}: is not a folder")
    if not access(str(parent), os.W_OK | os.X_OK):
        raise UnsafePathError(f"{parent}: the folder is read-only; cannot write the {what} there")
    return path


class SafeOutput:
    """A binary file being written to `path`: in place when `path` is new, else to a hidden
    temporary file renamed over `path` by `close()`. `abandon()` leaves `path` as it was."""

    def __init__(self, path: str | Path, what: str = "file") -> None:
        self.path = check_output(path, what)
        self.what = what
        self._temp: Path | None = None
        try:
            if self.path.exists():
                fd, name = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".part")
                self._temp = Path(name)
            else:
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except FileExistsError:
            raise UnsafePathError(f"{self.path}: appeared while it was opened; not overwriting it") from None
        except OSError as error:
            raise UnsafePathError(f"{self.path}: cannot write the {what} ({error.strerror or error})") from None
        self.file: IO[bytes] = os.fdopen(fd, "wb")

    def close(self, complete: bool = True) -> None:
        """Flush and fsync, then (for a replaced file) rename into place; with `complete=False`
        a replacement is dropped and the old file kept."""
        if self.file.closed:
            return
        if not complete and self._temp is not None:
            self.abandon()
            return
        try:
            self.file.flush()
            os.fsync(self.file.fileno())
        finally:
            self.file.close()
        if self._temp is not None:
            if self.path.is_symlink():     # put there while we wrote: never replace a link's target
                self._temp.unlink(missing_ok=True)
                raise UnsafePathError(f"{self.path}: became a symbolic link; the new {self.what} was not kept")
            os.replace(self._temp, self.path)
            _sync_folder(self.path.parent)

    def abandon(self) -> None:
        if not self.file.closed:
            self.file.close()
        (self._temp or self.path).unlink(missing_ok=True)


def write_bytes(path: str | Path, data: bytes, what: str = "file") -> Path:
    """All of `data` to `path`, replacing it only once the new file is whole."""
    out = SafeOutput(path, what)
    try:
        out.file.write(data)
        out.close()
    except OSError as error:
        out.abandon()
        raise UnsafePathError(f"{out.path}: cannot write the {what} ({error.strerror or error})") from None
    return out.path


def temporary_sibling(path: Path) -> Path:
    """A fresh hidden name next to `path`, with its suffix (for writers that choose the format
    by the name, such as an image writer), to be renamed into place with `commit`."""
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=f".part{path.suffix}")
    os.close(fd)
    return Path(name)


def commit(temp: Path, path: Path, what: str = "file") -> None:
    """Rename a finished `temp` over `path`, if it holds something; otherwise say so."""
    try:
        if not temp.is_file() or temp.stat().st_size == 0:
            raise UnsafePathError(f"{path}: the {what} could not be written")
        if path.is_symlink():
            raise UnsafePathError(f"{path}: became a symbolic link; the {what} was not kept")
        with open(temp, "rb") as done:
            os.fsync(done.fileno())
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def regular_files(folder: Path, pattern: str) -> list[Path]:
    """The regular files in `folder` (not below it) whose names match `pattern`, hidden files
    left out; symlinks and anything else are skipped. An unreadable folder is one line."""
    try:
        with os.scandir(folder) as entries:
            found = [Path(entry.path) for entry in entries
                     if not entry.name.startswith(".") and Path(entry.name).match(pattern)
                     and entry.is_file(follow_symlinks=False)]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise UnsafePathError(f"{folder}: cannot read the folder ({error.strerror or error})") from None
    return found


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
