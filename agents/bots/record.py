"""What a bot reads off the public record: structured claims (never a sentence template), deaths, executions
and the sides the judge announced, accusations and votes; and how much each police claim deserves belief."""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, fields
from typing import Any

from agents.view import SeatView
from engine import SPEECHES, Event, EventKind
from engine.moves.decisions import target_from_json
from engine.record.catalog import CheckResult


@dataclass
class ClaimMade:
    """A public claim as the table heard it: who, when (event index), the role and the checks it reported."""

    speaker: int
    at: int
    day: int
    role: str | None
    checks: dict[int, bool]  # seat -> reported a killer?
    nights: dict[int, int] = field(default_factory=dict)  # seat -> the night of its reported check


@dataclass
class Record:
    """The public record of a game so far, from one seat's view."""

    claims: list[ClaimMade] = field(default_factory=list)
    roles: dict[int, str] = field(default_factory=dict)  # the latest role each seat claimed
    said: dict[int, dict[int, bool]] = field(default_factory=dict)  # speaker -> seat -> claimed killer?
    claimed_at: dict[int, int] = field(default_factory=dict)  # police claimant -> event index of its first claim
    accusations: list[tuple[int, int, int]] = field(default_factory=list)  # (day, accuser, accused)
    votes: list[tuple[int, int, int]] = field(default_factory=list)  # (day, voter, target)
    night_dead: dict[int, int] = field(default_factory=dict)  # seat -> event index of its night death
    executed: dict[int, int] = field(default_factory=dict)  # seat -> day executed
    sides: dict[int, str] = field(default_factory=dict)  # seat -> "killer" / "good" as the judge announced
    speeches: dict[int, list[str]] = field(default_factory=dict)  # seat -> its public speeches in order
    day: int = 0
    last_dead: list[int] = field(default_factory=list)  # who died at the latest dawn
    last_verdict: int | None = None  # who was executed the day before (None: nobody)
    verdict_hands: int = 0  # the hands of the count that decided the last verdict (0: not known)
    _count: dict[int, int] = field(default_factory=dict)  # the latest ballot's votes per seat

    @property
    def police_claimants(self) -> list[int]:
        """Seats that have claimed the police, in the order they first did."""
        return sorted(self.claimed_at, key=lambda s: self.claimed_at[s])

    def accused_count(self, seat: int) -> int:
        return sum(1 for _, _, t in self.accusations if t == seat)

    def accusers(self, seat: int) -> set[int]:
        return {a for _, a, t in self.accusations if t == seat}


# The last record each seat of each game read, and the events it read (kept alive here, so the first one's id names
# its game while it is kept): a bot's next view is its last one and the events since (engine.observation filters
# a growing list), so reading only those gives the record of reading them all (test_record_memo.py).
_READ: OrderedDict[tuple[int, int], tuple[tuple[Event, ...], Record]] = OrderedDict()
_KEEP = 512  # seats of games under way at once, and more


def read_record(view: SeatView) -> Record:
    """Reads the public events of the view (only those: private ones are the seat's own facts). The same record
    as `fold_record(view)`, read from where this seat's last view ended when it is a prefix of this one; the
    Record returned is the caller's own."""
    events = tuple(view.events)
    key = (id(events[0]) if events else 0, view.seat)
    known = _READ.pop(key, None)
    if known is not None and len(known[0]) <= len(events) and events[:len(known[0])] == known[0]:
        rec = _fold(known[1], events, len(known[0]))
    else:
        rec = _fold(Record(), events, 0)
    _READ[key] = (events, rec)
    while len(_READ) > _KEEP:
        _READ.popitem(last=False)
    return _copy(rec)


def fold_record(view: SeatView) -> Record:
    """The record of the view, every event read."""
    return _fold(Record(), tuple(view.events), 0)


def _copy(rec: Record) -> Record:
    """A copy that the reader's later reading never changes (its dicts and lists, and theirs, copied; claims and
    tuples are never changed once made)."""
    def inner(v: Any) -> Any:
        return dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v

    out: dict[str, Any] = {}
    for f in fields(rec):
        v = getattr(rec, f.name)
        out[f.name] = ({k: inner(x) for k, x in v.items()} if isinstance(v, dict)
                       else list(v) if isinstance(v, list) else v)
    return Record(**out)


