"""The command line's one error type."""

from __future__ import annotations

from engine.errors import KillerError


class CommandError(KillerError):
    """A problem with the user's input (a file, an option): printed as one line, exit status 2."""
