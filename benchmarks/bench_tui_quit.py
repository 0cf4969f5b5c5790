"""How long `killer play` takes to quit cleanly while LLM bots are thinking, as the endpoint gets slower.

    python benchmarks/bench_tui_quit.py [--latency 0.5 1.5 3] [--runs 3]

The real command runs in a tmux pane (120x40) against tests/agents/fake_server.py (every answer after `latency`
seconds); the police (seat 7) answers its prompts until the wait line names a bot deciding, then ctrl+q. Prints
the seconds from ctrl+q to the exit line, the exit code (130 expected) and whether a traceback showed, per run,
and the mean per latency with its ratio to the latency (quitting must not wait for the bots' answers).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.tui.test_tmux import Pane, answer_prompts, killer  # noqa: E402


def one_quit(url: str, out: Path) -> tuple[float, str, bool]:
    env = {"PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "sk-fake"}
    pane = Pane(killer("play", "--seat", "7", "--agents", "llm", "--seed", "3", "--base-url", url, "--model",
                       "fake", "--out", str(out), "--pace", "0"), (120, 40), env)
    try:
        pane.wait_for("Enter: choose", 60)
        answer_prompts(pane, "Waiting for seat", 120)
        start = time.monotonic()
        pane.keys("C-q")
        screen = pane.wait_for("EXIT=", 60)
        took = time.monotonic() - start
        code = re.search("EXIT=([0-9]+)", screen)
        return took, code.group(1) if code else "?", any("Traceback" in s for s in pane.seen)
    finally:
        pane.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latency", type=float, nargs="+", default=[0.5, 1.5, 3.0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for latency in args.latency:
        with tempfile.TemporaryDirectory() as tmp:
            port_file = Path(tmp) / "port"
            server = subprocess.Popen([sys.executable, "-m", "tests.agents.fake_server", "--latency", str(latency),
                                       "--port-file", str(port_file)], cwd=ROOT)
            try:
                while not (port_file.exists() and port_file.read_text()):
                    time.sleep(0.05)
                url = f"http://127.0.0.1:{port_file.read_text()}/v1"
                times = []
                for run in range(args.runs):
                    took, code, traceback = one_quit(url, Path(tmp) / f"run{run}")
                    times.append(took)
                    print(f"latency {latency:.1f} s  run {run}: quit in {took:.2f} s, exit {code}, "
                          f"traceback: {traceback}")
                mean = statistics.mean(times)
                print(f"latency {latency:.1f} s  mean quit {mean:.2f} s  ratio to latency {mean / latency:.2f}")
            finally:
                server.terminate()
                server.wait(timeout=10)


if __name__ == "__main__":
    main()
