"""Words-based lie rates that carry the speech reader's error, per contestant (issue 35, docs/metrics.md "The
reader's error").

A two-phase design. Phase one: the reader reads every statement (evaluation/games/lies.py). Phase two: a second
reader labels some of them — a bot's own intent (its speech is built from its structured claim, every
statement), or the judge model where `killer label` ran (`add_judge`: the judge's said_role, said_side and
said_checks, held against the seat's cards and checks by the same definition of a lie). Each contestant's
sensitivity and specificity on that sample, for "the words lie" and for "the words claim something", correct its
words-based lie rate on each side:

    lies   T = (K − (1 − Sp)·M) / (Se + Sp − 1), within [0, M]       K: words lies read, M: statements with words
    claims D = F + (R − (1 − Sp')·U) / (Se' + Sp' − 1), within [0, U]  F: structured claims filed, U: statements
                                                                       with words and none, R: of those read as claims
    corrected = T / max(D, T)     (every true lie is a claim: never above 1, also where Se' or Sp' cannot be
                                   told and the claims read stand uncorrected)

(Rogan and Gladen 1978, for the numerator and for the denominator: a misread moves both.) Every bootstrap
replicate redraws the deals (evaluation/stats/bootstrap.py), and with them the phase-two sample, so Se and Sp are
redrawn with the rates they correct. Without a second reader's label on both classes, or where Se + Sp ≤ 1, the
figure says "uncorrected".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from evaluation.games.facts import GameFacts
from evaluation.games.lies import Second, count_second, verdicts, words_lie
from evaluation.stats.bootstrap import column_percentiles
from evaluation.stats.tables import SeatTable
from orchestrator.store.transcript import Transcript
from words.reader import Reading, SaidCheck

FIELDS = ("lies_words", "speeches", "claims_filed", "words_unfiled", "said_unfiled", "second_lie_pos",
          "second_lie_hit", "second_lie_neg", "second_lie_rej", "second_said_pos", "second_said_hit",
          "second_said_neg", "second_said_rej")
SIDES = ("killers", "good")
UNCORRECTED = "uncorrected"


class Played(Protocol):
    """A finished game (evaluation/load/played.py Played: a layer beside this one)."""

    @property
    def transcript(self) -> Transcript: ...


def _ratio(k: np.ndarray, n: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(n > 0, k / np.where(n > 0, n, 1), np.nan)


def _true_count(read: np.ndarray, total: np.ndarray, se: np.ndarray, sp: np.ndarray) -> np.ndarray:
    """Rogan–Gladen: the true positives behind `read` positives of `total`, within [0, total]; NaN where the
    reader does no better than chance (Se + Sp ≤ 1)."""
    j = se + sp - 1
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(j > 0, (read - (1 - sp) * total) / np.where(j > 0, j, 1), np.nan)
    return np.clip(t, 0, total)


SECOND = tuple(f for f in FIELDS if f.startswith("second_"))


def corrected(s: Mapping[str, np.ndarray], e: Mapping[str, np.ndarray]) -> np.ndarray:
    """The corrected words-lie rate from one side's summed counts `s` and the contestant's second-reader cells
    `e` (any shape: one value, or one per replicate)."""
    se, sp = _ratio(e["second_lie_hit"], e["second_lie_pos"]), _ratio(e["second_lie_rej"], e["second_lie_neg"])
    se_c, sp_c = _ratio(e["second_said_hit"], e["second_said_pos"]), _ratio(e["second_said_rej"], e["second_said_neg"])
    lies = _true_count(s["lies_words"], s["speeches"], se, sp)
    unfiled = np.where(e["second_said_pos"] * e["second_said_neg"] > 0,
                       _true_count(s["said_unfiled"], s["words_unfiled"], se_c, sp_c), s["said_unfiled"])
    return _ratio(lies, np.maximum(s["claims_filed"] + unfiled, lies))  # every lie is a claim: never above 1


def reader(table: SeatTable, contestant: str) -> dict[str, Any]:
    """The reader's sensitivity and specificity against the second reader on all of one contestant's labelled
    statements (both sides: the reader's error is the contestant's way of speaking), with their n."""
    e = {f: float(table.sums(contestant).col(table, f).sum()) for f in SECOND}
    return {"reader_sensitivity": _share(e["second_lie_hit"], e["second_lie_pos"]),
            "reader_specificity": _share(e["second_lie_rej"], e["second_lie_neg"]),
            "reader_n": {"lies": int(e["second_lie_pos"]), "not_lies": int(e["second_lie_neg"])},
            "reader_claim_sensitivity": _share(e["second_said_hit"], e["second_said_pos"]),
            "reader_claim_specificity": _share(e["second_said_rej"], e["second_said_neg"]),
            "reader_claim_n": {"claims": int(e["second_said_pos"]), "not_claims": int(e["second_said_neg"])}}


def figure(table: SeatTable, contestant: str, side: str) -> dict[str, Any]:
    """`reader` beside one side's words-lie rate, and the corrected rate with its 95 % deal-bootstrap interval
    (Se and Sp redrawn with the counts in every replicate), or "uncorrected"."""
    out = reader(table, contestant)
    mine, every = table.sums(contestant, side), table.sums(contestant)
    cols = {f: mine.col(table, f) for f in FIELDS}
    errs = {f: every.col(table, f) for f in SECOND}
    point = corrected({f: np.array(c.sum()) for f, c in cols.items()}, {f: np.array(c.sum()) for f, c in errs.items()})
    if not (out["reader_n"]["lies"] and out["reader_n"]["not_lies"]) or np.isnan(point):
        return {**out, "corrected": UNCORRECTED}
    keep = np.column_stack([*cols.values(), *errs.values()]).sum(axis=1) > 0
    used = int(keep.sum())
    w = table.deals.weights(used)
    drawn = corrected({f: w @ c[keep] for f, c in cols.items()}, {f: w @ c[keep] for f, c in errs.items()})
    drawn = drawn[~np.isnan(drawn)]
    if not len(drawn):
        return {**out, "corrected": UNCORRECTED}
    lo, hi = column_percentiles(drawn[:, None], used)[:, 0]
    return {**out, "corrected": {"rate": _round(point), "lo": _round(lo), "hi": _round(hi),
                                 "replicates": len(drawn)}}


def _share(k: float, n: float) -> float | None:
    return round(k / n, 4) if n else None


def _round(x: Any) -> float | None:
    x = float(x)
    return None if np.isnan(x) else round(x, 4)


def attach(table: SeatTable, contestants: Mapping[str, dict[str, Any]]) -> None:
    """Adds the reader's error and the corrected estimate beside each contestant's lies_words_<side> figure."""
    for name, row in contestants.items():
        for side in SIDES:
            key = f"lies_words_{side}"
            if isinstance(row.get(key), dict):
                row[key].update(figure(table, name, side))


def judge_second(label: Mapping[str, Any], cards: Sequence[str], seen: Mapping[tuple[int, Any], str]) -> Second:
    """The judge model's label as a second reading of the words, held to the same definition of a lie."""
    checks = tuple(c for c in map(SaidCheck.of, label.get("said_checks") or ()) if c is not None)
    role, side = label.get("said_role"), label.get("said_side")
    reading = Reading(role, side, checks)
    return Second(reading.claims, words_lie(reading, cards, seen))


