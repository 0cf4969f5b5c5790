"""How the command line is parsed: a bad option is one line and exit 2, and every subcommand is added the same
way (its one-line help and its description from one text)."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad option is one line (naming the command and where to read more) and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def add_command(subparsers: Any, name: str, text: str) -> argparse.ArgumentParser:
    """A subcommand whose help line and description are `text`. argparse %-formats help lines (not
    descriptions), so a literal % in the text ("closest to 50 %") is escaped for the help line only."""
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=text.replace("%", "%%"), description=text)
    return parser
