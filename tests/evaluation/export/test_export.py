"""`killer export` on a tournament folder and on a folder of transcripts: the five tables, their row counts
agreeing with summary.json, loaded by pandas; the docs' pandas snippet reproduces a report figure; formula cells
are escaped; bad input is one line and exit 2; nothing is written outside --out; parquet when pyarrow is
installed, one line without it."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from evaluation.export.tables import COLUMNS
from evaluation.report.summary import summarize, summarize_transcripts
from evaluation.tournament.folder import transcript_files
from killer.cli import main
from killer.exit_codes import ExitCode
from orchestrator.store.transcript import read_transcript

ROOT = Path(__file__).resolve().parents[3]
RUN = ROOT / "docs" / "eval-sample"  # a tournament folder
SAMPLES = ROOT / "transcripts" / "samples"  # a folder of transcripts (every format verify reads)
TABLES = tuple(COLUMNS)


def export(source: Path, out: Path, *extra: str) -> int:
    return main(["export", str(source), "--out", str(out), *extra])


def _counts(summary: dict[str, object]) -> tuple[int, int, int]:
    rows = summary["contestants"].values()  # type: ignore[attr-defined]
    return summary["games"], sum(c["seats"] for c in rows), sum(c.get("decisions", 0) for c in rows)  # type: ignore


@pytest.mark.parametrize("source", [RUN, SAMPLES], ids=["tournament", "transcripts"])
def test_the_five_tables_agree_with_the_summary(source: Path, tmp_path: Path) -> None:
    assert export(source, tmp_path) == ExitCode.DONE
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{t}.csv" for t in TABLES)
    frames = {t: pd.read_csv(tmp_path / f"{t}.csv") for t in TABLES}
    for t, frame in frames.items():
        assert tuple(frame.columns) == COLUMNS[t] and set(frame["run"]) == {source.name}
    summary = summarize(source) if source == RUN else summarize_transcripts(transcript_files(source))
    assert (len(frames["games"]), len(frames["seats"]), len(frames["decisions"])) == _counts(summary)
    assert frames["games"]["verified"].all()
    statements = frames["statements"]
    assert set(statements["kind"]) <= {"statement", "defense", "last_words"} and len(statements) > 0
    row = frames["decisions"].iloc[0]  # a row leads back to its transcript line
    game = next(t for p in source.rglob("*.jsonl") if p.name not in ("results.jsonl", "labels.jsonl")
                and (t := read_transcript(p)).game_id == row["game"])
    line = json.loads(game.path.read_text(encoding="utf-8").split("\n")[1 + int(row["i"])])
    assert line["i"] == row["i"] and line["event"]["data"]["seat"] == row["seat"]


def test_the_docs_pandas_snippet_reproduces_a_report_figure(tmp_path: Path) -> None:
    assert export(RUN, tmp_path) == ExitCode.DONE
    doc = (ROOT / "docs" / "metrics.md").read_text(encoding="utf-8")
    section = doc.split("## Tidy tables", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert code is not None
    scope: dict[str, object] = {"tables": str(tmp_path), "print": lambda *a: None}
    exec(code.group(1), scope)  # the documented snippet, as written
    accuracy = scope["accuracy"]
    summary = json.loads((RUN / "summary.json").read_text(encoding="utf-8"))
    for name, row in summary["contestants"].items():
        got = accuracy.loc[name]  # type: ignore[attr-defined]
        assert (int(got["sum"]), int(got["count"])) == (row["vote_accuracy"]["k"], row["vote_accuracy"]["n"])


def test_cells_a_spreadsheet_would_run_are_escaped(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    lines = [json.loads(line) for line in (SAMPLES / "v2-classic-scripted-en-s7.jsonl").read_text(
        encoding="utf-8").split("\n") if line]
    first = next(r for r in lines if (r.get("event") or {}).get("kind") == "statement")
    first["event"]["data"]["speech"] = '=HYPERLINK("http://x.example","click")'
    (games / "g.jsonl").write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in lines) + "\n",
                                   encoding="utf-8")
    assert export(games, tmp_path / "out") == ExitCode.DONE
    frame = pd.read_csv(tmp_path / "out" / "statements.csv")
    escaped = [t for t in frame["text"] if isinstance(t, str) and "HYPERLINK" in t]
    assert escaped == ["'=HYPERLINK(\"http://x.example\",\"click\")"]
    assert not any(isinstance(t, str) and t[:1] in "=+-@" for t in frame["text"])


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.jsonl").write_text('{"hello": "world"}\n', encoding="utf-8")
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    cases = [(empty, tmp_path / "o1", "no transcripts"), (foreign, tmp_path / "o2", "not a killer transcript"),
             (tmp_path / "missing", tmp_path / "o3", "not a folder"), (RUN, RUN / "tables", "inside the input"),
             (SAMPLES, blocker, "not a folder"), (SAMPLES, blocker / "sub", "")]
    for source, out, needle in cases:
        capsys.readouterr()
        assert export(source, out) == ExitCode.BAD_INPUT, (source, out)
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("killer export: ") and needle in lines[0], lines
    assert not (RUN / "tables").exists() and not (tmp_path / "o1").joinpath("games.csv").exists()


def test_nothing_is_written_outside_out(tmp_path: Path) -> None:
    source = tmp_path / "run"
    shutil.copytree(RUN, source)
    before = sorted(p.relative_to(source) for p in source.rglob("*"))
    assert export(source, tmp_path / "out") == ExitCode.DONE
    assert sorted(p.relative_to(source) for p in source.rglob("*")) == before
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(f"{t}.csv" for t in TABLES)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "run"]


@pytest.mark.skipif(importlib.util.find_spec("pyarrow") is None, reason="pyarrow (the parquet extra) not installed")
def test_parquet_when_pyarrow_is_installed(tmp_path: Path) -> None:
    assert export(RUN, tmp_path, "--format", "parquet") == ExitCode.DONE
    seats = pd.read_parquet(tmp_path / "seats.parquet")
    assert len(seats) == 40 and tuple(seats.columns) == COLUMNS["seats"]


def test_parquet_without_pyarrow_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a))
    assert export(RUN, tmp_path / "out", "--format", "parquet") == ExitCode.BAD_INPUT
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == ["killer export: --format parquet needs pyarrow: pip install 'killer-game[parquet]'"]
    assert not (tmp_path / "out").exists()
