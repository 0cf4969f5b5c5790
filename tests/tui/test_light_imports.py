"""A replay pays for no game loop: `import tui.app` and `killer watch FILE` up to its app load no LangGraph,
langchain_core or langsmith (docs/tui.md gives the measured import time)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
HEAVY = ("langgraph", "langchain_core", "langsmith")
SAMPLE = ROOT / "transcripts" / "samples" / "v3-scripted-en-s5.jsonl"


def loaded_after(code: str) -> list[str]:
    """The heavy modules loaded by a fresh interpreter that runs `code`."""
    probe = f"{code}\nimport sys\nprint('\\n'.join(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, check=True)
    return done.stdout.split()


def test_the_tui_app_loads_no_graph() -> None:
    assert loaded_after("import tui.app") == []


def test_a_replay_builds_its_app_without_the_graph() -> None:
    code = ("from killer.cli import build_parser\nfrom killer.tui_commands import build_watch_app\n"
            f"app = build_watch_app(build_parser().parse_args(['watch', {str(SAMPLE)!r}]))\n"
            "assert app.mode == 'replay'")
    assert loaded_after(code) == []


def test_a_live_game_does_load_it() -> None:  # the probe can see the graph where it is used
    assert "langgraph" in loaded_after("import orchestrator.run")
