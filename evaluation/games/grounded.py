"""Deception grounded in what the table heard and what the seat knew, never in the player's own label.

Definitions (docs/metrics.md, "Grounded deception"). Only a seat's own decisions count (an annotation with a
`fallback` is the program's move, not the model's).
- A public claim is the `claim` of a speech event (statement, defense, last words): {"role": id or None,
  "checks": [{"night", "target", "result"}]}. A role lie claims a role the seat holds no card of. A false check
  report names a (night, target) the seat saw no check_result of, or a result other than the one it saw.
- Older transcripts record no public claim: their speeches carry only the private label `claimed_role`, counted
  apart (label_claims, label_lies) and reported as a separately named figure.
- Knowledge: a seat knows its killer teammates (a `teammates` event for the killer role that it sees) and, when
  those teammates are every killer-side seat of the deal, that every other seat is good; the results of the
  checks it sees; and the sides the judge announces (v4's `executed_side`). A knowing false accusation names
  (speech accusation or vote) a seat the actor knows is good (its chance: the known-good share of the living
  seats whose side it knows); a bus is a killer's vote on a partner it knows. A contradicted belief is a
  suspicion under 0.5 on a seat it knows is a killer, or over 0.5 on one it knows is good.
- Detection: a lie is followed by the next ballot, when that ballot has another living seat of the liar's side
  to compare with; it is detected when the ballot holds a vote on the liar, and its chance is the share of
  those side-mates that got a vote. Votes count from seats of another contestant than the liar's (any other
  seat in a game of one contestant) and never a seat's vote on itself.
- Bluff success (killer-side lies only: a good seat's execution is no success for a good liar): the lie's next
  verdict executes a good seat (of another contestant); its chance is the share of the game's other verdicts
  that did. Lies in a game of one verdict have no chance to compare with and are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import DECISIONS, SPEECHES, Event, EventKind, Team, team_of
from engine.roles import ROLES
from evaluation.games.facts import SeatFacts, is_cross, scored
from evaluation.games.rates import Rate, sided

BELIEVED = 0.5


def own(note: Mapping[str, Any] | None) -> bool:
    """Whether a decision was the player's own (no annotation: a bot's, which is its own play)."""
    return not (note and note.get("fallback"))


def _key(target: Any) -> Any:
    return tuple(target) if isinstance(target, list | tuple) else target


def _seat(target: Any) -> int | None:
    if isinstance(target, list | tuple):
        return int(target[0])
    return None if target is None else int(target)


@dataclass
class Knowledge:
    """What each seat knows so far: seats it knows are killers or good, and the checks it saw."""

    killers: dict[int, set[int]] = field(default_factory=dict)
    good: dict[int, set[int]] = field(default_factory=dict)
    checks: dict[int, dict[tuple[int, Any], str]] = field(default_factory=dict)

    def learn(self, event: Event, seats: Mapping[int, SeatFacts]) -> None:
        data = event.data
        watchers = [s for s in seats if event.visible_to is None or s in event.visible_to]
        if event.kind == EventKind.EXECUTED_SIDE and int(data["seat"]) in seats:
            told = self.killers if data.get("side") == "killer" else self.good
            for w in watchers:
                if w != int(data["seat"]):
                    told.setdefault(w, set()).add(int(data["seat"]))
        elif event.visible_to is None:
            return  # every other lesson is private: teammates and checks
        elif event.kind == EventKind.TEAMMATES:
            self._teammates(data, watchers, seats)
        elif event.kind == EventKind.CHECK_RESULT:
            target, result = data.get("target"), str(data.get("result"))
            seat = _seat(target)
            for w in watchers:
                self.checks.setdefault(w, {})[(int(data.get("night") or 0), _key(target))] = result
                if seat is not None and seat != w and result in ("killer", "not_killer"):
                    (self.killers if result == "killer" else self.good).setdefault(w, set()).add(seat)

    def _teammates(self, data: Mapping[str, Any], watchers: list[int], seats: Mapping[int, SeatFacts]) -> None:
        """Killers know their partners (and everyone else is good when those are every killer-side seat); the
        seats of a good role's team know each other are good, where a seat holds one card (v5's second card can
        put a police on the killers' side)."""
        team = {int(s) for s in data.get("seats") or []}
        role = str(data.get("role"))
        if role == "killer":
            everyone_bad = {n for n, s in seats.items() if s.side == "killers"}
            for w in watchers:
                if w in team:
                    self.killers.setdefault(w, set()).update(team - {w})
                    if team >= everyone_bad:
                        self.good.setdefault(w, set()).update(set(seats) - team)
        elif role in ROLES and team_of(role) is Team.GOOD and all(len(s.cards) == 1 for s in seats.values()):
            for w in watchers:
                if w in team:
                    self.good.setdefault(w, set()).update(team - {w})


