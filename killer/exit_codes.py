"""One table of exit codes for every `killer` command (README, "Exit codes").

| code | meaning |
|------|---------|
| 0    | done |
| 1    | an internal error (a bug: please report it); for `killer verify`: the transcript is not the game the |
|      | engine replays from its seed and decisions (`REFUTED`) |
| 2    | bad input: a file, an option, a configuration, a preflight refusal by an endpoint, a busy game or run: every |
|      | `KillerError` (engine.errors: the one hierarchy every refusal of the project derives from), a file the |
|      | system refuses (`OSError`), a checkpoint database that cannot be used (`sqlite3.Error`) |
| 3    | finished, but degraded: a seat's fallbacks were more than 10% of its decisions and at least 3 |
| 130  | interrupted (Ctrl-C or SIGTERM), and saved: the printed resume command continues it |

When several apply, `combine` decides: an interruption (130) wins, since the work is not finished; otherwise the
lowest non-zero code wins.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from enum import IntEnum

from engine.errors import KillerError


class ExitCode(IntEnum):
    DONE = 0
    INTERNAL = 1
    REFUTED = 1  # killer verify only: the same code as INTERNAL (docs/security.md), named for what it says
    BAD_INPUT = 2
    DEGRADED = 3
    INTERRUPTED = 130


# The errors that end a command with one line and BAD_INPUT (the table above); anything else is a bug (a traceback).
BAD_INPUT_ERRORS: tuple[type[Exception], ...] = (KillerError, OSError, sqlite3.Error)


def combine(codes: Iterable[int]) -> int:
    """The one exit code for several outcomes: 130 if any was interrupted, else the lowest non-zero, else 0."""
    codes = [int(code) for code in codes]
    if ExitCode.INTERRUPTED in codes:
        return ExitCode.INTERRUPTED
    failures = [code for code in codes if code != ExitCode.DONE]
    return min(failures) if failures else ExitCode.DONE
