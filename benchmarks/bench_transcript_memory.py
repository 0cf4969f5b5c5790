"""Memory and time of reading a hostile transcript (issue 31, item 6): the adversarial shape (a real header, then
many tiny event lines under the byte cap), a transcript at the event cap (the sample's events repeated to
MAX_EVENTS lines) and two of many tiny values (the sample's events, each annotated with `[{},{},…]` or
`["ab","ab",…]`, up to MAX_MARKS), through verify, render (Markdown and HTML), report and export; then three
planted labels.jsonl beside the sample game (evaluation/statements/labels.py), through report and export: the
most lines of the writer's shape the game's statements allow, each as heavy for its size as the shape lets it be
(64 reader checks naming a card, 8 judge checks, no reason), the same one line past that cap, and the old shape
(`[{},{},…]` lines, 7.7 MB: 26x before the shape was checked); and the label reader alone (a run of many games:
no line cap) on two files at the byte cap, of the heaviest lines and of the smallest a line may be.

    python benchmarks/bench_transcript_memory.py [--tiny 1600000] [--only "render --html"] [--labels-only]

Each command runs as a child; its peak resident memory comes from os.wait4. Prints, per shape and command, the
file's size, the exit status, the seconds, the peak RSS, and the ratio (peak - baseline) / file size, where the
baseline is the same command on the 78 KB sample game (Python and that command's imports: numpy and matplotlib
for report and export); the promise is a ratio of at most 10.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluation.load.played import games_in  # noqa: E402
from evaluation.statements.labels import (  # noqa: E402
    LABELS,
    LINES_PER_STATEMENT,
    MAX_LABELS_BYTES,
    MAX_READER_CHECKS,
    MAX_SAID_CHECKS,
    spoken,
)
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


def heaviest_label(n: int) -> str:
    """A label line of the writer's shape, as heavy in memory for its size as the shape lets it be: every check
    it may hold (the reader's naming a v5 card, a list), no reason."""
    check, card = {"target": 3, "result": "killer", "night": None}, {"target": [3, 1], "result": "killer"}
    return json.dumps({"key": f"{n:024x}", "game": "v2-classic-scripted-en-s7", "i": n % 500, "seat": 1,
                       "kind": "statement", "model": "gpt-4.1-mini", "rubric": 1, "said_role": "police",
                       "said_side": "good", "said_checks": [check] * MAX_SAID_CHECKS, "lie": False,
                       "category": "none", "reason": "", "status": "labelled", "prompt_tokens": 1000,
                       "completion_tokens": 100, "cached_tokens": 0, "retries": 0, "latency_s": 0.5,
                       "transport_retries": 0, "usd": 0.001,
                       "reader": {"said_role": "police", "said_side": "good", "lie": False,
                                  "said_checks": [card] * MAX_READER_CHECKS}})


def label_shapes(folder: Path) -> dict[str, Path]:
    """Three run folders, each the sample game and a planted labels.jsonl."""
    most = max(spoken(games_in(folder / "sample")[1]), 1) * LINES_PER_STATEMENT
    found = {}
    for name, lines in ((f"{most:,} heaviest label lines (the line cap)", most),
                        (f"{most + 1:,} heaviest label lines (past the cap)", most + 1),
                        ("7.7 MB of [{},{},…] label lines (the old shape)", 0)):
        run = folder / f"labels-{len(found)}"
        run.mkdir()
        game = run / SAMPLE.name
        game.write_bytes(SAMPLE.read_bytes())
        with (run / LABELS).open("w", encoding="utf-8") as f:
            if lines:
                f.writelines(heaviest_label(n) + "\n" for n in range(lines))
            else:
                f.writelines('{"key":"a","x":[' + "{}," * 20_000 + "{}]}\n" for _ in range(128))
        found[name] = game
    return found


SMALLEST_LABEL = ('{"key":"a","game":"g","i":1,"seat":1,"kind":"statement","model":"m","rubric":1,'
                  '"said_checks":[],"reader":{"said_checks":[]}}')  # the required fields and empty containers
READER = ("import sys; from pathlib import Path; from evaluation.statements.labels import read_labels; "
          "read_labels(Path(sys.argv[1]), 10**9)")


def reader_alone(folder: Path) -> float:
    """The peak of read_labels alone on labels.jsonl at the byte cap, against it on a missing file; returns the
    worst ratio."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run(path: Path) -> tuple[int, float]:
        child = subprocess.Popen([sys.executable, "-c", READER, str(path)], env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        return os.waitstatus_to_exitcode(status), usage.ru_maxrss / 1024

    baseline, worst = run(folder / "missing.jsonl")[1], 0.0
    for name, line in (("heaviest", heaviest_label(7)), ("smallest", SMALLEST_LABEL)):
        path = folder / f"{name}.jsonl"
        with path.open("w", encoding="utf-8") as f:
            f.writelines(line + "\n" for _ in range((MAX_LABELS_BYTES - 1) // (len(line) + 1)))
        size = path.stat().st_size / MB
        code, top = run(path)
        worst = max(worst, max(0.0, top - baseline) / size)
        print(f"read_labels alone, {name} lines to the byte cap ({size:.1f} MB): exit {code}, peak {top:.0f} MB "
              f"(baseline {baseline:.0f} MB), (peak - baseline) / size = {max(0.0, top - baseline) / size:.2f}")
        path.unlink()
    return worst


def commands(path: Path) -> dict[str, list[str]]:
    return {"verify": ["verify", str(path)], "render": ["render", str(path), "-o", "out.md"],
            "render --html": ["render", "--html", str(path), "-o", "out.html"],
            "render --html --god": ["render", "--html", "--god", str(path), "-o", "out.html"],
            "report": ["report", str(path), "--out", "rep", "--no-plots", "--pages", "none"],
            "export": ["export", str(path.parent), "--out", "tables"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tiny", type=int, default=1_600_000, help="tiny events in the adversarial shape")
    parser.add_argument("--labels-only", action="store_true", help="measure only the planted labels.jsonl")
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
        found = {} if args.labels_only else shapes(folder, args.tiny)
        for name, path in {**found, **label_shapes(folder)}.items():
            planted = path.parent / LABELS
            size = (planted if planted.exists() else path).stat().st_size / MB
            for label, argv in commands(path).items():
                if label not in wanted or (planted.exists() and label not in ("report", "export")):
                    continue
                baseline = baselines[label]
                code, seconds, top = peak(argv, folder)
                ratio = max(0.0, top - baseline) / size
                worst = max(worst, ratio)
                print(f"{name} ({size:.1f} MB) {label}: exit {code}, {seconds:.1f} s, peak {top:.0f} MB, "
                      f"(peak - baseline) / size = {ratio:.2f}")
        worst = max(worst, reader_alone(folder))
        print(f"worst ratio {worst:.2f} (bound {BOUND:g}): {'within' if worst <= BOUND else 'PAST'} the bound")


if __name__ == "__main__":
    main()
