"""Issue 31, item 1: the one key rule (agents/key_rule.py). A key goes only to an origin the user named or allowed
(--allow-endpoint), from a variable the user gave or allowed (--allow-key-env); a tournament file, a judge table or
a seat table alone never picks either; a cross-origin redirect never carries the key. Each command is run against
an echoing endpoint on loopback that records every Authorization header it receives."""

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

from agents.key_rule import LOCAL_KEY, KeyRefused, Leave, Origin, key_for, origin
from killer.cli import main
from killer.exit_codes import ExitCode
from tests.agents.provider_emulator import ProviderEmulator

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
USER_KEY = "sk-user-" + "Kq7Wz3Lp" * 4
UNRELATED = "s3cret-unrelated-" + "Vb8Nc2Xm" * 3


class Echoing(ProviderEmulator):
    """The vLLM emulation (it takes any key), recording the Authorization header of every chat request."""

    def __init__(self) -> None:
        super().__init__("vllm", ["m"])
        self.auth: list[str] = []

    def _check_key(self, header: str) -> None:
        with self._lock:
            self.auth.append(header)
        super()._check_key(header)

    @property
    def origin(self) -> str:
        return self.base_url.removesuffix("/v1")


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    monkeypatch.setenv("MY_UNRELATED_SECRET", UNRELATED)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


# -- the rule itself -----------------------------------------------------------------------------------------

def test_origins_are_normalised() -> None:
    assert origin("https://API.example.com/v1") == Origin("https", "api.example.com", 443)
    assert origin("https://api.example.com:443/x") == origin("https://api.example.com")
    assert origin("http://127.0.0.1/v1") == Origin("http", "127.0.0.1", 80)
    assert origin("http://api.example.com") != origin("https://api.example.com")  # never https -> http
    assert origin("https://api.example.com:8443") != origin("https://api.example.com")
    assert str(origin("http://[::1]:8080/v1")) == "http://[::1]:8080"
    for bad in ("ftp://example.com", "http://:80", "http://h:99999/v1", "http://h:0/v1", "nonsense"):
        with pytest.raises(KeyRefused):
            origin(bad)


def test_a_file_picks_neither_the_destination_nor_the_variable() -> None:
    env = {"OPENAI_API_KEY": USER_KEY, "MY_UNRELATED_SECRET": UNRELATED}
    leave = Leave.of(base_url=None, key=USER_KEY, key_env=None, env=env)
    assert key_for(leave, "https://api.openai.com/v1", env) == USER_KEY  # the command line's own endpoint
    with pytest.raises(KeyRefused, match=r"--allow-endpoint https://evil\.example:443"):
        key_for(leave, "https://evil.example/v1", env)
    assert key_for(leave, "http://127.0.0.1:9/v1", env) == LOCAL_KEY  # a loopback server gets the placeholder
    with pytest.raises(KeyRefused, match="--allow-key-env MY_UNRELATED_SECRET"):
        key_for(leave, "https://api.openai.com/v1", env, named_env="MY_UNRELATED_SECRET")
    allowed = Leave.of(base_url=None, key=USER_KEY, key_env=None, endpoints=["https://evil.example:443"],
                       key_envs=["MY_UNRELATED_SECRET"], env=env)
    with pytest.raises(KeyRefused, match=r"--allow-endpoint http://127\.0\.0\.1:9"):  # a named variable needs both
        key_for(allowed, "http://127.0.0.1:9/v1", env, named_env="MY_UNRELATED_SECRET")
    assert key_for(allowed, "https://EVIL.example/v1", env, named_env="MY_UNRELATED_SECRET") == UNRELATED
    assert key_for(allowed, "https://evil.example/v1", env) == USER_KEY
    with pytest.raises(KeyRefused):
        key_for(allowed, "http://evil.example/v1", env)  # the same host over http is another origin
    with pytest.raises(KeyRefused, match="--allow-endpoint"):
        Leave.of(base_url=None, key=None, key_env=None, endpoints=["evil.example"], env=env)


