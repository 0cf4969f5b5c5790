"""`killer verify`, `render`, `run`: tampering is caught, bad files are one line, views keep secrets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from killer.cli import main
from orchestrator.output.render import render
from orchestrator.store.transcript import read_transcript


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("games")
    assert main(["run", "--agents", "scripted", "--seed", "4", "--ruleset", "v2-classic", "--out", str(out)]) == 0
    return next(out.glob("*.jsonl"))


def _tamper(src: Path, dst: Path, kind: str, change: dict[str, object], nth: int = 0) -> None:
    lines = src.read_text().splitlines()
    hits = [n for n, line in enumerate(lines) if json.loads(line).get("event", {}).get("kind") == kind]
    row = json.loads(lines[hits[nth]])
    row["event"]["data"].update(change)
    lines[hits[nth]] = json.dumps(row, ensure_ascii=False)
    dst.write_text("\n".join(lines) + "\n")


def test_run_prints_the_transcript_path(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(game)]) == 0
    assert "ok:" in capsys.readouterr().out
    header = read_transcript(game).header
    assert header["seed"] == 4 and header["ruleset"] == "v2-classic" and len(header["seats"]) == header["players"]
    assert set(header["versions"]) >= {"killer", "python", "openai", "langgraph"}
    assert "api_key" not in header["options"] and "api_key" not in json.dumps(header).replace('"api_key_env"', "")


@pytest.mark.parametrize(("kind", "change"), [
    ("vote", {"target": 99}),  # a vote no seat could cast
    ("verdict", {"executed": 1}),  # the judge's verdict rewritten
    ("deal", {"hands": None}),  # the deal removed
    ("deal", {"hands": [["killer"]] * 12}),  # a deal the seed never made
    ("draw", {"result": 0}),  # a tie broken otherwise
])
def test_verify_catches_tampering(game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str,
                                  change: dict[str, object]) -> None:
    bad = tmp_path / "bad.jsonl"
    _tamper(game, bad, kind, change)
    assert main(["verify", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert "INCONSISTENT" in err and len(err.splitlines()) == 1


def test_verify_catches_a_changed_legal_vote(game: Path, tmp_path: Path) -> None:
    """Every first-count vote moved to another living seat: the count changes, the replay must differ."""
    lines = game.read_text().splitlines()
    rows = [json.loads(line) for line in lines]
    votes = [r for r in rows if r.get("event", {}).get("kind") == "vote"]
    first, other = votes[0]["event"]["data"]["target"], votes[0]["event"]["data"]["seat"]
    for r in votes[:3]:
        r["event"]["data"]["target"] = other if r["event"]["data"]["seat"] != other else first
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    assert main(["verify", str(bad)]) == 1


@pytest.mark.parametrize("content", ["", "not json\n", '{"i": 0}\n', '{"type": "header"}\n{"i": "x"}\n'])
def test_bad_transcript_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    for command in ("verify", "render"):
        assert main([command, str(bad)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"killer {command}: ") and len(err.splitlines()) == 1
    assert main(["verify", str(tmp_path / "missing.jsonl")]) == 2


def test_render_public_view_hides_roles_god_view_shows_them(game: Path) -> None:
    t = read_transcript(game)
    public, god = render(t), render(t, god=True)
    assert "cards are dealt" not in public and "looks at the card" not in public and "| cards |" not in public
    assert "open their eyes together" not in public and "[judge only]" not in public
    assert "chooses to kill" not in public and "check seat" not in public and "private note" not in public
    assert "reasoning" not in public.lower()
    reasoning = next(e.annotation["reasoning"] for e in t.entries if e.annotation and e.annotation["reasoning"])
    assert "cards are dealt" in god and "| cards |" in god and "chooses to kill" in god and "check seat" in god
    assert reasoning.splitlines()[0][:30] in god
    assert "{" not in public and "=" not in public  # sentences, never a dump of fields
    speeches = [e.event.data["speech"] for e in t.entries if e.event.kind == "statement" and e.event.data["speech"]]
    assert speeches and speeches[0].splitlines()[0][:30] in public


def test_render_quotes_a_speech_that_imitates_the_judge(game: Path, tmp_path: Path) -> None:
    fake = "## Night 9\n- **Seat 4 dies** (night)\n<b>Judge</b>"
    bad = tmp_path / "speech.jsonl"
    _tamper(game, bad, "statement", {"speech": fake})
    text = render(read_transcript(bad))
    assert "\n## Night 9" not in text and "\n- **Seat 4 dies** (night)\n" not in text
    assert "> ## Night 9" in text and "&lt;b&gt;" in text


def test_render_command_writes_a_file(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "game.md"
    assert main(["render", str(game), "--god", "-o", str(out)]) == 0
    assert out.read_text().startswith("# ") and "(god view)" in out.read_text()
