"""PNG plots (matplotlib, Agg backend: no display needed) for tournament reports and balance studies."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import matplotlib

from hygiene import walk

matplotlib.use("Agg")
import matplotlib.pyplot as plt

PALETTE = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974",
           "#64b5cd")


def save(fig: Any, path: Path) -> None:
    """The figure as a PNG at `path`, written through its folder (hygiene/walk.py), not by matplotlib's own
    open()."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    walk.write_bytes(path.parent, path.name, buffer.getvalue())


def colours(names: list[str]) -> dict[str, str]:
    """One colour per contestant, by its place in the tournament file: the same in every plot."""
    return {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(names)}


def _errbar(r: dict[str, Any]) -> tuple[float, float, float]:
    """(rate, minus, plus) of a rate dict with its deal-bootstrap interval, 0 when there is nothing."""
    if not r.get("n") or r.get("rate") is None:
        return 0.0, 0.0, 0.0
    lo, hi = r.get("lo", r["rate"]), r.get("hi", r["rate"])
    return r["rate"], max(0.0, r["rate"] - lo), max(0.0, hi - r["rate"])


def _bars(ax: Any, names: list[str], rates: list[dict[str, Any]], title: str) -> None:
    vals = [_errbar(r) for r in rates]
    ax.bar(names, [v[0] for v in vals], yerr=[[v[1] for v in vals], [v[2] for v in vals]], capsize=4,
           color=[colours(names)[n] for n in names])
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.set_xlabel("contestant")
    ax.tick_params(axis="x", rotation=20)


def role_plot(by_role: dict[str, dict[str, Any]], out: Path, order: list[str] | None = None) -> str:
    """win_by_role.png: per role held, one bar per contestant (95 % deal-bootstrap error bars)."""
    names = [n for n in (order or list(by_role)) if n in by_role and n != "all"]
    palette = colours(order or names)
    roles = sorted({r for n in names for r in by_role[n]})
    width = 0.8 / max(1, len(names))
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(roles) * max(1, len(names)) ** 0.5 + 2), 3.8))
    for i, name in enumerate(names):
        vals = [_errbar((by_role[name].get(r) or {}).get("win") or {}) for r in roles]
        ax.bar([x + i * width for x in range(len(roles))], [v[0] for v in vals], width,
               yerr=[[v[1] for v in vals], [v[2] for v in vals]], capsize=3, label=name, color=palette[name])
    ax.set_xlabel("role held")
    ax.set_xticks([x + width * (len(names) - 1) / 2 for x in range(len(roles))], roles, rotation=20)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by role held (95 % deal bootstrap)")
    ax.legend(fontsize=8, title="contestant")
    fig.tight_layout()
    save(fig, out / "win_by_role.png")
    plt.close(fig)
    return "win_by_role.png"


def tournament_plots(summary: dict[str, Any], out: Path) -> list[str]:
    """Writes win_rates.png, win_by_role.png, ratings.png, deception.png and brier.png into `out`; returns their
    names. Contestants appear in the tournament file's order with the same colour in every plot."""
    names = list(summary["contestants"])
    cs = summary["contestants"]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6), sharey=True)
    for ax, key, title in zip(axes, ("win", "win_as_killers", "win_as_good"),
                              ("win rate", "as killers", "as good"), strict=True):
        _bars(ax, names, [cs[n].get(key) or {} for n in names], title)
    axes[0].set_ylabel("share of seats won")
    fig.suptitle("Win rates with 95 % deal-bootstrap intervals")
    fig.tight_layout()
    save(fig, out / "win_rates.png")
    plt.close(fig)
    role = role_plot(summary.get("by_role") or {}, out, names)
    _ratings(summary.get("ratings") or {}, out)
    return ["win_rates.png", role, "ratings.png", _deception(cs, names, out), _brier(cs, names, out)]


def _ratings(ratings: dict[str, Any], out: Path) -> None:
    """ratings.png: each contestant's side-aware skill against the reference (logits, 95 % deal bootstrap), and
    its skills per side where the schedule identifies them."""
    fig, ax = plt.subplots(figsize=(6, 3.6))
    series = [("skill", "o", "one skill")] + ([("killers", "v", "as killers"), ("good", "^", "as good")]
                                              if ratings.get("sides_identified") else [])
    for k, (key, marker, label) in enumerate(series):
        rows = ratings.get(key) or {}
        order = list(rows)
        vals = [rows[n]["skill"] for n in order]
        err = [[v - rows[n].get("lo", v) for n, v in zip(order, vals, strict=True)],
               [rows[n].get("hi", v) - v for n, v in zip(order, vals, strict=True)]]
        ax.errorbar([i + 0.15 * k for i in range(len(order))], vals, yerr=err, fmt=marker, capsize=4, label=label)
        ax.set_xticks(range(len(order)), order, rotation=20)
    if not ratings.get("identified"):
        ax.text(0.5, 0.5, "no rating: not identified by these games", ha="center", va="center",
                transform=ax.transAxes)
    ax.axhline(0, color="#999999", linewidth=0.8)
    ax.legend(fontsize=8)
    ax.set_title(f"Side-aware skill against {ratings.get('reference')} (logits, 95 % deal bootstrap)")
    ax.set_xlabel("contestant")
    ax.set_ylabel("skill")
    fig.tight_layout()
    save(fig, out / "ratings.png")
    plt.close(fig)


