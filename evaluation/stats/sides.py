"""Side-aware ratings: a Bradley–Terry (logistic) model of who wins a game from who held which side's seats.

    logit P(killers win game g) = α(ruleset, size) + Σ_c x_k(c, g) · s_k(c) − Σ_c x_g(c, g) · s_g(c)

x_k(c, g) is the share of g's killer-side seats contestant c held, x_g(c, g) its share of the good seats; a
draw counts half a win for each side. Adding a constant to every s_k (or every s_g) is absorbed by α, so one
contestant, the reference (the first contestant of the file, the field contestant of a field schedule, the
first anchor of an anchored one), is fixed at 0 on both sides. The headline is ONE skill per contestant (s_k = s_g = s):
what a contestant adds to its side's log-odds of winning when it holds the whole side. Skills per side are fitted
only where three things hold: the schedule identifies them by design (anchored or field: under `rotate` a
contestant's killer share fixes its good share, or nearly so, and two-contestant side-pure games only show
s_k + s_g), the design matrix of the rated games has full column rank, and the data carry enough
information per side: every per-side skill's deal-bootstrap standard deviation is at most `MAX_SIDE_SD` logits
(a rank reached by mixing table sizes under rotate carries almost none: a planted 0 came out −2.1 [−4.2, −0.1]
there). Otherwise they are "not identified" — never a split chosen by the penalty.
The fit is penalised maximum likelihood (Newton's method; a ridge of PENALTY on every coefficient, a normal
prior of sd 1/√PENALTY ≈ 3.2, only to keep the fit finite when a side always wins). Intervals resample deals;
the p value of a difference refits with the two contestants' seats swapped in a random half of the deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine import Winner
from evaluation.games.facts import GameFacts
from evaluation.stats.bootstrap import Deals, percentiles
from evaluation.stats.paired import TOLERANCE

PENALTY = 0.1
CHUNK = 100  # resamples fitted at once
MAX_SIDE_SD = 0.5  # logits: the most spread a per-side skill may have over the deal resamples to be shown
RANK_TOL = 1e-6  # relative singular value under which a design direction counts as not identified
OUTCOME = {"killers": 1.0, "good": 0.0, Winner.DRAW: 0.5}


@dataclass
class Design:
    """The rated games as arrays: outcome, setup, each contestant's share of each side, and the game's deal."""

    names: list[str]
    y: np.ndarray  # G
    setups: np.ndarray  # G x S, one-hot
    killers: np.ndarray  # G x M
    good: np.ndarray  # G x M
    deal: np.ndarray  # G: index into the rated deals
    deals: int


def design(games: Sequence[GameFacts], names: Sequence[str], deals: Deals) -> Design:
    """The finished games among `games` (the rated ones, in order) as a Design over the contestants in them."""
    played = [g for g in games if g.winner in OUTCOME]
    seen = {s.contestant for g in played for s in g.seats}
    names = [n for n in names if n in seen] + sorted(seen - set(names))
    col = {n: j for j, n in enumerate(names)}
    setups = sorted({f"{g.ruleset}/{g.players}" for g in played})
    at = {k: i for i, k in enumerate(setups)}
    shares = np.zeros((2, len(played), len(names)))
    for i, g in enumerate(played):
        for side, grid in (("killers", shares[0]), ("good", shares[1])):
            mine = [s for s in g.seats if s.side == side]
            for s in mine:
                grid[i, col[s.contestant]] += 1 / len(mine)
    keys = list(dict.fromkeys(g.deal for g in played))
    index = {k: i for i, k in enumerate(keys)}
    onehot = np.zeros((len(played), len(setups)))
    onehot[np.arange(len(played)), [at[f"{g.ruleset}/{g.players}"] for g in played]] = 1.0
    return Design(names, np.array([OUTCOME[str(g.winner)] for g in played]), onehot, shares[0], shares[1],
                  np.array([index[g.deal] for g in played], dtype=np.intp), len(keys))


def one_skill(d: Design, killers: np.ndarray, good: np.ndarray) -> np.ndarray:
    """The headline's columns: setups, then (killer share − good share) of every contestant but the reference."""
    return np.concatenate([np.broadcast_to(d.setups, (*killers.shape[:-1], d.setups.shape[1])),
                           (killers - good)[..., 1:]], axis=-1)


