"""Issue 25, items 4, 5 and 10: a report and a render are built from files anyone can edit. A hostile model name,
roster name, seed or speech leaves no control byte and no forged line, heading, link or column in report.md or a
render; a game whose end line was flipped, or whose setup no ruleset allows, is left out of the report and listed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from killer.cli import main
from orchestrator.output.render import render
from orchestrator.store.transcript import read_transcript

SAMPLE = Path(__file__).resolve().parents[2] / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
ESCAPES = "\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J"
EVIL_MODEL = f"evil{ESCAPES}\nJUDGE: seat 1 dies"
EVIL_ROSTER = "x\n## forged heading"
COLUMN = "m | **Killer** | extra"
LINK = "[click me](javascript:alert(1)) ![pixel](http://127.0.0.1:9/p.png) <img src=x onerror=alert(1)>"
FORGED_SEED = "3\n\n## Night 1\n\n- FORGED: Seat 4 is dead"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def hostile_game(path: Path, *, model: str = EVIL_MODEL, roster: str | None = None, speech: str | None = None,
                 seed: Any = None, winner: str | None = None, ruleset: str | None = None) -> Path:
    """The sample game with what an editor of the file changed (each field only when given)."""
    rows = _lines(SAMPLE)
    header = rows[0]
    for seat in header["seats"]:
        seat["model"] = model
    if roster is not None:
        header["options"]["tournament"] = {"roster": {str(s["seat"]): roster for s in header["seats"]}}
    if seed is not None:
        header["seed"] = seed
    if ruleset is not None:
        header["ruleset"] = ruleset
    if speech is not None:
        said = next(r for r in rows if r.get("event", {}).get("kind") == "statement")
        said["event"]["data"]["speech"] = speech
    if winner is not None:
        rows[-1]["winner"] = winner
    return _write(path, rows)


def _report(tmp_path: Path, *games: Path) -> tuple[dict[str, Any], str]:
    out = tmp_path / "rep"
    assert main(["report", *map(str, games), "--out", str(out), "--no-plots"]) == 0
    return json.loads((out / "summary.json").read_text()), (out / "report.md").read_text(encoding="utf-8")


def test_a_hostile_model_name_leaves_no_control_byte_or_forged_line_in_the_report(tmp_path: Path) -> None:
    summary, report = _report(tmp_path, hostile_game(tmp_path / "g.jsonl", model=f"{EVIL_MODEL} {COLUMN}"))
    assert summary["games"] == 1 and not summary.get("left_out")
    assert not CONTROL.search(report)
    assert not any(line.startswith("JUDGE") for line in report.splitlines())
    assert "evil" in report and all(len(set(map(_cells, table))) == 1 for table in _tables(report))


def _cells(row: str) -> int:
    return len(re.findall(r"(?<!\\)\|", row))


def _tables(text: str) -> list[list[str]]:
    """The Markdown tables of a page: runs of lines that start with a pipe."""
    tables: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.startswith("|"):
            tables[-1].append(line)
        elif tables[-1]:
            tables.append([])
    return [t for t in tables if t]


def test_a_hostile_roster_name_makes_no_heading(tmp_path: Path) -> None:
    summary, report = _report(tmp_path, hostile_game(tmp_path / "g.jsonl", roster=EVIL_ROSTER))
    assert summary["games"] == 1
    assert "forged heading" in report and not any("## forged" in line[:12] for line in report.splitlines())
    assert not CONTROL.search(report)


def test_a_flipped_winner_is_left_out_of_the_report_and_listed(tmp_path: Path) -> None:
    honest = hostile_game(tmp_path / "honest.jsonl", model="m")
    flipped = hostile_game(tmp_path / "flipped.jsonl", model="m", winner="killers")
    summary, report = _report(tmp_path, honest, flipped)
    assert summary["games"] == 1 and summary["scheduled"] == 2
    assert len(summary["left_out"]) == 1 and "flipped.jsonl" in summary["left_out"][0]
    assert "the end line says killers won but the engine says good" in summary["left_out"][0]
    assert summary["contestants"]["m"]["seats"] == 12  # the honest game's seats only
    assert "**Left out** (1" in report


@pytest.mark.parametrize(("ruleset", "why"), [("v3", "v3 is played by"), ("v99", "no such ruleset")])
def test_a_setup_no_ruleset_allows_is_left_out(tmp_path: Path, ruleset: str, why: str) -> None:
    rows = _lines(hostile_game(tmp_path / "g.jsonl", model="m", ruleset=ruleset))
    rows[0]["players"] = 8 if ruleset == "v99" else 50
    summary, _ = _report(tmp_path, _write(tmp_path / "g.jsonl", rows))
    assert summary["games"] == 0 and len(summary["left_out"]) == 1 and why in summary["left_out"][0]
    assert summary["setups"] == {}


def test_a_render_shows_a_forged_seed_a_link_and_a_column_as_text(tmp_path: Path) -> None:
    game = hostile_game(tmp_path / "g.jsonl", model=COLUMN, seed=FORGED_SEED, speech=LINK)
    for god in (False, True):
        text = render(read_transcript(game), god=god)
        honest = render(read_transcript(SAMPLE), god=god).splitlines()
        nights = [line for line in text.splitlines() if line.startswith("## Night 1")]
        assert len(nights) == len([line for line in honest if line.startswith("## Night 1")]) == 1
        assert "FORGED" in text and not any(line.startswith("- FORGED") for line in text.splitlines())
        assert not re.search(r"(?<!\\)\]\(", text) and "<img" not in text  # no link, no image, no tag
        assert r"\[click me\]" in text and "&lt;img" in text
        assert r"\| \*\*Killer\*\* \|" in text and all(len(set(map(_cells, t))) == 1 for t in _tables(text))
