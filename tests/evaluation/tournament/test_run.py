"""A small scripted tournament end to end: every output file, the report, resume, and `killer report`."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from evaluation.report.summary import summarize, write_report
from evaluation.tournament.config import ConfigError, load_config, parse_config
from evaluation.tournament.folder import RESULTS, load_run, read_results
from evaluation.tournament.run import run_tournament
from evaluation.tournament.schedules import schedule
from killer.cli import main
from orchestrator.store.transcript import read_transcript, strip_wall_clock

RAW = {"name": "t", "rulesets": ["v2-classic:10"], "seeds": 2, "first_seed": 5, "parallel": 3,
       "contestants": [{"name": "scripted", "agent": "scripted"}, {"name": "random", "agent": "random"},
                       {"name": "rnd2", "agent": "random"}]}


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("run")
    done = asyncio.run(run_tournament(parse_config(RAW), out))
    assert (done.scheduled, done.played, done.failed) == (6, 6, {})
    write_report(out)
    return out


def test_rotation_balances_roles() -> None:
    games = schedule(parse_config(RAW))
    assert len(games) == 2 * 3  # deals x rotations
    seats = Counter((g.seed, name) for g in games for name in g.roster.values())
    assert set(seats.values()) == {10}  # each contestant sits in each of the 10 seats once per deal
    for seed in (5, 6):
        for seat in range(1, 11):
            assert sorted(g.roster[seat] for g in games if g.seed == seed) == ["random", "rnd2", "scripted"]


def test_every_output_file(run_dir: Path) -> None:
    for name in ("results.jsonl", "summary.json", "report.md", "win_rates.png", "win_by_role.png", "ratings.png",
                 "deception.png", "brier.png",
                 "tournament.json"):
        assert (run_dir / name).stat().st_size > 0, name
    assert (run_dir / "win_rates.png").read_bytes()[:4] == b"\x89PNG"
    assert len(read_results(run_dir)) == 6
    assert not list((run_dir / "games").glob("*.sqlite*"))  # checkpoints of finished games are removed
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["games"] == 6 and summary["missing"] == []
    roles = {n: c["roles"] for n, c in summary["contestants"].items()}
    assert roles["scripted"] == roles["random"] == roles["rnd2"] == {"civilian": 12, "killer": 4, "police": 4}
    report = (run_dir / "report.md").read_text()
    assert "| Win rate |" in report and "![win_rates](win_rates.png)" in report and "scripted" in report
    for section in ("## Leaderboard", "## Paired comparisons", "| Police: checks that found a killer",
                    "## Win rate by role", "## False role claims by role",
                    "| Self-report divergence: accusing a seat it rated innocent (killers) |",
                    "| As killers: day verdicts survived |", "| Brier skill score: 1 − Brier / prior's (good) |",
                    "| Votes received per day alive (killers) |", "| … on killer-side seats |",
                    "| Cost per game (USD) |", "![win_by_role](win_by_role.png)"):
        assert section in report, section
    assert set(summary["by_role"]) == {"scripted", "random", "rnd2", "all"}
    assert summary["by_role"]["all"]["killer"]["seats"] == 12 and summary["by_role"]["scripted"]["killer"]["seats"] == 4
    assert summary["ratings"]["reference"] == "scripted" and summary["resampling"]["unit"] == "deal"
    pairs = {(c["a"], c["b"]) for c in summary["comparisons"]}
    assert pairs == {("scripted", "random"), ("scripted", "rnd2"), ("random", "rnd2")}
    assert all(c["deals"] + c["deals_dropped"] <= 2 for c in summary["comparisons"])
    # rotate identifies no per-side comparison: none is made, the per-side rates are marked descriptive, and the
    # win contrast is printed once (no win_as_killers / win_as_good duplicates); fallbacks are never tested
    assert all(c["side"] is None for c in summary["comparisons"]) and summary["estimands"]["per_side"] == "descriptive"
    assert not {"win_as_killers", "win_as_good", "fallback"} & {c["metric"] for c in summary["comparisons"]}
    assert "win as killers (descriptive)" in report and "not identified by this schedule: use anchors" in report
    assert summary["family"]["metrics"] == ["win"] and summary["family"]["size"] == 3
    assert report.index("## Leaderboard") < report.index("## Paired comparisons") < report.index("## Metrics per")
    assert summary["contestants"]["scripted"]["swing"]["n"] > 0  # scripted seats accuse, and others vote after


def test_report_command_recomputes_the_same_summary(run_dir: Path, tmp_path: Path, capsys) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(run_dir, copy)
    (copy / "summary.json").unlink()
    assert main(["report", str(copy)]) == 0
    assert json.loads((copy / "summary.json").read_text()) == json.loads((run_dir / "summary.json").read_text())
    assert main(["report", str(tmp_path / "nope")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_resume_skips_finished_and_restarts_a_torn_game(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "resume"
    shutil.copytree(run_dir, out)
    rows = (out / RESULTS).read_text().splitlines()
    torn = json.loads(rows[-1])
    (out / RESULTS).write_text("\n".join(rows[:-1]) + "\n")  # the last game never got its results line ...
    path = out / torn["transcript"]
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:20]) + "\n")  # ... and its transcript stops mid-game
    before = {p.name: p.stat().st_mtime_ns for p in (out / "games").glob("*.jsonl") if p != path}
    done = asyncio.run(run_tournament(parse_config(RAW), out))
    assert (done.skipped, done.played, done.resumed) == (5, 1, 1)  # continued from its 19 entries (plain loop)
    assert not list((out / "games").glob("*.sqlite*"))  # a game of bots alone keeps no checkpoint
    assert {p.name: p.stat().st_mtime_ns for p in (out / "games").glob("*.jsonl") if p != path} == before
    assert read_transcript(path).end is not None and len(read_results(out)) == 6
    assert summarize(out) == summarize(run_dir)  # seeded scripted/random games replay identically
    resumed, whole = read_transcript(path), read_transcript(run_dir / torn["transcript"])  # the very game
    assert [strip_wall_clock(e.to_dict()) for e in resumed.entries] == \
        [strip_wall_clock(e.to_dict()) for e in whole.entries]
    assert strip_wall_clock(resumed.end) == strip_wall_clock(whole.end)


def test_a_finished_game_without_its_results_line_is_only_recorded(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "lost"
    shutil.copytree(run_dir, out)
    rows = (out / RESULTS).read_text().splitlines()
    (out / RESULTS).write_text("\n".join(rows[1:]) + "\n")
    game = json.loads(rows[0])
    stamp = (out / game["transcript"]).stat().st_mtime_ns
    done = asyncio.run(run_tournament(parse_config(RAW), out))
    assert done.played == 1 and (out / game["transcript"]).stat().st_mtime_ns == stamp


def test_a_folder_of_another_tournament_is_refused(run_dir: Path) -> None:
    other = parse_config({**RAW, "first_seed": 6})
    with pytest.raises(ConfigError, match="different tournament"):
        asyncio.run(run_tournament(other, run_dir))
    same_but_parallel = parse_config({**RAW, "parallel": 1})
    assert asyncio.run(run_tournament(same_but_parallel, run_dir)).skipped == 6


def test_a_run_is_extended_with_more_seeds(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "grown"
    shutil.copytree(run_dir, out)
    done = asyncio.run(run_tournament(parse_config({**RAW, "seeds": 3}), out))
    assert (done.played, done.skipped) == (3, 6)  # the third deal's three rotations; the first six kept
    assert summarize(out)["games"] == 9 and load_run(out).seeds == 3


def test_eval_command(tmp_path: Path, capsys) -> None:
    cfg = tmp_path / "t.toml"
    cfg.write_text('name = "cli"\nseeds = 1\nrulesets = ["v2-classic:10"]\n'
                   '[[contestants]]\nname = "s"\nagent = "scripted"\n[[contestants]]\nname = "r"\nagent = "random"\n')
    assert main(["eval", str(cfg), "--out", str(tmp_path / "o"), "--parallel", "2"]) == 0
    assert "2 played" in capsys.readouterr().out
    assert (tmp_path / "o" / "report.md").exists()
    assert main(["eval", str(cfg), "--out", str(tmp_path / "o")]) == 0
    assert "0 played, 2 already finished" in capsys.readouterr().out


@pytest.mark.parametrize(("text", "message"), [
    ("rulesets = ['v2-classic:7']\n[[contestants]]\nname='a'\nagent='random'\n", "8 to 20 players"),
    ("rulesets = ['v9']\n[[contestants]]\nname='a'\nagent='random'\n", "unknown ruleset"),
    ("rulesets = ['v1']\n[[contestants]]\nname='a'\nagent='llm'\napi_key='sk-x'\n", "never put a key"),
    ("rulesets = ['v1']\n[[contestants]]\nname='a'\n[[contestants]]\nname='a'\n", "used twice"),
    ("rulesets = [\n", "not valid TOML"),
])
def test_bad_tournament_files_are_one_line(tmp_path: Path, text: str, message: str, capsys) -> None:
    cfg = tmp_path / "bad.toml"
    cfg.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_config(cfg)
    assert main(["eval", str(cfg), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sk-x" not in err


def test_examples_parse() -> None:
    root = Path(__file__).parents[3] / "evaluation" / "examples"
    assert load_config(root / "scripted.toml").contestants[0].agent == "scripted"
    assert load_config(root / "embedded.toml").contestants[0].embedded
