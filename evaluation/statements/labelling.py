"""`killer label RUN`: every statement of a run labelled by the judge model, into RUN/labels.jsonl.

The folder is held with the one-writer lock (a second labeller, or a tournament still playing there, is refused
in one line). Statements are asked in the order of their cache keys (a fixed pseudo-random order), so a --limit
or a budget labels a random subsample of the run. Statements already labelled by the same model and rubric are
taken from labels.jsonl (the cache: nothing is paid twice, and a stopped run resumes); each new label is appended
as soon as it is made. Before the first new label one request in the production shape is sent, about a fixed
probe statement (judge.probe), never one of the run's: a refusal of it stops everything (exit 2). A statement the
judge refuses is recorded as refused and not asked again. With a budget, labelling stops before a label would
take the cost past it (the cost counts the preflight, and the next label is estimated at the mean of the
requests so far); a budget of 0 asks nothing. A judge whose labels fall back or refuse more than the degraded
rule allows (agents/health.py) makes the command exit 3."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.base import PreflightRefused
from agents.health import is_degraded
from engine import KillerError
from evaluation.games.lies import verdicts
from evaluation.load.played import Played, facts_of, games_in, run_folder
from evaluation.statements import judge as rubric
from evaluation.statements.agreement import agreement
from evaluation.statements.judge import JudgeModel, Statement
from evaluation.statements.labels import LABELS, append, done_keys, judged_by_statement, spoken, statement_key
from evaluation.tournament.config import Price
from evaluation.tournament.cost import tokens_usd
from hygiene.sanitize import clean
from orchestrator.store.lock import hold


class JudgeRefused(KillerError, ValueError):
    """The judge's endpoint refused the production request: one line for the user (exit 2)."""


@dataclass(frozen=True)
class Job:
    """One statement to label, with what its label line records of the reader's reading."""

    key: str
    statement: Statement
    players: int
    lang: str
    ruleset: str
    chat: list[dict[str, str]]
    reader: dict[str, Any]


@dataclass
class Outcome:
    """What a labelling run did."""

    statements: int = 0
    cached: int = 0
    labelled: int = 0
    fallbacks: int = 0
    refused: int = 0
    over_budget: int = 0
    usd: float = 0.0
    agreement: dict[str, Any] = field(default_factory=dict)

    @property
    def degraded(self) -> bool:
        return is_degraded(self.fallbacks + self.refused, self.labelled)


def jobs(played: Played, model: str) -> Iterator[Job]:
    """The statements of one game the judge labels: every own statement with words, as the metrics read them."""
    t = played.transcript
    facts = facts_of(played)
    seats = {s.seat: s for s in facts.seats}
    lang = "zh" if t.header.get("lang") == "zh" else "en"
    events = t.events
    for v in verdicts(t.header, [(e.event, e.annotation) for e in t.entries], seats, facts.claims_source == "public"):
        if not v.text.strip():
            continue  # a claim filed without words: nothing for the judge to read
        st = Statement(t.game_id, v.i, v.day, v.seat, v.kind, v.text)
        chat = rubric.messages(lang, t.header, events[: v.i], st, seats[v.seat].cards, v.seen)
        reader = {"said_role": v.reading.said_role, "said_side": v.reading.said_side, "lie": v.lie,
                  "said_checks": [c.to_dict() for c in v.reading.said_checks]}
        yield Job(statement_key(st.game, st.i, st.seat, st.kind, st.text, model, rubric.RUBRIC_VERSION), st,
                  facts.players, lang, str(t.header.get("ruleset")), chat, reader)


def _line(job: Job, label: dict[str, Any], model: str, usd: float | None) -> dict[str, Any]:
    st = job.statement
    return {"key": job.key, "game": st.game, "i": st.i, "seat": st.seat, "kind": st.kind, "model": model,
            "rubric": rubric.RUBRIC_VERSION, **label, "usd": usd, "reader": job.reader}


async def label_run(source: Path, judge: JudgeModel, price: Price | None = None, budget_usd: float | None = None,
                    limit: int | None = None) -> Outcome:
    """Labels every statement of `source` not yet in its labels.jsonl (a run's games/ folder: the run's); returns
    what was done."""
    source = run_folder(source)
    _, played, _ = games_in(source)
    model = judge.endpoint.model
    out = Outcome()
    with hold(source, "this run folder"):
        path = source / LABELS
        statements = spoken(played)  # the most lines its labels.jsonl may hold (labels.LINES_PER_STATEMENT)
        done = done_keys(path, statements)
        todo = []
        for game in played:
            for job in jobs(game, model):
                out.statements += 1
                if job.key in done:
                    out.cached += 1
                else:
                    todo.append(job)
        # In the order of their keys (hashes): a pseudo-random order, the same on every rerun, so a --limit or a
        # budget labels a random subsample spread over the games and seats (the two-phase design's second phase,
        # evaluation/stats/reader_error.py), never the first games' statements only.
        todo.sort(key=lambda job: job.key)
        todo = todo[:limit] if limit is not None else todo
        if budget_usd is not None and budget_usd <= 0:
            out.over_budget, todo = len(todo), []
        if todo:
            try:
                first = todo[0]
                chat = rubric.probe(first.lang, first.ruleset, first.players)
                checked = await judge.preflight(chat, first.players, first.lang,
                                                rubric.cards_per_seat(first.ruleset))
            except PreflightRefused as exc:
                raise JudgeRefused(clean(f"{model} at {judge.endpoint.base_url} ({judge.endpoint.provider}) refused "
                                         f"the labelling request: {exc}", max_chars=600)) from None
            out.usd += _usd(checked, price) or 0.0  # the preflight is paid for too
        for n, job in enumerate(todo):
            mean = out.usd / (out.labelled + 1)  # the preflight counts as one request
            if budget_usd is not None and (out.usd >= budget_usd or out.usd + mean > budget_usd):
                out.over_budget = len(todo) - n
                break
            label = await judge.label(job.chat, job.players, job.lang, rubric.cards_per_seat(job.ruleset))
            usd = _usd(label, price)
            out.usd += usd or 0.0
            out.labelled += 1
            out.refused += label.get("status") == "refused"
            out.fallbacks += label.get("status") == "fallback"
            append(path, [_line(job, label, model, usd)])
        ours = [r for r in judged_by_statement(path, False, statements).values() if r.get("model") == model]
        out.agreement = agreement(ours)
    return out


def _usd(label: dict[str, Any], price: Price | None) -> float | None:
    if price is None:
        return None
    return round(tokens_usd(int(label.get("prompt_tokens") or 0), int(label.get("cached_tokens") or 0),
                            int(label.get("completion_tokens") or 0), price), 8)