def add_judge(played: Iterable[Played], games: Sequence[GameFacts],
              labels: Mapping[tuple[str, int], Mapping[str, Any]]) -> int:
    """Adds the judge's labels of the non-bot seats' statements (the bots have their intent) to the seats' cells;
    returns how many statements it added."""
    facts = {g.game_id: g for g in games}
    added = 0
    for p in played:
        t = p.transcript
        g = facts.get(t.game_id)
        if g is None or not any(k[0] == t.game_id for k in labels):
            continue
        seats = {s.seat: s for s in g.seats}
        for v in verdicts(t.header, [(e.event, e.annotation) for e in t.entries], seats, True):
            label = labels.get((t.game_id, v.i))
            if label is None or label.get("fallback") or v.second is not None or not v.text.strip():
                continue
            count_second(seats[v.seat], v.said, v.lie_words, judge_second(label, seats[v.seat].cards, v.seen))
            added += 1
    return added


def report_lines(contestants: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """report.md's table: each words-based lie rate beside the reader's error and the corrected estimate."""
    lines = ["", "## Words-based lie rates and the reader's error", "",
             "Each contestant's statements labelled by a second reader (a bot's own intent; the judge model where "
             "`killer label` ran) give the reader's sensitivity and specificity for that contestant; the corrected "
             "rate moves both the lies and the claims they are counted over, its interval redraws them in every "
             "replicate (docs/metrics.md, *The reader's error*).", "",
             "| contestant | side | words-based | reader sensitivity (n) | reader specificity (n) | corrected |",
             "|---|---|---|---|---|---|"]
    for name, row in contestants.items():
        for side in SIDES:
            r = row.get(f"lies_words_{side}")
            if not isinstance(r, Mapping) or "reader_n" not in r:
                continue
            rate = "–" if r.get("rate") is None else f"{100 * r['rate']:.1f}% (n={r.get('n')})"
            n = r["reader_n"]
            c = r.get("corrected")
            fixed = UNCORRECTED if not isinstance(c, Mapping) else \
                f"{100 * c['rate']:.1f}% [{_pct(c.get('lo'))}–{_pct(c.get('hi'))}]"
            lines.append(f"| {name} | {side} | {rate} | {_pct(r.get('reader_sensitivity'))} ({n['lies']}) | "
                         f"{_pct(r.get('reader_specificity'))} ({n['not_lies']}) | {fixed} |")
    return lines


def _pct(x: Any) -> str:
    return "–" if x is None else f"{100 * float(x):.1f}%"
