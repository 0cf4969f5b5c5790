"""docs/bots/README.md's per-family anchored table (issue 37) says what each run under docs/bots/anchored/ measured:
for every ruleset family, hard's win rate as killers against the anchor scripted:normal's good side and as good
against its killers, normal's own in its self-play game on the same deals, and the deal-paired difference with its
95 % interval (summary.json `per_side` and `comparisons`); the run is the committed tournament file's; and the
note's lists of where hard is shown ahead, where it is not, and where it is shown behind follow the intervals."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine import all_rulesets
from engine.rulesets import family_v1, family_v2, family_v2_forum, family_v2_std, family_v3, family_v4, family_v5

ROOT = Path(__file__).parents[3]
RUNS, FILES = ROOT / "docs" / "bots" / "anchored", ROOT / "evaluation" / "examples" / "bots-anchored"
FAMILIES = sorted(p.stem for p in FILES.glob("*.toml"))
ROW = re.compile(r"^\| \[(?P<id>[^]]+)\]\(anchored/(?P=id)/report\.md\) \((?P<seats>\d+) seats\) \| (?P<deals>\d+) \| "
                 r"(?P<cells>.+) \|$", re.M)
SIDES = {"killers": "win_as_killers", "good": "win_as_good"}


def readme() -> str:
    return (ROOT / "docs" / "bots" / "README.md").read_text(encoding="utf-8")


def summary(ruleset: str) -> dict[str, Any]:
    return dict(json.loads((RUNS / ruleset / "summary.json").read_text(encoding="utf-8")))


def rate(figure: dict[str, Any]) -> str:
    return f"{round(100 * figure['rate'])} % [{round(100 * figure['lo'])}–{round(100 * figure['hi'])}]"


def delta(c: dict[str, Any]) -> str:
    text = f"{c['diff']:+.1f} [{c['lo']:+.1f}, {c['hi']:+.1f}]"
    return f"**{text}**" if c["lo"] > 0 or c["hi"] < 0 else text


def comparison(s: dict[str, Any], side: str) -> dict[str, Any]:
    found = [c for c in s["comparisons"] if (c["a"], c["b"], c["metric"], c.get("against"))
             == ("hard", "normal", SIDES[side], "normal")]
    assert len(found) == 1
    return dict(found[0])


def test_every_family_has_its_run() -> None:
    families = [family.RULESETS for family in (family_v1, family_v2, family_v2_forum, family_v2_std, family_v3,
                                                family_v4, family_v5)]
    assert sum(len(f) for f in families) == len(all_rulesets())  # every family module is listed here
    # one ruleset of each engine/rulesets/family_*.py, and a row in the README for each
    assert sorted(next(r.id for r in f if r.id in FAMILIES) for f in families) == FAMILIES
    assert sorted(m["id"] for m in ROW.finditer(readme())) == FAMILIES


@pytest.mark.parametrize("ruleset", FAMILIES)
def test_the_row_matches_the_run(ruleset: str) -> None:
    config = tomllib.loads((FILES / f"{ruleset}.toml").read_text(encoding="utf-8"))
    ran = json.loads((RUNS / ruleset / "tournament.json").read_text(encoding="utf-8"))
    for key in ("seeds", "first_seed", "anchors", "name"):
        assert ran[key] == config[key]
    assert [c["agent"] for c in ran["contestants"]] == ["scripted:normal", "scripted:hard"]
    s = summary(ruleset)
    assert s["games"] == 3 * config["seeds"] and not s["missing"]
    row = {m["id"]: m for m in ROW.finditer(readme())}[ruleset]
    (setup,) = s["setups"]
    assert setup == f"{ruleset}/{row['seats']}" and int(row["deals"]) == config["seeds"]
    per_side = s["per_side"]["normal"]
    cells = []
    for side, metric in SIDES.items():
        cells += [rate(per_side["hard"][metric]), rate(per_side["normal"][metric]), delta(comparison(s, side))]
    assert row["cells"] == " | ".join(cells)


@pytest.mark.parametrize("side", list(SIDES))
def test_the_note_says_where_hard_is_shown_ahead_and_where_not(side: str) -> None:
    ahead = [f for f in FAMILIES if comparison(summary(f), side)["lo"] > 0]
    behind = [f for f in FAMILIES if comparison(summary(f), side)["hi"] < 0]
    rest = [f for f in FAMILIES if f not in ahead]
    line = f"As {side}, hard is shown ahead of normal in: {', '.join(ahead) or 'none'}; not shown ahead in: " \
           f"{', '.join(rest) or 'none'}; shown behind in: {', '.join(behind) or 'none'}."
    assert line in " ".join(readme().split())


def test_the_note_says_what_survives_holm_over_every_run() -> None:
    """Each run adjusts its two comparisons only; over the seven runs' 14, Holm leaves the ones the note names."""
    tests = sorted((comparison(summary(f), side)["p"], side, f) for f in FAMILIES for side in SIDES)
    adjusted, running = {}, 0.0
    for i, (p, side, f) in enumerate(tests):
        running = max(running, min(1.0, (len(tests) - i) * p))
        adjusted[side, f] = running
    kept = {side: [f for f in FAMILIES if adjusted[side, f] < 0.05] for side in SIDES}
    line = f"Holm over all {len(tests)} comparisons of the {len(FAMILIES)} runs keeps, as killers: " \
           f"{', '.join(kept['killers']) or 'none'}; as good: {', '.join(kept['good']) or 'none'}."
    assert line in " ".join(readme().split())
