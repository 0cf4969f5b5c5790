"""Issue 25, item 1: no answer is read without bound. An endpoint whose model list or completion never ends (fast,
trickling, announced as a terabyte, or endless gzip) is dropped by `killer run --timeout 3` within the timeout
(as the endpoint itself sees it), the run ends under 500 MB with one line that says why; a never-ending stream
ends within its call's timeout. Each run is a child process limited to 1 GB of address space, its peak memory
read from os.wait4 (tests/security/endless.py)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.security.endless import endless_endpoint, measured

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
ENV.pop("OPENAI_BASE_URL", None)
ENV.pop("OPENAI_API_KEY", None)
# The endless answer is dropped within --timeout (3 s) plus scheduling slack; the whole command (Python's start,
# building 12 seats, the preflight) took 3.4 s to 7 s here beside it (15 s on an idle machine is the promise; a
# loaded test machine gets twice that).
HOLD_S = 3 + 2.0
WALL_S = 30
WHY = {"models": "refused by the endless test server", "fast": "larger than 8 MB", "terabyte": "larger than 8 MB",
       "gzip": "compressed", "trickle": "answer within 3 s (--timeout)"}


@pytest.mark.parametrize("mode", ["models-fast", "models-trickle", "models-terabyte", "models-gzip", "answer-fast",
                                  "answer-trickle", "answer-terabyte", "answer-gzip"])
def test_an_endless_answer_ends_the_run_within_15_s_under_500_mb(tmp_path: Path, mode: str) -> None:
    with endless_endpoint(mode) as endpoint:
        run = measured([sys.executable, "-m", "killer.cli", "run", "--agents", "llm", "--base-url",
                        endpoint.base_url, "--model", "m", "--timeout", "3", "--seed", "1", "--out", "games"],
                       tmp_path, ENV)
        held = endpoint.held()
    assert run.code == 2, (run.code, run.stderr[-2000:])
    assert held < HOLD_S and run.seconds < WALL_S and run.peak_mb < 500, (held, run.seconds, run.peak_mb)
    assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1, run.stderr[-2000:]
    why = WHY["models" if mode.startswith("models") else mode.split("-")[1]]
    assert why in run.stderr, run.stderr
    if mode.startswith("models"):  # the list was asked for (and given up on), then the game's request was sent
        assert endpoint.seen[:2] == ["GET /v1/models", "endless answer"]
        assert "POST /v1/chat/completions" in endpoint.seen
    assert not list((tmp_path / "games").glob("*.jsonl"))  # refused before the first night: no transcript


STREAM = """
import asyncio, json, sys, time
from dataclasses import replace
from agents.factory import build_agents
from engine import DecisionKind, Request
from tests.agents.llm.test_agent import start, view_of

class Options:
    agents, model, base_url, api_key, table, lang, timeout, seed = "llm", "m", sys.argv[1], None, None, "en", 3.0, 1
    provider = "generic"

agent = build_agents(Options(), [4])[4]
agent.endpoint.transport_retries = 0
state, events = start()
heard = []
view = replace(view_of(state, events, 4), on_speech=heard.append)
began = time.monotonic()
decision = asyncio.run(agent.decide(view, Request(4, DecisionKind.STATEMENT, accusations=(1, 2, None))))
print(json.dumps({"seconds": time.monotonic() - began, "fallback": decision.annotation.fallback,
                  "heard": len(heard[-1]) if heard else 0}))
"""


@pytest.mark.parametrize("mode", ["stream-fast", "stream-trickle"])
def test_a_never_ending_stream_ends_within_its_timeout(tmp_path: Path, mode: str) -> None:
    with endless_endpoint(mode) as endpoint:
        run = measured([sys.executable, "-c", STREAM, endpoint.base_url], tmp_path, ENV)
        held = endpoint.held()
    assert run.code == 0 and held < HOLD_S, (held, run.stderr[-2000:])
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["seconds"] < 3 + 1.0 and run.peak_mb < 500, (result, run.peak_mb)  # one call: --timeout 3
    fallback = str(result["fallback"])
    assert "larger than 8 MB" in fallback or "within 3 s (--timeout)" in fallback, fallback
    assert result["heard"] > 0  # the live speech was shown while it lasted


@pytest.mark.parametrize("mode", ["answer-fast", "answer-trickle", "answer-gzip"])
def test_an_endless_judge_ends_label_in_one_line_under_500_mb(tmp_path: Path, mode: str) -> None:
    """Issue 31, item 5: `killer label` reads its judge through the bounded client too (a 1 GB address-space
    limit: the unbounded read of round three took 3.7 GB, then MemoryError and a thread traceback)."""
    import shutil

    run_dir = tmp_path / "run"
    run_dir.mkdir()
    shutil.copy(ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl", run_dir)
    with endless_endpoint(mode) as endpoint:
        run = measured([sys.executable, "-m", "killer.cli", "label", str(run_dir), "--base-url", endpoint.base_url,
                        "--model", "m", "--timeout", "3"], tmp_path, ENV)
        held = endpoint.held()
    assert run.code == 2, (run.code, run.stderr[-2000:])
    assert held < HOLD_S and run.seconds < WALL_S and run.peak_mb < 500, (held, run.seconds, run.peak_mb)
    assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1, run.stderr[-2000:]
    assert WHY[mode.split("-")[1]] in run.stderr, run.stderr
    assert not (run_dir / "labels.jsonl").exists() or (run_dir / "labels.jsonl").read_text() == ""
