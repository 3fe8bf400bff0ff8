"""The `junkart` command: a thin dispatcher over one module per sub-command in `play.commands`.

Each command module exposes `register(subparsers)`, which adds its parser and sets
`func=run(args) -> int`. Keeping one module per command lets them grow independently.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

from play.errors import UsageError

# Order is the order shown in --help.
COMMAND_MODULES = (
    "play.commands.start",    # `junkart play`: the desktop game (headless demo without a display); `junkart` alone: the menu
    "play.commands.cities",   # `junkart cities --json`
    "play.commands.rules",    # `junkart rules philadelphia`
    "play.commands.sim",      # `junkart sim ...`: a headless tour with bots
    "play.commands.replay",   # `junkart replay verify FILE`
    "play.commands.popart",   # `junkart popart [sim|solo]`
    "play.commands.bench",    # `junkart bench physics|bots|popart --json`
)


VERBOSE_FLAGS = ("--verbose", "-v")
VERBOSE_ENV = "JUNKART_VERBOSE"    # read by scenes.common.open_showbase: Panda3D's own start-up lines


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="junkart", description="Junk Art 3D. `junkart` alone opens the start menu; a command does one thing.",
        epilog="Add --verbose (-v) to any command to see Panda3D's own start-up messages.")
    subparsers = parser.add_subparsers(dest="command")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name == name:  # command not built yet
                continue
            raise
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(flag in argv for flag in VERBOSE_FLAGS):       # accepted anywhere on the line
        argv = [a for a in argv if a not in VERBOSE_FLAGS]
        os.environ[VERBOSE_ENV] = "1"
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *argv])
        args.menu = True          # `junkart` alone opens the start menu
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:       # Ctrl+C: one line, the shell's usual code for SIGINT
        print("junkart: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`junkart sim --json | head`): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (UsageError, ValueError, FileNotFoundError) as error:  # bad input: one line, exit 2
        print(f"junkart: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
