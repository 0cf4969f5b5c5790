"""Metrics computed exactly from transcripts: the deal is the ground truth, decisions and annotations the data.

`game_facts(header, entries, end, roster)` reads one game into per-seat facts; `aggregate(facts)` sums seats by
contestant. Nothing here asks a model anything; every number is a count over recorded events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from agents.health import is_degraded
from engine import DECISIONS, SPEECHES, Event, EventKind, Winner
from evaluation.games.behaviour import behaviour_summary, count_behaviour
from evaluation.games.deception import count_deception, deception_summary
from evaluation.games.detection import detection_summary, score_suspicions
from evaluation.games.facts import GameFacts, SeatFacts, side_of
from evaluation.games.grounded import count_grounded, grounded_summary, has_public_claims, own
from evaluation.games.persuasion import count_swing, persuasion_summary
from evaluation.games.timeline import build_timeline
from evaluation.statements.lies import count_words, verdicts, words_summary
from evaluation.stats.intervals import mean, percentile, rate
from orchestrator.store.transcript import CLAIMS_FORMAT, format_version

__all__ = ["GameFacts", "SeatFacts", "aggregate", "by_contestant", "by_role", "by_setup", "game_facts",
           "hands_of", "side_of"]



def hands_of(events: Sequence[Event]) -> dict[int, tuple[str, ...]]:
    """Every seat's cards: the judge-only deal, else the public reveal at the end."""
    for e in events:
        if e.kind == EventKind.DEAL:
            return {i + 1: tuple(h) for i, h in enumerate(e.data["hands"])}
    for e in events:
        if e.kind == EventKind.REVEAL:
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
    winner = (end or {}).get("winner") or next((e.data.get("winner") for e in events
                                               if e.kind == EventKind.GAME_OVER), None)
    for s in seats.values():
        s.won = winner == s.side
        s.draw = winner == Winner.DRAW
    killers = sum(s.side == "killers" for s in seats.values())
    p0 = killers / (len(seats) - 1) if len(seats) > 1 else 0.0
    for event, note in pairs:
        _count(seats, event, note, p0)
    timeline = build_timeline(seats, pairs)
    count_deception(timeline, seats)
    count_swing(timeline, seats)
    grounded = has_public_claims(pairs) or (format_version(dict(header)) or 1) >= CLAIMS_FORMAT
    count_grounded(seats, pairs, grounded)
    count_words(seats, verdicts(header, pairs, seats, grounded))
    count_behaviour(seats, pairs, grounded)
    days = max((int(e.data.get("day", 0)) for e in events if e.kind == EventKind.DAY_BEGINS), default=0)
    nights = max((int(e.data.get("night", 0)) for e in events if e.kind == EventKind.NIGHT_FALLS), default=0)
    return GameFacts(
        game_id=str(header.get("game_id") or ""), ruleset=str(header.get("ruleset")),
        players=len(seats), seed=header.get("seed"), winner=winner,
        days=int((end or {}).get("days", days)), nights=int((end or {}).get("nights", nights)),
        decisions=sum(s.decisions for s in seats.values()),
        killers=killers, seats=list(seats.values()), claims_source="public" if grounded else "label",
        degraded=[n for n, s in seats.items() if is_degraded(s.fallbacks, s.decisions)])


def _count(seats: dict[int, SeatFacts], event: Event, note: Mapping[str, Any] | None, p0: float) -> None:
    data = event.data
    if event.kind == EventKind.DEATH:
        dead = seats[int(data["seat"])]
        dead.survived = False
        dead.executed = dead.executed or data.get("public_cause") == "executed"
        return
    if event.kind not in DECISIONS:
        return
    me = seats[int(data["seat"])]
    me.decisions += 1
    if note:
        _annotation(me, event, note)
    if not own(note):
        return  # a fallback is the program's move: only its cost and the fallback itself are counted
    if event.kind == EventKind.VOTE:
        target = _seat(data.get("target"))
        if target is None:
            me.abstentions += 1
        else:
            me.votes += 1
            me.votes_on_killers += seats[target].side == "killers"
    me.speeches += event.kind in SPEECHES and bool(str(data.get("speech") or "").strip())
    accused = data.get("accusation")
    if event.kind in (EventKind.STATEMENT, EventKind.LAST_WORDS) and isinstance(accused, int):
        me.accusations += 1
        me.accusations_on_killers += seats[accused].side == "killers"
    if note:
        _label(me, event, note)
        score_suspicions(seats, me, note.get("suspicions") or {}, p0)


