"""What a replay pays in imports before its first screen: `import tui.app`, and `killer watch FILE` up to its app
built, each beside the same with the game loop (`orchestrator.run`: LangGraph, langchain_core, langsmith) loaded
too, as a replay loaded it before tui.app took its two dataclasses from orchestrator/hooks.py.

    python benchmarks/bench_tui_imports.py [--runs 5]

Each figure is one fresh interpreter's `python -X importtime`, summed over every module's own time (the
interpreter's start excluded), median of `--runs`; the runs of the four probes alternate so a busy machine slows
them alike, and the ratio of each to its graph-loading twin is the figure that carries across machines. Also
prints how many LangGraph/langchain/langsmith modules each probe loaded (0 for a replay:
tests/tui/test_light_imports.py).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "transcripts" / "samples" / "v3-scripted-en-s5.jsonl"
HEAVY = re.compile(r"\b(langgraph|langchain_core|langsmith)(\.|$)")
WATCH = ("from killer.cli import build_parser\nfrom killer.tui_commands import build_watch_app\n"
         f"app = build_watch_app(build_parser().parse_args(['watch', {str(SAMPLE)!r}]))")
PROBES = {
    "import tui.app": "import tui.app",
    "import tui.app + the game loop": "import tui.app\nimport orchestrator.run",
    "killer watch FILE, app built": WATCH,
    "killer watch FILE + the game loop": WATCH + "\nimport orchestrator.run",
}


def one(code: str) -> tuple[float, int]:
    """Seconds of import (the sum of every module's self time) and the heavy modules among them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300, check=True)
    own, heavy = 0, 0
    for line in done.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) != 3 or not parts[0].strip().isdigit():
            continue  # the header line
        own += int(parts[0])
        heavy += bool(HEAVY.search(parts[2].strip()))
    return own / 1e6, heavy


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for code in PROBES.values():
        one(code)  # bytecode compiled once before anything is timed
    times: dict[str, list[float]] = {name: [] for name in PROBES}
    heavy: dict[str, int] = {}
    for _ in range(args.runs):
        for name, code in PROBES.items():
            took, heavy[name] = one(code)
            times[name].append(took)
    median = {name: statistics.median(t) for name, t in times.items()}
    for name in PROBES:
        print(f"{name:<36} {median[name]:.2f} s  ({heavy[name]} LangGraph/langchain/langsmith modules)")
    for light, full in (("import tui.app", "import tui.app + the game loop"),
                        ("killer watch FILE, app built", "killer watch FILE + the game loop")):
        print(f"{light}: {median[light] / median[full]:.2f} of the time with the game loop")


if __name__ == "__main__":
    main()
