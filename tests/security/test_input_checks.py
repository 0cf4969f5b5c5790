"""Issue 25, items 7, 11, 12 and 13: what a user or a file hands `killer` is checked before it is used. A link to
/dev/zero, a FIFO, a header whose seats are not objects, deep TOML, huge counts, tiny widths and non-finite
numbers are each one line and exit 2 (never a traceback, a hang or gigabytes); error lines carry no URL
password; a table can neither send a variable the user did not allow as a key nor override the request's shape.

Each command runs as a child limited to 1 GB of address space with a deadline (tests/security/endless.py), so
code that reads without bound or waits for ever fails the test instead of the machine."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.agents.provider_emulator import ProviderEmulator
from tests.security.endless import measured
from tests.security.loopback import hostile_endpoint
from tests.security.test_report_trust import SAMPLE

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
for _name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "HOST", "PORT"):
    ENV.pop(_name, None)
DEADLINE_S = 30.0
PASSWORD = "Sup3rS3cretPw"
CONTESTANTS = '[[contestants]]\nname = "a"\nagent = "scripted"\n[[contestants]]\nname = "b"\nagent = "random"\n'
TOURNAMENT = 'name = "t"\nrulesets = ["v1"]\n' + CONTESTANTS


def tournament(top: str) -> str:
    """A small tournament file with `top` among its top-level keys."""
    return f'name = "t"\nrulesets = ["v1"]\n{top}\n{CONTESTANTS}'


def refused(tmp_path: Path, *argv: str, needle: str = "", env: dict[str, str] | None = None) -> str:
    """Runs `killer ARGV`: exit 2 with one line (containing `needle`) within the deadline; the line."""
    run = measured([sys.executable, "-m", "killer.cli", *argv], tmp_path, env or ENV, DEADLINE_S)
    assert run.code == 2, (argv, run.code, run.seconds, run.stderr[-2000:])
    assert run.peak_mb < 500 and "Traceback" not in run.stderr and run.stderr.count("\n") == 1, run.stderr[-2000:]
    assert needle in run.stderr, run.stderr
    return run.stderr


@pytest.mark.parametrize("command", ["verify", "render", "report", "watch", "scenario"])
@pytest.mark.parametrize("kind", ["zero", "fifo"])
def test_a_device_or_a_fifo_is_one_line_not_a_memory_error_or_a_hang(tmp_path: Path, command: str,
                                                                       kind: str) -> None:
    path = tmp_path / "g.jsonl"
    path.symlink_to("/dev/zero") if kind == "zero" else os.mkfifo(path)
    refused(tmp_path, command, str(path), needle="not a regular file")


def test_watch_on_a_header_whose_seats_are_not_objects_is_one_line(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    rows[0]["seats"] = [1, "two", None]
    game = tmp_path / "g.jsonl"
    game.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    for command in ("watch", "verify", "render"):
        refused(tmp_path, command, str(game), needle="a seat is not an object")


@pytest.mark.parametrize(("text", "needle"), [
    ("name = 't'\nx = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    (tournament("seeds = 1000000000"), "seeds"),
    (tournament("budget_usd = inf"), "budget_usd"),
    (tournament("budget_usd = nan"), "budget_usd"),
    (tournament("budget_usd = -5"), "budget_usd"),
], ids=["deep", "seeds", "inf", "nan", "negative"])
def test_a_hostile_tournament_file_is_one_line(tmp_path: Path, text: str, needle: str) -> None:
    (tmp_path / "t.toml").write_text(text)
    refused(tmp_path, "eval", "t.toml", "--out", "run", "--no-progress", needle=needle)
    assert not (tmp_path / "run" / "tournament.json").exists()  # nothing a later run would refuse


@pytest.mark.parametrize("argv", [
    ("simulate", "--ruleset", "v1", "--games", "2000000000"),
    ("eval", "t.toml", "--plan", "--width", "1e-300"),
    ("balance", "--ruleset", "v1", "--suggest", "--budget", "nan"),
    ("watch", "--live", "--pace", "-5"),
    ("play", "--pace", "nan"),
    ("resume", "*"),
])
def test_a_hostile_option_is_one_line(tmp_path: Path, argv: tuple[str, ...]) -> None:
    (tmp_path / "t.toml").write_text(TOURNAMENT)
    (tmp_path / "transcripts").mkdir()
    for seed in (1, 2):  # two games a pattern '*' would match
        (tmp_path / "transcripts" / f"v1-s{seed}.jsonl").write_text(SAMPLE.read_text())
    refused(tmp_path, *argv)


def test_a_password_in_the_base_url_is_not_printed(tmp_path: Path) -> None:
    with ProviderEmulator("openai", ["gpt-4.1-mini"]) as emu:
        url = emu.base_url.replace("http://", f"http://alice:{PASSWORD}@")
        env = {**ENV, "EMU_KEY": "sk-wrong-key-0000000000"}
        line = refused(tmp_path, "run", "--seed", "1", "--model", "gpt-4.1-mini", "--base-url", url, "--api-key-env",
                       "EMU_KEY", "--out", "games", needle="refused the game's request", env=env)
        (tmp_path / "t.toml").write_text(f'name = "t"\nrulesets = ["v1"]\n[[contestants]]\nname = "a"\n'
                                         f'model = "gpt-4.1-mini"\nbase_url = "{url}"\napi_key_env = "EMU_KEY"\n'
                                         '[[contestants]]\nname = "b"\nagent = "random"\n')
        eval_run = measured([sys.executable, "-m", "killer.cli", "eval", "t.toml", "--out", "run", "--no-progress",
                             "--allow-key-env", "EMU_KEY", "--allow-endpoint", emu.base_url], tmp_path, env, DEADLINE_S)
    assert "127.0.0.1" in line and PASSWORD not in line
    assert eval_run.code not in (0, None) and "refused" in eval_run.stderr, eval_run.stderr[-2000:]
    assert PASSWORD not in eval_run.stderr + eval_run.stdout
    assert not any(PASSWORD in p.read_text(errors="replace") for p in (tmp_path / "run").rglob("*") if p.is_file())


def test_a_table_cannot_send_a_variable_the_user_did_not_allow(tmp_path: Path) -> None:
    secret = "sk-unrelated-secret-99999999"
    with hostile_endpoint() as endpoint:
        table = tmp_path / "table.toml"
        table.write_text(f'[defaults]\nmodel = "m"\nbase_url = "http://127.0.0.1:{endpoint.port}/v1"\n'
                         'api_key_env = "MY_UNRELATED_SECRET"\n')
        env = {**ENV, "MY_UNRELATED_SECRET": secret}
        refused(tmp_path, "run", "--seed", "1", "--table", str(table), "--out", "games",
                needle="--allow-key-env MY_UNRELATED_SECRET", env=env)
        assert endpoint.requests == 0 and secret not in "".join(endpoint.keys)


@pytest.mark.parametrize("field", ["model", "messages", "stream", "response_format", "tools"])
def test_extra_body_may_not_reshape_the_request(tmp_path: Path, field: str) -> None:
    with hostile_endpoint() as endpoint:
        table = tmp_path / "table.toml"
        table.write_text(f'[defaults]\nmodel = "m"\nbase_url = "http://127.0.0.1:{endpoint.port}/v1"\n'
                         f'[defaults.extra_body]\n{field} = "x"\n')
        refused(tmp_path, "run", "--seed", "1", "--table", str(table), "--out", "games",
                needle=f"extra_body may not set {field}")
        assert endpoint.requests == 0