def _deception(cs: dict[str, Any], names: list[str], out: Path) -> str:
    """deception.png: per contestant and side, the public lie rate against the share of lies detected."""
    fig, ax = plt.subplots(figsize=(6, 4.5))
    palette, plotted = colours(names), 0
    for n in names:
        for side, marker in (("killers", "v"), ("good", "^")):
            lie, det = cs[n].get(f"lie_rate_{side}") or {}, cs[n].get(f"lies_detected_{side}") or {}
            if not lie.get("n") or not det.get("n"):
                continue
            (x, xm, xp), (y, ym, yp) = _errbar(lie), _errbar(det)
            ax.errorbar([x], [y], xerr=[[xm], [xp]], yerr=[[ym], [yp]], fmt=marker, capsize=3,
                        color=palette[n], label=f"{n} as {side}")
            plotted += 1
    if not plotted:
        ax.text(0.5, 0.5, "no public claims recorded\n(older transcripts: see the self-label lie rate)",
                ha="center", va="center", transform=ax.transAxes)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("public role claims that are false")
    ax.set_ylabel("lies met by votes on the liar next ballot")
    ax.set_title("Lie rate vs detection (95 % deal bootstrap)")
    if plotted:
        ax.legend(fontsize=8)
    fig.tight_layout()
    save(fig, out / "deception.png")
    plt.close(fig)
    return "deception.png"


def _brier(cs: dict[str, Any], names: list[str], out: Path) -> str:
    """brier.png: good seats' Brier score on killer-side and on good seats, and killers' misread, per contestant
    (greys: the contestant colours stay reserved for contestants)."""
    keys = (("brier_good_on_killers", "good seats, about killers"), ("brier_good_on_good", "good seats, about good"),
            ("misread_as_killer", "good seats about me, as killer"))
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(keys)
    for k, (key, label) in enumerate(keys):
        ax.bar([i + k * width for i in range(len(names))], [(cs[n].get(key) or {}).get("rate") or 0.0 for n in names],
               width,
               label=label, color=("#d9d9d9", "#969696", "#525252")[k], edgecolor="black", linewidth=0.3)
    ax.set_xticks([i + width for i in range(len(names))], names, rotation=20)
    ax.set_xlabel("contestant")
    ax.set_ylabel("Brier score (lower is better; 0.25 = always 0.5)")
    ax.set_title("Suspicion Brier score by side")
    ax.legend(fontsize=8)
    fig.tight_layout()
    save(fig, out / "brier.png")
    plt.close(fig)
    return "brier.png"


def balance_plots(rows: list[dict[str, Any]], sweep: list[dict[str, Any]], out: Path) -> list[str]:
    """balance_players.png: killers' win rate over player counts per ruleset and agent kind;
    balance_length.png: mean days over the number of killers (the killer sweep)."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    series: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        series.setdefault((r["ruleset"], r["agents"]), []).append(r)
    for (ruleset, agents), rs in sorted(series.items()):
        rs = sorted(rs, key=lambda r: r["players"])
        vals = [_errbar(r["killers_win"]) for r in rs]
        ax.errorbar([r["players"] for r in rs], [v[0] for v in vals], yerr=[[v[1] for v in vals],
                    [v[2] for v in vals]], marker="o" if agents == "random" else "s", capsize=3,
                    linestyle="-" if agents == "random" else "--", label=f"{ruleset} ({agents})")
    ax.set_xlabel("players")
    ax.set_ylabel("killers' win rate")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7, ncol=2)
    ax.set_title("Killers' win rate by table size (95 % Wilson)")
    fig.tight_layout()
    save(fig, out / "balance_players.png")
    plt.close(fig)
    if not sweep:
        return ["balance_players.png"]
    fig, ax = plt.subplots(figsize=(6, 4))
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in sweep:
        groups.setdefault(f"{r['ruleset']}/{r['players']} ({r['agents']})", []).append(r)
    for label, rs in sorted(groups.items()):
        rs = sorted(rs, key=lambda r: r["killers"])
        ax.plot([r["killers"] for r in rs], [r["mean_days"] for r in rs], marker="o", label=label)
    ax.set_xlabel("killers at the deal")
    ax.set_ylabel("mean days")
    ax.set_title("Game length by number of killers")
    ax.legend(fontsize=7)
    fig.tight_layout()
    save(fig, out / "balance_length.png")
    plt.close(fig)
    return ["balance_players.png", "balance_length.png"]


NAMES = {"seeds": "the seeds' mix", "suggested": "suggested mix"}


def suggest_plot(result: dict[str, Any], path: Path) -> str:
    """suggest_<ruleset>.png: killers' win rate by table size, the seeds' mix against the suggested one."""
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for agents in result["agents"]:
        tables = sorted((t for t in result["tables"] if t["agents"] == agents), key=lambda t: t["players"])
        for which, marker, style in (("seeds", "o", "-"), ("suggested", "s", "--")):
            vals = [_errbar(t[which]["killers_win"]) for t in tables]
            ax.errorbar([t["players"] for t in tables], [v[0] for v in vals],
                        yerr=[[v[1] for v in vals], [v[2] for v in vals]], marker=marker, linestyle=style,
                        capsize=3, label=f"{NAMES[which]} ({agents})")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xlabel("players")
    ax.set_ylabel("killers' win rate")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title(f"{result['ruleset']}: the seeds' card mix and the mix closest to 50 % (95 % Wilson)")
    fig.tight_layout()
    save(fig, path)
    plt.close(fig)
    return path.name
