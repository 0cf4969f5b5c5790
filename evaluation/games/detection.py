"""Calibration of private suspicions: Brier score against a prior that knows what the seat knows, AUC, misread.

At every own decision of a good seat that carries an annotation and rates at least one seat (a rated decision;
`suspicions_rated` is their share of its decisions), every other living seat T it is scored on (facts.py
`scored`) is a pair: P is the seat's suspicion P(T is a killer), or the prior for a seat it left unrated at that
decision (so within a rated decision a seat cannot pick the pairs it is scored on), and y = 1 when T is on the
killers' side. Unrated decisions carry no pair: a seat that rates nothing has no Brier score, no AUC and no
misread term at all (not the prior's 0 and 0.5), and is not compared on them. The prior knows what the seat
knows for certain (evaluation/games/grounded.py `Knowledge`: partners, its team's checks, announced sides): 1 or
0 on a seat whose side it knows, else the killer-side seats
it has not found, K − known killers, spread evenly over the seats whose side it does not know. Killers know the
truth, so their suspicions are not scored.
- Brier = mean (P − y)²; the prior's, mean (p₀ − y)²; skill = 1 − Brier / prior's (0: no better than knowing
  only what it knew). Split by T's side.
- AUC, decision by decision: over the seats whose side the seat did not know at that decision, the share of
  (killer-side, good) pairs where the killer-side seat got the higher P (ties half), summed over decisions
  (`auc_wins` / `auc_pairs`, a ratio of sums the deal bootstrap resamples). Within one decision the prior gives
  every unrated seat the same P (ties: its chance `auc_chance` is 0.5 a pair); pooling pairs across decisions
  would compare priors of different moments instead.
- Misread (killer-side T): the same pairs from T's side, (1 − P)² against (1 − p₀)²: > 0, the good seats ended up
  more wrong about this killer than knowing nothing more would have left them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import DECISIONS, Event, EventKind
from evaluation.games.facts import SeatFacts, is_cross, scored
from evaluation.games.grounded import Knowledge, own
from evaluation.games.rates import Rate


def _suspicion(suspicions: Mapping[Any, Any], seat: int) -> float | None:
    raw = suspicions.get(str(seat), suspicions.get(seat))
    try:
        return None if raw is None else min(1.0, max(0.0, float(raw)))
    except (TypeError, ValueError):
        return None


def prior(know: Knowledge, seats: Mapping[int, SeatFacts], me: int, target: int) -> float:
    """What the seat knows for certain about `target`, as P(killer)."""
    bad, good = know.killers.get(me, set()), know.good.get(me, set())
    if target in bad:
        return 1.0
    if target in good:
        return 0.0
    unknown = len(set(seats) - {me} - bad - good)
    left = sum(s.side == "killers" for s in seats.values()) - len(bad - {me})
    return min(1.0, max(0.0, left / unknown)) if unknown else 0.0


def count_detection(seats: dict[int, SeatFacts], pairs: Iterable[tuple[Event, Mapping[str, Any] | None]]) -> None:
    """Walks the game once: knowledge and the living as they stand at each decision, then its pairs."""
    know, living, cross = Knowledge(), set(seats), is_cross(seats.values())
    for event, note in pairs:
        if event.kind not in DECISIONS:
            know.learn(event, seats)
            if event.kind == EventKind.DEATH:
                living.discard(int(event.data["seat"]))
            continue
        me = seats.get(int(event.data["seat"]))
        if me is None or me.side != "good" or note is None or not own(note):
            continue
        suspicions = note.get("suspicions") or {}
        targets = [t for t in sorted(living) if scored(me, seats[t], cross)]
        me.suspicion_decisions += bool(targets)
        if not any(_suspicion(suspicions, t) is not None for t in targets):
            continue  # an unrated decision: no Brier, AUC or misread term (its share is suspicions_rated)
        me.suspicion_decisions_rated += 1
        known = know.killers.get(me.seat, set()) | know.good.get(me.seat, set())
        ranked: list[tuple[float, bool]] = []  # (P, killer side?) of the seats whose side it did not know
        for t in targets:
            p = _pair(me, seats[t], _suspicion(suspicions, t), prior(know, seats, me.seat, t))
            if t not in known:
                ranked.append((p, seats[t].side == "killers"))
        count_ranking(me, ranked)


def count_ranking(me: SeatFacts, ranked: list[tuple[float, bool]]) -> None:
    """One decision's AUC terms: every (killer-side, good) pair of the seats whose side it did not know."""
    bad = [p for p, killer in ranked if killer]
    good = [p for p, killer in ranked if not killer]
    me.auc_pairs += len(bad) * len(good)
    me.auc_wins += sum(1.0 if pb > pg else 0.5 if pb == pg else 0.0 for pb in bad for pg in good)
    me.auc_chance += 0.5 * len(bad) * len(good)


def _pair(me: SeatFacts, target: SeatFacts, given: float | None, p0: float) -> float:
    """Scores one (decision, seat) pair; returns the P it was scored at."""
    killer = target.side == "killers"
    y = 1.0 if killer else 0.0
    p = p0 if given is None else given
    err = (p - y) ** 2
    me.brier_n += 1
    me.brier_rated += given is not None
    me.brier_sum += err
    me.brier_prior_sum += (p0 - y) ** 2
    if killer:
        me.brier_on_killers_n += 1
        me.brier_on_killers_sum += err
        target.misread_n += 1
        target.misread_sum += err
        target.misread_prior_sum += (p0 - 1.0) ** 2
    return p


RATES = (
    Rate("brier_good", "brier_sum", "brier_n", "good", percent=False),
    Rate("brier_good_on_killers", "brier_on_killers_sum", "brier_on_killers_n", "good", percent=False),
    Rate("brier_good_on_good", "brier_on_good_sum", "brier_on_good_n", "good", percent=False),
    Rate("brier_prior_good", "brier_prior_sum", "brier_n", "good", percent=False),
    Rate("brier_skill", "brier_gain", "brier_prior_sum", "good", percent=False),
    Rate("suspicions_rated", "suspicion_decisions_rated", "suspicion_decisions", "good"),
    Rate("auc_good", "auc_wins", "auc_pairs", "good", chance="auc_chance", percent=False),
    Rate("misread_as_killer", "misread_sum", "misread_n", "killers", chance="misread_prior_sum", percent=False),
)
