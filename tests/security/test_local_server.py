"""Issue 25, item 2: the embedded model server stays on 127.0.0.1 whatever the user's environment says. It gets
an allow-list of variables (no HOST, PORT, CONFIG_FILE, no keys), is checked to listen on 127.0.0.1 only, and
its log in the temp folder is removed when it stops.

The stand-in server below treats its environment as llama-cpp-python's does (llama_cpp/server/__main__.py:
`host=os.getenv("HOST", server_settings.host)`, `port=int(os.getenv("PORT", ...))`), so the tests run without the
model; the last one starts the real server (-m local_model)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from agents.providers import local_server
from agents.providers.local_server import LOOPBACK_HEX, LocalModelServer, LocalServerError, listening

STAND_IN = """
import json, os, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
args = dict(zip(sys.argv[1:-1:2], sys.argv[2:-1:2]))
host = os.getenv("HOST", args["--host"]) if sys.argv[-1] != "anywhere" else "0.0.0.0"
port = int(os.getenv("PORT", args["--port"]))
with open(os.path.join(os.path.dirname(args["--model"]), "env.json"), "w") as f:
    json.dump(dict(os.environ), f)

class Models(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"object": "list", "data": [{"id": "smollm2-135m", "owned_by": "me"}]}).encode()
        self.send_response(200)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        print("request", *args, flush=True)

print(f"Uvicorn running on http://{host}:{port}", flush=True)
HTTPServer((host, port), Models).serve_forever()
"""
HOSTILE_ENV = {"HOST": "0.0.0.0", "PORT": "18555", "CONFIG_FILE": "/tmp/not-a-config.json", "MODEL": "/etc/passwd",
               "OPENAI_API_KEY": "sk-" + "unrelated-key-" * 3, "MY_UNRELATED_SECRET": "s3cret-s3cret"}


def _stand_in(monkeypatch: pytest.MonkeyPatch, how: str = "as told") -> None:
    def command(model: Path, port: int, **kwargs: Any) -> list[str]:
        return [sys.executable, "-c", STAND_IN, "--model", str(model), "--host", local_server.HOST, "--port",
                str(port), how]

    monkeypatch.setattr(local_server, "server_command", command)


@pytest.fixture
def hostile_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in HOSTILE_ENV.items():
        monkeypatch.setenv(name, value)


def test_host_and_port_in_the_environment_change_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         hostile_env: None) -> None:
    _stand_in(monkeypatch)
    server = LocalModelServer(tmp_path / "model.gguf", startup_timeout_s=20)
    with server:
        assert server.running and listening(server.port or 0) == {"0100007F"}  # 127.0.0.1, nothing else
        log = server.log_path
        assert log is not None and log.is_file()
    seen = json.loads((tmp_path / "env.json").read_text())
    assert not set(HOSTILE_ENV) & set(seen), sorted(seen)
    assert set(seen) <= set(local_server.SERVER_ENV) and "PATH" in seen
    assert not log.exists()  # its log in the temp folder is gone with it


def test_a_server_listening_beyond_loopback_is_stopped_and_refused(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _stand_in(monkeypatch, "anywhere")
    server = LocalModelServer(tmp_path / "model.gguf", startup_timeout_s=20)
    with pytest.raises(LocalServerError, match=r"beyond 127\.0\.0\.1") as refused:
        server.start()
    assert not server.running and "\n" not in str(refused.value)
    assert server.log_path is not None and server.log_path.is_file()  # kept: the error names it
    server.log_path.unlink()


def test_listening_reads_the_kernel_tables(tmp_path: Path) -> None:
    (tmp_path / "tcp").write_text(
        "  sl  local_address rem_address   st\n"
        "   0: 0100007F:4E20 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0 0 1\n"
        "   1: 00000000:4E20 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0 0 2\n"
        "   2: 0100007F:4E21 0100007F:9000 01 00000000:00000000 00:00000000 00000000  0 0 3\n")
    assert listening(0x4E20, tmp_path) == {"0100007F", "00000000"}
    assert listening(0x4E21, tmp_path) == set()  # connected, not listening
    assert listening(1, tmp_path / "none") is None


@pytest.mark.local_model
def test_the_real_server_binds_loopback_under_a_hostile_environment(embedded_model: Path,
                                                                    hostile_env: None) -> None:
    with LocalModelServer(embedded_model) as server:
        found = listening(server.port or 0)
        assert found is not None and found and found <= LOOPBACK_HEX
        log = server.log_path
    assert log is not None and not log.exists()


PLANTED = """
import pathlib, sys
pathlib.Path(sys.argv[0]).parent.parent.parent.joinpath("RAN").write_text("planted code ran")
"""


def _plant(folder: Path) -> Path:
    """A `llama_cpp.server` package in `folder` whose __main__ leaves a RAN file beside it when it runs."""
    package = folder / "llama_cpp" / "server"
    package.mkdir(parents=True)
    (folder / "llama_cpp" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(PLANTED)
    return folder / "RAN"


def test_a_planted_llama_cpp_in_the_working_directory_never_runs(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31, item 3: the server is started with -P from a private folder, so the user's cwd is not on its
    sys.path; a relative model path is made absolute before that."""
    ran = _plant(tmp_path)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "model.gguf").write_bytes(b"not a model")
    import subprocess

    plain = subprocess.run([sys.executable, "-m", "llama_cpp.server"], cwd=tmp_path, capture_output=True, timeout=60)
    assert plain.returncode == 0 and ran.read_text() == "planted code ran"  # the plant works without -P
    ran.unlink()
    command = local_server.server_command(Path("model.gguf"), 9)
    assert command[1] == "-P" and command[command.index("--model") + 1] == str(tmp_path / "model.gguf")
    server = LocalModelServer(Path("model.gguf"), startup_timeout_s=20)
    with pytest.raises(LocalServerError):  # llama-cpp-python is absent, or refuses a model that is none
        server.start()
    assert not ran.exists()
    assert server.log_path is not None
    server.log_path.unlink()


def test_the_server_runs_in_a_private_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    where = tmp_path / "where.json"
    probe = ("import json, os, sys; json.dump({'cwd': os.getcwd(), 'files': os.listdir('.'), 'path': sys.path}, "
             f"open({str(where)!r}, 'w')); sys.exit(1)")
    monkeypatch.setattr(local_server, "server_command",
                        lambda model, port, **kw: [sys.executable, "-P", "-c", probe])
    monkeypatch.chdir(tmp_path)
    server = LocalModelServer(Path("model.gguf"), startup_timeout_s=20)
    with pytest.raises(LocalServerError):
        server.start()
    seen = json.loads(where.read_text())
    assert seen["cwd"] != str(tmp_path) and seen["files"] == []
    assert str(tmp_path) not in seen["path"] and "" not in seen["path"]
    assert not Path(seen["cwd"]).exists()  # removed when the server stopped
    assert server.log_path is not None
    server.log_path.unlink()
