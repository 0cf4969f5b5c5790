"""docs/balance/scripted-hard/README.md's summary rows say what each folder's balance.json measured (the rows
re-run for issue 33 among them): the killers' win range, the sizes whose 95 % interval holds 50 %, the mean days
and the fallbacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FOLDER = Path(__file__).parents[3] / "docs" / "balance" / "scripted-hard"
ROW = re.compile(r"^\| \[(?P<id>[^]]+)\]\((?P=id)/balance\.md\) \| [^|]+ \| (?P<win>[^|]+) \| (?P<even>[^|]+) \| "
                 r"(?P<days>[^|]+) \| (?P<fallbacks>\d+) \|$", re.M)


def rows() -> dict[str, dict[str, str]]:
    return {m["id"]: m.groupdict() for m in ROW.finditer((FOLDER / "README.md").read_text(encoding="utf-8"))}


def span(values: list[float], unit: str = "") -> str:
    low, high = min(values), max(values)
    return f"{low:g}{unit}" if low == high else f"{low:g}–{high:g}{unit}"


@pytest.mark.parametrize("ruleset", ["v3.5-std", "v3.8-std", "v5-dual"])
def test_the_summary_row_matches_the_measured_table(ruleset: str) -> None:
    row = rows()[ruleset]
    setups = json.loads((FOLDER / ruleset / "balance.json").read_text(encoding="utf-8"))["setups"]
    wins = [round(100 * s["killers_win"]["rate"]) for s in setups]
    assert row["win"].strip() == span(wins, " %")
    even = [str(s["players"]) for s in setups if s["killers_win"]["lo"] <= 0.5 <= s["killers_win"]["hi"]]
    assert row["even"].strip() == (", ".join(even) or "none")
    assert row["days"].strip() == span([s["mean_days"] for s in setups])
    assert int(row["fallbacks"]) == sum(s["fallbacks"] for s in setups)