def _fold(rec: Record, events: tuple[Event, ...], start: int) -> Record:
    """Reads events[start:] into `rec` (the record of events[:start])."""
    for i in range(start, len(events)):
        e = events[i]
        if e.visible_to is not None:
            continue
        d = e.data
        if e.kind in (EventKind.DAY_BEGINS, EventKind.SUSPECTS):
            rec._count = {}  # a new day, or the final show of hands after the suspects speak
            rec.day = int(d.get("day") or rec.day + 1) if e.kind == EventKind.DAY_BEGINS else rec.day
        elif e.kind == EventKind.DAWN:
            rec.last_dead = [int(s) for s in d.get("dead") or () if isinstance(s, int)]
        elif e.kind == EventKind.DEATH and d.get("public_cause") == "night":
            rec.night_dead[int(d["seat"])] = i
        elif e.kind == EventKind.EXECUTED_SIDE:
            rec.sides[int(d["seat"])] = "killer" if str(d.get("side")) in ("killer", "killers") else "good"
        elif e.kind in (EventKind.TALLY, EventKind.VOTES_COUNTED) and isinstance(d.get("counts"), dict):
            rec._count = {int(s): int(n) for s, n in d["counts"].items() if str(s).isdigit() and isinstance(n, int)}
        elif e.kind == EventKind.HANDS and isinstance(d.get("defendant"), int) and isinstance(d.get("yes"), int):
            rec._count = {int(d["defendant"]): int(d["yes"])}
        elif e.kind == EventKind.VERDICT:
            executed = d.get("executed")
            rec.last_verdict = executed if isinstance(executed, int) else None
            rec.verdict_hands = rec._count.get(executed, 0) if isinstance(executed, int) else 0
            if isinstance(executed, int):
                rec.executed[executed] = int(d.get("day") or rec.day)
        elif e.kind == EventKind.VOTE and isinstance(d.get("target"), int):
            rec.votes.append((rec.day, int(d["seat"]), int(d["target"])))
            rec._count[int(d["target"])] = rec._count.get(int(d["target"]), 0) + 1
        elif e.kind in SPEECHES:
            _speech(rec, i, d)
    return rec


def _speech(rec: Record, i: int, d: dict[str, object]) -> None:
    speaker = int(str(d["seat"]))
    rec.speeches.setdefault(speaker, []).append(str(d.get("speech") or ""))
    acc = d.get("accusation")
    if isinstance(acc, int):
        rec.accusations.append((rec.day, speaker, acc))
    claim = d.get("claim")
    if not isinstance(claim, dict):
        return
    role = claim.get("role")
    checks: dict[int, bool] = {}
    nights: dict[int, int] = {}
    for c in claim.get("checks") or ():
        seat = _seat(c.get("target") if isinstance(c, dict) else None)
        if seat is not None and isinstance(c, dict):
            checks[seat] = c.get("result") == CheckResult.KILLER
            night = c.get("night")
            nights[seat] = night if isinstance(night, int) and night > 0 else 1
    role = str(role) if isinstance(role, str) else None
    rec.claims.append(ClaimMade(speaker, i, rec.day, role, checks, nights))
    if role is not None:
        rec.roles[speaker] = role
    if checks or role == "police":
        rec.said.setdefault(speaker, {}).update(checks)
        rec.claimed_at.setdefault(speaker, i)


def _seat(value: object) -> int | None:
    try:
        target = target_from_json(value)
    except (TypeError, ValueError, IndexError):
        return None
    return target[0] if isinstance(target, tuple) else target


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


@dataclass(frozen=True)
class Belief:
    """How far a seat believes one police claimant, with the reasons (for the seat's private reasoning)."""

    seat: int
    trust: float  # 0..1
    # reason keys: died, confirmed, contradicted, alone, counter, exposed, agrees, disagrees, partner, impostor
    reasons: tuple[str, ...]


def weigh_claims(rec: Record, known_police: frozenset[int] = frozenset(),
                 known_impostors: frozenset[int] = frozenset()) -> dict[int, Belief]:
    """Belief in each police claimant, from the record: dying at night after claiming (killers hunt police),
    checks confirmed or contradicted by the sides the judge announced, a lone claim, being called a killer by a
    better-believed claimant. `known_police` / `known_impostors`: what the seat knows privately."""
    first: dict[int, Belief] = {}
    for c in rec.police_claimants:
        first[c] = _belief(rec, c, known_police, known_impostors, {})
    return {c: _belief(rec, c, known_police, known_impostors, first) for c in rec.police_claimants}


