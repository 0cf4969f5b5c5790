"""Issue 13, item 5: keys leak by no route. A game and a tournament against a hostile loopback endpoint that echoes
each key in error bodies, speeches and reasoning; then every file the runs wrote (transcripts, checkpoints with
their -wal/-shm, tournament files, stdout/stderr) is searched for every key, whatever its shape."""

from __future__ import annotations

import base64
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from hygiene import secrets
from tests.security.loopback import Hostile, hostile_endpoint

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"GROQ_KEY": "gsk_" + "Qw3rTy7" * 6, "GEMINI_KEY": "AIza" + "Sy0d9fK2" * 4,
        "OPENAI_API_KEY": "sk-proj-" + "Zx9Lm4Np" * 5}
URL_PASSWORD = "hunter2-url-password"
BASIC = base64.b64encode(f"leaky:{URL_PASSWORD}".encode()).decode()  # how httpx sends URL credentials
SEATS = {1: "GROQ_KEY", 2: "GEMINI_KEY", 3: "GROQ_KEY", 4: "GEMINI_KEY"}  # the others: OPENAI_API_KEY
ALLOWED = [word for name in KEYS for word in ("--allow-key-env", name)]  # the table may send these three


def _env() -> dict[str, str]:
    return {**os.environ, **KEYS, "PYTHONPATH": str(ROOT)}


def _killer(args: list[str], cwd: Path, log: Path) -> subprocess.Popen[bytes]:
    out = (log.with_suffix(".out")).open("wb")
    err = (log.with_suffix(".err")).open("wb")
    return subprocess.Popen([sys.executable, "-m", "killer.cli", *args], cwd=cwd, env=_env(), stdout=out,
                            stderr=err)


def _table(path: Path, port: int) -> Path:
    base = f"http://127.0.0.1:{port}/v1"
    seats = "".join(f'[seats.{s}]\napi_key_env = "{name}"\n' for s, name in SEATS.items())
    path.write_text(f'[defaults]\nmodel = "hostile"\nbase_url = "{base}"\napi_key_env = "OPENAI_API_KEY"\ntimeout = 5\n'
                    f'{seats}', encoding="utf-8")
    return path


def _leaks(folder: Path) -> list[str]:
    """Every (file, secret) pair where a file under `folder` holds a secret, in any encoding we write."""
    found = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        for secret in [*KEYS.values(), URL_PASSWORD, BASIC]:
            if secret.encode() in data or secret.encode("utf-16-le") in data:
                found.append(f"{path.relative_to(folder)}: {secret[:6]}…")
    return found


def _wait(hostile: Hostile, requests: int, child: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while hostile.requests < requests and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)


def _folders(tmp_path: Path) -> tuple[Path, Path]:
    """(the inputs, which hold a URL password by design; the folder every run writes into and is searched)."""
    given, written = tmp_path / "given", tmp_path / "written"
    given.mkdir()
    written.mkdir()
    return given, written


def test_no_key_reaches_any_file_or_output_of_a_killed_and_resumed_game(tmp_path: Path) -> None:
    given, tmp_path = _folders(tmp_path)
    games = tmp_path / "games"
    with hostile_endpoint(hold_after=60) as hostile:
        table = _table(given / "table.toml", hostile.port)
        allowed = [*ALLOWED, "--allow-endpoint", f"http://127.0.0.1:{hostile.port}"]
        args = ["run", "--agents", "llm", "--table", str(table), *allowed, "--seed", "3", "--timeout", "5", "--out",
                str(games)]
        child = _killer(args, tmp_path, tmp_path / "run")
        _wait(hostile, 61, child)
        assert child.poll() is None, (tmp_path / "run.err").read_text()
        child.send_signal(signal.SIGKILL)  # mid-game: the checkpoint and its -wal are left behind
        child.wait()
        transcript = next(games.glob("*.jsonl"))
        left = {p.name for p in games.iterdir()}
        assert any(name.endswith(".ckpt.sqlite") for name in left), left
        assert _leaks(tmp_path) == []
        hostile.release()
        resume = ["resume", str(transcript), "--table", str(table), *allowed]
        child = _killer(resume, tmp_path, tmp_path / "resume")
        assert child.wait(timeout=300) in (0, 3), (tmp_path / "resume.err").read_text()
    text = transcript.read_text(encoding="utf-8")
    assert '"type":"end"' in text
    # the key was really in use, was really echoed, and nothing of it was kept or forwarded
    assert set(KEYS.values()) <= set(hostile.keys)
    assert secrets.MASK in text and "Incorrect API key provided" in text
    assert _leaks(tmp_path) == []
    for body in hostile.bodies:  # no seat's prompt carries a key to another provider
        prompt = str(body.get("messages"))
        assert not any(key in prompt for key in KEYS.values())


