"""What a game knows beyond the engine's state, derived from its transcript's entries and nothing else: each seat's
latest notebook (given back to the seat at its next decision) and each seat's decisions and fallbacks (the end
line's health figures, agents/health.py).

One pure function, `ledger(entries)`, serves the live game (over the entries recorded so far) and a resume (over
the entries the transcript keeps), so a resumed game knows exactly what the live game knew at that point, and no
graph node keeps any of it as its own side effect.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from agents.health import FallbackTally
from agents.view import NotebookData
from orchestrator.store.transcript import Entry


@dataclass(frozen=True)
class Ledger:
    """Each seat's latest notebook, and the decisions and fallbacks per seat."""

    notebooks: dict[int, NotebookData] = field(default_factory=dict)
    tally: FallbackTally = field(default_factory=FallbackTally)
    decisions: int = 0  # the decision entries (every annotated entry, a lost one of a crashed run included)


def decider(entry: Entry) -> int:
    """The seat whose decision an annotated entry records (0 where the event names none)."""
    return int(entry.event.data.get("seat") or 0)


def notebook_of(entry: Entry) -> NotebookData | None:
    """The notebook an entry's decision wrote (None: not a decision, or it wrote none)."""
    note = entry.annotation
    return note["notebook"] if note is not None and note.get("notebook") else None


def ledger(entries: Iterable[Entry]) -> Ledger:
    """The ledger of a game from its entries, in order: a later notebook of a seat replaces its earlier one."""
    notebooks: dict[int, NotebookData] = {}
    tally = FallbackTally()
    decisions = 0
    for entry in entries:
        note = entry.annotation
        if note is None:
            continue
        decisions += 1
        tally.add(decider(entry), note)
        if (book := notebook_of(entry)) is not None:
            notebooks[decider(entry)] = book
    return Ledger(notebooks, tally, decisions)


@dataclass
class Notebooks:
    """Each seat's latest notebook over a game's growing entries, each entry read once (`ledger(entries)
    .notebooks` at every step read them all again: a game's steps times its entries)."""

    books: dict[int, NotebookData] = field(default_factory=dict)
    read: int = 0  # the entries read so far

    def over(self, entries: list[Entry]) -> dict[int, NotebookData]:
        """The notebooks of `entries`, the same list as before with entries appended since (else read anew)."""
        if len(entries) < self.read:
            self.books, self.read = {}, 0
        for entry in entries[self.read:]:
            if (book := notebook_of(entry)) is not None:
                self.books[decider(entry)] = book
        self.read = len(entries)
        return self.books
