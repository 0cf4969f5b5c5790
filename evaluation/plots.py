"""PNG plots (matplotlib, Agg backend: no display needed) for tournament reports and balance studies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def _errbar(r: dict[str, Any]) -> tuple[float, float, float]:
    """(rate, minus, plus) of a rate dict, 0 when there is nothing."""
    if not r.get("n"):
        return 0.0, 0.0, 0.0
    return r["rate"], r["rate"] - r["lo"], r["hi"] - r["rate"]


def _bars(ax: Any, names: list[str], rates: list[dict[str, Any]], title: str) -> None:
    vals = [_errbar(r) for r in rates]
    ax.bar(names, [v[0] for v in vals], yerr=[[v[1] for v in vals], [v[2] for v in vals]], capsize=4,
           color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.tick_params(axis="x", rotation=20)


def role_plot(by_role: dict[str, dict[str, Any]], out: Path) -> str:
    """win_by_role.png: per role held, one bar per contestant (95 % Wilson error bars)."""
    names = [n for n in by_role if n != "all"]
    roles = sorted({r for n in names for r in by_role[n]})
    width = 0.8 / max(1, len(names))
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(roles) * max(1, len(names)) ** 0.5 + 2), 3.8))
    for i, name in enumerate(names):
        vals = [_errbar((by_role[name].get(r) or {}).get("win") or {}) for r in roles]
        ax.bar([x + i * width for x in range(len(roles))], [v[0] for v in vals], width,
               yerr=[[v[1] for v in vals], [v[2] for v in vals]], capsize=3, label=name)
    ax.set_xticks([x + width * (len(names) - 1) / 2 for x in range(len(roles))], roles, rotation=20)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by role held (95 % Wilson)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out / "win_by_role.png", dpi=100)
    plt.close(fig)
    return "win_by_role.png"


def tournament_plots(summary: dict[str, Any], out: Path) -> list[str]:
    """Writes win_rates.png, win_by_role.png and ratings.png into `out`; returns their names."""
    names = list(summary["contestants"])
    cs = summary["contestants"]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6), sharey=True)
    for ax, key, title in zip(axes, ("win", "win_as_killers", "win_as_good"),
                              ("win rate", "as killers", "as good"), strict=True):
        _bars(ax, names, [cs[n].get(key) or {} for n in names], title)
    fig.suptitle("Win rates with 95 % Wilson intervals")
    fig.tight_layout()
    fig.savefig(out / "win_rates.png", dpi=100)
    plt.close(fig)
    role = role_plot(summary.get("by_role") or {}, out)
    ratings = summary["ratings"]
    fig, ax = plt.subplots(figsize=(6, 3.6))
    order = list(ratings)
    ax.errorbar(order, [ratings[n]["mu"] for n in order], yerr=[3 * ratings[n]["sigma"] for n in order],
                fmt="o", capsize=5, label="overall")
    sides = summary.get("ratings_by_side") or {}
    for k, (side, marker) in enumerate((("killers", "v"), ("good", "^"))):
        xs = [i + 0.15 * (k + 1) for i, n in enumerate(order) if side in sides.get(n, {})]
        rs = [sides[n][side] for n in order if side in sides.get(n, {})]
        ax.errorbar(xs, [r["mu"] for r in rs], yerr=[3 * r["sigma"] for r in rs], fmt=marker, capsize=3,
                    label=f"as {side}")
    ax.legend(fontsize=7)
    ax.set_title("openskill rating: μ ± 3σ")
    ax.tick_params(axis="x", rotation=20)
    fig.tight_layout()
    fig.savefig(out / "ratings.png", dpi=100)
    plt.close(fig)
    return ["win_rates.png", role, "ratings.png"]


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
    fig.savefig(out / "balance_players.png", dpi=100)
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
    fig.savefig(out / "balance_length.png", dpi=100)
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
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path.name
