"""What the judge model's labels say, beside the program's own reading: Cohen's κ between the judge and the
speech reader (said_role, said_side, lie), and the judge's deception rates per contestant and side with a 95 %
interval from a bootstrap over deals (the rotations of one deal share its cards and are resampled together)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from evaluation.games.facts import GameFacts
from evaluation.games.rates import percentile
from evaluation.statements.labels import CATEGORIES
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


def agreement(labels: Iterable[Label]) -> dict[str, Any]:
    """κ between the judge and the reader on said_role, said_side and lie, over the labels with both."""
    rows = [r for r in labels if not r.get("fallback") and isinstance(r.get("reader"), Mapping)]
    out: dict[str, Any] = {"statements": len(rows)}
    for field in ("said_role", "said_side", "lie"):
        out[field] = kappa([(r.get(field), r["reader"].get(field)) for r in rows])
    return out


def _deal(g: GameFacts) -> tuple[str, int, Any]:
    return (g.ruleset, g.players, g.seed)


def _counts(games: Sequence[GameFacts], labels: Mapping[tuple[str, int], Label]) -> dict[str, dict[str, Counter[str]]]:
    """Per contestant and side: labelled statements, judged lies, and each category."""
    out: dict[str, dict[str, Counter[str]]] = {}
    for g in games:
        seats = {s.seat: s for s in g.seats}
        for (game, _), label in labels.items():
            if game != g.game_id or label.get("fallback") or int(label.get("seat") or 0) not in seats:
                continue
            s = seats[int(label["seat"])]
            tally = out.setdefault(s.contestant, {}).setdefault(s.side, Counter())
            tally["n"] += 1
            tally["lies"] += bool(label.get("lie"))
            tally[str(label.get("category"))] += 1
    return out


def judge_summary(games: Sequence[GameFacts], labels: Mapping[tuple[str, int], Label], seed: int = DEFAULT_SEED,
                  draws: int = DRAWS) -> dict[str, Any]:
    """The judge's lie rate per contestant and side (k/n, Wilson, and the deal-bootstrap blo/bhi), its
    categories, the models that labelled, and its agreement with the reader."""
    ids = {g.game_id for g in games}
    mine = {k: v for k, v in labels.items() if k[0] in ids}
    counts = _counts(games, mine)
    by_deal: dict[tuple[str, int, Any], list[GameFacts]] = {}
    for g in games:
        by_deal.setdefault(_deal(g), []).append(g)
    deals = list(by_deal.values())
    rng = random.Random(seed)
    samples: dict[tuple[str, str], list[float]] = {}
    for _ in range(draws if deals else 0):
        picked = [g for _ in deals for g in deals[rng.randrange(len(deals))]]
        for name, per in _counts(picked, mine).items():
            for side, c in per.items():
                if c["n"]:
                    samples.setdefault((name, side), []).append(c["lies"] / c["n"])
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
    return {"statements": len(labelled), "fallbacks": sum(bool(r.get("fallback")) for r in labelled),
            "models": sorted({str(r.get("model")) for r in labelled}), "contestants": contestants,
            "agreement": agreement(labelled)}
