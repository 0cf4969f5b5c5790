"""docs/metrics.md defines every figure report.md prints: each key of the report's tables is named there."""

from __future__ import annotations

import re
from pathlib import Path

from evaluation.report import summary as report

DOC = Path(__file__).resolve().parents[3] / "docs" / "metrics.md"
TICKED = re.compile(r"`([^`\n]+)`")


def defined_names(text: str) -> tuple[set[str], set[str]]:
    """The names docs/metrics.md defines, with its shorthands expanded: "`a_killers`, `_good`" names a_good too,
    and "`swing_base*`" every name starting with swing_base (returned apart, as prefixes)."""
    names: set[str] = set()
    prefixes: set[str] = set()
    for line in text.splitlines():
        previous = ""
        for name in TICKED.findall(line):
            if name.endswith("*"):
                prefixes.add(name[:-1])
            elif name.startswith("_") and previous:
                names.add(previous.rsplit("_", 1)[0] + name)
            else:
                names.add(name)
                previous = name
    return names, prefixes


def is_defined(key: str, names: set[str], prefixes: set[str]) -> bool:
    return key in names or any(key.startswith(p) for p in prefixes)


def test_the_parser_expands_the_shorthands() -> None:
    names, prefixes = defined_names("| `lies_detected_killers`, `_good` | x |\n| `swing_base*` | y |")
    assert {"lies_detected_killers", "lies_detected_good"} <= names
    assert is_defined("swing_base_good", names, prefixes) and not is_defined("swing_lift_good", names, prefixes)


def test_every_figure_of_the_report_is_defined() -> None:
    names, prefixes = defined_names(DOC.read_text(encoding="utf-8"))
    keys = [k for k, _ in report.ROWS] + [k for k, _ in report.NUMBERS] + [f"cost.{k}" for k, _ in report.COSTS]
    missing = [k for k in keys if not is_defined(k, names, prefixes)]
    assert not missing, f"report.md prints figures docs/metrics.md does not define: {missing}"


def test_every_report_section_is_described() -> None:
    # the headings report.md prints outside the per-contestant table each have a section in docs/metrics.md
    text = DOC.read_text(encoding="utf-8")
    for section in ("## Ratings", "### Per side", "### Per role", "## Paired comparisons", "## Calibration",
                    "## Per role held", "## Per ruleset and table size", "## Cost", "## Merging runs"):
        assert section in text, section


def test_a_report_of_few_games_says_it_establishes_nothing() -> None:
    few = "\n".join(report._flags({"games": 4}))
    assert "**Only 4 games.**" in few and "no difference between contestants" in few
    assert "Only" not in "\n".join(report._flags({"games": report.FEW_GAMES}))
    assert report._flags({"games": 0}) == []
    sample = (DOC.parent / "eval-sample" / "report.md").read_text(encoding="utf-8")
    assert "**Only 4 games.**" in sample  # the committed sample is recomputed with the warning
