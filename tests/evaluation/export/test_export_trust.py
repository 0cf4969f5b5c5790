"""What `killer export` says can be trusted: `intact` (the transcript is the file the run wrote: its SHA-256
recorded in results.jsonl) beside `verified` (the replay agrees), so an edited speech, still a legal game, exports
intact = false; a run's games/ folder exports as its run (run name, rotations); the judge's own fields and its
status per statement; every table loads in pandas with the documented dtypes (DTYPES, docs/metrics.md)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from agents.llm.prompting import speech_literal
from evaluation.export.tables import COLUMNS, DTYPES
from evaluation.statements.labels import LABELS, read_labels
from evaluation.tournament.folder import GAMES, read_results
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.agents.provider_emulator import ProviderEmulator
from tests.evaluation.builders import hard_vs_easy

ROOT = Path(__file__).resolve().parents[3]
TOURNAMENT = hard_vs_easy("trusted")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("trust")
    config = root / "trusted.toml"
    config.write_text(TOURNAMENT, encoding="utf-8")
    assert main(["eval", str(config), "--out", str(root / "run"), "--no-progress"]) == ExitCode.DONE
    return root / "run"


@pytest.fixture
def run(played: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "trusted-run"
    shutil.copytree(played, copy)
    return copy


def export(source: Path, out: Path) -> dict[str, pd.DataFrame]:
    assert main(["export", str(source), "--out", str(out)]) == ExitCode.DONE
    return {t: pd.read_csv(out / f"{t}.csv", dtype=DTYPES[t]) for t in COLUMNS}


def test_the_run_records_each_transcripts_hash(run: Path) -> None:
    import hashlib

    results = read_results(run)
    assert results and all(len(r["sha256"]) == 64 for r in results.values())
    for row in results.values():
        assert hashlib.sha256((run / row["transcript"]).read_bytes()).hexdigest() == row["sha256"]


def test_an_edited_speech_exports_intact_false_though_it_still_verifies(run: Path, tmp_path: Path) -> None:
    row = sorted(read_results(run).values(), key=lambda r: r["game_id"])[0]
    path = run / row["transcript"]
    lines = path.read_text(encoding="utf-8").split("\n")
    n = next(k for k, line in enumerate(lines) if line and json.loads(line).get("event", {}).get("kind") == "statement")
    edited = json.loads(lines[n])
    edited["event"]["data"]["speech"] = "I am the police and seat 4 is a killer."
    lines[n] = json.dumps(edited, ensure_ascii=False)
    path.write_text("\n".join(lines), encoding="utf-8")
    games = export(run, tmp_path / "out")["games"].set_index("game")
    assert not games.loc[row["game_id"], "intact"] and games.loc[row["game_id"], "verified"]  # a legal game still
    others = games.drop(index=row["game_id"])
    assert len(others) > 0 and others["intact"].all() and others["verified"].all()


def test_loose_transcripts_have_no_recorded_hash(tmp_path: Path) -> None:
    games = export(ROOT / "transcripts" / "samples", tmp_path / "out")["games"]
    assert games["intact"].isna().all() and games["verified"].all()


def test_a_games_folder_exports_as_its_run(run: Path, tmp_path: Path) -> None:
    whole = export(run, tmp_path / "whole")
    games = export(run / GAMES, tmp_path / "games")
    assert set(games["games"]["run"]) == {run.name}
    assert games["games"]["rotation"].notna().all()
    assert games["games"]["rotation"].tolist() == whole["games"]["rotation"].tolist()
    assert games["games"]["intact"].all()


def test_every_table_loads_with_the_documented_dtypes(run: Path, tmp_path: Path) -> None:
    frames = export(run, tmp_path / "out")
    for table, frame in frames.items():
        assert {c: str(t) for c, t in frame.dtypes.items()} == {c: str(pd.Series(dtype=d).dtype)
                                                               for c, d in DTYPES[table].items()}, table
    statements, decisions = frames["statements"], frames["decisions"]
    assert str(statements["lie"].dtype) == "boolean" and str(decisions["choice"].dtype).startswith("string")
    assert str(decisions["seat"].dtype) == "Int64" and str(statements["accusation"].dtype) == "Int64"
    doc = (ROOT / "docs" / "metrics.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(import pandas as pd\nfrom evaluation.export.tables import DTYPES.*?)```", doc,
                     re.DOTALL)
    assert code is not None  # the documented snippet, as written, loads them the same way
    scope: dict[str, Any] = {"tables": str(tmp_path / "out"), "print": lambda *a: None}
    exec(code.group(1), scope)
    assert scope["statements"].dtypes.equals(statements.dtypes)


def test_the_judges_fields_and_status_are_exported(run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from evaluation.load.played import games_in
    from evaluation.statements.labelling import jobs

    _, played, _ = games_in(run)
    asked = sorted((job for g in played for job in jobs(g, "gpt-4.1-mini")), key=lambda job: job.key)
    texts = [job.statement.text for job in asked]  # in the order killer label asks them
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        original = emu._answer
        refused = speech_literal(texts[1])

        def answer(body: dict[str, Any]) -> Any:
            message, usage, finish = original(body)
            words = str(body["messages"][0]["content"]).split("Its words: ", 1)[1].splitlines()[0]
            return ({**message, "content": None, "refusal": "I can't."} if words == refused else message), usage, \
                finish

        monkeypatch.setattr(emu, "_answer", answer)
        assert main(["label", str(run), "--model", "gpt-4.1-mini", "--base-url", emu.base_url, "--api-key-env",
                     "EMU_KEY", "--limit", "5"]) == ExitCode.DONE
    statements = export(run, tmp_path / "out")["statements"]
    labels = {(r["game"], r["i"]): r for r in read_labels(run / LABELS)}
    by_status = statements["judge_status"].value_counts().to_dict()
    assert by_status["labelled"] == 4 and by_status["refused"] == 1
    assert by_status["unlabelled"] == len(statements) - 5
    for _, row in statements[statements.judge_status == "labelled"].iterrows():
        label = labels[(row["game"], int(row["i"]))]
        role = row["judge_said_role"]  # a missing role is <NA>, whose comparisons are NA: test it first
        assert pd.isna(role) if label["said_role"] is None else role == label["said_role"]
        assert json.loads(row["judge_said_checks"]) == label["said_checks"]
        assert bool(row["judge_lie"]) == label["lie"]
    gone = statements[statements.judge_status != "labelled"]
    assert gone["judge_lie"].isna().all() and gone["judge_said_checks"].isna().all()


def test_labelling_a_games_folder_labels_its_run(run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        assert main(["label", str(run / GAMES), "--model", "gpt-4.1-mini", "--base-url", emu.base_url,
                     "--api-key-env", "EMU_KEY", "--limit", "2"]) == ExitCode.DONE
    assert len(read_labels(run / LABELS)) == 2 and not (run / GAMES / LABELS).exists()
    assert str(run / LABELS) in capsys.readouterr().out
    statements = export(run / GAMES, tmp_path / "out")["statements"]
    assert (statements["judge_status"] == "labelled").sum() == 2
