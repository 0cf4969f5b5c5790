"""Training the reader's learned part (words/reader/learned/) on the labelled corpus, never on the held-out part:
the examples (a side claim per statement the patterns read no role in; a check per seat mention, and its
result), an L2 logistic regression fitted by accelerated gradient descent (numpy, deterministic), 5-fold
cross-validation by statement to choose the regularisation and the thresholds, and the figures of the patterns
and the combined reading on the folds left out. benchmarks/train_reader_model.py writes models.json.gz from it."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from evaluation.statements import corpus
from words.reader import Reading, read_statement
from words.reader.learned.combined import combine, picked
from words.reader.learned.features import Mention, mention_features, mentions, normalised, side_features
from words.reader.learned.model import Model

FOLDS = 5
SEED = 35
PENALTIES = (0.0001, 0.0003, 0.001)  # L2 strengths tried (per example, on unit-length feature vectors)
THRESHOLDS = tuple(round(0.05 * i, 2) for i in range(2, 19))  # 0.10 … 0.90
RESULT_THRESHOLD = 0.5
ITERATIONS = 200
MIN_DF = 2  # a feature seen in fewer training statements gets no weight
PARTS = ("side", "check", "result")
KEEP = 0.01  # smaller weights are dropped (the shipped file stays small); CV is run on the pruned models


@dataclass
class Example:
    """One corpus statement as the learner sees it."""

    row: dict[str, Any]
    norm: str
    reading: Reading  # the patterns' reading
    side: set[str] | None  # features, where the patterns read no role
    side_label: int
    mentions: list[Mention] = field(default_factory=list)
    mention_features: list[set[str]] = field(default_factory=list)
    check_labels: list[int] = field(default_factory=list)
    result_labels: list[int] = field(default_factory=list)  # 1 killer; -1 where the mention is no check


def _label_seat(target: Any) -> int:
    return int(target[0]) if isinstance(target, list) else int(target)


def example(row: dict[str, Any]) -> Example:
    lang = row["lang"]
    reading = read_statement(row["text"], lang, row["players"], row["seat"], day=row["day"], model="patterns")
    norm = normalised(row["text"], lang, row["day"])
    side = side_features(norm, lang, reading) if reading.said_role is None else None
    ex = Example(row, norm, reading, side, int(row["said_role"] is None and row["said_side"] == "good"))
    results = {_label_seat(c["target"]): c["result"] for c in row["said_checks"]}
    for m in mentions(norm, lang, row["players"], row["seat"]):
        ex.mentions.append(m)
        ex.mention_features.append(mention_features(norm, lang, m, reading))
        ex.check_labels.append(int(m.seat() in results))
        ex.result_labels.append(int(results[m.seat()] == "killer") if m.seat() in results else -1)
    return ex


def fit(features: Sequence[set[str]], labels: Sequence[int], penalty: float) -> Model:
    """An L2 logistic regression on binary features scaled to unit length (threshold 0.5 until chosen)."""
    df = Counter(f for fs in features for f in fs)
    vocab = sorted(f for f, n in df.items() if n >= MIN_DF)
    index = {f: i for i, f in enumerate(vocab)}
    rows, cols, vals = [], [], []
    for r, fs in enumerate(features):
        scale = 1.0 / math.sqrt(len(fs)) if fs else 0.0
        for c in sorted(index[f] for f in fs if f in index):
            rows.append(r)
            cols.append(c)
            vals.append(scale)
    n, d = len(features), len(vocab)
    ri, ci, v = np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64), np.array(vals)
    y = np.array(labels, dtype=float)

    def xw(w: np.ndarray) -> np.ndarray:
        return np.bincount(ri, weights=v * w[ci], minlength=n)

    def xtr(r: np.ndarray) -> np.ndarray:
        return np.bincount(ci, weights=v * r[ri], minlength=d)

    u = np.ones(d + 1)  # the largest eigenvalue of [X 1]'[X 1] by power iteration, for a safe step
    for _ in range(30):
        z = xw(u[:d]) + u[d]
        u = np.append(xtr(z), np.sum(z))
        u /= max(float(np.linalg.norm(u)), 1e-12)
    z = xw(u[:d]) + u[d]
    step = 1.0 / (0.25 * float(z @ z) / max(n, 1) * 1.05 + penalty)
    w, b = np.zeros(d), 0.0
    w_prev, b_prev = w.copy(), b
    for k in range(1, ITERATIONS + 1):
        mom = (k - 1) / (k + 2)
        wy, by = w + mom * (w - w_prev), b + mom * (b - b_prev)
        p = 1.0 / (1.0 + np.exp(-np.clip(xw(wy) + by, -30, 30)))
        g = (p - y) / n
        w_prev, b_prev = w, b
        w = wy - step * (xtr(g) + penalty * wy)
        b = by - step * float(np.sum(g))
    weights = {f: round(float(x), 3) for f, x in zip(vocab, w, strict=True) if abs(x) >= KEEP}
    return Model(round(b, 4), weights, 0.5)


def _training_sets(examples: Sequence[Example]) -> dict[str, tuple[list[set[str]], list[int]]]:
    side = [(e.side, e.side_label) for e in examples if e.side is not None]
    check = [(fs, y) for e in examples for fs, y in zip(e.mention_features, e.check_labels, strict=True)]
    result = [(fs, y) for e in examples for fs, y in zip(e.mention_features, e.result_labels, strict=True) if y >= 0]
    return {part: ([fs for fs, _ in pairs], [y for _, y in pairs])
            for part, pairs in (("side", side), ("check", check), ("result", result))}


def folds(n: int) -> list[int]:
    """Each statement's fold, fixed by SEED."""
    order = np.random.default_rng(SEED).permutation(n)
    out = [0] * n
    for rank, i in enumerate(order):
        out[int(i)] = rank % FOLDS
    return out