@dataclass
class Lie:
    seat: int
    verdict: int | None = None  # the index of the verdict that followed it


@dataclass
class _Walk:
    seats: Mapping[int, SeatFacts]
    know: Knowledge = field(default_factory=Knowledge)
    living: set[int] = field(default_factory=set)
    lies: list[Lie] = field(default_factory=list)
    pending_ballot: list[Lie] = field(default_factory=list)
    pending_verdict: list[Lie] = field(default_factory=list)
    verdicts: list[int | None] = field(default_factory=list)  # each day verdict's executed seat
    ballot: list[tuple[int, int | None]] = field(default_factory=list)
    told: set[tuple[int, int, Any]] = field(default_factory=set)  # (seat, night, target) reported truthfully

    def __post_init__(self) -> None:
        self.living = set(self.seats)
        self.cross = is_cross(self.seats.values())

    def voted(self, liar: SeatFacts, seat: int) -> bool:
        """Whether the open ballot holds a vote on `seat` by a seat that scores the liar (not its own contestant's
        in a cross-scored game), never a seat's vote on itself."""
        return any(t == seat and v != seat and scored(liar, self.seats[v], self.cross) for v, t in self.ballot)

    def close_ballot(self) -> None:
        if not self.ballot:
            return
        for lie in self.pending_ballot:
            liar = self.seats[lie.seat]
            mates = [s for s in self.living if s != lie.seat and self.seats[s].side == liar.side]
            if mates:
                liar.lies_ballot_followed += 1
                liar.lies_detected += self.voted(liar, lie.seat)
                liar.lies_detected_chance += sum(self.voted(liar, m) for m in mates) / len(mates)
        self.pending_ballot = []
        self.ballot = []


def has_public_claims(pairs: Iterable[tuple[Event, Mapping[str, Any] | None]]) -> bool:
    """Whether the transcript records public claims at all (newer transcripts put a `claim` key in speeches)."""
    return any(e.kind in SPEECHES and "claim" in e.data for e, _ in pairs)


def count_grounded(seats: dict[int, SeatFacts], pairs: list[tuple[Event, Mapping[str, Any] | None]],
                   grounded: bool) -> None:
    """Adds public-claim lies, knowing deception, bluff success and detection to every seat."""
    walk = _Walk(seats)
    for event, note in pairs:
        if event.kind not in DECISIONS:
            walk.close_ballot()
            walk.know.learn(event, seats)
            if event.kind == EventKind.VERDICT:
                _verdict(walk, event)
            elif event.kind == EventKind.DEATH:
                walk.living.discard(int(event.data["seat"]))
            continue
        seat = int(event.data["seat"])
        me = seats[seat]
        if not own(note):
            continue  # a fallback neither lies nor detects a lie
        if event.kind == EventKind.VOTE:
            walk.ballot.append((seat, _seat(event.data.get("target"))))
        _knowing(walk, me, event, note)
        if event.kind in SPEECHES and grounded:
            _claim(walk, me, event.data.get("claim"))
    walk.close_ballot()
    _bluffs(walk)


