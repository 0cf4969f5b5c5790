"""The one exit-code table: an interruption wins, otherwise the lowest non-zero code."""

from __future__ import annotations

from killer.exit_codes import ExitCode, combine


def test_combine() -> None:
    assert combine([]) == ExitCode.DONE
    assert combine([0, 0]) == ExitCode.DONE
    assert combine([3, 2, 0]) == ExitCode.BAD_INPUT
    assert combine([3, 0]) == ExitCode.DEGRADED
    assert combine([3, 130, 1]) == ExitCode.INTERRUPTED
