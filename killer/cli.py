"""The `killer` command line: parses arguments, then calls the packages. Errors become one line + exit 2."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import shlex
import signal
import sys
import threading
import warnings
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import IO

from engine import KillerError
from hygiene.sanitize import clean
from hygiene.secrets import redact
from killer.exit_codes import BAD_INPUT_ERRORS, ExitCode
from killer.parsing import OneLineParser

# Each module has register(subparsers) adding its subcommands with set_defaults(run=callable(args) -> int).
COMMAND_MODULES = (
    "killer.engine_commands",  # variants, scenario, simulate
    "killer.game_commands",  # run, verify, render, resume
    "killer.tui_commands",  # watch, play
    "killer.eval_commands",  # eval, report, balance
    "killer.data_commands",  # label, export
)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every available subcommand."""
    parser = OneLineParser(prog="killer", description="The Killer game (杀人游戏) judged by a rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `killer` console script."""
    args = build_parser().parse_args(argv)
    warnings.showwarning = show_warning  # a library's warning may quote a hostile name (matplotlib's glyphs)
    try:
        with _sigterm_interrupts():
            return int(args.run(args))
    except BAD_INPUT_ERRORS as exc:  # every KillerError (CommandError too), a file, the checkpoint database
        _error(args.command, error_line(exc))
        return ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        words = ["killer", *(sys.argv[1:] if argv is None else argv)]
        hint = f"; nothing was kept, so start it again with: {shlex.join(words)}" if getattr(args, "study", False) \
            else ""
        print(f"killer {args.command}: interrupted{clean(redact(hint))}", file=sys.stderr)
        return ExitCode.INTERRUPTED


def error_line(exc: Exception) -> str:
    """What a refusal says: its own message; a file or folder the system refused, with its name."""
    if isinstance(exc, OSError) and not isinstance(exc, KillerError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror or exc}"
    return str(exc)


def show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: IO[str] | None = None, line: str | None = None) -> None:
    """A warning as one clean line (no escape sequence, no key, no newline), whatever text it quotes."""
    print(f"warning: {clean(redact(str(message)), max_chars=500)}", file=file or sys.stderr)


def _error(command: str, message: str) -> None:
    """The one error line: no key, no URL credentials (hygiene.secrets.redact), no control character."""
    print(f"killer {command}: {clean(redact(message), max_chars=2000)}", file=sys.stderr)


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM (sent by `kill`, `timeout`, systemd, job schedulers) interrupts like Ctrl-C: the same unwinding
    stops the embedded model server and closes the transcript, where the default action would end the process at
    once and leave the server running. Only the main thread may set a handler; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    previous_int = signal.getsignal(signal.SIGINT)
    if not callable(previous_int):  # ignored, as in a shell's background job: asyncio.run takes Ctrl-C over
        signal.signal(signal.SIGINT, signal.default_int_handler)  # only from Python's own handler
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Hands SIGTERM to what handles Ctrl-C now: inside asyncio.run that cancels the main task, so every
    `async with` unwinds (raising KeyboardInterrupt there instead left the checkpoint's database thread
    running and the process hung at exit); elsewhere Python's handler raises KeyboardInterrupt."""
    on_ctrl_c = signal.getsignal(signal.SIGINT)
    if callable(on_ctrl_c):
        on_ctrl_c(signal.SIGINT, frame)
        return
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
