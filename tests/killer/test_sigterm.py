"""SIGTERM (what `timeout`, `kill`, systemd and schedulers send) stops a `killer` command the way Ctrl-C does:
the embedded model server it started is stopped, not left running as an orphan, and the exit code is 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A stand-in for llama_cpp.server: healthy on GET /v1/models, and it never answers a completion (a request is in
# flight when the signal comes: the preflight, before any transcript exists). It writes its pid, and a mark once
# it has been asked.
FAKE_SERVER = textwrap.dedent("""
    import http.server, json, os, sys, time
    port, folder = int(sys.argv[1]), sys.argv[2]
    open(os.path.join(folder, "server.pid"), "w").write(str(os.getpid()))
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"object": "list", "data": [{"id": "smollm2-135m", "object": "model"}]}).encode()
            self.send_response(200); self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
        def do_POST(self):
            open(os.path.join(folder, "asked"), "w").write("yes")
            time.sleep(600)
        def log_message(self, *args):
            pass
    http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
""")

# `killer` with the embedded server swapped for the stand-in (the package lookup and the argv, nothing else).
LAUNCHER = textwrap.dedent("""
    import sys
    from pathlib import Path
    import agents.providers.local_server as local
    folder = sys.argv[1]
    local.find_embedded_model = lambda: Path(folder) / "model.gguf"
    local.server_command = lambda model, port, **kw: [sys.executable, str(Path(folder) / "fake_server.py"),
                                                      str(port), folder]
    from killer.cli import main
    sys.exit(main(sys.argv[2:]))
""")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_for(path: Path, process: subprocess.Popen[str], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            _, err = process.communicate(timeout=5) if process.poll() is not None else ("", "")
            pytest.fail(f"{path.name} never appeared (rc {process.poll()}): {err[-2000:]}")
        time.sleep(0.1)


COMMANDS = {
    "run": ["run", "--players", "8", "--seed", "1", "--timeout", "300", "--out", "games"],
    "eval": ["eval", str(ROOT / "evaluation" / "examples" / "embedded.toml"), "--out", "run"],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_sigterm_stops_the_embedded_server_and_exits_130(tmp_path: Path, command: str) -> None:
    (tmp_path / "fake_server.py").write_text(FAKE_SERVER, encoding="utf-8")
    (tmp_path / "launcher.py").write_text(LAUNCHER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, str(tmp_path / "launcher.py"), str(tmp_path), *COMMANDS[command]]
    process = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    server_pid = None
    try:
        _wait_for(tmp_path / "asked", process, 120)  # the game is waiting on the model
        server_pid = int((tmp_path / "server.pid").read_text())
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
        assert process.returncode == 130, err[-2000:]
        assert "interrupted" in err
        assert "Traceback" not in err
        deadline = time.monotonic() + 10
        while _alive(server_pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(server_pid), "the embedded server outlived the command"
    finally:
        if process.poll() is None:
            process.kill()
        if server_pid is not None and _alive(server_pid):
            os.kill(server_pid, signal.SIGKILL)


# `killer` with scripted seats, one of which sends this process SIGTERM when it is asked its 40th decision.
SELF_TERMINATING = textwrap.dedent("""
    import os, signal, sys, time
    from agents.bots.scripted import ScriptedAgent
    choose, asked = ScriptedAgent.choose, []
    def choose_then_term(self, view, request):
        asked.append(1)
        if len(asked) == 40:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)
        return choose(self, view, request)
    ScriptedAgent.choose = choose_then_term
    from killer.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_a_game_stopped_by_sigterm_says_how_to_resume_and_resumes(tmp_path: Path) -> None:
    (tmp_path / "launcher.py").write_text(SELF_TERMINATING, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = tmp_path / "games"
    stopped = subprocess.run([sys.executable, str(tmp_path / "launcher.py"), "run", "--ruleset", "v3", "--agents",
                              "scripted", "--seed", "3", "--out", str(out)],
                             env=env, capture_output=True, text=True, timeout=300)
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    [transcript] = out.glob("*.jsonl")
    assert f"continue it with: killer resume {transcript}" in stopped.stderr
    assert '"kind": "game_over"' not in transcript.read_text(encoding="utf-8")
    resumed = subprocess.run([sys.executable, "-m", "killer.cli", "resume", str(transcript)],
                             env=env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    verified = subprocess.run([sys.executable, "-m", "killer.cli", "verify", str(transcript)],
                              env=env, capture_output=True, text=True, timeout=300)
    assert verified.returncode == 0, verified.stdout[-2000:] + verified.stderr[-2000:]