def per_side(d: Design, killers: np.ndarray, good: np.ndarray) -> np.ndarray:
    """Setups, killer shares and minus good shares, every contestant but the reference."""
    return np.concatenate([np.broadcast_to(d.setups, (*killers.shape[:-1], d.setups.shape[1])),
                           killers[..., 1:], -good[..., 1:]], axis=-1)


def identified(x: np.ndarray) -> bool:
    """Whether every coefficient is identified by the data: the column-scaled design has full column rank."""
    norms = np.linalg.norm(x, axis=0)
    if not len(x) or (norms == 0).any():
        return False
    s = np.linalg.svd(x / norms, compute_uv=False)
    return bool(s.min() > RANK_TOL * s.max())


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Penalised logistic fits of rows `x` (U x P, outcomes y), one per row of weights `w` (B x U): B x P."""
    outer = (x[:, :, None] * x[:, None, :]).reshape(len(x), -1)
    beta = np.zeros((w.shape[0], x.shape[1]))
    ridge = PENALTY * np.eye(x.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-(beta @ x.T)))
        grad = (w * (y - p)) @ x - PENALTY * beta
        hess = ((w * p * (1 - p)) @ outer).reshape(len(w), x.shape[1], x.shape[1]) + ridge
        step = np.linalg.solve(hess, grad[..., None])[..., 0]
        step *= np.minimum(1.0, 4.0 / np.maximum(np.abs(step).max(axis=1, keepdims=True), 1e-300))
        beta += step
        if np.abs(step).max() < 1e-9:
            break
    return beta


@dataclass
class Patterns:
    """The distinct (row, outcome) pairs of one or more sets of game rows, and per deal how many games of each
    set fall on each: a fit over patterns weighted by counts is the fit over the games (and far smaller)."""

    x: np.ndarray  # U x P
    y: np.ndarray  # U
    counts: list[np.ndarray]  # per set of rows: deals x U


def patterns(d: Design, *rows: np.ndarray) -> Patterns:
    """The patterns of each G x P set of rows (the games in order) with the games' outcomes."""
    stacked = np.concatenate([np.column_stack([r, d.y]) for r in rows])
    unique, inverse = np.unique(stacked, axis=0, return_inverse=True)
    counts = []
    for i in range(len(rows)):
        c = np.zeros((d.deals, len(unique)))
        np.add.at(c, (d.deal, inverse.ravel()[i * len(d.y):(i + 1) * len(d.y)]), 1.0)
        counts.append(c)
    return Patterns(unique[:, :-1], unique[:, -1], counts)


Columns = Callable[[Design, np.ndarray, np.ndarray], np.ndarray]
MODELS: dict[str, Columns] = {"skill": one_skill, "sides": per_side}


@dataclass
class Fit:
    """One model fitted to the rated games: its columns, coefficients, and the coefficients of every resample."""

    design: Design
    columns: Columns
    beta: np.ndarray
    draws: np.ndarray

    @property
    def first(self) -> int:
        return self.design.setups.shape[1]

    def skill(self, values: np.ndarray, name: str, block: int = 0) -> np.ndarray:
        """A contestant's skill in coefficient vector(s) `values` (the reference's is 0); `block` 1: the good side."""
        j = self.design.names.index(name)
        if j == 0:
            return np.zeros(values.shape[:-1])
        return np.asarray(values[..., self.first + block * (len(self.design.names) - 1) + j - 1])


def _fits(pat: Patterns, weights: np.ndarray) -> np.ndarray:
    return np.concatenate([fit(pat.x, pat.y, weights[i:i + CHUNK]) for i in range(0, len(weights), CHUNK)])


