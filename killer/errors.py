"""The command line's one error type."""

from __future__ import annotations


class CommandError(Exception):
    """A problem with the user's input (a file, an option): printed as one line, exit status 2."""
