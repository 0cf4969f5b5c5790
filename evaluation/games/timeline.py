"""The public acts of one game in order: speeches that accuse, votes grouped into ballots, verdicts, days alive.

The deception, detection-by-seat and persuasion metrics read this instead of walking raw events each time. A
ballot is a run of `vote` events not separated by any non-decision event (statements may sit between votes:
v4 interleaves them); its observed candidates are the seats that got at least one vote in it, plus the
defendant when an `accused` event (v2.5/v3.5 nomination) opened a yes/no ballot. A ballot opened after the
day's `suspects` event keeps those seats (v2's final vote is among them alone).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import DECISIONS, Event, EventKind

ACCUSING = frozenset({EventKind.STATEMENT, EventKind.LAST_WORDS})  # speeches whose accusation the timeline counts


@dataclass
class Act:
    """A public accusation or vote, with the private beliefs recorded with that same decision."""

    kind: str  # "speech" or "vote"
    seat: int
    target: int | None
    beliefs: dict[int, float]  # the decision's own suspicions: P(killer) per seat
    living: frozenset[int]
    night: int  # nights begun so far: a persuasion window never crosses a night
    ballot: int | None = None
    own: bool = True  # False for a fallback: the program's move, not the player's (it still counts as a vote)


@dataclass
class Ballot:
    """One round of voting."""

    number: int
    defendant: int | None = None  # a yes/no ballot on this seat (hand down = spare)
    suspects: frozenset[int] | None = None  # the day's suspects named before this ballot opened
    votes: list[Act] = field(default_factory=list)

    @property
    def candidates(self) -> set[int]:
        got = {v.target for v in self.votes if v.target is not None}
        return got | ({self.defendant} if self.defendant is not None else set())


@dataclass
class Timeline:
    """All public acts of a game, its ballots, its verdicts (executed seat, living before), days alive."""

    acts: list[Act] = field(default_factory=list)
    ballots: dict[int, Ballot] = field(default_factory=dict)
    verdicts: list[tuple[int | None, frozenset[int]]] = field(default_factory=list)
    days_alive: dict[int, int] = field(default_factory=dict)


def _target(value: Any) -> int | None:
    if isinstance(value, list | tuple):
        return int(value[0])
    return None if value is None else int(value)


def _beliefs(note: Mapping[str, Any] | None) -> dict[int, float]:
    return {int(s): float(p) for s, p in ((note or {}).get("suspicions") or {}).items()}


def build_timeline(seats: Iterable[int], pairs: Iterable[tuple[Event, Mapping[str, Any] | None]]) -> Timeline:
    """Walks (event, annotation) pairs once, tracking who is alive, the open ballot and any pending defendant."""
    tl = Timeline()
    living = set(seats)
    tl.days_alive = dict.fromkeys(living, 0)
    night = 0
    open_ballot: Ballot | None = None
    defendant: int | None = None
    suspects: frozenset[int] | None = None
    for event, note in pairs:
        data = event.data
        if event.kind not in DECISIONS:
            open_ballot = None
            if event.kind == EventKind.DEATH:
                living.discard(int(data["seat"]))
            elif event.kind == EventKind.NIGHT_FALLS:
                night, defendant, suspects = night + 1, None, None
            elif event.kind == EventKind.SUSPECTS:
                suspects = frozenset(int(s) for s in data.get("seats") or ())
            elif event.kind == EventKind.DAY_BEGINS:
                for s in living:
                    tl.days_alive[s] += 1
            elif event.kind == EventKind.ACCUSED:
                defendant = int(data["seat"])
            elif event.kind == EventKind.VERDICT:
                executed = data.get("executed")
                tl.verdicts.append((None if executed is None else int(executed), frozenset(living)))
                defendant, suspects = None, None
            continue
        seat = int(data["seat"])
        mine = not (note and note.get("fallback"))
        if event.kind in ACCUSING and isinstance(data.get("accusation"), int) and mine:
            tl.acts.append(Act("speech", seat, int(data["accusation"]), _beliefs(note), frozenset(living), night))
        elif event.kind == EventKind.VOTE:
            if open_ballot is None:
                open_ballot = Ballot(len(tl.ballots) + 1, defendant, suspects)
                tl.ballots[open_ballot.number] = open_ballot
                defendant, suspects = None, None
            act = Act(EventKind.VOTE, seat, _target(data.get("target")), _beliefs(note), frozenset(living), night,
                      open_ballot.number, mine)
            open_ballot.votes.append(act)
            tl.acts.append(act)
    return tl
