"""The card mix each table size should use: search the role counts a ruleset allows for the mix whose killers
win closest to half the games, beside the mix the seeds recommend.

The ranges searched per ruleset, and the seed sentences behind them, are docs/rules.md ruling R-suggest-ranges.
Every candidate plays the same bounded number of seeded games (the same seeds for every candidate, so the
comparison is paired); before anything is played, a short calibration estimates the search's time and a search
over its time budget is refused.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import display_name, get_ruleset
from engine.roles import ROLE_IDS, SPECIAL_ROLES
from evaluation.balance.chunks import StudyError
from evaluation.balance.study import GameSetup, Mix, check_agents, play, run_setups
from evaluation.balance.workers import Spread, check_spread
from hygiene import files

CALIBRATION = 6  # games timed in this process, per agent kind, to estimate the search's time


def _around(k: int) -> range:
    """k - 1 .. k + 1, at least 1."""
    return range(max(1, k - 1), k + 2)


def v2_classic_mixes(n: int) -> list[Mix]:
    """Killers and police each n // 4 - 1 .. n // 4 + 1 (R-suggest-ranges)."""
    return [(("killer", k), ("police", p)) for k in _around(n // 4) for p in _around(n // 4)]


def v3_mixes(n: int) -> list[Mix]:
    """Killers n // 4 - 1 .. + 1, police 1-2 fewer (at least 1), one doctor, secret police 1 or 0."""
    return [(("killer", k), ("police", p), ("doctor", 1), ("secret_police", sp))
            for k in _around(n // 4) for p in sorted({max(1, k - 2), max(1, k - 1)}) for sp in (1, 0)]


def v4_classic_mixes(n: int) -> list[Mix]:
    """Killers around the table's (3, + 1 per pair past 13), police 1 or 2, one of each other special."""
    table = 3 + max(0, n - 13) // 2
    others = tuple((r, 1) for r in ROLE_IDS if r in SPECIAL_ROLES and r != "police"
                   and r in get_ruleset("v4-classic").roles())
    return [(("killer", k), ("police", p), *others) for k in _around(table) for p in (1, 2)]


@dataclass(frozen=True)
class MixRange:
    """The role counts --suggest tries for one ruleset, and the seed sentences they come from."""

    ruleset: str
    mixes: Callable[[int], list[Mix]]
    cites: str


RANGES = {r.ruleset: r for r in (
    MixRange("v2-classic", v2_classic_mixes,
             "004 V2.0 I: 8-10人时2杀手、2警察; 11-13人时3杀手、3警察. 003 note 1: 人太多也要增加警匪的数量"),
    MixRange("v3", v3_mixes,
             "000 v3.0: the police will be 1-2 less than the killers. 004: 很多人在V3.0版本的基础上减少秘密警察的角色"),
    MixRange("v4-classic", v4_classic_mixes,
             "002 v4.0: 花蝴蝶1名，狙击手1名，医生1名，警察1名，森林老人1名，杀手3名 ... "
             "杀手与平民可按1：1比例可继续增加; "
             "004 V4.0 I: 3杀手、2警察"),
)}


def seeds_mix(ruleset: str, n: int, like: Mix) -> Mix:
    """The ruleset's own table at n players as a mix, in the order (and with the zero counts) of `like`."""
    counts = Counter(get_ruleset(ruleset).composition(n))
    return tuple((role, counts.get(role, 0)) for role, _ in like)


def candidates(ruleset: str, n: int) -> list[Mix]:
    """The mixes tried at n players: the range's, with at least one civilian, and always the seeds' mix."""
    found = [m for m in RANGES[ruleset].mixes(n) if sum(c for _, c in m) < n]
    own = seeds_mix(ruleset, n, found[0])
    return found if own in found else [*found, own]


def mix_text(mix: Mix, players: int) -> str:
    """'3 Killer, 2 Police, 1 Doctor, 6 Civilian' (roles with a zero count left out)."""
    parts = [f"{c} {display_name(r)}" for r, c in mix if c]
    return ", ".join([*parts, f"{players - sum(c for _, c in mix)} {display_name('civilian')}"])


@dataclass(frozen=True)
class Search:
    """One --suggest run: a ruleset over its table sizes (or one), agent kinds, games per candidate."""

    ruleset: str
    sizes: tuple[int, ...]
    agents: tuple[str, ...]
    games: int
    seed: int = 0

    def setups(self) -> list[GameSetup]:
        return [GameSetup(self.ruleset, n, a, self.games, self.seed, m)
                for a in self.agents for n in self.sizes for m in candidates(self.ruleset, n)]


def check_search(search: Search) -> None:
    """Refuses a ruleset without ranges, a size it does not allow, or an unknown agent kind."""
    if search.ruleset not in RANGES:
        raise StudyError(f"--suggest knows the ranges of {', '.join(RANGES)} (docs/rules.md R-suggest-ranges), "
                         f"not {search.ruleset!r}")
    low, high = get_ruleset(search.ruleset).players
    for n in search.sizes:
        if not low <= n <= high:
            raise StudyError(f"{search.ruleset} is played by {low} to {high} players, not {n}")
    if search.games < 1:
        raise StudyError("--games must be at least 1")
    check_agents(search.agents)


def estimate_minutes(search: Search, workers: int) -> float:
    """The search's time on `workers` cores, from a few timed games at its largest table (the slowest)."""
    n = max(search.sizes)
    mix = candidates(search.ruleset, n)[0]
    per_game = 0.0
    for agents in search.agents:
        start = time.process_time()
        for i in range(CALIBRATION):
            play(search.ruleset, n, search.seed + i, agents, mix=mix)
        per_game = max(per_game, (time.process_time() - start) / CALIBRATION)
    return per_game * len(search.setups()) * search.games / workers / 60


def plan(search: Search, spread: Spread, budget_minutes: float) -> str:
    """Checks the search and its time budget; the sentence that states both. StudyError when over budget."""
    check_search(search)
    workers = check_spread(spread)
    games = len(search.setups()) * search.games
    minutes = estimate_minutes(search, workers)
    line = (f"{len(search.setups())} candidate mixes x {search.games} games = {games} games; about "
            f"{minutes:.1f} min on {workers} worker(s) (estimated from {CALIBRATION} timed games; budget "
            f"{budget_minutes:g} min)")
    if minutes > budget_minutes:
        raise StudyError(f"{line}: over the budget; lower --games, pick --players, or raise --budget")
    return line


def pick(rows: list[dict[str, Any]], own: dict[str, int]) -> dict[str, Any]:
    """The candidate whose killers' win rate is closest to 50 %; on a tie the seeds' mix, else the first."""
    return min(rows, key=lambda r: (abs(r["killers_win"]["rate"] - 0.5), r["mix"] != own))


def run_search(search: Search, spread: Spread) -> dict[str, Any]:
    """Plays every candidate; per agent kind and table size the seeds' mix, the suggested mix and all rows."""
    setups = search.setups()
    rows = run_setups(setups, spread)
    for setup, row in zip(setups, rows, strict=True):
        assert setup.mix is not None
        row["mix"] = dict(setup.mix)
        row["text"] = mix_text(setup.mix, setup.players)
    tables = []
    for agents in search.agents:
        for n in search.sizes:
            group = [r for r in rows if r["agents"] == agents and r["players"] == n]
            own = dict(seeds_mix(search.ruleset, n, tuple(group[0]["mix"].items())))
            tables.append({"agents": agents, "players": n, "suggested": pick(group, own),
                           "seeds": next(r for r in group if r["mix"] == own), "candidates": group})
    return {"ruleset": search.ruleset, "agents": list(search.agents), "games_per_candidate": search.games,
            "seed": search.seed, "ranges": RANGES[search.ruleset].cites, "tables": tables}


def write_search(out: Path, result: dict[str, Any], command: str) -> list[Path]:
    """suggest_<ruleset>.json, .md and .png in `out`."""
    from evaluation.report.plots import suggest_plot

    out.mkdir(parents=True, exist_ok=True)
    stem = f"suggest_{result['ruleset']}"
    files.write_text(out / f"{stem}.json", json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    image = suggest_plot(result, out / f"{stem}.png")
    files.write_text(out / f"{stem}.md", render_search(result, image, command))
    return [out / f"{stem}.{ext}" for ext in ("json", "md", "png")]


def render_search(result: dict[str, Any], image: str, command: str) -> str:
    """The table a game designer reads: per table size the seeds' mix and the suggested one, with intervals."""
    def pct(r: dict[str, Any]) -> str:
        w = r["killers_win"]
        return f"{100 * w['rate']:.0f}% [{100 * w['lo']:.0f}–{100 * w['hi']:.0f}]"

    lines = [f"# Card mixes for {result['ruleset']}", "", f"`{command}`", "",
             f"{result['games_per_candidate']} seeded games per candidate mix (seeds {result['seed']}…, the same "
             "for every mix). Suggested: the mix whose killers' win rate is closest to 50 %; killers' win rates "
             "with 95 % Wilson intervals. Ranges searched (docs/rules.md R-suggest-ranges): "
             f"{result['ranges']}.", "",
             "| agents | players | the seeds' mix | killers win | suggested mix | killers win | 50 % inside "
             "its interval | mixes tried |",
             "|---|---|---|---|---|---|---|---|"]
    for t in result["tables"]:
        same = " (the same)" if t["suggested"]["mix"] == t["seeds"]["mix"] else ""
        fair = "yes" if t["suggested"]["killers_win"]["lo"] <= 0.5 <= t["suggested"]["killers_win"]["hi"] else "no"
        lines.append(f"| {t['agents']} | {t['players']} | {t['seeds']['text']} | {pct(t['seeds'])} | "
                     f"{t['suggested']['text']}{same} | {pct(t['suggested'])} | {fair} | "
                     f"{len(t['candidates'])} |")
    lines += ["", "\"50 % inside its interval: no\" means no mix in the range is fair at that size: the suggestion "
              "is only the least unfair. Neighbouring mixes with overlapping intervals are equally good "
              "suggestions. Every candidate's row is in the JSON file beside this one.", "",
              f"![{Path(image).stem}]({image})", ""]
    return "\n".join(lines)