def test_no_key_reaches_a_tournament_folder_or_its_output(tmp_path: Path) -> None:
    given, tmp_path = _folders(tmp_path)
    runs = tmp_path / "runs"
    with hostile_endpoint() as hostile:
        plain, base = f"http://127.0.0.1:{hostile.port}/v1", f"http://leaky:{URL_PASSWORD}@127.0.0.1:{hostile.port}/v1"
        config = given / "t.toml"
        config.write_text(
            'name = "leak"\nseeds = 1\nrulesets = ["v1"]\n'
            f'[[contestants]]\nname = "groq"\nagent = "llm"\nmodel = "m"\nbase_url = "{plain}"\n'
            'api_key_env = "GROQ_KEY"\ntimeout = 5\n'
            f'[[contestants]]\nname = "gemini"\nagent = "llm"\nmodel = "m"\nbase_url = "{base}"\n'
            'api_key_env = "GEMINI_KEY"\ntimeout = 5\n', encoding="utf-8")
        child = _killer(["eval", str(config), "--out", str(runs), "--no-progress", *ALLOWED, "--allow-endpoint", plain],
                        tmp_path, tmp_path / "eval")
        assert child.wait(timeout=300) in (0, 1, 3), (tmp_path / "eval.err").read_text()
    assert (runs / "results.jsonl").read_text().count("\n") >= 2
    assert KEYS["GROQ_KEY"] in hostile.keys and f"Basic {BASIC}" in hostile.keys  # both in use, both echoed
    assert "127.0.0.1" in (runs / "tournament.json").read_text()  # the URL is kept, its password is not
    assert _leaks(tmp_path) == []


def test_redaction_is_by_value_whatever_the_shape() -> None:
    odd = "plainwordsecret-0123456789"  # no known prefix: only its value gives it away
    secrets.remember(odd)
    secrets.remember_url("https://me:p%40ss-word-long@example.com/v1")
    text = f"echo {odd} and p@ss-word-long in https://me:p%40ss-word-long@example.com/v1 gsk_{'a' * 20}"
    out = secrets.redact(text)
    assert odd not in out and "p@ss-word-long" not in out and "gsk_aaaa" not in out
    assert "example.com/v1" in out
    secrets.remember("short")  # too short to be a key: ordinary words stay
    assert secrets.redact("a short speech") == "a short speech"


def test_a_value_remembered_after_a_text_was_redacted_is_removed_from_it_too() -> None:
    # redaction remembers its results (a transcript repeats the same strings): a key remembered later must not
    # be served from what was remembered before it
    late = "latecomer-secret-9876543210"
    text = f"the seat said {late} twice: {late}"
    assert secrets.redact(text) == text  # not yet a secret: kept (and remembered as such)
    secrets.remember(late)
    assert late not in secrets.redact(text) and secrets.redact(text).count(secrets.MASK) == 2
    assert late not in secrets.redact_value({"speech": text, late: [text]}).__repr__()


def test_api_key_on_the_command_line_warns_that_others_can_see_it(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "killer.cli", "run", "--agents", "scripted", "--seed", "1",
                          "--api-key", "sk-visible-in-ps-0000", "--out", str(tmp_path)], cwd=tmp_path, env=_env(),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0
    assert "visible to other users" in out.stderr and "--api-key-env" in out.stderr
    assert "sk-visible-in-ps-0000" not in out.stdout + out.stderr