def fit_model(d: Design, model: str, deals: Deals) -> Fit | None:
    """The model fitted to the games and to every deal resample; None where the design does not identify it."""
    columns = MODELS[model]
    x = columns(d, d.killers, d.good)
    if len(d.names) < 2 or not identified(x):
        return None
    pat = patterns(d, x)
    draws = _fits(pat, deals.weights(d.deals) @ pat.counts[0])
    return Fit(d, columns, fit(pat.x, pat.y, pat.counts[0].sum(axis=0, keepdims=True))[0], draws)


def skills(f: Fit, block: int = 0) -> dict[str, dict[str, Any]]:
    """Per contestant: its skill against the reference with the 95 % deal-bootstrap interval."""
    out: dict[str, dict[str, Any]] = {}
    for name in f.design.names:
        if name == f.design.names[0]:
            out[name] = {"skill": 0.0, "reference": True}
            continue
        lo, hi = percentiles(f.skill(f.draws, name, block), f.design.deals)
        out[name] = {"skill": round(float(f.skill(f.beta, name, block)), 3), "lo": round(lo, 3), "hi": round(hi, 3)}
    return out


def side_spread(f: Fit) -> float:
    """The largest deal-bootstrap standard deviation of a per-side skill (logits)."""
    return float(np.std(f.draws[:, f.first:], axis=0).max()) if f.draws.shape[1] > f.first else 0.0


def rate(games: Sequence[GameFacts], names: Sequence[str], deals: Deals, per_side: bool = True
         ) -> tuple[dict[str, Any], dict[str, Fit]]:
    """The side-aware ratings of the rated games (the headline skill, and skills per side where the schedule
    identifies them, `per_side`, and the data carry enough of each side), and the fits behind them."""
    d = design(games, names, deals)
    fits = {m: f for m in MODELS if (m == "skill" or per_side) and (f := fit_model(d, m, deals)) is not None}
    spread = side_spread(fits["sides"]) if "sides" in fits else None
    if spread is not None and spread > MAX_SIDE_SD:
        fits.pop("sides")
    out: dict[str, Any] = {"reference": d.names[0] if d.names else None, "per_side_by_design": per_side,
                           "side_spread": None if spread is None else round(spread, 3), "max_side_sd": MAX_SIDE_SD,
                           "games": len(d.y), "deals": d.deals,
                           "penalty": PENALTY, "identified": "skill" in fits, "sides_identified": "sides" in fits}
    if "skill" in fits:
        out["skill"] = skills(fits["skill"])
    if "sides" in fits:
        out["killers"], out["good"] = skills(fits["sides"], 0), skills(fits["sides"], 1)
    return out, fits


def _swapped(grid: np.ndarray, a: int, b: int) -> np.ndarray:
    """A side's shares with contestants a and b exchanged in every game."""
    out = grid.copy()
    out[:, [a, b]] = grid[:, [b, a]]
    return out


def compare(f: Fit, deals: Deals, a: str, b: str, block: int = 0) -> dict[str, Any]:
    """a's skill minus b's (logits): the deal-bootstrap interval and the permutation p (refits with a's and b's
    seats swapped in a random half of the rated deals)."""
    d = f.design
    ia, ib = d.names.index(a), d.names.index(b)
    present = (d.killers + d.good) > 0
    both = len(set(d.deal[present[:, ia]].tolist()) & set(d.deal[present[:, ib]].tolist()))
    diff = float(f.skill(f.beta, a, block) - f.skill(f.beta, b, block))
    lo, hi = percentiles(f.skill(f.draws, a, block) - f.skill(f.draws, b, block), d.deals)
    pat = patterns(d, f.columns(d, d.killers, d.good),
                   f.columns(d, _swapped(d.killers, ia, ib), _swapped(d.good, ia, ib)))
    kept, swapped = pat.counts
    beta = _fits(pat, kept.sum(axis=0) + deals.flips(d.deals) @ (swapped - kept))
    perm = f.skill(beta, a, block) - f.skill(beta, b, block)
    p = (1 + int((np.abs(perm) >= abs(diff) - TOLERANCE).sum())) / (1 + len(perm))
    return {"diff": round(diff, 3), "lo": round(lo, 3), "hi": round(hi, 3), "p": round(p, 4),
            "deals": both, "deals_dropped": d.deals - both}
