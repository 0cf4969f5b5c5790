"""How the command line is parsed: a bad option is one line and exit 2, and every subcommand is added the same
way (its one-line help and its description from one text)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
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



def bounded(kind: type[int] | type[float], low: float, high: float, unit: str) -> Callable[[str], Any]:
    """An option's type: a finite number of `kind` from `low` to `high` (`unit` says what it counts); anything
    else is one line naming the range (nan, inf, -5 and 2000000000 games are refused, never coerced)."""
    word = "a whole number" if kind is int else "a number"

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {word} ({unit})") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is not {word} from {low:,g} to {high:,g} ({unit})")
        return value

    return parse
