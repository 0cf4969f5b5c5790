"""Issue 31, items 5, 7 and 8: every answer is parsed within bounds (agents/llm/answer_json.py) and validated against
its schema's limits before it is stored; each traceback the adversary found is one line and exit 2; booleans are
not seats; a key in a URL's query is redacted; `inf` is no budget; a refused eval leaves nothing behind."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from agents.llm.answer_json import MAX_INT_DIGITS, AnswerJSONError, loads
from evaluation.statements.judge import LabelError, parse
from hygiene import secrets
from killer.cli import main
from killer.exit_codes import ExitCode

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
DEEP = "[" * 200_000
HUGE_INT = '{"target": ' + "9" * 5000 + "}"
GOOD_LABEL = {"said_role": None, "said_side": None, "said_checks": [], "lie": False, "category": "none",
              "reason": "r"}


@contextmanager
def answering(content: str) -> Iterator[str]:
    """A loopback endpoint whose every chat completion says `content`; yields its base URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length") or 0))
            body = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                               "choices": [{"index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": content}}],
                               "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            self.send_response(404)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err[:3]
    assert "Traceback" not in err[0]
    return err[0]


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(GAME, folder / GAME.name)
    return folder


# -- the bounded parse ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [DEEP, HUGE_INT, '{"a": NaN}', '{"a": 1e999}', '{"a": -Infinity}',
                                  "x" * 300_000, "", "```json\n```", '{"a": ' + "1" * (MAX_INT_DIGITS + 1) + "}"])
def test_a_hostile_answer_raises_only_the_projects_error(text: str) -> None:
    with pytest.raises(AnswerJSONError):
        loads(text)


def test_an_honest_answer_still_reads() -> None:
    assert loads('```json\n{"target": 3, "text": "line\nbreak", "p": 0.5}\n```') == \
        {"target": 3, "text": "line\nbreak", "p": 0.5}
    assert loads('{"s": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')["s"].startswith("[")  # inside a string


def test_the_seats_parse_turns_a_hostile_answer_into_a_retry() -> None:
    from agents.llm.schema import AnswerError, parse_answer

    for text in (DEEP, HUGE_INT):
        with pytest.raises(AnswerError):
            parse_answer(text, None)  # type: ignore[arg-type]


# -- the judge's answers -------------------------------------------------------------------------------------

@pytest.mark.parametrize("checks", [
    [{"target": True, "result": "not_killer", "night": 1}],  # a boolean is not seat 1
    [{"target": 2, "result": "not_killer", "night": True}],
    [{"target": 2, "result": "not_killer", "night": int("9" * 18)}],  # past the day cap
    [{"target": 2, "result": "not_killer", "night": 1}] * 9,  # the schema's maxItems is 8
])
def test_the_judges_answer_is_held_to_its_schema(checks: list[dict[str, Any]]) -> None:
    with pytest.raises(LabelError):
        parse(json.dumps({**GOOD_LABEL, "said_checks": checks}), 8)
    honest = [{"target": 2, "result": "not_killer", "night": 1}]
    assert parse(json.dumps({**GOOD_LABEL, "said_checks": honest}), 8)["said_checks"] == honest


@pytest.mark.parametrize("text", [DEEP, HUGE_INT])
def test_the_judges_parse_raises_only_a_label_error(text: str) -> None:
    with pytest.raises(LabelError):
        parse(text, 8)


