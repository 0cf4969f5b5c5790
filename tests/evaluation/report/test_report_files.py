"""`killer report DIR_OR_FILES` over loose transcripts (no tournament folder): contestants come from the headers."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from killer.cli import main

SAMPLES = Path(__file__).parents[3] / "transcripts" / "samples"


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


def test_eval_takes_config_and_games_and_extends_on_rerun(tmp_path: Path) -> None:
    """`killer eval --config FILE --games N` plays the first N games; a rerun with more plays only the rest."""
    cfg = tmp_path / "t.toml"
    cfg.write_text("name='t'\nseeds=2\nrulesets=['v1:9']\n[[contestants]]\nname='a'\nagent='random'\n"
                   "[[contestants]]\nname='b'\nagent='scripted'\n")
    out = tmp_path / "run"
    assert main(["eval", "--config", str(cfg), "--games", "2", "--out", str(out), "--no-progress"]) == 0
    assert len((out / "results.jsonl").read_text().splitlines()) == 2
    assert json.loads((out / "summary.json").read_text())["scheduled"] == 2
    assert main(["eval", str(cfg), "--games", "3", "--out", str(out), "--no-progress"]) == 0
    assert len((out / "results.jsonl").read_text().splitlines()) == 3
    assert main(["eval", str(cfg), "--config", str(cfg)]) == 2


def test_balance_of_one_ruleset(tmp_path: Path) -> None:
    """`killer balance --ruleset ID --players N --games N`: side win rates with intervals per agent kind."""
    out = tmp_path / "bal"
    assert main(["balance", "--ruleset", "v1", "--players", "9", "--games", "6", "--out", str(out)]) == 0
    result = json.loads((out / "balance.json").read_text())
    assert [(r["agents"], r["players"], r["games"]) for r in result["setups"]] == [("random", 9, 6), ("scripted", 9, 6)]
    for row in result["setups"]:
        assert row["killers_win"]["k"] + row["good_win"]["k"] + row["draws"] == 6
        assert 0 <= row["killers_win"]["lo"] <= row["killers_win"]["rate"] <= row["killers_win"]["hi"] <= 1
    assert (out / "balance_players.png").exists() and "v1" in (out / "balance.md").read_text()
    assert main(["balance", "--players", "9"]) == 2


def test_plots_share_order_and_colours(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from evaluation.report.plots import colours, tournament_plots
    from evaluation.report.summary import summarize_transcripts
    from tests.evaluation.builders import accept_hand_built, claims_game, write_transcript

    accept_hand_built(monkeypatch)
    path = write_transcript(tmp_path / "c.jsonl", claims_game())
    summary = summarize_transcripts([path])
    assert summary["games"] == 1 and summary["contestants"]["m"]["lie_rate_killers"]["n"] == 3
    images = tournament_plots(summary, tmp_path)
    assert images == ["win_rates.png", "win_by_role.png", "ratings.png", "deception.png", "brier.png"]
    assert all((tmp_path / i).read_bytes()[:4] == b"\x89PNG" for i in images)
    assert colours(["b", "a"])["b"] == colours(["b", "a", "c"])["b"] != colours(["b", "a"])["a"]


def test_the_committed_sample_report_is_what_killer_report_writes_from_its_games(tmp_path: Path) -> None:
    """docs/eval-sample's summary.json and report.md are recomputed byte for byte from its committed transcripts
    (docs/evaluation.md gives the command): a change to what the report computes or says shows here, and is
    committed with the sample recomputed."""
    sample = SAMPLES.parents[1] / "docs" / "eval-sample"
    run = tmp_path / "run"
    shutil.copytree(sample, run)
    for name in ("summary.json", "report.md"):
        (run / name).unlink()
    assert main(["report", str(run), "--pages", "none"]) == 0
    for name in ("summary.json", "report.md"):
        assert (run / name).read_bytes() == (sample / name).read_bytes(), name
