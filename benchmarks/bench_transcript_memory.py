"""Memory and time of reading a hostile transcript (issue 31, item 6): the adversarial shape (a real header, then
many tiny event lines under the byte cap), a transcript at the event cap (the sample's events repeated to
MAX_EVENTS lines) and two of many tiny values (the sample's events, each annotated with `[{},{},…]` or
`["ab","ab",…]`, up to MAX_MARKS), through verify, render (Markdown and HTML), report and export.

    python benchmarks/bench_transcript_memory.py [--tiny 1600000] [--only "render --html"]

Each command runs as a child; its peak resident memory comes from os.wait4. Prints, per shape and command, the
file's size, the exit status, the seconds, the peak RSS, and the ratio (peak - baseline) / file size, where the
baseline is the same command on the 78 KB sample game (Python and that command's imports: numpy and matplotlib
for report and export); the promise is a ratio of at most 10.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orchestrator.store.transcript import MAX_EVENTS, MAX_MARKS  # noqa: E402

SAMPLE = ROOT / "transcripts" / "samples" / "v2-classic-scripted-en-s7.jsonl"
BOUND = 10.0
MB = 1024 * 1024


def peak(argv: list[str], cwd: Path) -> tuple[int, float, float]:
    """(exit status, seconds, peak RSS in MB) of a killer command run as a child."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    began = time.monotonic()
    child = subprocess.Popen([sys.executable, "-m", "killer.cli", *argv], cwd=cwd, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return os.waitstatus_to_exitcode(status), time.monotonic() - began, usage.ru_maxrss / 1024


def shapes(folder: Path, tiny: int) -> dict[str, Path]:
    header, *events = SAMPLE.read_text(encoding="utf-8").splitlines()
    body = [line for line in events if '"type":"end"' not in line]
    adversarial = folder / "tiny" / "tiny.jsonl"
    adversarial.parent.mkdir()
    with adversarial.open("w", encoding="utf-8") as f:
        f.write(header + "\n")
        f.write('{"i":1,"event":{}}\n' * tiny)
    capped = folder / "capped" / "capped.jsonl"
    capped.parent.mkdir()
    with capped.open("w", encoding="utf-8") as f:
        f.write(header + "\n")
        for n in range(MAX_EVENTS):
            f.write(body[n % len(body)] + "\n")
    found = {f"{tiny:,} tiny events": adversarial, f"{MAX_EVENTS:,} events (the cap)": capped}
    lines = body[:200]
    room = MAX_MARKS - sum(line.count(m) for line in [header, *lines] for m in "{[,:") - 6 * len(lines)
    for name, value, marks in (("empty objects", "{},", 2), ("2-letter strings", '"ab",', 1)):
        values = folder / name.split()[-1] / "values.jsonl"  # as many as the value cap lets be read
        values.parent.mkdir()
        with values.open("w", encoding="utf-8") as f:
            f.write(header + "\n")
            for line in lines:
                f.write(line[:-1] + ',"annotation":{"x":[' + value * (room // len(lines) // marks) + "0]}}\n")
        found[f"{MAX_MARKS:,} values, {name} (the value cap)"] = values
    return found


def commands(path: Path) -> dict[str, list[str]]:
    return {"verify": ["verify", str(path)], "render": ["render", str(path), "-o", "out.md"],
            "render --html": ["render", "--html", str(path), "-o", "out.html"],
            "render --html --god": ["render", "--html", "--god", str(path), "-o", "out.html"],
            "report": ["report", str(path), "--out", "rep", "--no-plots", "--pages", "none"],
            "export": ["export", str(path.parent), "--out", "tables"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tiny", type=int, default=1_600_000, help="tiny events in the adversarial shape")
    parser.add_argument("--only", action="append", help="measure only this command (repeatable): verify, render, "
                        "'render --html', report, export")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sample = folder / "sample" / SAMPLE.name
        sample.parent.mkdir()
        sample.write_bytes(SAMPLE.read_bytes())
        wanted = set(args.only or commands(sample))
        baselines = {label: peak(argv, folder)[2] for label, argv in commands(sample).items() if label in wanted}
        print("baselines (the sample game): " + ", ".join(f"{k} {v:.0f} MB" for k, v in baselines.items()))
        worst = 0.0
        for name, path in shapes(folder, args.tiny).items():
            size = path.stat().st_size / MB
            for label, argv in commands(path).items():
                if label not in wanted:
                    continue
                baseline = baselines[label]
                code, seconds, top = peak(argv, folder)
                ratio = max(0.0, top - baseline) / size
                worst = max(worst, ratio)
                print(f"{name} ({size:.1f} MB) {label}: exit {code}, {seconds:.1f} s, peak {top:.0f} MB, "
                      f"(peak - baseline) / size = {ratio:.2f}")
        print(f"worst ratio {worst:.2f} (bound {BOUND:g}): {'within' if worst <= BOUND else 'PAST'} the bound")


if __name__ == "__main__":
    main()
