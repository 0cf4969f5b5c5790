"""`killer verify`: replay a transcript through the engine and compare every regenerated event."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine import MALFORMED, Event, KillerError
from orchestrator.store.transcript import Transcript, read_transcript

UNREPLAYABLE: tuple[type[Exception], ...] = (KillerError, *MALFORMED)  # a refusal, or data no game made


@dataclass
class VerifyReport:
    """The verdict on one transcript: problems (empty when consistent) and what was checked."""

    path: Path
    problems: list[str] = field(default_factory=list)
    events: int = 0
    decisions: int = 0
    winner: str | None = None
    finished: bool = False
    checks: list[str] = field(default_factory=list)  # what was checked, in order, for the summary

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if not self.ok:
            return f"{self.path}: INCONSISTENT: {self.problems[0]}" + (
                f" (+{len(self.problems) - 1} more)" if len(self.problems) > 1 else "")
        state = f"{self.winner} won" if self.finished else "game not over (--partial)"
        return (f"{self.path}: ok: {self.events} events, {self.decisions} decisions replayed, {state}; "
                f"checked: {', '.join(self.checks)}")


def _norm(event: Event) -> Any:
    return json.loads(json.dumps(event.to_dict()))


def _short(obj: Any, limit: int = 160) -> str:
    text = json.dumps(obj, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def compare(recorded: list[Event], produced: list[Event], label: str) -> list[str]:
    """The first difference between two event logs, as a readable problem."""
    for i, (a, b) in enumerate(zip(recorded, produced, strict=False)):
        if _norm(a) != _norm(b):
            return [f"{label}: event {i} differs: recorded {_short(_norm(a))} but the engine makes {_short(_norm(b))}"]
    if len(recorded) != len(produced):
        return [f"{label}: {len(recorded)} events recorded but the engine makes {len(produced)}"]
    return []


def _seeded(t: Transcript) -> tuple[engine.GameState, list[Event]]:
    """Re-plays the recorded actions from the header's seed (catches a deal or draw that the seed never made)."""
    rng = random.Random(int(t.header["seed"]))
    state, produced = engine.new_game(t.header["ruleset"], rng, players=int(t.header["players"]),
                                      team_talk=engine.recorded_team_talk(t.events),
                                      card_talk=engine.recorded_card_talk(t.events),
                                      revision=engine.recorded_revision(t.events))
    for action in engine.decisions(t.events):
        state, more = engine.apply(state, action, rng)
        produced.extend(more)
    return state, produced


def verify_transcript(t: Transcript, partial: bool = False) -> VerifyReport:
    """Checks the seed, indices, the log-only replay, the seeded replay and the end line (`partial`: a game in
    progress may lack its end line; every other check still runs)."""
    report = VerifyReport(t.path, events=len(t.entries), decisions=len(engine.decisions(t.events)))
    seed = t.header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        report.problems.append("the header has no integer seed, so the deal and draws cannot be checked "
                               f"(seed is {_short(seed, 40)})")
        return report
    for n, entry in enumerate(t.entries):
        if entry.i != n:
            report.problems.append(f"event line {n} is numbered {entry.i}")
            return report
    report.checks.append("event numbering")
    try:
        state, produced = engine.replay(str(t.header.get("ruleset")), t.events)
    except UNREPLAYABLE as exc:
        report.problems.append(f"replay fails: {type(exc).__name__}: {exc}")
        return report
    report.problems += compare(t.events, produced, "replay")
    report.checks.append("replay of every decision")
    if not report.problems:
        try:
            _, seeded = _seeded(t)
            report.problems += compare(t.events, seeded, f"seed {seed}")
        except UNREPLAYABLE as exc:
            report.problems.append(f"seeded replay fails: {type(exc).__name__}: {exc}")
        report.checks.append(f"deal and draws from seed {seed}")
    report.winner = state.winner.value if state.winner else None
    report.finished = t.end is not None
    report.problems += _check_end(t, state, len(produced), partial)
    report.checks.append("end line" if t.end is not None else "no end line (in progress)")
    return report


def _check_end(t: Transcript, state: engine.GameState, n_events: int, partial: bool) -> list[str]:
    if t.end_lines > 1:
        return [f"the transcript has {t.end_lines} end lines (two processes wrote it?)"]
    if t.after_end:
        return [f"{t.after_end} event line(s) follow the end line"]
    if t.end is None:
        if state.winner is not None:
            return ["the game is over but the end line is missing"]
        return [] if partial else ["the game is not over (no end line); verify --partial accepts a game in progress"]
    winner = state.winner.value if state.winner else None
    if t.end.get("winner") != winner:
        return [f"the end line says {t.end.get('winner')} won but the engine says {winner}"]
    figures = {"events": n_events, "decisions": len(engine.decisions(t.events)), "nights": state.night,
               "days": state.day}
    for name, value in figures.items():
        if name not in t.end:
            return [f"the end line has no {name} (the engine counts {value})"]
        if t.end[name] != value or isinstance(t.end[name], bool):
            return [f"the end line counts {_short(t.end[name], 40)} {name} but the engine makes {value}"]
    return []


def verify_file(path: Path, partial: bool = False) -> VerifyReport:
    """Reads and verifies a transcript (TranscriptError for a file that is not one)."""
    return verify_transcript(read_transcript(path), partial=partial)
