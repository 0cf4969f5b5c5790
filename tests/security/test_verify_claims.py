"""Issue 13, item 7: `killer verify` fails what it cannot check or what disagrees, and says what it checked."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from killer.cli import main
from tests.security.games import interrupted

ROOT = Path(__file__).resolve().parents[2]
FINISHED = ROOT / "transcripts/samples/v2-classic-scripted-en-s7.jsonl"

Rows = list[dict[str, Any]]


def _rows(path: Path) -> Rows:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def _write(path: Path, rows: Rows) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def _drop_seed(rows: Rows) -> None:
    del rows[0]["seed"]


def _float_seed(rows: Rows) -> None:
    rows[0]["seed"] = 7.0 if rows[0]["seed"] == 7 else 5.7


def _string_seed(rows: Rows) -> None:
    rows[0]["seed"] = str(rows[0]["seed"])


def _bool_seed(rows: Rows) -> None:
    rows[0]["seed"] = True


def _two_ends(rows: Rows) -> None:
    rows.append(dict(rows[-1]))


def _cut_end(rows: Rows) -> None:
    rows.pop()


def _days(rows: Rows) -> None:
    rows[-1]["days"] += 1


def _nights(rows: Rows) -> None:
    rows[-1]["nights"] = 0


def _decisions(rows: Rows) -> None:
    rows[-1]["decisions"] -= 3


def _no_decisions(rows: Rows) -> None:
    del rows[-1]["decisions"]


def _event_after_end(rows: Rows) -> None:
    rows.append(rows[-2])


FORGERIES: dict[str, tuple[Callable[[Rows], None], str]] = {
    "no seed": (_drop_seed, "no integer seed"), "float seed": (_float_seed, "no integer seed"),
    "string seed": (_string_seed, "no integer seed"), "bool seed": (_bool_seed, "no integer seed"),
    "two end lines": (_two_ends, "2 end lines"), "cut before the end line": (_cut_end, "end line is missing"),
    "days": (_days, "days"), "nights": (_nights, "nights"), "decisions": (_decisions, "decisions"),
    "no decisions figure": (_no_decisions, "no decisions"), "event after the end": (_event_after_end, "follow"),
}


@pytest.mark.parametrize("name", list(FORGERIES))
def test_verify_fails_a_forged_or_incomplete_transcript(tmp_path: Path, name: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    forge, why = FORGERIES[name]
    rows = _rows(FINISHED)
    forge(rows)
    path = _write(tmp_path / "forged.jsonl", rows)
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert "INCONSISTENT" in err and why in err, err


def test_a_game_in_progress_fails_unless_partial(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = interrupted(tmp_path)
    assert main(["verify", str(game)]) == 1
    assert "--partial" in capsys.readouterr().err
    assert main(["verify", "--partial", str(game)]) == 0
    out = capsys.readouterr().out
    assert "game not over" in out and "deal and draws from seed 5" in out and "end line" not in out.split(
        "checked:")[1].replace("no end line", "")


def test_every_sample_verifies_and_says_what_was_checked(capsys: pytest.CaptureFixture[str]) -> None:
    samples = sorted([*(ROOT / "transcripts/samples").glob("*.jsonl"), *(ROOT / "docs/eval-sample/games").glob(
        "*.jsonl")])
    assert len(samples) >= 8
    for sample in samples:
        assert main(["verify", str(sample)]) == 0, sample
        out = capsys.readouterr().out
        assert "checked: event numbering, replay of every decision, deal and draws from seed" in out
        assert out.rstrip().endswith("end line")
