"""The five tables of a run, one row per unit (docs/metrics.md, "Tidy tables"): games, seats, decisions,
statements and votes. `game` is the header's game_id and `i` the event number of the transcript, so a row leads
back to its line; every table has `run`, the run folder's name. DTYPES says each column's pandas dtype (text,
nullable integers, nullable booleans, floats); export writes each value as its column's type, and only text
columns can hold text (so only they pass the CSV formula guard)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import DECISIONS, SPEECHES, Event, EventKind
from evaluation.games.facts import GameFacts
from evaluation.games.lies import Verdict, verdicts
from evaluation.games.timeline import build_timeline
from evaluation.load.played import Played
from evaluation.statements.labels import status_of
from evaluation.tournament.config import Price
from evaluation.tournament.cost import tokens_usd
from evaluation.tournament.folder import file_sha256
from evaluation.tournament.runs import recorded_tournament
from orchestrator.verify import verify_transcript

Row = dict[str, Any]


def _names(text: str) -> tuple[str, ...]:
    """Column names spelled as text: "deal" is a column here, not the event kind of that name."""
    return tuple(text.split())


COLUMNS: dict[str, tuple[str, ...]] = {
    "games": _names("run game ruleset players seed deal rotation schedule winner days decisions degraded verified "
                    "intact"),
    "seats": _names("run game seat contestant agent model roles side won survived decisions fallbacks tokens usd"),
    "decisions": _names("run game i day seat kind action choice fallback retries latency_s prompt_tokens "
                        "completion_tokens"),
    "statements": _names("run game i day seat kind text claim_role claim_checks said_role said_side said_checks "
                         "accusation lie lie_words lie_claim judge_status judge_said_role judge_said_side "
                         "judge_said_checks judge_lie judge_category"),
    "votes": _names("run game i day ballot voter target voter_side target_side"),
}
TEXT, INT, BOOL, FLOAT = "string", "Int64", "boolean", "Float64"  # pandas' nullable dtypes


def _typed(text: str, **types: str) -> dict[str, str]:
    """Every column of a table as text, but those named with another dtype."""
    return {c: types.get(c, TEXT) for c in _names(text)}


DTYPES: dict[str, dict[str, str]] = {  # pd.read_csv(path, dtype=DTYPES[table]) (docs/metrics.md)
    "games": _typed(" ".join(COLUMNS["games"]), players=INT, seed=INT, rotation=INT, days=INT, decisions=INT,
                    degraded=BOOL, verified=BOOL, intact=BOOL),
    "seats": _typed(" ".join(COLUMNS["seats"]), seat=INT, won=BOOL, survived=BOOL, decisions=INT, fallbacks=INT,
                    tokens=INT, usd=FLOAT),
    "decisions": _typed(" ".join(COLUMNS["decisions"]), i=INT, day=INT, seat=INT, fallback=BOOL, retries=INT,
                        latency_s=FLOAT, prompt_tokens=INT, completion_tokens=INT),
    "statements": _typed(" ".join(COLUMNS["statements"]), i=INT, day=INT, seat=INT, accusation=INT, lie=BOOL,
                         lie_words=BOOL, lie_claim=BOOL, judge_lie=BOOL),
    "votes": _typed(" ".join(COLUMNS["votes"]), i=INT, day=INT, ballot=INT, voter=INT),
}


def typed_value(value: Any, dtype: str) -> Any:
    """A cell's value as its column's type (None stays missing); a list or dict in a text column as JSON."""
    if value is None:
        return None
    if dtype == INT:
        return int(value)
    if dtype == BOOL:
        return bool(value)
    if dtype == FLOAT:
        return float(value)
    return value if isinstance(value, str) else _json(value) if isinstance(value, list | dict) else str(value)


Judged = Mapping[tuple[str, int], Mapping[str, Any]]  # (game, i) -> the judge's label


@dataclass(frozen=True)
class Game:
    """One finished game with what the tables read of it."""

    run: str
    played: Played
    facts: GameFacts
    price: Callable[[str], Price | None]

    @property
    def id(self) -> str:
        return self.facts.game_id or self.played.transcript.game_id

    def pairs(self) -> list[tuple[Event, dict[str, Any] | None]]:
        return [(e.event, e.annotation) for e in self.played.transcript.entries]


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _target(value: Any) -> str | None:
    if value is None:
        return None
    return _json(list(value)) if isinstance(value, list | tuple) else str(value)


def days(pairs: list[tuple[Event, Any]]) -> list[int]:
    """The day each event belongs to: day d, and night d with the dawn after it (night d comes before day d)."""
    out, day = [], 0
    for event, _ in pairs:
        if event.kind in (EventKind.DAY_BEGINS, EventKind.NIGHT_FALLS):
            day = max(day, int(event.data.get("day") or event.data.get("night") or 0))
        out.append(day)
    return out


def game_row(g: Game) -> Row:
    t = g.played.transcript
    deal = next((e.data.get("hands") for e, _ in g.pairs() if e.kind == EventKind.DEAL), None)
    record = recorded_tournament(t.header)
    rotation = g.played.rotation if g.played.rotation is not None else record.get("rotation")
    dealt = hashlib.sha256(_json(deal).encode()).hexdigest()[:12] if deal is not None else None
    return dict(run=g.run, game=g.id, ruleset=g.facts.ruleset, players=g.facts.players, seed=g.facts.seed,
                deal=dealt, rotation=rotation, schedule=record.get("schedule"), winner=g.facts.winner,
                days=g.facts.days, decisions=g.facts.decisions, degraded=bool(g.facts.degraded),
                verified=verify_transcript(t).ok, intact=intact(g))


def intact(g: Game) -> bool | None:
    """Whether the transcript is, byte for byte, the file the run wrote: its SHA-256 against the one results.jsonl
    recorded (None: no hash recorded, as for loose transcripts and runs from before it was)."""
    recorded = g.played.sha256
    if recorded is None:
        return None
    return file_sha256(g.played.transcript.path) == recorded


def seat_rows(g: Game) -> Iterator[Row]:
    described = {int(s["seat"]): s for s in g.played.transcript.header.get("seats", [])}
    for s in g.facts.seats:
        seat = described.get(s.seat, {})
        price = g.price(s.contestant)
        usd = None if price is None else round(tokens_usd(s.prompt_tokens, s.cached_tokens, s.completion_tokens,
                                                          price), 6)
        yield {"run": g.run, "game": g.id, "seat": s.seat, "contestant": s.contestant, "agent": seat.get("agent"),
               "model": seat.get("model"), "roles": s.role, "side": s.side, "won": s.won, "survived": s.survived,
               "decisions": s.decisions, "fallbacks": s.fallbacks, "tokens": s.prompt_tokens + s.completion_tokens,
               "usd": usd}


def decision_rows(g: Game) -> Iterator[Row]:
    pairs = g.pairs()
    for i, ((event, note), day) in enumerate(zip(pairs, days(pairs), strict=True)):
        if event.kind not in DECISIONS:
            continue
        data, note = event.data, note or {}
        choice = data.get("accusation") if event.kind in SPEECHES else data.get("target")
        yield {"run": g.run, "game": g.id, "i": i, "day": day, "seat": int(data["seat"]), "kind": str(event.kind),
               "action": data.get("action"), "choice": _target(choice), "fallback": bool(note.get("fallback")),
               "retries": int(note.get("retries") or 0), "latency_s": note.get("latency_s"),
               "prompt_tokens": note.get("prompt_tokens"), "completion_tokens": note.get("completion_tokens")}


def statement_rows(g: Game, judged: Judged) -> Iterator[Row]:
    pairs = g.pairs()
    seats = {s.seat: s for s in g.facts.seats}
    read: dict[int, Verdict] = {v.i: v for v in verdicts(g.played.transcript.header, pairs, seats,
                                                         g.facts.claims_source == "public")}
    for i, ((event, _), day) in enumerate(zip(pairs, days(pairs), strict=True)):
        if event.kind not in SPEECHES:
            continue
        data = event.data
        claim = data.get("claim") if isinstance(data.get("claim"), dict) else None
        v, label = read.get(i), judged.get((g.id, i)) or {}
        yield {"run": g.run, "game": g.id, "i": i, "day": day, "seat": int(data["seat"]), "kind": str(event.kind),
               "text": str(data.get("speech") or ""), "claim_role": (claim or {}).get("role"),
               "claim_checks": _json((claim or {}).get("checks") or []) if claim is not None else None,
               "said_role": v.reading.said_role if v else None, "said_side": v.reading.said_side if v else None,
               "said_checks": _json([c.to_dict() for c in v.reading.said_checks]) if v else None,
               "accusation": data.get("accusation"), "lie": v.lie if v else None,
               "lie_words": v.lie_words if v else None, "lie_claim": v.lie_claim if v else None,
               "judge_status": status_of(label), "judge_said_role": label.get("said_role"),
               "judge_said_side": label.get("said_side"),
               "judge_said_checks": _json(label["said_checks"]) if isinstance(label.get("said_checks"), list) else None,
               "judge_lie": label.get("lie"), "judge_category": label.get("category")}


def vote_rows(g: Game) -> Iterator[Row]:
    pairs = g.pairs()
    side = {s.seat: s.side for s in g.facts.seats}
    ballots = iter([a.ballot for a in build_timeline(side, pairs).acts if a.kind == EventKind.VOTE])
    for i, ((event, _), day) in enumerate(zip(pairs, days(pairs), strict=True)):
        if event.kind != EventKind.VOTE:
            continue
        voter, target = int(event.data["seat"]), event.data.get("target")
        seat = target[0] if isinstance(target, list | tuple) else target
        yield {"run": g.run, "game": g.id, "i": i, "day": day, "ballot": next(ballots), "voter": voter,
               "target": _target(target), "voter_side": side.get(voter),
               "target_side": side.get(int(seat)) if seat is not None else None}


def _as_typed(table: str, found: list[Row]) -> list[Row]:
    types = DTYPES[table]
    return [{c: typed_value(row[c], types[c]) for c in COLUMNS[table]} for row in found]


def rows(games: list[Game], judged: Judged) -> dict[str, list[Row]]:
    """Every table's rows, games in the order given, each value of its column's type (DTYPES)."""
    found = {"games": [game_row(g) for g in games],
             "seats": [r for g in games for r in seat_rows(g)],
             "decisions": [r for g in games for r in decision_rows(g)],
             "statements": [r for g in games for r in statement_rows(g, judged)],
             "votes": [r for g in games for r in vote_rows(g)]}
    return {table: _as_typed(table, items) for table, items in found.items()}
