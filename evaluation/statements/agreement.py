"""What the judge model's labels say, beside the program's own reading: Cohen's κ between the judge and the
speech reader (said_role, said_side, said_checks, lie), and the judge's deception rates per contestant and side
with a 95 % interval from a bootstrap over deals (the rotations of one deal share its cards and are resampled
together). A judge that fell back or refused on more statements than the degraded rule allows (agents/health.py)
is flagged `degraded`: its figures do not measure the run."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from agents.health import is_degraded
from evaluation.games.facts import GameFacts
from evaluation.games.rates import percentile
from evaluation.statements.labels import CATEGORIES, status_of
from evaluation.stats.bootstrap import DEFAULT_SEED, DRAWS
from evaluation.stats.intervals import rate

Label = Mapping[str, Any]


def kappa(pairs: Sequence[tuple[Hashable, Hashable]]) -> float | None:
    """Cohen's κ of two raters over the same items; None without items, or when chance agreement is total."""
    n = len(pairs)
    if not n:
        return None
    observed = sum(a == b for a, b in pairs) / n
    first, second = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    chance = sum(first[c] * second.get(c, 0) for c in first) / (n * n)
    return None if chance >= 1 else round((observed - chance) / (1 - chance), 4)


def checks_item(checks: Any) -> tuple[tuple[str, str, Any], ...] | None:
    """The checks a statement reports as one rating (the same checks in any order are the same rating); None
    when they were not recorded (a label line written before the reader's checks were)."""
    if not isinstance(checks, list):
        return None
    return tuple(sorted((repr(c.get("target")), str(c.get("result")), c.get("night")) for c in checks
                        if isinstance(c, Mapping)))


def agreement(labels: Iterable[Label]) -> dict[str, Any]:
    """κ between the judge and the reader on said_role, said_side, said_checks (the set of reported checks as
    one rating) and lie, over the labels with both."""
    rows = [r for r in labels if not r.get("fallback") and isinstance(r.get("reader"), Mapping)]
    out: dict[str, Any] = {"statements": len(rows)}
    for field in ("said_role", "said_side", "lie"):
        out[field] = kappa([(r.get(field), r["reader"].get(field)) for r in rows])
    pairs = [(checks_item(r.get("said_checks")), checks_item(r["reader"].get("said_checks"))) for r in rows]
    out["said_checks"] = kappa([(a, b) for a, b in pairs if a is not None and b is not None])
    return out


def _deal(g: GameFacts) -> tuple[str, int, Any]:
    return (g.ruleset, g.players, g.seed)


def _by_game(labels: Mapping[tuple[str, int], Label]) -> dict[str, list[Label]]:
    """The labels (fallbacks and refusals left out) of each game, read once for every bootstrap draw."""
    out: dict[str, list[Label]] = {}
    for (game, _), label in labels.items():
        if not label.get("fallback"):
            out.setdefault(game, []).append(label)
    return out


def _counts(games: Sequence[GameFacts], by_game: Mapping[str, Sequence[Label]]) -> dict[str, dict[str, Counter[str]]]:
    """Per contestant and side: labelled statements, judged lies, and each category."""
    out: dict[str, dict[str, Counter[str]]] = {}
    for g in games:
        seats = {s.seat: s for s in g.seats}
        for label in by_game.get(g.game_id, ()):
            if int(label.get("seat") or 0) not in seats:
                continue
            s = seats[int(label["seat"])]
            tally = out.setdefault(s.contestant, {}).setdefault(s.side, Counter())
            tally["n"] += 1
            tally["lies"] += bool(label.get("lie"))
            tally[str(label.get("category"))] += 1
    return out


Tally = dict[tuple[str, str], tuple[int, int]]  # (contestant, side) -> (labelled statements, judged lies)


def _tally(games: Sequence[GameFacts], by_game: Mapping[str, Sequence[Label]]) -> Tally:
    """One deal's statements and lies per contestant and side, counted once for every bootstrap draw."""
    return {(name, side): (c["n"], c["lies"]) for name, per in _counts(games, by_game).items()
            for side, c in per.items()}


def _bootstrap(deals: Sequence[Tally], rng: random.Random, draws: int) -> dict[tuple[str, str], list[float]]:
    """The lie rate of each (contestant, side) in every draw of deals with replacement (a draw sums the picked
    deals' tallies: the same figures as counting their labels again, without reading a label per draw)."""
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(draws if deals else 0):
        total: dict[tuple[str, str], list[int]] = {}
        for _ in deals:
            for key, (n, lies) in deals[rng.randrange(len(deals))].items():
                cell = total.setdefault(key, [0, 0])
                cell[0] += n
                cell[1] += lies
        for key, (n, lies) in total.items():
            if n:
                samples.setdefault(key, []).append(lies / n)
    return samples


def judge_summary(games: Sequence[GameFacts], labels: Mapping[tuple[str, int], Label], seed: int = DEFAULT_SEED,
                  draws: int = DRAWS) -> dict[str, Any]:
    """The judge's lie rate per contestant and side (k/n, Wilson, and the deal-bootstrap blo/bhi), its
    categories, the models that labelled, and its agreement with the reader."""
    ids = {g.game_id for g in games}
    mine = {k: v for k, v in labels.items() if k[0] in ids}
    by_game = _by_game(mine)
    counts = _counts(games, by_game)
    by_deal: dict[tuple[str, int, Any], list[GameFacts]] = {}
    for g in games:
        by_deal.setdefault(_deal(g), []).append(g)
    samples = _bootstrap([_tally(deal, by_game) for deal in by_deal.values()], random.Random(seed), draws)
    contestants: dict[str, Any] = {}
    for name, per in sorted(counts.items()):
        row: dict[str, Any] = {}
        for side, c in sorted(per.items()):
            r = rate(c["lies"], c["n"])
            drawn = samples.get((name, side))
            if drawn:
                r = {**r, "blo": round(float(percentile(drawn, 2.5) or 0), 4),
                     "bhi": round(float(percentile(drawn, 97.5) or 0), 4)}
            row[f"lie_{side}"] = r
            row[f"categories_{side}"] = {k: c[k] for k in CATEGORIES if c[k]}
        contestants[name] = row
    labelled = list(mine.values())
    status = Counter(status_of(r) for r in labelled)
    return {"statements": len(labelled), "fallbacks": status["fallback"], "refused": status["refused"],
            "degraded": is_degraded(status["fallback"] + status["refused"], len(labelled)),
            "models": sorted({str(r.get("model")) for r in labelled}), "contestants": contestants,
            "agreement": agreement(labelled)}
