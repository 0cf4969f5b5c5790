"""Showing the wait: which seats the table waits for, a spinner and the time waited, and a line when a seat's
answer had to be retried or replaced by a legal default.

Night requests name no seat outside the god view (who acts at night is secret); day requests are public.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual.widgets import Static

from engine import DECISIONS
from engine.record.view import GOD, View
from orchestrator.store.transcript import Entry
from tui.i18n import seat_list, tr

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
NOTES_KEPT = 2  # two seats' troubles in a row both stay readable
DECISION_EVENTS = DECISIONS


@dataclass
class Wait:
    """The agent seats asked now ({"seat", "kind"}), since when, and the latest retry/fallback notes."""

    requests: list[dict[str, Any]] = field(default_factory=list)
    since: float = 0.0
    notes: list[Text] = field(default_factory=list)  # the latest NOTES_KEPT, oldest first

    def note(self, text: Text) -> None:
        self.notes = [*self.notes, text][-NOTES_KEPT:]

    def start(self, requests: list[dict[str, Any]]) -> None:
        self.requests, self.since = list(requests), time.monotonic()

    def stop(self) -> None:
        self.requests = []

    def answered(self, entry: Entry) -> None:
        """A decision event: its seat is no longer waited for."""
        if entry.event.kind in DECISION_EVENTS:
            seat = entry.event.data.get("seat")
            self.requests = [r for r in self.requests if r.get("seat") != seat]

    @property
    def active(self) -> bool:
        return bool(self.requests)


def wait_text(lang: str, requests: list[dict[str, Any]], view: View, elapsed: float, frame: int = 0) -> Text:
    """`⠋ Waiting for seats 3, 5 (vote) · 12 s`; night requests are named only in the god view."""
    text = Text(SPINNER[frame % len(SPINNER)] + " ", "bold yellow")
    text.append(waiting_what(lang, requests, view), "yellow")
    text.append(" · " + tr(lang, "wait_elapsed", s=int(elapsed)), "dim")
    return text


def waiting_what(lang: str, requests: list[dict[str, Any]], view: View) -> str:
    """Who is deciding, as far as `view` may know."""
    shown = [r for r in requests if view == GOD or r.get("kind") != "night"]
    if not shown:
        return tr(lang, "wait_night")
    kinds = sorted({str(r.get("kind")) for r in shown})
    seats = sorted({int(r["seat"]) for r in shown})
    who = tr(lang, "wait_seat_one" if len(seats) == 1 else "wait_seat_many", seats=seat_list(lang, seats))
    return tr(lang, "wait_seats", seats=who, what=", ".join(tr(lang, f"kind_{k}") for k in kinds))


def answer_note(entry: Entry, lang: str, view: View) -> Text | None:
    """A line when a seat's answer was retried or replaced by a fallback. Only for decisions the view may see
    (a night choice's retries would tell that the seat acts at night)."""
    note = entry.annotation or {}
    if entry.event.kind not in DECISION_EVENTS or not note:
        return None
    if entry.event.visible_to is not None and view != GOD:
        return None
    seat = entry.event.data.get("seat")
    if note.get("fallback"):
        return Text(tr(lang, "note_fallback", seat=seat), "bold red")
    if int(note.get("retries") or 0) > 0:
        return Text(tr(lang, "note_retried", seat=seat, n=int(note["retries"])), "yellow")
    return None


class WaitLine(Static):
    """Under the feed: the spinner line while agents think, and the latest retry/fallback note."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.text = ""

    def show(self, lang: str, wait: Wait, view: View, frame: int = 0) -> None:
        lines: list[Text] = []
        if wait.active:
            lines.append(wait_text(lang, wait.requests, view, time.monotonic() - wait.since, frame))
        lines += wait.notes
        self.display = bool(lines)
        out = Text("\n").join(lines)
        self.text = out.plain
        self.update(out)