def out_of_fold(examples: Sequence[Example], penalty: float) -> list[dict[str, Model]]:
    """For each fold, the models fitted on the other folds."""
    assignment = folds(len(examples))
    out = []
    for k in range(FOLDS):
        train = _training_sets([e for e, f in zip(examples, assignment, strict=True) if f != k])
        out.append({part: fit(*train[part], penalty) for part in PARTS})
    return out


def _with(models: dict[str, Model], thresholds: dict[str, float]) -> dict[str, Model]:
    return {part: Model(m.bias, m.weights, thresholds.get(part, m.threshold)) for part, m in models.items()}


def alone(e: Example, models: dict[str, Model], probabilities: dict[str, list[float]]) -> Reading:
    """The models' reading on their own (no pattern finding kept), from the example's cached probabilities:
    the side where the patterns read no role; per seat, its most check-like mention's check."""
    side = "good" if e.side is not None and probabilities["side"][0] >= models["side"].threshold else None
    found = picked(e.norm, e.mentions, probabilities["check"], probabilities["result"], models, set())
    return Reading(said_side=side, said_checks=tuple(found))


def probabilities(e: Example, models: dict[str, Model]) -> dict[str, list[float]]:
    return {"side": [models["side"].probability(e.side)] if e.side is not None else [],
            "check": [models["check"].probability(fs) for fs in e.mention_features],
            "result": [models["result"].probability(fs) for fs in e.mention_features]}


def scores(examples: Sequence[Example], fold_models: list[dict[str, Model]], thresholds: dict[str, float],
           how: str, cache: dict[tuple[int, str], dict[str, list[float]]] | None = None) -> dict[str, corpus.Score]:
    """Side and check scores on the folds left out: how = "patterns", "combined" (words.reader.learned's own
    combination) or "alone" (the models without the patterns)."""
    assignment = folds(len(examples))
    readings = {}
    for i, (e, k) in enumerate(zip(examples, assignment, strict=True)):
        models = _with(fold_models[k], thresholds)
        row = e.row
        if how == "patterns":
            readings[row["id"]] = e.reading
        elif how == "combined":
            readings[row["id"]] = combine(row["text"], row["lang"], row["players"], row["seat"], row["day"],
                                          e.reading, models)
        else:
            cache = {} if cache is None else cache
            key = (i, str(id(fold_models[k])))
            if key not in cache:
                cache[key] = probabilities(e, models)
            readings[row["id"]] = alone(e, models, cache[key])
    rows = [e.row for e in examples]
    return {f: corpus.score(rows, f, lambda r: readings[r["id"]]) for f in ("said_side", "said_checks")}


def f1(s: corpus.Score) -> float:
    return 2 * s.true_positives / (s.predicted + s.labelled) if s.predicted + s.labelled else 0.0


def choose(examples: Sequence[Example]) -> tuple[float, dict[str, float], list[dict[str, Model]]]:
    """(penalty, thresholds, fold models): what maximises the models' own out-of-fold F1 (side + checks)."""
    best: tuple[float, float, dict[str, float], list[dict[str, Model]]] | None = None
    for penalty in PENALTIES:
        fold_models = out_of_fold(examples, penalty)
        thresholds: dict[str, float] = {}
        cache: dict[tuple[int, str], dict[str, list[float]]] = {}
        for part, field_ in (("side", "said_side"), ("check", "said_checks")):
            ranked = [(f1(scores(examples, fold_models, {**thresholds, part: t}, "alone", cache)[field_]), -t, t)
                      for t in THRESHOLDS]
            thresholds[part] = max(ranked)[2]
        s = scores(examples, fold_models, thresholds, "alone")
        total = f1(s["said_side"]) + f1(s["said_checks"])
        if best is None or total > best[0] + 1e-12:
            best = (total, penalty, thresholds, fold_models)
    assert best is not None
    return best[1], best[2], best[3]