# -- eval ----------------------------------------------------------------------------------------------------

def tournament(path: Path, base_url: str, key_line: str = "") -> Path:
    path.write_text('name = "keys"\nseeds = 1\nrulesets = ["v2-classic:8"]\n'
                    f'[[contestants]]\nname = "x"\nagent = "llm"\nmodel = "m"\nbase_url = "{base_url}"\ntimeout = 5\n'
                    f'{key_line}[[contestants]]\nname = "bot"\nagent = "scripted"\n', encoding="utf-8")
    return path


def test_eval_sends_no_key_to_a_contestants_own_base_url(tmp_path: Path, keys: None) -> None:
    with Echoing() as emu:
        cfg = tournament(tmp_path / "t.toml", emu.base_url)
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress", "--games", "1",
                     "--pages", "none"])
    assert code in (ExitCode.DONE, ExitCode.DEGRADED) and len(emu.auth) > 10
    assert set(emu.auth) == {f"Bearer {LOCAL_KEY}"}  # the placeholder, never the user's key


def test_eval_refuses_a_variable_the_file_names_alone(tmp_path: Path, keys: None,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with Echoing() as emu:
        cfg = tournament(tmp_path / "t.toml", emu.base_url, 'api_key_env = "MY_UNRELATED_SECRET"\n')
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress"])
        line = one_line(capsys)
        assert code == ExitCode.BAD_INPUT and "--allow-key-env MY_UNRELATED_SECRET" in line
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress",
                     "--allow-key-env", "MY_UNRELATED_SECRET"])
        line = one_line(capsys)
        assert code == ExitCode.BAD_INPUT and f"--allow-endpoint {emu.origin}" in line
    assert emu.auth == [] and emu.bodies == []
    assert UNRELATED not in line


def test_eval_sends_an_allowed_variable_to_an_allowed_endpoint(tmp_path: Path, keys: None) -> None:
    with Echoing() as emu:
        cfg = tournament(tmp_path / "t.toml", emu.base_url, 'api_key_env = "MY_UNRELATED_SECRET"\n')
        code = main(["eval", str(cfg), "--out", str(tmp_path / "run"), "--no-progress", "--games", "1",
                     "--pages", "none", "--allow-key-env", "MY_UNRELATED_SECRET",
                     "--allow-endpoint", emu.origin + "/"])
    assert code in (ExitCode.DONE, ExitCode.DEGRADED)
    assert emu.auth and set(emu.auth) == {f"Bearer {UNRELATED}"}


# -- label ---------------------------------------------------------------------------------------------------

@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(GAME, folder / GAME.name)
    return folder


def judge_table(path: Path, base_url: str, key_line: str = "") -> Path:
    path.write_text(f'[judge]\nmodel = "m"\nbase_url = "{base_url}"\n{key_line}', encoding="utf-8")
    return path


def test_label_sends_no_key_to_a_judge_tables_base_url(run_dir: Path, tmp_path: Path, keys: None) -> None:
    with Echoing() as emu:
        table = judge_table(tmp_path / "judge.toml", emu.base_url)
        code = main(["label", str(run_dir), "--table", str(table), "--limit", "2"])
    assert code == ExitCode.DONE and emu.auth
    assert set(emu.auth) == {f"Bearer {LOCAL_KEY}"}