def _belief(rec: Record, c: int, police: frozenset[int], impostors: frozenset[int],
            others: dict[int, Belief]) -> Belief:
    if c in police:
        return Belief(c, 1.0, ("partner",))
    if c in impostors:
        return Belief(c, 0.0, ("impostor",))
    x, why = 0.0, list[str]()
    if c in rec.night_dead and rec.night_dead[c] > rec.claimed_at[c]:
        x, why = x + 2.5, [*why, "died"]
    for seat, killer in rec.said.get(c, {}).items():
        side = rec.sides.get(seat)
        if side is not None and (side == "killer") == killer:
            x, why = x + 1.5, [*why, "confirmed"]
        elif side is not None or (killer and seat in rec.night_dead and rec.night_dead[seat] > rec.claimed_at[c]):
            x, why = x - 3.0, [*why, "contradicted"]
    if len(rec.claimed_at) == 1:
        x, why = x + 1.0, [*why, "alone"]
    mine = rec.said.get(c, {})
    for other, b in others.items():
        if other == c:
            continue
        theirs = rec.said.get(other, {})
        if theirs.get(c) and b.trust > 0.5:
            x, why = x - 2.5 * (b.trust - 0.3), [*why, "counter"]
        if mine.get(other) and b.trust < 0.3:
            x, why = x + 1.0, [*why, "exposed"]
        if b.trust > 0.6:
            same = sum(1 for t, k in mine.items() if t in theirs and theirs[t] == k)
            differ = sum(1 for t, k in mine.items() if t in theirs and theirs[t] != k)
            if same:
                x, why = x + 0.8 * same, [*why, "agrees"]
            if differ:
                x, why = x - 1.5 * differ, [*why, "disagrees"]
    return Belief(c, round(_logistic(x), 3), tuple(dict.fromkeys(why)))


def vouched(rec: Record, beliefs: dict[int, Belief], own: dict[int, bool] | None = None) -> dict[int, bool]:
    """Seats the seat takes as known: its own checks, then those of claimants it believes (killer?), the
    believed claimants themselves (not killers) and the sides the judge announced."""
    out: dict[int, bool] = {s: side == "killer" for s, side in rec.sides.items()}
    for c, b in sorted(beliefs.items(), key=lambda cb: cb[1].trust):
        if b.trust >= 0.6:
            out.update(rec.said.get(c, {}))
            out[c] = False
    out.update(own or {})
    return out


@dataclass(frozen=True)
class PublicActs:
    """The record's accusations and votes indexed once for every seat's public suspicion under one set of beliefs
    (the arithmetic per seat stays in the record's order, so the figures are the same as a per-seat scan)."""

    accused_by: dict[int, list[int]]  # accuser -> the seats it accused, in order
    voted_by: dict[int, list[int]]  # voter -> the seats it voted for, in order
    honest: Counter[int]  # accusations a seat received from outside the liars
    from_liars: Counter[int]  # accusations a seat received from the liars
    on_good: Counter[int]  # votes a seat cast on a good seat executed that day
    on_killers: Counter[int]  # votes a seat cast on a killer executed that day

    @staticmethod
    def of(rec: Record, beliefs: dict[int, Belief]) -> PublicActs:
        killers = {s for s, side in rec.sides.items() if side == "killer"}
        goods = {s for s, side in rec.sides.items() if side == "good"}
        liars = killers | {c for c, b in beliefs.items() if b.trust < 0.3}
        accused_by: dict[int, list[int]] = {}
        voted_by: dict[int, list[int]] = {}
        honest: Counter[int] = Counter()
        from_liars: Counter[int] = Counter()
        on_good: Counter[int] = Counter()
        on_killers: Counter[int] = Counter()
        for _, a, t in rec.accusations:
            accused_by.setdefault(a, []).append(t)
            (from_liars if a in liars else honest)[t] += 1
        for day, v, t in rec.votes:
            voted_by.setdefault(v, []).append(t)
            if rec.executed.get(t) == day:
                if t in goods:
                    on_good[v] += 1
                if t in killers:
                    on_killers[v] += 1
        return PublicActs(accused_by, voted_by, honest, from_liars, on_good, on_killers)


def public_suspicion(rec: Record, seat: int, beliefs: dict[int, Belief], prior: float,
                     known: dict[int, bool] | None = None, tally: PublicActs | None = None) -> float:
    """P(killer) of `seat` from the public record alone: claimed checks weighted by belief in their claimant,
    the claimant's own credibility, accusations and votes beside seats the judge showed to be killers, and
    accusing or voting against seats `known` to be good (or sparing those known to be killers). `tally`: the
    record indexed under these beliefs, when many seats are rated at once."""
    tally = tally or PublicActs.of(rec, beliefs)
    x = math.log(prior / (1 - prior))
    for t in tally.accused_by.get(seat, ()):
        if known and t in known:
            x += 0.8 if not known[t] else -0.3
    for t in tally.voted_by.get(seat, ()):
        if known and t in known:
            x += 0.5 if not known[t] else -0.2
    for c, b in beliefs.items():
        if c == seat:
            x += 2.5 * (0.5 - b.trust) * 2
            continue
        claimed = rec.said.get(c, {}).get(seat)
        if claimed is not None:
            x += (3.0 if claimed else -2.5) * (b.trust - 0.2) / 0.8
    x += 0.25 * tally.honest[seat]
    x -= 0.4 * tally.from_liars[seat]
    x += 0.5 * tally.on_good[seat]
    x -= 0.4 * tally.on_killers[seat]
    return round(min(0.97, max(0.02, _logistic(x))), 3)


def counts(rec: Record) -> Counter[int]:
    """Accusations per seat so far."""
    return Counter(t for _, _, t in rec.accusations)
