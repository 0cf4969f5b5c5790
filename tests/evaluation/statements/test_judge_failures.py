"""How the judge path says when it fails, against the provider emulator: a refusal (`message.refusal`, or refusal
prose) is recorded as refused after one request and not asked again; the preflight asks a fixed probe statement,
so a judge that refuses one statement of the run cannot block a rerun; a judge that falls back is flagged
DEGRADED in summary.json and report.md; κ covers the reported checks."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agents.llm.prompting import speech_literal
from evaluation.statements import judge as rubric
from evaluation.statements.agreement import agreement
from evaluation.statements.labels import LABELS, read_labels
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.agents.provider_emulator import ProviderEmulator

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(GAME, folder / GAME.name)
    return folder


def label(emu: ProviderEmulator, folder: Path, *extra: str) -> int:
    return main(["label", str(folder), "--model", emu.models[0], "--base-url", emu.base_url,
                 "--api-key-env", "EMU_KEY", *extra])


def prompt(body: dict[str, Any]) -> str:
    return str(body["messages"][0]["content"])


def words_of(body: dict[str, Any]) -> str:
    """The words of the statement a request asks about (the record before it quotes earlier ones too)."""
    return prompt(body).split("Its words: ", 1)[1].splitlines()[0]


def answering(emu: ProviderEmulator, monkeypatch: pytest.MonkeyPatch,
              change: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]) -> None:
    """The emulator's answers, with `change(body, message)` applied to each."""
    original = emu._answer

    def answer(body: dict[str, Any]) -> Any:
        message, usage, finish = original(body)
        return change(body, message), usage, finish

    monkeypatch.setattr(emu, "_answer", answer)


def asked_order(folder: Path, model: str = "gpt-4.1-mini") -> list[str]:
    """The words of the run's statements in the order `killer label` asks them (their keys' order)."""
    from evaluation.load.played import games_in
    from evaluation.statements.labelling import jobs

    _, played, _ = games_in(folder)
    return [job.statement.text for job in sorted((j for g in played for j in jobs(g, model)), key=lambda j: j.key)]


def first_words(folder: Path) -> str:
    return asked_order(folder)[0]


@pytest.mark.parametrize("refusal", [
    {"content": None, "refusal": "I'm sorry, but I can't help with labelling deception."},
    {"content": "I'm sorry, I cannot judge whether a player is lying."},
], ids=["message.refusal", "refusal text"])
def test_a_refusal_is_recorded_as_refused_and_not_asked_again(run_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str],
                                                              refusal: dict[str, Any]) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        probe = speech_literal(rubric.PROBE_WORDS["en"])
        answering(emu, monkeypatch, lambda body, m: m if words_of(body) == probe else {**m, **refusal})
        assert label(emu, run_dir, "--limit", "4") == ExitCode.DEGRADED
        assert len(emu.bodies) == 1 + 4  # the preflight, then one request a statement: no paid retries
        rows = read_labels(run_dir / LABELS)
        assert len(rows) == 4 and all(r["status"] == "refused" and r["retries"] == 0 for r in rows)
        assert all(r["fallback"].startswith("refused: I'm sorry") and r["lie"] is None for r in rows)
        assert "4 refused" in capsys.readouterr().out
        assert label(emu, run_dir, "--limit", "4") in (ExitCode.DONE, ExitCode.DEGRADED)
        asked = [prompt(b) for b in emu.bodies[5:]]
    refused = {r["key"] for r in rows}
    assert len(read_labels(run_dir / LABELS)) == 8  # four new statements; the refused four are not asked again
    assert not refused & {r["key"] for r in read_labels(run_dir / LABELS)[4:]}
    assert len(asked) == 5