def test_label_refuses_a_judge_tables_variable_and_endpoint(run_dir: Path, tmp_path: Path, keys: None,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    with Echoing() as emu:
        table = judge_table(tmp_path / "judge.toml", emu.base_url, 'api_key_env = "MY_UNRELATED_SECRET"\n')
        assert main(["label", str(run_dir), "--table", str(table)]) == ExitCode.BAD_INPUT
        assert "--allow-key-env MY_UNRELATED_SECRET" in one_line(capsys)
        assert main(["label", str(run_dir), "--table", str(table), "--allow-key-env",
                     "MY_UNRELATED_SECRET"]) == ExitCode.BAD_INPUT
        assert f"--allow-endpoint {emu.origin}" in one_line(capsys)
        assert emu.auth == []
        assert main(["label", str(run_dir), "--table", str(table), "--allow-key-env", "MY_UNRELATED_SECRET",
                     "--allow-endpoint", emu.origin, "--limit", "1"]) == ExitCode.DONE
    assert emu.auth and set(emu.auth) == {f"Bearer {UNRELATED}"}


def test_label_sends_the_command_lines_key_to_the_command_lines_endpoint(run_dir: Path, keys: None) -> None:
    with Echoing() as emu:
        code = main(["label", str(run_dir), "--model", "m", "--base-url", emu.base_url, "--limit", "1"])
    assert code == ExitCode.DONE and set(emu.auth) == {f"Bearer {USER_KEY}"}


# -- run (a seat table) and resume ---------------------------------------------------------------------------

def test_run_with_a_seat_table_needs_the_endpoint_allowed(tmp_path: Path, keys: None,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with Echoing() as emu:
        table = tmp_path / "seats.toml"
        table.write_text(f'[defaults]\nmodel = "m"\nbase_url = "{emu.base_url}"\napi_key_env = "MY_UNRELATED_SECRET"\n')
        args = ["run", "--seed", "1", "--table", str(table), "--out", str(tmp_path / "games"), "--allow-key-env",
                "MY_UNRELATED_SECRET"]
        assert main(args) == ExitCode.BAD_INPUT
        assert f"--allow-endpoint {emu.origin}" in one_line(capsys) and emu.auth == []
        assert main([*args, "--allow-endpoint", emu.origin]) in (ExitCode.DONE, ExitCode.DEGRADED)
    assert emu.auth and set(emu.auth) == {f"Bearer {UNRELATED}"}


def test_resume_takes_the_leave_from_its_command_line_only() -> None:
    from orchestrator.config import RunConfig

    config = RunConfig(seed=1, allow_endpoint=("https://evil.example",), allow_key_env=("X",))
    header = config.to_header()
    assert "allow_endpoint" not in header and "allow_key_env" not in header
    assert RunConfig.from_header(header).allow_endpoint == ()
    assert RunConfig.from_header(header, allow_endpoint=("https://mine.example",)).allow_endpoint == \
        ("https://mine.example",)


# -- redirects -----------------------------------------------------------------------------------------------

@contextmanager
def redirecting(to: str, status: int = 307) -> Iterator[list[str]]:
    """A loopback server that answers every request with a redirect to `to`, recording Authorization."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            seen.append(self.headers.get("authorization", ""))
            self.rfile.read(int(self.headers.get("content-length") or 0))
            self.send_response(status)
            self.send_header("location", to + self.path.removeprefix("/v1"))
            self.send_header("content-length", "0")
            self.end_headers()

        do_GET = do_POST

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        seen.insert(0, f"http://127.0.0.1:{server.server_address[1]}")
        yield seen
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("status", [307, 308])
async def test_a_cross_origin_redirect_never_carries_the_key(status: int, keys: None) -> None:
    from agents.factory import build_endpoint

    with Echoing() as emu, redirecting(emu.base_url, status) as seen:
        first = seen.pop(0)
        env = {"OPENAI_API_KEY": USER_KEY}
        leave = Leave.of(base_url=first + "/v1", key=USER_KEY, key_env=None, env=env)
        endpoint = build_endpoint("m", first + "/v1", leave=leave, env=env, provider="vllm")
        try:
            await endpoint.client.chat.completions.create(model="m", messages=[{"role": "user", "content": "json"}])
        finally:
            await endpoint.client.close()
    assert seen == [f"Bearer {USER_KEY}"]  # the allowed origin had it
    assert len(emu.bodies) == 1 and len(emu.auth) == 1  # the redirect was followed, to another port
    assert USER_KEY not in emu.auth[0] and USER_KEY not in json.dumps(emu.bodies)
