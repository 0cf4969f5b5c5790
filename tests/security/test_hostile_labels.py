"""A planted labels.jsonl (issue 31): `killer report`, `killer export` and `killer label` hold each line to the
writer's shape and the file to LINES_PER_STATEMENT lines a statement of the run. Too many lines, a line of
another shape, a huge value or a line longer than the writer makes: one line and exit 2, before anything is
written. An honest labels.jsonl, written by `killer label` against the emulated provider, still reads."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from evaluation.load.played import games_in
from evaluation.statements.labels import LABELS, LINES_PER_STATEMENT, MAX_LINE_BYTES, read_labels, spoken
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.agents.provider_emulator import ProviderEmulator
from tests.evaluation.builders import hard_vs_easy

TOURNAMENT = hard_vs_easy("labels")


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run labelled by `killer label` against the emulated provider (honest lines)."""
    root = tmp_path_factory.mktemp("labels")
    (root / "t.toml").write_text(TOURNAMENT, encoding="utf-8")
    assert main(["eval", str(root / "t.toml"), "--out", str(root / "run"), "--no-progress"]) == ExitCode.DONE
    with pytest.MonkeyPatch.context() as mp, ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        mp.setenv("EMU_KEY", emu.key)
        assert main(["label", str(root / "run"), "--model", "gpt-4.1-mini", "--base-url", emu.base_url,
                     "--api-key-env", "EMU_KEY", "--limit", "6"]) == ExitCode.DONE
    return root / "run"


@pytest.fixture
def run(labelled: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "run"
    shutil.copytree(labelled, copy)
    return copy


def honest_line(run: Path) -> dict[str, object]:
    return dict(json.loads((run / LABELS).read_text(encoding="utf-8").splitlines()[0]))


def statements_of(run: Path) -> int:
    return spoken(games_in(run)[1])


def refused_everywhere(run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], words: str) -> None:
    """report, export and label each refuse in one line naming labels.jsonl, and write nothing."""
    capsys.readouterr()
    before = (run / "report.md").read_bytes()  # the one eval wrote
    assert main(["report", str(run)]) == ExitCode.BAD_INPUT
    assert main(["export", str(run), "--out", str(tmp_path / "out")]) == ExitCode.BAD_INPUT
    assert main(["label", str(run), "--model", "m", "--base-url", "http://127.0.0.1:9/v1"]) == ExitCode.BAD_INPUT
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3, err
    assert all(str(run / LABELS) in line and words in line and "Traceback" not in line for line in err), err
    assert (run / "report.md").read_bytes() == before and not list((tmp_path / "out").glob("*.csv"))


def test_an_honest_labels_file_reads_in_report_and_export(run: Path, tmp_path: Path) -> None:
    rows = read_labels(run / LABELS, statements_of(run))
    assert len(rows) == 6 and all(r["status"] == "labelled" and r["model"] == "gpt-4.1-mini" for r in rows)
    (run / "report.md").unlink()
    assert main(["report", str(run)]) == ExitCode.DONE
    assert "Judge model (labels.jsonl)" in (run / "report.md").read_text(encoding="utf-8")
    assert main(["export", str(run), "--out", str(tmp_path / "out")]) == ExitCode.DONE
    text = (tmp_path / "out" / "statements.csv").read_text(encoding="utf-8")
    assert text.count(",labelled,") == 6


def test_a_torn_last_line_is_skipped_as_before(run: Path, tmp_path: Path) -> None:
    with (run / LABELS).open("a", encoding="utf-8") as f:
        f.write(json.dumps(honest_line(run))[:40])
    assert len(read_labels(run / LABELS, statements_of(run))) == 6
    assert main(["export", str(run), "--out", str(tmp_path / "out")]) == ExitCode.DONE


def test_more_lines_than_the_run_can_hold_are_refused_before_parsing(run: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    most = statements_of(run) * LINES_PER_STATEMENT
    line = json.dumps(honest_line(run)) + "\n"
    (run / LABELS).write_text(line * most, encoding="utf-8")
    assert len(read_labels(run / LABELS, statements_of(run))) == most  # at the cap: read
    with (run / LABELS).open("a", encoding="utf-8") as f:
        f.write("x\n")  # one line past it, and not even JSON: refused by its count alone
    refused_everywhere(run, tmp_path, capsys, f"{most + 1:,} label lines")


@pytest.mark.parametrize(("field", "value"), [
    ("said_checks", [{"target": 1, "result": "killer", "night": 1}] * 100_000),  # the hostile judge
    ("said_checks", [{"target": 1, "result": "killer", "night": 10**300}]),  # a 300-digit night
    ("said_checks", [{"target": True, "result": "killer", "night": 1}]),  # a boolean is no seat
    ("reason", "x" * 5000),
    ("reader", {"said_checks": [{}] * 2000}),  # many tiny values
    ("i", -1), ("seat", 99), ("key", "../../etc"), ("category", "lies"), ("lie", "yes"), ("usd", 1e308 * 10),
    ("latency_s", -1.0), ("model", ["a"]), ("i", int("9" * 4000)),
])
def test_a_line_of_another_shape_is_refused_in_one_line(run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        field: str, value: object) -> None:
    line = {**honest_line(run), field: value}
    with (run / LABELS).open("a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")
    refused_everywhere(run, tmp_path, capsys, "line 7")


def test_a_line_without_the_writers_fields_or_not_an_object_is_refused(run: Path, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    for planted in ([{}] * 3, {"key": "abc"}):
        (run / LABELS).write_text(json.dumps(planted) + "\n", encoding="utf-8")
        refused_everywhere(run, tmp_path, capsys, "line 1")


def test_a_line_longer_than_the_writer_makes_is_refused(run: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    (run / LABELS).write_text("[" + "{}," * MAX_LINE_BYTES + "{}]\n", encoding="utf-8")
    refused_everywhere(run, tmp_path, capsys, "longer than a label line this program writes")


def test_a_file_larger_than_its_lines_can_be_is_refused_before_reading(run: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    most = statements_of(run) * LINES_PER_STATEMENT
    with (run / LABELS).open("w", encoding="utf-8") as f:
        f.write(" " * (most * MAX_LINE_BYTES + 1))
    refused_everywhere(run, tmp_path, capsys, "larger than killer reads here")


def test_fields_outside_the_writers_shape_are_not_kept(run: Path) -> None:
    line = {**honest_line(run), "planted": [{}] * 1000}
    with (run / LABELS).open("a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")
    rows = read_labels(run / LABELS, statements_of(run))
    assert len(rows) == 7 and "planted" not in rows[-1] and rows[-1]["key"] == line["key"]
