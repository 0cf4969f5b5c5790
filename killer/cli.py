"""The `killer` command line: parses arguments, then calls the packages. Errors become one line + exit 2."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from engine import KillerError
from killer.errors import CommandError

# Each module has register(subparsers) adding its subcommands with set_defaults(run=callable(args) -> int).
COMMAND_MODULES = (
    "killer.engine_commands",  # variants, scenario, simulate
    "killer.game_commands",  # run, verify, render, resume
    "killer.tui_commands",  # watch, play
    "killer.eval_commands",  # eval, report, balance
)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad option is one line (naming the command and where to read more) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every available subcommand."""
    parser = OneLineParser(prog="killer", description="The Killer game (杀人游戏) judged by a rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `killer` console script."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (CommandError, KillerError) as exc:
        print(f"killer {args.command}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file or folder the user named cannot be read or written
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"killer {args.command}: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"killer {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
