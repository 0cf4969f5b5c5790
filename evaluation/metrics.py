"""Metrics computed exactly from transcripts: the deal is the ground truth, decisions and annotations the data.

`game_facts(header, entries, end, roster)` reads one game into per-seat facts; `aggregate(facts)` sums seats by
contestant. Nothing here asks a model anything; every number is a count over recorded events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import Event, Team, team_of
from evaluation.stats import mean, percentile, rate

SPEAKING = ("statement", "defense", "last_words")
DECISION_KINDS = ("night_choice", "last_words", "statement", "defense", "vote")


@dataclass
class SeatFacts:
    """One seat of one game: who played it, what it held, how it ended, and counts over its decisions."""

    seat: int
    contestant: str
    cards: tuple[str, ...]
    side: str  # "killers" or "good"
    won: bool = False
    draw: bool = False
    survived: bool = True
    executed: bool = False
    votes: int = 0  # hands raised at someone
    votes_on_killers: int = 0
    abstentions: int = 0  # hands kept down
    accusations: int = 0
    accusations_on_killers: int = 0
    speeches: int = 0
    claims: int = 0  # speeches that publicly claimed a role
    lies: int = 0  # claims of a role the seat does not hold
    brier_sum: float = 0.0  # squared error of suspicions (P(killer)) against the truth
    brier_n: int = 0
    decisions: int = 0
    fallbacks: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latencies: list[float] = field(default_factory=list)

    @property
    def role(self) -> str:
        return "+".join(self.cards)


@dataclass
class GameFacts:
    """One game: its setup, outcome, length, and every seat."""

    game_id: str
    ruleset: str
    players: int
    seed: int | None
    winner: str | None
    days: int
    nights: int
    decisions: int
    killers: int  # killer-side seats at the deal
    seats: list[SeatFacts]


def side_of(cards: Sequence[str]) -> str:
    """A seat is on the killers' side if any of its cards is (v5 deals two)."""
    return Team.KILLERS.value if any(team_of(c) is Team.KILLERS for c in cards) else Team.GOOD.value


def hands_of(events: Sequence[Event]) -> dict[int, tuple[str, ...]]:
    """Every seat's cards: the judge-only deal, else the public reveal at the end."""
    for e in events:
        if e.kind == "deal":
            return {i + 1: tuple(h) for i, h in enumerate(e.data["hands"])}
    for e in events:
        if e.kind == "reveal":
            return {int(s): tuple(c) for s, c in e.data["cards"].items()}
    raise ValueError("the transcript has neither a deal nor a reveal event")


def _seat(target: Any) -> int | None:
    """A target as a seat number (v5 targets a card: [seat, slot])."""
    if isinstance(target, list | tuple):
        return int(target[0])
    return None if target is None else int(target)


def game_facts(header: Mapping[str, Any], entries: Iterable[tuple[Event, Mapping[str, Any] | None]],
               end: Mapping[str, Any] | None, roster: Mapping[int, str] | None = None) -> GameFacts:
    """The facts of one game. `entries` are (event, annotation) pairs; `roster` names each seat's contestant
    (default: the header's agent/model)."""
    pairs = list(entries)
    events = [e for e, _ in pairs]
    hands = hands_of(events)
    roster = roster or {int(s["seat"]): str(s.get("model") or s.get("agent")) for s in header.get("seats", [])}
    seats = {n: SeatFacts(n, roster.get(n, "?"), cards, side_of(cards)) for n, cards in sorted(hands.items())}
    winner = (end or {}).get("winner") or next((e.data.get("winner") for e in events if e.kind == "game_over"), None)
    for s in seats.values():
        s.won = winner == s.side
        s.draw = winner == "draw"
    for event, note in pairs:
        _count(seats, event, note)
    days = max((int(e.data.get("day", 0)) for e in events if e.kind == "day_begins"), default=0)
    nights = max((int(e.data.get("night", 0)) for e in events if e.kind == "night_falls"), default=0)
    return GameFacts(
        game_id=str(header.get("game_id") or ""), ruleset=str(header.get("ruleset")),
        players=len(seats), seed=header.get("seed"), winner=winner,
        days=int((end or {}).get("days", days)), nights=int((end or {}).get("nights", nights)),
        decisions=sum(s.decisions for s in seats.values()),
        killers=sum(s.side == "killers" for s in seats.values()), seats=list(seats.values()))


