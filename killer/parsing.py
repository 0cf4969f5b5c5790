"""How the command line is parsed: a bad option is one line and exit 2 (with a "did you mean" where a known name
is close, pointing at the subcommand's own help), and every subcommand is added the same way (its one-line help
and its description from one text)."""

from __future__ import annotations

import argparse
import difflib
import math
import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from killer.exit_codes import ExitCode

INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)'")


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad option is one line (naming the command, a close known name, and where to read more) and
    exit 2. A subcommand's parser refuses unknown arguments itself, so the line names its own help."""

    strict = False  # set on subcommands: unknown arguments are their error, not the top-level parser's

    def error(self, message: str) -> NoReturn:
        line = f"{self.prog}: {message}{self._suggestion(message)} (see {self.prog} --help)\n"
        self.exit(ExitCode.BAD_INPUT, line)

    def parse_known_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        parsed, extras = super().parse_known_args(args, namespace)
        if extras and self.strict:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras

    def _suggestion(self, message: str) -> str:
        """"; did you mean --seed?" for the first unknown word close to a known option or subcommand."""
        choice = INVALID_CHOICE.search(message)
        if choice:
            return _closest(choice.group(1), self._subcommands())
        if message.startswith("unrecognized arguments:"):
            known = list(self._option_string_actions)
            for word in message.split(":", 1)[1].split():
                if word.startswith("-"):
                    hint = _closest(word.split("=", 1)[0], known)
                    if hint:
                        return hint
        return ""

    def _subcommands(self) -> list[str]:
        return [name for action in self._actions if isinstance(action, argparse._SubParsersAction)
                for name in action.choices]


def _closest(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


def add_command(subparsers: Any, name: str, text: str) -> argparse.ArgumentParser:
    """A subcommand whose help line and description are `text`. argparse %-formats help lines (not
    descriptions), so a literal % in the text ("closest to 50 %") is escaped for the help line only."""
    parser: argparse.ArgumentParser = subparsers.add_parser(name, help=text.replace("%", "%%"), description=text)
    if isinstance(parser, OneLineParser):
        parser.strict = True
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