def _verdict(walk: _Walk, event: Event) -> None:
    executed = event.data.get("executed")
    for lie in walk.pending_verdict:
        lie.verdict = len(walk.verdicts)
    walk.verdicts.append(None if executed is None else int(executed))
    walk.pending_verdict = []


def _bluffs(walk: _Walk) -> None:
    """Scores each killer-side lie's verdict against the game's other verdicts."""
    for lie in walk.lies:
        liar = walk.seats[lie.seat]
        if liar.side != "killers" or lie.verdict is None or len(walk.verdicts) < 2:
            continue
        good = [v is not None and walk.seats[v].side == "good" and scored(liar, walk.seats[v], walk.cross)
                for v in walk.verdicts]
        liar.bluffs_verdict_followed += 1
        liar.bluffs_won += good[lie.verdict]
        liar.bluffs_chance += (sum(good) - good[lie.verdict]) / (len(good) - 1)


def _claim(walk: _Walk, me: SeatFacts, claim: Any) -> None:
    if not isinstance(claim, Mapping):
        return
    lied = False
    role = claim.get("role")
    if role:
        me.claims += 1
        wrong = str(role) not in me.cards
        me.lies += wrong
        lied = wrong
    seen = walk.know.checks.get(me.seat, {})
    for check in claim.get("checks") or []:
        if not isinstance(check, Mapping):
            continue
        me.check_reports += 1
        night, target = int(check.get("night") or 0), _key(check.get("target"))
        truth = seen.get((night, target))
        false = truth is None or truth != check.get("result")
        me.false_checks += false
        if not false and "police" in me.cards and (me.seat, night, target) not in walk.told:
            walk.told.add((me.seat, night, target))  # a check told again is still one check reported truthfully
            me.true_checks += 1
        lied = lied or false
    if lied:
        lie = Lie(me.seat)
        walk.lies.append(lie)
        walk.pending_ballot.append(lie)
        walk.pending_verdict.append(lie)
        me.public_lies += 1


def _knowing(walk: _Walk, me: SeatFacts, event: Event, note: Mapping[str, Any] | None) -> None:
    good = walk.know.good.get(me.seat, set())
    bad = walk.know.killers.get(me.seat, set())
    named: int | None = None
    if event.kind == EventKind.VOTE:
        named = _seat(event.data.get("target"))
    elif event.kind in (EventKind.STATEMENT, EventKind.LAST_WORDS) and isinstance(event.data.get("accusation"), int):
        named = int(event.data["accusation"])
    if named is not None and named != me.seat and named in good | bad:
        options = (walk.living | {named}) - {me.seat}
        me.knowing_checked += 1
        me.knowing_false += named in good
        me.knowing_chance += len(good & options) / len((good | bad) & options)
        if event.kind == EventKind.VOTE and named in bad and me.side == "killers":
            me.bus_votes += 1
    for raw, p in ((note or {}).get("suspicions") or {}).items():
        s = int(raw)
        if s in good or s in bad:
            me.beliefs_checked += 1
            me.beliefs_contradicted += (s in bad and float(p) < BELIEVED) or (s in good and float(p) > BELIEVED)


RATES = (
    *sided(Rate("lie_rate", "lies", "claims"), Rate("label_lie_rate", "label_lies", "label_claims"),
           Rate("false_checks", "false_checks", "check_reports"),
           Rate("knowing_false", "knowing_false", "knowing_checked", chance="knowing_chance", by_choice=True),
           Rate("beliefs_contradicted", "beliefs_contradicted", "beliefs_checked"),
           Rate("lies_detected", "lies_detected", "lies_ballot_followed", chance="lies_detected_chance")),
    Rate("bluff_success_killers", "bluffs_won", "bluffs_verdict_followed", "killers", chance="bluffs_chance"),
)


def bus_votes(rows: Iterable[SeatFacts]) -> int:
    """A killer's votes on a partner it knows, summed."""
    return sum(s.bus_votes for s in rows if s.side == "killers")
