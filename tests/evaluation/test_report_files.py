"""`killer report DIR_OR_FILES` over loose transcripts (no tournament folder): contestants come from the headers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from killer.cli import main

SAMPLES = Path(__file__).parents[2] / "transcripts" / "samples"


def test_report_from_transcript_files(tmp_path: Path) -> None:
    files = sorted(SAMPLES.glob("*scripted*.jsonl"))[:3]
    torn = tmp_path / "torn.jsonl"
    torn.write_text("".join(files[0].read_text().splitlines(keepends=True)[:20]))  # a game without its end line
    out = tmp_path / "rep"
    assert main(["report", *map(str, files), str(torn), "--out", str(out), "--no-plots"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 3 and summary["scheduled"] == 4 and len(summary["missing"]) == 1
    assert set(summary["contestants"]) == {"scripted"}
    seats = sum(json.loads(f.read_text().splitlines()[0])["players"] for f in files)
    assert summary["contestants"]["scripted"]["seats"] == seats
    assert (out / "report.md").read_text().startswith("# Tournament report")


def test_report_from_a_folder_of_transcripts(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for f in sorted(SAMPLES.glob("*scripted-en*.jsonl"))[:2]:
        shutil.copy(f, folder)
    assert main(["report", str(folder), "--out", str(tmp_path / "rep"), "--no-plots"]) == 0
    assert json.loads((tmp_path / "rep" / "summary.json").read_text())["games"] == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["report", str(empty)]) == 2