def _annotation(me: SeatFacts, event: Event, note: Mapping[str, Any]) -> None:
    me.fallbacks += bool(note.get("fallback"))
    me.retries += int(note.get("retries") or 0)
    me.prompt_tokens += int(note.get("prompt_tokens") or 0)
    me.completion_tokens += int(note.get("completion_tokens") or 0)
    me.cached_tokens += int(note.get("cached_tokens") or 0)
    me.reasoning_tokens += int(note.get("reasoning_tokens") or 0)
    me.token_decisions += note.get("prompt_tokens") is not None or note.get("completion_tokens") is not None
    if note.get("latency_s") is not None:
        me.latencies.append(float(note["latency_s"]))


def _label(me: SeatFacts, event: Event, note: Mapping[str, Any]) -> None:
    """The private self-label of older transcripts: kept as its own figure, never as the lie rate."""
    if event.kind in SPEECHES and str(event.data.get("speech") or "").strip():
        claimed = note.get("claimed_role")
        if claimed:
            me.label_claims += 1
            me.label_lies += claimed not in me.cards


def aggregate(seats: Iterable[SeatFacts]) -> dict[str, Any]:
    """The summary of a set of seats (one contestant's, usually): rates with Wilson intervals, means."""
    rows = list(seats)
    good = [s for s in rows if s.side == "good"]
    bad = [s for s in rows if s.side == "killers"]
    lat = [x for s in rows for x in s.latencies]
    decisions = sum(s.decisions for s in rows)

    def total(name: str, among: list[SeatFacts]) -> int:
        return sum(getattr(s, name) for s in among)

    return {
        "seats": len(rows),
        "roles": dict(sorted(Counter(s.role for s in rows).items())),
        "win": rate(total("won", rows), len(rows)),
        "draws": total(Winner.DRAW, rows),
        "win_as_killers": rate(total("won", bad), len(bad)),
        "win_as_good": rate(total("won", good), len(good)),
        "survival": rate(total("survived", rows), len(rows)),
        "killers_executed": rate(total("executed", bad), len(bad)),
        "good_executed": rate(total("executed", good), len(good)),
        "vote_accuracy": rate(total("votes_on_killers", good), total("votes", good)),
        "abstention": rate(total("abstentions", rows), total("abstentions", rows) + total("votes", rows)),
        "accusation_accuracy": rate(total("accusations_on_killers", good), total("accusations", good)),
        "claim_rate": rate(total("claims", rows), total("speeches", rows)),
        **grounded_summary(rows),
        **words_summary(rows),
        **behaviour_summary(rows),
        **deception_summary(rows),
        **detection_summary(rows),
        **persuasion_summary(rows),
        "decisions": decisions,
        "fallback": rate(total("fallbacks", rows), decisions),
        "degraded": is_degraded(total("fallbacks", rows), decisions),
        "retries": total("retries", rows),
        "retries_per_decision": round(total("retries", rows) / decisions, 4) if decisions else None,
        "prompt_tokens": total("prompt_tokens", rows),
        "completion_tokens": total("completion_tokens", rows),
        "cached_tokens": total("cached_tokens", rows),
        "reasoning_tokens": total("reasoning_tokens", rows),
        "token_decisions": total("token_decisions", rows),
        "latency_mean_s": mean(lat),
        "latency_p95_s": percentile(lat, 95),
    }


def by_contestant(games: Iterable[GameFacts]) -> dict[str, dict[str, Any]]:
    """aggregate() per contestant over all games, names sorted, with the number of games it sat in."""
    groups: dict[str, list[SeatFacts]] = {}
    played: Counter[str] = Counter()
    for g in games:
        for s in g.seats:
            groups.setdefault(s.contestant, []).append(s)
        played.update({s.contestant for s in g.seats})
    return {name: {"games": played[name], **aggregate(groups[name])} for name in sorted(groups)}


def by_role(games: Iterable[GameFacts]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per contestant (and "all") and per role held (`a+b` for two cards): seats, win rate and lie rate on
    role claims, each with a Wilson interval."""
    groups: dict[str, dict[str, list[SeatFacts]]] = {}
    for g in games:
        for s in g.seats:
            for who in (s.contestant, "all"):
                groups.setdefault(who, {}).setdefault(s.role, []).append(s)
    return {who: {role: {"seats": len(rows), "side": rows[0].side,
                         "win": rate(sum(s.won for s in rows), len(rows)),
                         "lie_rate": rate(sum(s.lies for s in rows), sum(s.claims for s in rows)),
                         "label_lie_rate": rate(sum(s.label_lies for s in rows),
                                                sum(s.label_claims for s in rows))}
                  for role, rows in sorted(groups[who].items())}
            for who in sorted(groups, key=lambda w: (w == "all", w))}


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