def _count(seats: dict[int, SeatFacts], event: Event, note: Mapping[str, Any] | None) -> None:
    data = event.data
    if event.kind == "death":
        dead = seats[int(data["seat"])]
        dead.survived = False
        dead.executed = dead.executed or data.get("public_cause") == "executed"
        return
    if event.kind not in DECISION_KINDS:
        return
    me = seats[int(data["seat"])]
    me.decisions += 1
    if event.kind == "vote":
        target = _seat(data.get("target"))
        if target is None:
            me.abstentions += 1
        else:
            me.votes += 1
            me.votes_on_killers += seats[target].side == "killers"
    accused = data.get("accusation")
    if event.kind in ("statement", "last_words") and isinstance(accused, int):
        me.accusations += 1
        me.accusations_on_killers += seats[accused].side == "killers"
    if note:
        _annotation(seats, me, event, note)


def _annotation(seats: dict[int, SeatFacts], me: SeatFacts, event: Event, note: Mapping[str, Any]) -> None:
    me.fallbacks += bool(note.get("fallback"))
    me.retries += int(note.get("retries") or 0)
    me.prompt_tokens += int(note.get("prompt_tokens") or 0)
    me.completion_tokens += int(note.get("completion_tokens") or 0)
    if note.get("latency_s") is not None:
        me.latencies.append(float(note["latency_s"]))
    if event.kind in SPEAKING and str(event.data.get("speech") or "").strip():
        me.speeches += 1
        claimed = note.get("claimed_role")
        if claimed:
            me.claims += 1
            me.lies += claimed not in me.cards
    for seat, p in (note.get("suspicions") or {}).items():
        other = seats.get(int(seat))
        if other is None or other.seat == me.seat:
            continue
        truth = 1.0 if other.side == "killers" else 0.0
        me.brier_sum += (float(p) - truth) ** 2
        me.brier_n += 1


def aggregate(seats: Iterable[SeatFacts]) -> dict[str, Any]:
    """The summary of a set of seats (one contestant's, usually): rates with Wilson intervals, means."""
    rows = list(seats)
    good = [s for s in rows if s.side == "good"]
    bad = [s for s in rows if s.side == "killers"]
    lat = [x for s in rows for x in s.latencies]
    decisions = sum(s.decisions for s in rows)

    def total(name: str, among: list[SeatFacts]) -> int:
        return sum(getattr(s, name) for s in among)

    brier_n = total("brier_n", good)
    return {
        "seats": len(rows),
        "roles": dict(sorted(Counter(s.role for s in rows).items())),
        "win": rate(total("won", rows), len(rows)),
        "draws": total("draw", rows),
        "win_as_killers": rate(total("won", bad), len(bad)),
        "win_as_good": rate(total("won", good), len(good)),
        "survival": rate(total("survived", rows), len(rows)),
        "killers_executed": rate(total("executed", bad), len(bad)),
        "good_executed": rate(total("executed", good), len(good)),
        "vote_accuracy": rate(total("votes_on_killers", good), total("votes", good)),
        "abstention": rate(total("abstentions", rows), total("abstentions", rows) + total("votes", rows)),
        "accusation_accuracy": rate(total("accusations_on_killers", good), total("accusations", good)),
        "claim_rate": rate(total("claims", rows), total("speeches", rows)),
        "lie_rate_killers": rate(total("lies", bad), total("claims", bad)),
        "lie_rate_good": rate(total("lies", good), total("claims", good)),
        "brier_good": round(total("brier_sum", good) / brier_n, 4) if brier_n else None,
        "decisions": decisions,
        "fallback": rate(total("fallbacks", rows), decisions),
        "retries": total("retries", rows),
        "prompt_tokens": total("prompt_tokens", rows),
        "completion_tokens": total("completion_tokens", rows),
        "latency_mean_s": mean(lat),
        "latency_p95_s": percentile(lat, 95),
    }


def by_contestant(games: Iterable[GameFacts]) -> dict[str, dict[str, Any]]:
    """aggregate() per contestant over all games, names sorted."""
    groups: dict[str, list[SeatFacts]] = {}
    for g in games:
        for s in g.seats:
            groups.setdefault(s.contestant, []).append(s)
    return {name: aggregate(groups[name]) for name in sorted(groups)}


def by_setup(games: Iterable[GameFacts]) -> dict[str, dict[str, Any]]:
    """Outcome and length per ruleset and table size: side win rates (Wilson) and mean days."""
    groups: dict[str, list[GameFacts]] = {}
    for g in games:
        groups.setdefault(f"{g.ruleset}/{g.players}", []).append(g)
    out: dict[str, dict[str, Any]] = {}
    for key in sorted(groups):
        gs = groups[key]
        wins = Counter(g.winner for g in gs)
        out[key] = {"games": len(gs), "killers_win": rate(wins["killers"], len(gs)),
                    "good_win": rate(wins["good"], len(gs)), "draws": wins["draw"],
                    "mean_days": mean([g.days for g in gs]), "mean_decisions": mean([g.decisions for g in gs])}
    return out
