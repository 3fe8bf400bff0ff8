"""Errors of the command line."""
from __future__ import annotations


class UsageError(ValueError):
    """Bad command-line input: printed as one line, exit code 2."""
