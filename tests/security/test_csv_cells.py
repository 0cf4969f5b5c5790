"""Issue 31, item 2: CSV cells no spreadsheet can execute. A game whose every speech carries a bare CR and a formula
(`Seat N here.\\r=cmd|' /C calc'!A0`), exported: Python's csv module reads one row per statement, and no text
cell holds a line break or starts like a formula, however it is dressed (a leading space, a BOM, a full-width
`＝`); numeric cells keep their minus signs."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from hygiene.csv_cells import csv_cell, looks_like_formula
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.agents.provider_emulator import ProviderEmulator

HOSTILE = "Seat N here.\r=cmd|' /C calc'!A0"


@pytest.mark.parametrize("text", ["=1+1", " =1+1", "\ufeff=1+1", "＝1+1", "\u200b@SUM(A1)", "\t-2+3", "\r+1",
                                  "\n=HYPERLINK()", "－1", "＠x"])
def test_every_dressed_formula_is_escaped(text: str) -> None:
    cell = csv_cell(text)
    assert cell.startswith("'") and "\r" not in cell and "\n" not in cell and "\t" not in cell


def test_plain_text_and_numbers_are_kept() -> None:
    assert csv_cell("Seat 3 is the police.") == "Seat 3 is the police."
    assert csv_cell(-3) == -3 and csv_cell(-0.5) == -0.5 and csv_cell(None) is None
    assert csv_cell("a\rb\nc") == "a ⏎ b ⏎ c"


def test_a_cr_speech_exports_one_row_per_statement_and_no_formula(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("vllm", ["m"], speech=HOSTILE) as emu:
        code = main(["run", "--model", "m", "--base-url", emu.base_url, "--players", "8", "--ruleset", "v2-classic",
                     "--seed", "2", "--out", str(tmp_path / "games"), "--timeout", "10"])
    assert code in (ExitCode.DONE, ExitCode.DEGRADED)
    capsys.readouterr()
    assert main(["export", str(tmp_path / "games"), "--out", str(tmp_path / "tables")]) == ExitCode.DONE
    counts = dict(part.split(".csv ") for part in capsys.readouterr().out.split(":")[0].split(", "))
    with (tmp_path / "tables" / "statements.csv").open(encoding="utf-8", newline="") as f:
        table = list(csv.reader(f))
    header, body = table[0], table[1:]
    assert len(body) == int(counts["statements"].split()[0]) > 0  # rows = records
    text = header.index("text")
    assert any("cmd|" in row[text] for row in body)  # the hostile speech is there, as text
    for name in ("games", "seats", "decisions", "statements", "votes"):
        with (tmp_path / "tables" / f"{name}.csv").open(encoding="utf-8", newline="") as f:
            for row in csv.reader(f):
                for cell in row:
                    assert "\r" not in cell and "\n" not in cell
                    assert not looks_like_formula(cell) or cell.startswith("'") or _number(cell), (name, cell)


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True
