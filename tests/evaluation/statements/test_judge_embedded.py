"""The judge end to end on the embedded SmolLM2: a two-game tournament of bots is labelled by `killer label` with
no model named (the embedded model); the first run labels 4 statements into labels.jsonl, a second run takes
those from the cache and labels 2 more (resuming), and the report shows the judge's section. `killer label` asks
in a pseudo-random order (later statements too, whose god view is longer), so 4 + 2 statements cost about what
the record's first 8 + 4 did (42 k prompt characters against 50 k). Runs in CI (`pytest -m local_model`; a few
minutes on 2 cores: each label reads the god view of the game so far, ~1-4k tokens)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluation.statements.labels import LABELS, read_labels
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.evaluation.builders import hard_vs_easy

TOURNAMENT = hard_vs_easy("judged")


@pytest.mark.local_model
def test_a_two_game_run_labelled_by_the_embedded_model(tmp_path: Path, embedded_model: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "judged.toml"
    config.write_text(TOURNAMENT, encoding="utf-8")
    run = tmp_path / "run"
    assert main(["eval", str(config), "--out", str(run), "--no-progress"]) == ExitCode.DONE
    slow = ["--timeout", "300"]  # a loaded 2-core machine must not turn a slow answer into a transport retry
    code = main(["label", str(run), "--limit", "4", *slow])
    out = capsys.readouterr().out
    rows = read_labels(run / LABELS)
    assert code in (ExitCode.DONE, ExitCode.DEGRADED), out
    assert len(rows) == 4 and {r["model"] for r in rows} == {"smollm2-135m"}
    labelled = [r for r in rows if not r.get("fallback")]
    assert len(labelled) >= len(rows) / 2  # the grammar keeps SmolLM2's answers to the schema
    assert all(r["category"] in ("none", "fabrication", "omission", "distortion", "misdirection") for r in labelled)
    assert "agreement with the speech reader" in out
    assert main(["label", str(run), "--limit", "2", *slow]) in (ExitCode.DONE, ExitCode.DEGRADED)
    assert f"2 statements labelled by smollm2-135m, {len(labelled)} already" in capsys.readouterr().out
    assert len(read_labels(run / LABELS)) == 6
    assert main(["report", str(run), "--no-plots"]) == ExitCode.DONE
    assert "## Judge model (labels.jsonl)" in (run / "report.md").read_text(encoding="utf-8")
