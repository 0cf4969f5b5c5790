"""Issue 13, items 8 and 9: paths and values are validated at the edges, and every bad file or option is one line
on stderr and exit 2 — never a traceback, never a value silently coerced, never a file outside the output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from killer.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "transcripts/samples/v1-scripted-en-s3.jsonl"
SCENARIO = ROOT / "tests/engine/scenarios"


def killer(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "killer.cli", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120, input=stdin)


def one_line_refusal(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout[-500:], result.stderr[-2000:])
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1, result.stderr
    return result.stderr


# ---------------------------------------------------------------- scenarios: strict JSON types, bounded input

BASE = {"ruleset": "v2-classic", "seed": 1, "seats": ["killer", "killer", "police", "police", "civilian", "civilian",
                                             "civilian", "civilian"]}


def _scenario(**changes: object) -> str:
    spec = {**BASE, "script": [{"night": {"killer": 5, "police": 1}}, {"day": {"execute": 1}}], **changes}
    return json.dumps(spec)


SCENARIOS: dict[str, str] = {
    "float target": _scenario(script=[{"night": {"killer": 5.5, "police": 1}}]),
    "float-as-int target": _scenario(script=[{"night": {"killer": 5.0, "police": 1}}]),
    "string target": _scenario(script=[{"night": {"killer": "5", "police": 1}}]),
    "bool target": _scenario(script=[{"night": {"killer": True, "police": 1}}]),
    "bool seed": _scenario(seed=True),
    "float seed": _scenario(seed=1.5),
    "integer seats": _scenario(seats=[1, 2, 3, 4, 5, 6, 7, 8]),
    "null seats": _scenario(seats=[None] * 8),
    "null seat list": _scenario(seats=None),
    "float execute": _scenario(script=[{"night": {"killer": 5, "police": 1}}, {"day": {"execute": 1.5}}]),
    "string execute": _scenario(script=[{"night": {"killer": 5, "police": 1}}, {"day": {"execute": "1"}}]),
    "list execute": _scenario(script=[{"night": {"killer": 5, "police": 1}}, {"day": {"execute": [1]}}]),
    "bool execute": _scenario(script=[{"night": {"killer": 5, "police": 1}}, {"day": {"execute": True}}]),
    "Infinity target": _scenario().replace('"killer": 5', '"killer": Infinity'),
    "NaN seed": _scenario().replace('"seed": 1', '"seed": NaN'),
    "string votes": _scenario(script=[{"night": {"killer": 5, "police": 1}}, {"day": {"votes": "all on 1"}}]),
    "string vote": _scenario(script=[{"night": {"killer": 5, "police": 1}},
                                     {"day": {"votes": [{str(s): "1" for s in range(1, 9)}]}}]),
    "5,000-digit seed": _scenario().replace('"seed": 1', '"seed": ' + "9" * 5000),
    "huge seed": _scenario(seed=10**30),
    "deeply nested": "[" * 100_000 + "]" * 100_000,
    "not UTF-8": "\udcff",
}


@pytest.mark.parametrize("case", list(SCENARIOS))
def test_a_bad_scenario_is_one_line(tmp_path: Path, case: str) -> None:
    path = tmp_path / "s.json"
    text = SCENARIOS[case]
    path.write_bytes(b"\xff\xfe{" if case == "not UTF-8" else text.encode("utf-8"))
    one_line_refusal(killer(["scenario", str(path)], tmp_path))


def test_a_good_scenario_still_runs(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(_scenario(), encoding="utf-8")
    result = killer(["scenario", str(path)], tmp_path)
    assert result.returncode == 0 and json.loads(result.stdout)["ruleset"] == "v2-classic"


# ---------------------------------------------------------------- options and paths


@pytest.mark.parametrize("value", ["-1", "0", "nan", "inf", "-inf", "soon"])
@pytest.mark.parametrize("command", ["run", "watch", "play"])
def test_a_timeout_must_be_positive_and_finite(tmp_path: Path, command: str, value: str) -> None:
    assert "timeout" in one_line_refusal(killer([command, "--agents", "scripted", "--timeout", value], tmp_path))


@pytest.mark.parametrize("name", ["../../x", "/tmp/killer-escape", "a/b", ".hidden", ""])
def test_a_tournament_name_cannot_write_outside_runs(tmp_path: Path, name: str) -> None:
    config = tmp_path / "t.toml"
    config.write_text(f'name = {json.dumps(name)}\nseeds = 1\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\n'
                      'agent = "scripted"\n', encoding="utf-8")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    assert "name" in one_line_refusal(killer(["eval", str(config), "--no-progress"], tmp_path / "deep" / "er"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deep", "t.toml"]
    assert not Path("/tmp/killer-escape").exists()


def test_a_contestant_timeout_must_be_finite(tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text('seeds = 1\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\nagent = "llm"\nmodel = "m"\n'
                      "timeout = nan\n", encoding="utf-8")
    one_line_refusal(killer(["eval", str(config), "--no-progress"], tmp_path))


def test_a_results_line_cannot_point_outside_its_folder(tmp_path: Path) -> None:
    from evaluation.tournament.folder import read_results

    (tmp_path / "results.jsonl").write_text(
        '{"game_id": "a", "transcript": "../../etc/passwd"}\n{"game_id": "b", "transcript": "/etc/passwd"}\n'
        '{"game_id": "c", "transcript": "games/c.jsonl"}\n{"game_id": 5, "transcript": "games/d.jsonl"}\n')
    assert list(read_results(tmp_path)) == ["c"]


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "plain-file"
    path.write_text("x")
    return path


OUT_CASES: dict[str, Callable[[Path], list[str]]] = {
    "run --out under a file": lambda t: ["run", "--agents", "scripted", "--out", str(_file(t) / "games")],
    "render -o under a file": lambda t: ["render", str(SAMPLE), "-o", str(_file(t) / "out.md")],
    "render -o a folder": lambda t: ["render", str(SAMPLE), "-o", str(t)],
    "render -o in a missing folder": lambda t: ["render", str(SAMPLE), "-o", str(t / "no" / "such" / "x.md")],
    "balance --out under a file": lambda t: ["balance", "--ruleset", "v1", "--games", "2", "--agents", "random",
                                             "--out", str(_file(t) / "b")],
    "eval --out under a file": lambda t: ["eval", str(ROOT / "evaluation/examples/scripted.toml"), "--games", "1",
                                          "--no-progress", "--out", str(_file(t) / "r")],
    "report --out under a file": lambda t: ["report", str(SAMPLE), "--no-plots", "--out", str(_file(t) / "r")],
}


@pytest.mark.parametrize("case", list(OUT_CASES))
def test_an_output_path_that_cannot_be_written_is_one_line(tmp_path: Path, case: str) -> None:
    one_line_refusal(killer(OUT_CASES[case](tmp_path), tmp_path))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_an_unwritable_out_folder_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    one_line_refusal(killer(["run", "--agents", "scripted", "--out", str(folder)], tmp_path))


# ---------------------------------------------------------------- readers


def _bad_transcripts() -> dict[str, bytes]:
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    header, body = json.loads(lines[0]), lines[1:]

    def with_header(**changes: object) -> bytes:
        return "\n".join([json.dumps({**header, **changes}), *body]).encode()

    def with_line(line: str) -> bytes:
        return "\n".join([lines[0], lines[1], line, *body[2:]]).encode()

    return {
        "event null": with_line('{"i": 1, "event": null}'),
        "i 1e400": with_line(lines[2].replace('"i":1,', '"i":1e400,')),
        "i a string": with_line(lines[2].replace('"i":1,', '"i":"1",')),
        "i true": with_line(lines[2].replace('"i":1,', '"i":true,')),
        "event a list": with_line('{"i": 1, "event": [1, 2]}'),
        "event data a string": with_line('{"i": 1, "event": {"kind": "vote", "data": "x"}}'),
        "annotation a string": with_line(lines[2][:-1] + ',"annotation":"x"}'),
        "NaN": with_line(lines[2].replace('"i":1,', '"i":NaN,')),
        "5,000-digit number": with_line(lines[2].replace('"i":1,', '"i":' + "9" * 5000 + ",")),
        "deep nesting": with_line('{"i": 1, "event": ' + "[" * 50_000 + "]" * 50_000 + "}"),
        "players a string": with_header(players="x"),
        "players true": with_header(players=True),
        "seats a string": with_header(seats="x"),
        "options a list": with_header(options=[1]),
        "vote without a seat": with_line('{"i": 1, "event": {"kind": "vote", "data": {}}}'),
        "vote by seat 'a'": with_line('{"i": 1, "event": {"kind": "vote", "data": {"seat": "a", "kind": "vote"}}}'),
        "not UTF-8": b"\xff\xfe" + lines[0].encode(),
        "not a transcript": b'{"hello": "world"}\n',
        "empty": b"",
    }


BAD = _bad_transcripts()
READERS: dict[str, Callable[[Path], list[str]]] = {
    "verify": lambda p: ["verify", str(p)],
    "render": lambda p: ["render", str(p)],
    "report": lambda p: ["report", str(p), "--no-plots", "--out", str(p.parent / "rep")],
    "resume": lambda p: ["resume", str(p)],
    "watch": lambda p: ["watch", str(p)],
}


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("case", list(BAD))
def test_every_reader_refuses_a_bad_transcript_in_one_line(tmp_path: Path, case: str, reader: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(BAD[case])
    code = main(READERS[reader](path))  # in-process: a traceback would fail the test as an exception
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, (code, err)


def test_well_typed_but_impossible_event_data_is_one_line(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").split("\n") if line.strip()]
    deal = next(r for r in rows if r.get("event", {}).get("kind") == "deal")
    deal["event"]["data"]["hands"] = "zz"
    path = tmp_path / "forged.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    for args in (["report", str(path), "--no-plots", "--out", str(tmp_path / "r")], ["render", "--god", str(path)]):
        result = killer(args, tmp_path)
        assert result.returncode in (0, 2) and "Traceback" not in result.stderr
    verify = killer(["verify", str(path)], tmp_path)
    assert verify.returncode == 1 and "INCONSISTENT" in verify.stderr


@pytest.mark.parametrize("content", [b"\xff\xfe\x00bad", b"name = [", b'name = "x"\nseeds = "many"\n'])
def test_a_bad_tournament_file_is_one_line(tmp_path: Path, content: bytes) -> None:
    config = tmp_path / "t.toml"
    config.write_bytes(content)
    one_line_refusal(killer(["eval", str(config), "--no-progress"], tmp_path))


@pytest.mark.parametrize("content", [b"\xff\xfe\x00", b"[1, 2]", b"{", b'{"a": NaN}'])
def test_a_bad_tournament_copy_is_one_line(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "tournament.json").write_bytes(content)
    one_line_refusal(killer(["report", str(tmp_path / "run"), "--no-plots"], tmp_path))