def test_a_limit_labels_a_random_subsample_in_a_fixed_order(run_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--limit takes the statements in their keys' (pseudo-random) order, not the record's: the second phase of
    the reader's error is a random subsample, and a rerun goes on where the first stopped."""
    from evaluation.load.played import games_in
    from evaluation.statements.labelling import jobs

    _, played, _ = games_in(run_dir)
    every = [j for g in played for j in jobs(g, "gpt-4.1-mini")]
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        assert label(emu, run_dir, "--limit", "5") == ExitCode.DONE
        first = [r["key"] for r in read_labels(run_dir / LABELS)]
        assert label(emu, run_dir, "--limit", "5") == ExitCode.DONE
    keys = [r["key"] for r in read_labels(run_dir / LABELS)]
    assert keys == sorted(j.key for j in every)[:10] and keys[:5] == first
    record = [j.key for j in every][:5]
    assert set(first) != set(record)  # not the record's first five
    assert max(j.statement.i for j in every if j.key in first) > max(j.statement.i for j in every[:5])


def test_the_preflight_asks_a_fixed_probe_never_a_statement_of_the_run(run_dir: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    words = first_words(run_dir)
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        # a judge that refuses the run's first statement, and only that one
        answering(emu, monkeypatch, lambda body, m: {**m, "content": None, "refusal": "I can't help with that."}
                  if words_of(body) == speech_literal(words) else m)
        assert label(emu, run_dir, "--limit", "3") == ExitCode.DONE
        preflight = prompt(emu.bodies[0])
        assert label(emu, run_dir, "--limit", "3") == ExitCode.DONE  # the rerun is not blocked
        second = prompt(emu.bodies[4])
    assert preflight == second and rubric.PROBE_WORDS["en"] in preflight
    assert words not in preflight
    rows = read_labels(run_dir / LABELS)
    # the first statement asked is refused, and so is any later one of the six with the very same words
    expected = ["refused" if w == words else "labelled" for w in asked_order(run_dir)[:6]]
    assert expected[0] == "refused" and expected.count("labelled") >= 4
    assert [r["status"] for r in rows] == expected


def test_a_refused_probe_stops_labelling_in_one_line(run_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        answering(emu, monkeypatch, lambda body, m: {**m, "content": None, "refusal": "No."})
        assert label(emu, run_dir) == ExitCode.BAD_INPUT
        assert len(emu.bodies) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "refused the probe statement: No." in lines[0]
    assert not (run_dir / LABELS).exists()


@pytest.mark.parametrize("junk", [True, False], ids=["degraded", "healthy"])
def test_a_degraded_judge_is_flagged_in_the_report(run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   junk: bool) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        if junk:
            probe = speech_literal(rubric.PROBE_WORDS["en"])
            answering(emu, monkeypatch, lambda body, m: m if words_of(body) == probe
                      else {**m, "content": json.dumps({"lie": "maybe"})})
        code = label(emu, run_dir, "--limit", "6")
    assert code == (ExitCode.DEGRADED if junk else ExitCode.DONE)
    assert main(["report", str(run_dir), "--out", str(tmp_path / "report"), "--no-plots"]) == ExitCode.DONE
    judge = json.loads((tmp_path / "report" / "summary.json").read_text(encoding="utf-8"))["judge"]
    text = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert judge["degraded"] is junk and judge["fallbacks"] == (6 if junk else 0) and judge["refused"] == 0
    assert ("DEGRADED judge" in text) is junk
    assert "said_checks" in judge["agreement"]


def test_the_judge_table_prints_the_deal_bootstrap_interval(run_dir: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from evaluation.report.summary import _judge_lines

    lie = {"k": 2, "n": 20, "rate": 0.1, "lo": 0.03, "hi": 0.29, "blo": 0.0, "bhi": 0.17}
    judge = {"statements": 20, "fallbacks": 0, "refused": 0, "models": ["m"], "degraded": False,
             "agreement": {"statements": 20}, "contestants": {"a": {"lie_killers": lie}}}
    row = next(line for line in _judge_lines(judge) if line.startswith("| a |"))
    assert "10% [0–17]" in row and "[3–29]" not in row
    assert "bootstrap over deals" in " ".join(_judge_lines(judge))


def test_kappa_covers_the_reported_checks() -> None:
    c3 = [{"target": 3, "result": "killer", "night": 1}]
    c5 = [{"target": 5, "result": "not_killer", "night": 1}]

    def row(judge: list[dict[str, Any]], reader: list[dict[str, Any]]) -> dict[str, Any]:
        return {"said_role": "police", "said_side": "good", "lie": False, "said_checks": judge,
                "reader": {"said_role": "police", "said_side": "good", "lie": False, "said_checks": reader}}

    agreeing = [row(c3, c3), row(c5, c5), row([], []), row([*c5, *c3], [*c3, *c5])]
    assert agreement(agreeing)["said_checks"] == 1.0
    crossed = [row(c3, c5), row(c5, c3), row(c3, c5), row(c5, c3)]
    assert agreement(crossed)["said_checks"] == -1.0
    old = [{**row(c3, c3), "reader": {"said_role": "police"}}]  # a line from before the reader's checks were kept
    assert agreement(old)["said_checks"] is None


def test_the_deal_bootstrap_sums_deal_tallies_as_a_recount_would() -> None:
    """The judge's bootstrap adds each picked deal's counts once per draw; a recount of every label in every draw
    (how it was done before: 96 s against 19 s for a report without labels) gives the same intervals."""
    import random

    from evaluation.games.rates import percentile
    from evaluation.statements.agreement import judge_summary
    from tests.evaluation.stats.planted import planted_games

    games = planted_games({"a": 0.0, "b": 0.4}, 12, seed=3)
    rng = random.Random(5)
    labels = {(g.game_id, i): {"seat": s.seat, "lie": rng.random() < 0.3, "category": "none", "model": "m"}
              for g in games for i, s in enumerate(g.seats) if rng.random() < 0.7}
    got = judge_summary(games, labels, seed=11, draws=50)
    deals: dict[object, list[object]] = {}
    for g in games:
        deals.setdefault((g.ruleset, g.players, g.seed), []).append(g)
    picks = list(deals.values())
    draw, samples = random.Random(11), {}
    for _ in range(50):
        picked = [g for _ in picks for g in picks[draw.randrange(len(picks))]]
        tally: dict[tuple[str, str], list[int]] = {}
        for g in picked:
            seats = {s.seat: s for s in g.seats}  # type: ignore[attr-defined]
            for (game, _), label in labels.items():
                if game == g.game_id:  # type: ignore[attr-defined]
                    s = seats[label["seat"]]
                    cell = tally.setdefault((s.contestant, s.side), [0, 0])
                    cell[0] += 1
                    cell[1] += bool(label["lie"])
        for key, (n, lies) in tally.items():
            samples.setdefault(key, []).append(lies / n)
    for (name, side), drawn in samples.items():
        r = got["contestants"][name][f"lie_{side}"]
        assert (r["blo"], r["bhi"]) == (round(float(percentile(drawn, 2.5) or 0), 4),
                                        round(float(percentile(drawn, 97.5) or 0), 4))
    assert len(samples) == 4


def test_what_counts_as_a_refusal() -> None:
    from agents.llm.completion import Reply

    assert rubric.refusal_of(Reply(None, refusal="I can't assist with that.")) == "I can't assist with that."
    assert rubric.refusal_of(Reply("I'm sorry, but I cannot help label this.")) is not None
    assert rubric.refusal_of(Reply("抱歉，我无法判断这名玩家是否在说谎。")) is not None
    assert rubric.refusal_of(Reply('{"reason": "sorry, seat 3 lied", "lie": true}')) is None  # an answer
    assert rubric.refusal_of(Reply("The speaker is lying about seat 3.")) is None  # junk, not a refusal: retried
    assert rubric.refusal_of(Reply("")) is None


def test_a_two_card_run_is_labelled_with_card_checks_and_reported(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """v5 deals two cards a seat: each check the judge reports may name a card; the label writes [seat, card], the
    file reads back under the writer's shape, and report reads it (κ and the second reading included)."""
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(ROOT / "transcripts" / "samples" / "v5-dual-scripted-en-s4.jsonl", folder)
    card_check = {"target": 5, "result": "killer", "night": 1, "card": 2}

    def with_card(body: dict[str, Any], m: dict[str, Any]) -> dict[str, Any]:
        check = body["response_format"]["json_schema"]["schema"]["properties"]["said_checks"]["items"]
        assert "card" in check["properties"]  # every request of a two-card run asks for the card
        answer = {"said_role": "police", "said_side": "good", "said_checks": [card_check], "lie": False,
                  "category": "none", "reason": "a card check"}
        return {**m, "content": json.dumps(answer)}

    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        monkeypatch.setenv("EMU_KEY", emu.key)
        answering(emu, monkeypatch, with_card)
        assert label(emu, folder, "--limit", "4") == ExitCode.DONE
    rows = read_labels(folder / LABELS)
    assert len(rows) == 4 and all(r["status"] == "labelled" for r in rows)
    assert all(r["said_checks"] == [{"target": [5, 2], "result": "killer", "night": 1}] for r in rows)
    assert main(["report", str(folder), "--out", str(tmp_path / "report"), "--no-plots"]) == ExitCode.DONE
    summary = json.loads((tmp_path / "report" / "summary.json").read_text(encoding="utf-8"))
    assert summary["judge"]["statements"] == 4 and "said_checks" in summary["judge"]["agreement"]