# -- one line, exit 2 ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [DEEP, HUGE_INT])
def test_run_and_label_preflights_on_a_hostile_answer_are_one_line(answer: str, tmp_path: Path, run_dir: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine").mkdir()  # the user's own empty folder stays; the folders the run made go
    with answering(answer) as url:
        for out in (tmp_path / "runs" / "games", tmp_path / "mine"):
            code = main(["run", "--model", "m", "--base-url", url, "--seed", "1", "--out", str(out),
                         "--timeout", "10"])
            assert code == ExitCode.BAD_INPUT and "answer" in one_line(capsys)
        assert not (tmp_path / "runs").exists() and list((tmp_path / "mine").iterdir()) == []  # nothing left
        code = main(["label", str(run_dir), "--model", "m", "--base-url", url, "--timeout", "10"])
        line = one_line(capsys)
    assert code == ExitCode.BAD_INPUT and "answer" in line
    assert [p.name for p in run_dir.iterdir()] == [GAME.name]  # no labels.jsonl, no lock


def test_a_judge_answering_junk_mid_run_falls_back(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from evaluation.statements import judge

    calls = {"n": 0}
    original = judge.JudgeModel.preflight

    async def passing(self: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        calls["n"] += 1
        return {"prompt_tokens": 0, "completion_tokens": 0}

    judge.JudgeModel.preflight = passing  # type: ignore[method-assign]
    try:
        with answering(HUGE_INT) as url:
            code = main(["label", str(run_dir), "--model", "m", "--base-url", url, "--limit", "2", "--timeout", "10"])
    finally:
        judge.JudgeModel.preflight = original  # type: ignore[method-assign]
    captured = capsys.readouterr()
    assert code in (ExitCode.DONE, ExitCode.DEGRADED) and calls["n"] == 1  # 2 labels: too few to call degraded
    assert "2 statements labelled" in captured.out and "2 fell back" in captured.out
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("extra", [["--price-prompt", "20000", "--price-completion", "1"],
                                   ["--price-prompt", "nan", "--price-completion", "1"],
                                   ["--budget-usd", "inf"], ["--budget-usd", "nan"]])
def test_label_refuses_prices_and_budgets_out_of_range(extra: list[str], run_dir: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["label", str(run_dir), "--model", "m", "--base-url", "http://127.0.0.1:9/v1", *extra]) == \
        ExitCode.BAD_INPUT
    one_line(capsys)


def test_a_port_out_of_range_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--model", "m", "--base-url", "http://127.0.0.1:99999/v1", "--seed", "1", "--out",
                 str(tmp_path / "games")])
    assert code == ExitCode.BAD_INPUT and "99999" in one_line(capsys)


def test_a_key_in_a_url_query_is_redacted() -> None:
    from orchestrator.config import RunConfig

    url = "https://h.example/v1?api_key=sk-query-key-0123456789&region=eu"
    secrets.remember_url(url)
    assert secrets.redact_url(url) == "https://h.example/v1?api_key=***&region=eu"
    assert "sk-query-key-0123456789" not in secrets.redact(f"error from {url}: bad key sk-query-key-0123456789")
    assert "sk-query-key" not in json.dumps(RunConfig(seed=1, base_url=url).to_header())


def test_a_refused_eval_leaves_no_folder_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MY_UNRELATED_SECRET", "s3cret-s3cret-s3cret")
    (tmp_path / "t.toml").write_text('name = "r"\nseeds = 1\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\n'
                                     'model = "m"\nbase_url = "http://127.0.0.1:9/v1"\n'
                                     'api_key_env = "MY_UNRELATED_SECRET"\n'
                                     '[[contestants]]\nname = "b"\nagent = "random"\n')
    assert main(["eval", str(tmp_path / "t.toml"), "--out", str(tmp_path / "run"), "--no-progress"]) == \
        ExitCode.BAD_INPUT
    one_line(capsys)
    assert not (tmp_path / "run").exists()


def test_a_warning_quoting_a_hostile_name_is_one_clean_line(capsys: pytest.CaptureFixture[str]) -> None:
    import warnings

    from killer.cli import show_warning

    with warnings.catch_warnings():
        assert main(["variants"]) == ExitCode.DONE
        assert warnings.showwarning is show_warning  # installed by the command line
        capsys.readouterr()
        warnings.warn("Glyph 27 (\x1b]0;pwned\x07\x1b[2J) missing from font\nsecond line", UserWarning, stacklevel=1)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "\x07" not in err and err.startswith("warning: Glyph 27")


@pytest.mark.parametrize("existing", [False, True])
def test_a_refused_eval_preflight_leaves_nothing_behind(existing: bool, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "runs" / "r"  # neither runs/ nor r/ exists, or r/ is the user's own empty folder
    if existing:
        out.mkdir(parents=True)
    with answering(DEEP) as url:
        (tmp_path / "t.toml").write_text('name = "r"\nseeds = 1\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\n'
                                         f'model = "m"\nbase_url = "{url}"\ntimeout = 10\n'
                                         '[[contestants]]\nname = "b"\nagent = "random"\n')
        code = main(["eval", str(tmp_path / "t.toml"), "--out", str(out), "--no-progress"])
    assert code == ExitCode.BAD_INPUT and "contestant a" in one_line(capsys)
    if existing:
        assert list(out.iterdir()) == []  # no games/, no tournament.json, no lock
    else:
        assert not (tmp_path / "runs").exists()


def test_a_key_in_a_url_query_never_reaches_an_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key = "sk-query-" + "Zr4Tq8Wn" * 4
    url = f"http://127.0.0.1:9/v1?api_key={key}"
    code = main(["run", "--model", "m", "--base-url", url, "--seed", "1", "--out", str(tmp_path / "games"),
                 "--timeout", "5"])
    line = one_line(capsys)
    assert code == ExitCode.BAD_INPUT and key not in line and "Zr4Tq8Wn" not in line


@pytest.mark.parametrize("budget", ["inf", "nan", "-inf", "1e309"])
def test_a_tournaments_budget_is_finite(budget: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.toml").write_text(f'name = "b"\nseeds = 1\nrulesets = ["v1"]\nbudget_usd = {budget}\n'
                                     '[[contestants]]\nname = "a"\nagent = "scripted"\n'
                                     '[[contestants]]\nname = "b"\nagent = "random"\n')
    code = main(["eval", str(tmp_path / "t.toml"), "--out", str(tmp_path / "run"), "--no-progress"])
    assert code == ExitCode.BAD_INPUT and "budget_usd" in one_line(capsys)
    assert not (tmp_path / "run").exists()


def test_a_model_name_with_esc_reaches_stderr_clean_through_the_plots(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    header, *rest = GAME.read_text(encoding="utf-8").splitlines(keepends=True)
    head = json.loads(header)
    for seat in head["seats"][:3]:
        seat["model"] = "\x1b]0;pwned\x07\x1b[2Jevil"
    (tmp_path / "g.jsonl").write_text(json.dumps(head) + "\n" + "".join(rest), encoding="utf-8")
    assert main(["report", str(tmp_path / "g.jsonl"), "--out", str(tmp_path / "r"), "--pages", "none"]) == \
        ExitCode.DONE
    err = capsys.readouterr().err
    assert "warning: Glyph" in err  # matplotlib did quote the name's control characters
    assert "\x1b" not in err and "\x07" not in err
